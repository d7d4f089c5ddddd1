"""Which node names a run's ``interrupt_before`` / ``interrupt_after`` may hold (h26 s40 H26-1).

LangGraph and langgraph-api ignore a name the graph lacks, so a client asking an ingestion run to
stop before ``ingest`` (the step's name in the run's state and docs/ingestion.md; its node is
``ingest_batch``) got a 200 and a run that read, indexed, audited and remembered every document.
A list naming anything but the graph's nodes (or ``"*"``: every node) is refused, naming them. Pure
but for building the graphs' (lazy, side-effect free) builders once."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from server.configurable import shown

EVERY_NODE = "*"
SHOWN_NAMES = 3


@cache
def graph_nodes(graph: str | None) -> tuple[str, ...]:
    """The node names of ``graph`` (None: a client's own assistant, of either graph: their union)."""
    from graph.assistant.graph import build_graph as assistant
    from graph.ingestion.graph import build_graph as ingestion

    names: set[str] = set()
    if graph in (None, "ingestion"):
        names.update(ingestion().nodes)
    if graph in (None, "assistant"):
        names.update(assistant().nodes)
    return tuple(sorted(names))


def interrupt_refusal(graph: str | None, kwargs: Mapping[str, Any]) -> str | None:
    """Why a run's (or a cron's) ``interrupt_before``/``interrupt_after`` is refused (422), or None."""
    for field in ("interrupt_before", "interrupt_after"):
        value = kwargs.get(field)
        if value is None or value == EVERY_NODE:
            continue
        known = graph_nodes(graph)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return f'{field} must be a list of node names or "*"; the graph\'s nodes: {", ".join(known)}'
        unknown = [v for v in value if v not in known]
        if unknown:
            # One line whatever was sent: the first few names, each clipped (a list of 50,000 names, or
            # one of 100 KB, made a detail line of that size).
            named = ", ".join(shown(v) for v in unknown[:SHOWN_NAMES])
            more = f" and {len(unknown) - SHOWN_NAMES} more" if len(unknown) > SHOWN_NAMES else ""
            return (
                f"{field} names {named}{more}, not a node of this graph "
                f"(a run would not stop there); its nodes: {', '.join(known)}"
            )
    return None
