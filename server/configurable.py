"""Which ``configurable`` keys a client may send, per graph: the one list every interface uses
(LangGraph server, LangServe). Pure: no I/O.

Anything a client sends that is not on its graph's list is refused (422, naming the keys), never
silently passed on: a graph's configurable knobs are server-side settings unless listed here.
``ledger_path`` (a file path the server would write to) and ``step_delay`` (a sleep that blocks a
worker) are never client-settable, whatever a graph's entry says.

Adding a graph's client keys is one line in ``CLIENT_KEYS``.

A run's *input* has a list too (``INPUT_KEYS``): the state keys a client may start a run with. The
rest of a graph's state (an ingestion run's status, review, report paths, run id, counters, step
outputs; an assistant turn's focus, memories, citations) is the server's, written only by the graph's
own nodes, so a client that names one gets 422 instead of having its value land in internal state.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from checkpointer.errors import InvalidId
from checkpointer.tenant import check_id
from graph.ingestion.state import INPUT_KEYS as INGESTION_INPUT

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

SERVER_KEYS = frozenset(
    {"cron_id", "run_id", "graph_id", "assistant_id", "user_id", "checkpoint_map", "__event_streaming_v2"}
)
"""Configurable keys langgraph-api itself puts into a run's config before the create_run handler
sees it (ids, the user, a cron's id, the parents' checkpoints, a streaming marker): not the
client's, so not subject to the graphs' lists, and never a client's to send
(:func:`refused_server_keys`)."""

SERVER_PREFIXES = ("langgraph_", "langsmith-")


def server_set(key: str) -> bool:
    """Whether langgraph-api sets configurable ``key`` itself. Dunder markers (``__after_seconds__``,
    ``__langsmith_project__``, ``__otel_traceparent__``, ...) are langgraph-api's; LangGraph's own
    internals (``__pregel_*``) are never a client's to set, and are refused as any unlisted key."""
    dunder = key.startswith("__") and key.endswith("__") and not key.startswith("__pregel")
    return key in SERVER_KEYS or key.startswith(SERVER_PREFIXES) or dunder


def refused_server_keys(body: Mapping[str, object]) -> str | None:
    """Why a request body names, in its ``config.configurable``, ``context`` or ``checkpoint``, a key
    langgraph-api sets itself (422), or None. The run rules pass such keys unchecked, taking them
    for langgraph-api's, but langgraph-api keeps some a client sends: ``__langsmith_project__``
    picked the operator's tracing project (as ``langsmith_tracer``, refused since session 21),
    ``__context_provided__`` and ``__event_streaming_v2`` changed what the run's stream shows,
    ``langgraph_request_id`` what its logs say. A client sends only its graph's keys. The
    ``checkpoint`` object's own ``checkpoint_map`` (langgraph_sdk's checkpoint, read from a state)
    stays: it names checkpoints of the thread the run is on."""
    config = body.get("config")
    parts = {
        "configurable": config.get("configurable") if isinstance(config, Mapping) else None,
        "context": body.get("context"),
        "checkpoint": body.get("checkpoint"),
    }
    for where, part in parts.items():
        if not isinstance(part, Mapping):
            continue
        named = sorted(
            str(k)[:60]
            for k in part
            if server_set(str(k)) and not (where == "checkpoint" and k == "checkpoint_map")
        )
        if named:
            return (
                f"{where} keys {named[:10]} are set by the server, not a client: leave them out (the "
                "user and tenant come from your API key, the ids from the request's path)"
            )
    return None


JOB_GRAPHS = frozenset({"ingestion"})
"""Graphs whose runs are jobs, not conversations: a run continues from its thread's latest
checkpoint only. A fork from an earlier checkpoint (``checkpoint_id``) or a fresh start in another
checkpoint namespace (``checkpoint_ns``) would execute a finished, cancelled or rejected run again
(its index writes, notification and memory included), so neither is a client's to send."""

INGESTION_INPUT_KEYS = INGESTION_INPUT
"""What docs/ingestion.md names as a run's input: its settings, a goal, the conversation it serves
(the ingestion graph's input schema, ``graph.ingestion.state.IngestionInput``: one list for the
graph, which drops other keys, and the servers, which refuse them)."""

INPUT_KEYS: Mapping[str, frozenset[str]] = {
    "ingestion": INGESTION_INPUT_KEYS,
    "assistant": frozenset({"messages"}),  # the user's message; server/turn_input.py checks its kind
}
"""Graph -> the input keys a client may send. A graph not listed here (the tenancy tests' tiny
graph) keeps the keys of its own input schema."""

CONFIG_KEYS = frozenset({"configurable", "tags", "metadata", "recursion_limit", "run_name"})
"""What a client's ``config`` may hold on the LangGraph server (runs, assistants, crons): the
``RunnableConfig`` fields a run may name. ``callbacks`` (a string reached LangChain's callback
manager: a failed run), ``max_concurrency``, ``run_id`` and anything else are the server's."""

MAX_RECURSION_LIMIT = 1_000_000
"""The most steps a client may allow a run (``config.recursion_limit``): the command line's own
bound for an ingestion run (graph.ingestion.runner.config_for)."""

MAX_STORE_LIMIT = 1000
"""The most items (or namespaces) one store search returns on the LangGraph server: the same bound
langgraph-api puts on its own lists (threads, history), so a client cannot ask for 10**9 results."""

MAX_STORE_TTL_MINUTES = 100 * 36525 * 24 * 60 // 100
"""The longest time-to-live (minutes) a store item may ask for: 100 years. Far longer ones overflowed
the expiry date (a 500); forever is no ttl at all."""

MAX_STORE_FIELDS = 100
"""The most fields a store item's ``index`` may name and conditions a store search's ``filter`` may
hold: 1,000 filter conditions overflowed SQLite's expression tree (a 500)."""

MAX_METADATA_BYTES = 16 * 1024
"""The most JSON one object's metadata (a thread's, a run's or its ``config.metadata``, a cron's, an
assistant's) may hold: langgraph dev keeps them in its memory, and 150 threads of 900 KB each (2.7 s)
grew it by 136 MB. An assistant's name: :data:`MAX_NAME_CHARS`; its description: this many characters."""

MAX_NAME_CHARS = 1024

MIN_CONTEXT_BUDGET = 200
MAX_CONTEXT_BUDGET = 200_000
"""The largest ``context_budget`` (tokens) a client may ask for: above any chat model's window, so
a larger number is a mistake, and the server never sizes work by an unbounded number."""
BUDGET_RANGE = f"a whole number of tokens >= {MIN_CONTEXT_BUDGET} and <= {MAX_CONTEXT_BUDGET}"
"""The ``context_budget`` a run may have, in the words of every door's refusal (both servers'
``configurable.context_budget``, ``kassist chat``'s ``--budget``): :func:`budget_in_range`."""


def budget_in_range(value: object) -> bool:
    """Whether ``value`` is a ``context_budget`` a run may have (:data:`BUDGET_RANGE`)."""
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and MIN_CONTEXT_BUDGET <= value <= MAX_CONTEXT_BUDGET
    )


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


def refused_input(graph: str | None, run_input: object) -> str | None:
    """Why ``run_input`` may not start a run of ``graph`` (422), or None when it may."""
    allowed = INPUT_KEYS.get(graph) if graph is not None else None
    if allowed is None or run_input is None:
        return None  # no list for this graph; None: a run continuing the thread as it is
    if not isinstance(run_input, Mapping):
        return f"input of graph {graph!r} must be an object with the keys {sorted(allowed)}"
    extra = sorted(str(k) for k in run_input if k not in allowed)
    if not extra:
        return None
    return (
        f"input keys {extra} cannot be set by a client for graph {graph!r}; allowed: {sorted(allowed)}. "
        "The rest of a run's state is written by the server"
    )


def refused_time_travel(graph: str | None, sent: Mapping[str, object]) -> str | None:
    """Why ``sent`` (a run's configurable keys and context) may not start a run of ``graph`` from
    another checkpoint than its thread's latest (422), or None. An empty ``checkpoint_ns`` is the
    root namespace, where every run goes anyway."""
    if graph not in JOB_GRAPHS:
        return None
    named = [k for k in ("checkpoint_id", "checkpoint_ns") if sent.get(k) not in (None, "")]
    if not named:
        return None
    return (
        f"{' and '.join(named)} cannot be sent for graph {graph!r}: its runs are jobs that continue "
        "from their latest checkpoint only (a fork or another checkpoint namespace would run a "
        "finished, cancelled or rejected run again); start a new thread to run it again"
    )


def refused_config(config: object) -> str | None:
    """Why a client's ``config`` may not start a run (422), or None: a key outside
    :data:`CONFIG_KEYS`, or a value the run would fail on (a ``recursion_limit`` that is not a whole
    number from 1 to :data:`MAX_RECURSION_LIMIT`, a ``run_name`` or ``tags`` that are not text)."""
    if not isinstance(config, Mapping):
        return None  # not an object: langgraph-api's schema answers
    extra = sorted(str(k) for k in config if k not in CONFIG_KEYS)
    if extra:
        return (
            f"config keys {extra} cannot be set by a client; allowed: {sorted(CONFIG_KEYS)} "
            "(a graph's options go in config.configurable or context)"
        )
    limit = config.get("recursion_limit")
    if limit is not None and (
        isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_RECURSION_LIMIT
    ):
        return f"config.recursion_limit must be a whole number of steps from 1 to {MAX_RECURSION_LIMIT}, got {shown(limit)}"
    name = config.get("run_name")
    if name is not None and not isinstance(name, str):
        return f"config.run_name must be a string, got {shown(name)}"
    too_big = refused_metadata(config.get("metadata"), "config.metadata")
    if too_big is not None:
        return too_big
    tags = config.get("tags")
    if tags is not None and not (isinstance(tags, list) and all(isinstance(t, str) for t in tags)):
        return f"config.tags must be a list of strings, got {shown(tags)}"
    return None


def refused_value(key: str, value: object) -> str | None:
    """Why an allowed configurable ``value`` is not one the graph can run with (422), or None: a
    ``context_budget`` that is not a whole number of tokens in bounds (a string, a float, null), a
    ``compaction`` that is not a strategy. Checked before a run exists, on both servers: the graph
    would refuse them too, but only once the run had started (a failed run, not a 422)."""
    if key == "context_budget":
        if budget_in_range(value):
            return None
        return f"configurable.context_budget must be {BUDGET_RANGE}, got {shown(value)}"
    if key == "compaction":
        from memory.context.compaction import STRATEGIES  # here: only a run that sends one pays

        if isinstance(value, str) and value in STRATEGIES:
            return None
        return f"configurable.compaction must be one of {', '.join(STRATEGIES)}, got {shown(value)}"
    return None


ECHO_CHARS = 60
"""How much of a client's value a refusal says back: its start, then its length (a 5,000-character
path came back whole in a 422)."""


def clipped(text: str, unit: str = "characters") -> str:
    """``text`` as a refusal says it back: whole when short, else its start and its length."""
    return text if len(text) <= ECHO_CHARS else f"{text[:ECHO_CHARS]}... ({len(text)} {unit})"


def shown(value: object) -> str:
    """``value`` for a one-line message: an int as is, anything else as a short repr."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return clipped(repr(value))


def refused_id(key: str, value: object, *, label: str | None = None) -> str | None:
    """Why an id cannot be stored on every backend (NUL, a lone surrogate, over 512 UTF-8 bytes:
    422), or None: the thread keys (``thread_id``, ``checkpoint_id``, ``checkpoint_ns``) and, with
    a ``label``, any other id (a store item's key). Other configurable keys: None."""
    if key not in THREAD_KEYS and label is None:
        return None
    try:
        check_id(key, value, label=label)
    except InvalidId as exc:
        return str(exc)
    return None


def refused_store_fields(index: object, store_filter: object) -> str | None:
    """Why a store request's ``index`` (a put) or ``filter`` (a search) is refused, or None: more
    than :data:`MAX_STORE_FIELDS` of either, or a field indexed twice (the store's vectors are one
    per field: a UNIQUE constraint, a 500). Types are langgraph-api's to check."""
    if isinstance(index, list):
        if len(index) > MAX_STORE_FIELDS:
            return f"index names {len(index)} fields; at most {MAX_STORE_FIELDS} per item"
        seen: set[str] = set()
        for field in map(str, index):
            if field in seen:
                return f"index names {shown(field)} more than once; name each field once"
            seen.add(field)
    if isinstance(store_filter, Mapping) and len(store_filter) > MAX_STORE_FIELDS:
        return (
            f"filter holds {len(store_filter)} conditions; at most {MAX_STORE_FIELDS} per search: "
            "filter on fewer fields"
        )
    return None


def refused_store_page(limit: object, offset: object) -> str | None:
    """Why a store search's or namespace list's page is refused, or None: ``limit`` over
    :data:`MAX_STORE_LIMIT`, or either negative (langgraph-api passed -1 on: a search's ``limit: -1``
    answered with all items but the last, 29 of 30, however many, past the bound; an ``offset: -1``
    with none: session 25 probes). Types are langgraph-api's to check."""
    if isinstance(limit, int) and limit > MAX_STORE_LIMIT:
        return (
            f"limit {limit} is over {MAX_STORE_LIMIT}, the most one store request returns; page with offset"
        )
    for name, value in (("limit", limit), ("offset", offset)):
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            return f"{name} must be a whole number, 0 or more, got {value}"
    return None


RECORDED_METADATA = frozenset({"thread_id"})
"""Metadata keys langgraph-api records for a run besides :func:`server_set`'s (``langgraph_auth_user_id``,
``user_id``, ``graph_id``, ``assistant_id``, ``run_id``, ...): who ran what, where."""


def refused_metadata(
    metadata: object, where: str = "metadata", may_name: frozenset[str] = frozenset()
) -> str | None:
    """Why a client's ``metadata`` is refused, or None: it names a key the server records for itself
    (other than ``may_name``), or it is over :data:`MAX_METADATA_BYTES` of JSON. A run's checkpoints
    and its record take the metadata of its thread, its assistant, its ``config`` and its own laid
    over what langgraph-api sets: alice's run naming ``{"langgraph_auth_user_id": "erin", "user_id":
    "erin", "graph_id": "ingestion"}`` was recorded as erin's run of the ingestion graph, and a
    checkpoint's ``graph_id`` is what tells an ingestion run's thread (h10 s32 #3)."""
    if metadata is None:
        return None
    if isinstance(metadata, Mapping):
        named = sorted(
            str(k)[:60]
            for k in metadata
            if (server_set(str(k)) or str(k) in RECORDED_METADATA) and str(k) not in may_name
        )
        if named:
            return (
                f"{where} names {named[:10]}, which the server records for itself (the user of your key, "
                "the graph, the ids); leave them out"
            )
    try:
        size = len(json.dumps(metadata, ensure_ascii=False, default=str).encode("utf-8"))
    except (TypeError, ValueError, RecursionError):
        return None  # not JSON langgraph-api would keep: its own checks answer
    if size <= MAX_METADATA_BYTES:
        return None
    return (
        f"{where} is {size} bytes of JSON; at most {MAX_METADATA_BYTES // 1024} KiB: keep ids and short "
        "labels there, the content in the conversation or the store"
    )


def refused_text(name: str, value: object, most: int) -> str | None:
    """Why an assistant's ``name``/``description`` is too long (over ``most`` characters), or None."""
    if isinstance(value, str) and len(value) > most:
        return f"{name} is {len(value)} characters; at most {most // 1024} KiB ({most} characters)"
    return None
