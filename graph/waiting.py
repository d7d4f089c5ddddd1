"""The input of a run that was checkpointed but never started: one rule for both graphs' servers
(server/saver.py's turn checks) and the ingestion run's head (graph/ingestion/head.py).

``langgraph dev`` writes a run's input as an ``input`` checkpoint, the input still in the
``__start__`` channel, then the graph's first step. A kill in that first instant leaves the run's
input, and so its settings, there and nowhere else (session 23 probes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langgraph.checkpoint.base import CheckpointTuple


def waiting_input(head: CheckpointTuple) -> Any:
    """What ``head`` holds in ``__start__`` when it is an ``input`` checkpoint, else None."""
    if (head.metadata or {}).get("source") != "input":
        return None
    return head.checkpoint.get("channel_values", {}).get("__start__")
