"""Which ``configurable`` keys a client may send, per graph: the one list every interface uses
(LangGraph server, LangServe). Pure: no I/O.

Anything a client sends that is not on its graph's list is refused (422, naming the keys), never
silently passed on: a graph's configurable knobs are server-side settings unless listed here.
``ledger_path`` (a file path the server would write to) and ``step_delay`` (a sleep that blocks a
worker) are never client-settable, whatever a graph's entry says.

Adding a graph's client keys is one line in ``CLIENT_KEYS``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

CLIENT_KEYS: Mapping[str, frozenset[str]] = {
    # graph name (langgraph.json "graphs" key / LangServe path) -> keys a client may set
    "documents": frozenset(),  # the tenancy tests' tiny graph (tests/server_harness.py serves it)
    "ingestion": frozenset(),  # a run's options are its input; max_steps / session are the CLI's
    # the user comes from the API key (never user_id); the model is the server's choice
    "assistant": frozenset({"context_budget", "compaction"}),
}

THREAD_KEYS = frozenset({"thread_id", "checkpoint_id", "checkpoint_ns"})
"""Which thread and checkpoint a run continues from: every interface accepts them."""

NEVER_CLIENT_KEYS = frozenset({"ledger_path", "step_delay"})


def client_keys(graph: str | None) -> frozenset[str]:
    """The keys a client may set for ``graph``. An unknown graph (``None``: a run on an assistant
    whose graph the caller cannot tell) gets only the keys every graph allows."""
    if graph is not None and graph in CLIENT_KEYS:
        allowed = CLIENT_KEYS[graph]
    else:
        allowed = frozenset.intersection(*CLIENT_KEYS.values()) if CLIENT_KEYS else frozenset()
    return (allowed | THREAD_KEYS) - NEVER_CLIENT_KEYS


def refused_keys(graph: str | None, sent: Iterable[str]) -> list[str]:
    """The keys of ``sent`` a client may not set for ``graph``, sorted."""
    allowed = client_keys(graph)
    return sorted({str(k) for k in sent} - allowed)


def refusal(graph: str | None, refused: Iterable[str], where: str = "configurable") -> str:
    """The 422 message for ``refused`` keys: what is wrong and what a client may send instead."""
    allowed = sorted(client_keys(graph))
    name = f"graph {graph!r}" if graph is not None else "this assistant"
    return (
        f"{where} keys {sorted(refused)} cannot be set by a client for {name}; "
        f"allowed: {allowed or 'none'}. Server-side settings are configured on the server."
    )
