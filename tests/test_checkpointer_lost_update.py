"""Two runs from the same head: exactly one commits, the other gets CheckpointConflict.

The same scenario on the stock savers ends at 2 with both runs "succeeding" (a lost update).
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from checkpointer import VERSION_KEY, CheckpointConflict, TenantCheckpointer
from checkpointer.retry import ainvoke_with_retry, invoke_with_retry


class Counter(TypedDict, total=False):
    count: int
    bump: int


class Gate:
    """Holds the first two node executions until both have read the same head."""

    def __init__(self) -> None:
        self.calls = 0
        self.barrier = threading.Barrier(2, timeout=20)
        self.abarrier: asyncio.Barrier | None = None


def counter_graph(saver: BaseCheckpointSaver[Any], gate: Gate) -> Any:
    def inc(state: Counter) -> Counter:
        gate.calls += 1
        if gate.calls <= 2:
            gate.barrier.wait()
        return {"count": state.get("count", 0) + state["bump"]}

    async def ainc(state: Counter) -> Counter:
        gate.calls += 1
        if gate.calls <= 2:
            assert gate.abarrier is not None
            await asyncio.wait_for(gate.abarrier.wait(), 20)
        return {"count": state.get("count", 0) + state["bump"]}

    builder = StateGraph(Counter)
    builder.add_node("inc", inc)
    builder.add_edge(START, "inc")
    builder.add_edge("inc", END)
    sync_graph = builder.compile(checkpointer=saver)
    abuilder = StateGraph(Counter)
    abuilder.add_node("inc", ainc)
    abuilder.add_edge(START, "inc")
    abuilder.add_edge("inc", END)
    return sync_graph, abuilder.compile(checkpointer=saver)


CONFIG = {"configurable": {"thread_id": "counter", "tenant_id": "acme"}}


def race_sync(graph: Any, gate: Gate, config: dict[str, Any], durability: str = "async") -> list[Any]:
    gate.calls = 2  # the seed run must not wait
    graph.invoke({"count": 0, "bump": 1}, config)
    gate.calls = 0
    with ThreadPoolExecutor(2) as pool:
        futures = [pool.submit(graph.invoke, {"bump": 1}, config, durability=durability) for _ in range(2)]
        outcomes: list[Any] = []
        for f in futures:
            try:
                outcomes.append(f.result())
            except Exception as exc:
                outcomes.append(exc)
    return outcomes


# "sync" durability is left out: there the loser can fail at its input checkpoint, before its node
# reaches the gate, which would leave the winner waiting; the rule is the same.
@pytest.mark.parametrize("durability", ["async", "exit"])
def test_concurrent_runs_one_conflict_then_retry_reaches_3_sync(db_url: str, durability: str) -> None:
    with TenantCheckpointer.from_url(db_url) as saver:
        saver.setup()
        gate = Gate()
        graph, _ = counter_graph(saver, gate)
        outcomes = race_sync(graph, gate, CONFIG, durability)
        conflicts = [o for o in outcomes if isinstance(o, CheckpointConflict)]
        assert len(conflicts) == 1, outcomes
        conflict = conflicts[0]
        assert conflict.thread_id == "counter"
        assert conflict.actual_version > (conflict.expected_version or 0)
        assert "counter" in str(conflict) and str(conflict.actual_version) in str(conflict)
        head = saver.get_tuple(CONFIG)
        assert head is not None and head.checkpoint["channel_values"]["count"] == 2
        assert graph.get_state(CONFIG).values["count"] == 2
        invoke_with_retry(graph, {"bump": 1}, CONFIG)
        state = graph.get_state(CONFIG)
        assert state.values["count"] == 3
        assert state.config["configurable"][VERSION_KEY] > head.config["configurable"][VERSION_KEY]


async def test_concurrent_runs_one_conflict_then_retry_reaches_3_async(db_url: str) -> None:
    async with TenantCheckpointer.from_url(db_url) as saver:
        await saver.asetup()
        gate = Gate()
        gate.abarrier = asyncio.Barrier(2)
        _, graph = counter_graph(saver, gate)
        gate.calls = 2
        await graph.ainvoke({"count": 0, "bump": 1}, CONFIG)
        gate.calls = 0
        outcomes = await asyncio.gather(
            graph.ainvoke({"bump": 1}, CONFIG), graph.ainvoke({"bump": 1}, CONFIG), return_exceptions=True
        )
        assert sum(isinstance(o, CheckpointConflict) for o in outcomes) == 1, outcomes
        assert (await graph.aget_state(CONFIG)).values["count"] == 2
        await ainvoke_with_retry(graph, {"bump": 1}, CONFIG)
        assert (await graph.aget_state(CONFIG)).values["count"] == 3


def _stock_saver(db_url: str) -> tuple[BaseCheckpointSaver[Any], Callable[[], None]]:
    if db_url.startswith("sqlite"):
        from langgraph.checkpoint.sqlite import SqliteSaver

        conn = sqlite3.connect(db_url.removeprefix("sqlite:///"), check_same_thread=False)
        return SqliteSaver(conn), conn.close
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg_pool import ConnectionPool

    pool = ConnectionPool(db_url, max_size=4, open=True, kwargs={"autocommit": True, "prepare_threshold": 0})
    saver = PostgresSaver(pool)  # type: ignore[arg-type]
    return saver, pool.close


def test_stock_saver_loses_an_update(db_url: str) -> None:
    """Documents the problem: on the stock saver both runs succeed and the count ends at 2."""
    saver, close = _stock_saver(db_url)
    try:
        saver.setup()  # type: ignore[attr-defined]
        gate = Gate()
        graph, _ = counter_graph(saver, gate)
        config = {"configurable": {"thread_id": "counter"}}
        outcomes = race_sync(graph, gate, config)
        assert not any(isinstance(o, Exception) for o in outcomes), outcomes
        assert graph.get_state(config).values["count"] == 2
    finally:
        close()


@pytest.mark.parametrize("attempts", [0])
def test_retry_rejects_zero_attempts(attempts: int) -> None:
    with pytest.raises(ValueError, match="attempts"):
        invoke_with_retry(None, {}, CONFIG, attempts=attempts)  # type: ignore[arg-type]
