"""The retry pattern for :class:`CheckpointConflict`: reload the head and run the input again.

A conflict means another run committed first and nothing of this run became the head, so
re-running the same input from the new head is safe for the graph state. Side effects of the
nodes are re-executed, as on any resume: make them idempotent.
"""

from __future__ import annotations

from typing import Any, Protocol

from langchain_core.runnables import RunnableConfig

from checkpointer.errors import CheckpointConflict
from checkpointer.tenant import BRANCH_FROM_KEY


class Invocable(Protocol):
    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any: ...
    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any: ...


def from_latest(config: RunnableConfig) -> RunnableConfig:
    """``config`` pointing at the thread's head (no checkpoint id, no branch marker)."""
    conf = {
        k: v
        for k, v in (config.get("configurable") or {}).items()
        if k not in ("checkpoint_id", BRANCH_FROM_KEY)
    }
    return {**config, "configurable": conf}


def invoke_with_retry(
    graph: Invocable, input: Any, config: RunnableConfig, *, attempts: int = 3, **kwargs: Any
) -> Any:
    """``graph.invoke`` that, on CheckpointConflict, re-runs ``input`` from the latest head."""
    if attempts < 1:
        raise ValueError(f"attempts must be at least 1, got {attempts}")
    for attempt in range(1, attempts + 1):
        try:
            return graph.invoke(input, config if attempt == 1 else from_latest(config), **kwargs)
        except CheckpointConflict:
            if attempt == attempts:
                raise
    raise AssertionError("unreachable")


async def ainvoke_with_retry(
    graph: Invocable, input: Any, config: RunnableConfig, *, attempts: int = 3, **kwargs: Any
) -> Any:
    """Async twin of :func:`invoke_with_retry`."""
    if attempts < 1:
        raise ValueError(f"attempts must be at least 1, got {attempts}")
    for attempt in range(1, attempts + 1):
        try:
            return await graph.ainvoke(input, config if attempt == 1 else from_latest(config), **kwargs)
        except CheckpointConflict:
            if attempt == attempts:
                raise
    raise AssertionError("unreachable")
