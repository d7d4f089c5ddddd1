"""Runs that lose a race are retried without applying their input twice, and with the default
settings every run gets through: 8 workers x 25 increments on one thread add exactly 200, and
8 workers x 10 appends leave every appended item exactly once (none doubled, none lost).

Before the fix a retry re-sent the input even when it had already landed (``['L', 'X', 'L']``),
and the default 3 attempts without backoff lost most increments under this contention.
"""

from __future__ import annotations

import asyncio
import operator
import threading
from collections import Counter as Tally
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any

import pytest
from langgraph.graph import END, START, StateGraph
from langgraph.types import Send, StateSnapshot
from typing_extensions import TypedDict

from checkpointer import InputMerged, TenantCheckpointer
from checkpointer.retry import (
    Backoff,
    Continue,
    Merged,
    Resend,
    ainvoke_with_retry,
    invoke_with_retry,
    plan_retry,
)

WORKERS = 8
INCREMENTS = 25
APPENDS = 10


class CounterState(TypedDict, total=False):
    count: int
    bump: int


class LogState(TypedDict, total=False):
    log: Annotated[list[str], operator.add]
    seen: int
    checked: int


def counter_graph(saver: TenantCheckpointer) -> Any:
    builder = StateGraph(CounterState)
    builder.add_node("inc", lambda s: {"count": s.get("count", 0) + s["bump"]})
    builder.add_edge(START, "inc")
    builder.add_edge("inc", END)
    return builder.compile(checkpointer=saver)


def log_graph(saver: TenantCheckpointer) -> Any:
    # Two steps after the input: a run can lose the race after its input checkpoint, after the
    # step that applied its input, or at the last step.
    builder = StateGraph(LogState)
    builder.add_node("read", lambda s: {"seen": len(s.get("log", []))})
    builder.add_node("check", lambda s: {"checked": s.get("seen", 0)})
    builder.add_edge(START, "read")
    builder.add_edge("read", "check")
    builder.add_edge("check", END)
    return builder.compile(checkpointer=saver)


def _config(thread: str) -> Any:
    return {"configurable": {"thread_id": thread, "tenant_id": "acme"}}


def _hammer(work: Any) -> None:
    with ThreadPoolExecutor(WORKERS) as pool:
        for future in [pool.submit(work, w) for w in range(WORKERS)]:
            future.result()


def test_eight_workers_add_exactly_200(db_url: str) -> None:
    with TenantCheckpointer.from_url(db_url) as saver:
        saver.setup()
        graph = counter_graph(saver)
        config = _config("counter")
        graph.invoke({"count": 0, "bump": 1}, config)

        def work(_: int) -> None:
            for _ in range(INCREMENTS):
                invoke_with_retry(graph, {"bump": 1}, config)

        _hammer(work)
        assert graph.get_state(config).values["count"] == 1 + WORKERS * INCREMENTS


async def test_eight_async_workers_add_exactly_200(db_url: str) -> None:
    async with TenantCheckpointer.from_url(db_url) as saver:
        await saver.asetup()
        graph = counter_graph(saver)
        config = _config("counter")
        await graph.ainvoke({"count": 0, "bump": 1}, config)

        async def work() -> None:
            for _ in range(INCREMENTS):
                await ainvoke_with_retry(graph, {"bump": 1}, config)

        await asyncio.gather(*(work() for _ in range(WORKERS)))
        assert (await graph.aget_state(config)).values["count"] == 1 + WORKERS * INCREMENTS


def _each_once(log: list[str]) -> None:
    expected = {f"w{w}-{i}" for w in range(WORKERS) for i in range(APPENDS)}
    doubled = {item: n for item, n in Tally(log).items() if n > 1}
    assert not doubled, f"appended more than once: {doubled}"
    assert set(log) == expected, f"lost: {sorted(expected - set(log))}"


@pytest.mark.parametrize("durability", ["async", "sync"])
@pytest.mark.parametrize("started", [True, False], ids=["started", "new-thread"])
def test_eight_workers_append_each_item_once(db_url: str, durability: str, started: bool) -> None:
    """Also on a brand-new thread: of the runs that all found it empty, one input checkpoint
    becomes the head and the others conflict and are sent again on top of it."""
    with TenantCheckpointer.from_url(db_url) as saver:
        saver.setup()
        graph = log_graph(saver)
        config = _config("log")
        if started:
            graph.invoke({"log": []}, config)

        def work(w: int) -> None:
            for i in range(APPENDS):
                invoke_with_retry(graph, {"log": [f"w{w}-{i}"]}, config, durability=durability)

        _hammer(work)
        _each_once(graph.get_state(config).values["log"])


@pytest.mark.parametrize("started", [True, False], ids=["started", "new-thread"])
async def test_eight_async_workers_append_each_item_once(db_url: str, started: bool) -> None:
    async with TenantCheckpointer.from_url(db_url) as saver:
        await saver.asetup()
        graph = log_graph(saver)
        config = _config("log")
        if started:
            await graph.ainvoke({"log": []}, config)

        async def work(w: int) -> None:
            for i in range(APPENDS):
                await ainvoke_with_retry(graph, {"log": [f"w{w}-{i}"]}, config)

        await asyncio.gather(*(work(w) for w in range(WORKERS)))
        _each_once((await graph.aget_state(config)).values["log"])


def test_retry_after_the_input_landed_continues_from_the_new_head(db_url: str) -> None:
    """The reported case, step by step: run L's input is applied, run X commits on top, L's next
    step conflicts. The retry does not append L again; it runs L's remaining step on X's head.
    (``durability="sync"``: each step is committed before the next runs, so the order is fixed.)"""
    with TenantCheckpointer.from_url(db_url) as saver:
        saver.setup()
        config = _config("t")
        seen_by_read: list[list[str]] = []

        def read(state: LogState) -> LogState:
            seen_by_read.append(list(state["log"]))
            if state["log"] == ["L"]:
                # While L sits between its steps, X runs to the end on the same thread (its own
                # OS thread: a graph call inside a node would count as a subgraph of L).
                x = threading.Thread(
                    target=graph.invoke, args=({"log": ["X"]}, config), kwargs={"durability": "sync"}
                )
                x.start()
                x.join()
            return {"seen": len(state["log"])}

        builder = StateGraph(LogState)
        builder.add_node("read", read)
        builder.add_edge(START, "read")
        builder.add_edge("read", END)
        graph = builder.compile(checkpointer=saver)
        result = invoke_with_retry(graph, {"log": ["L"]}, config, durability="sync")
        assert result["log"] == ["L", "X"]  # not ['L', 'X', 'L']
        assert graph.get_state(config).values == {"log": ["L", "X"], "seen": 2}
        assert seen_by_read == [["L"], ["L", "X"], ["L", "X"]]  # L, X, then L's step again


# What LangGraph puts first on a thread it found empty: a run's input checkpoint, the placeholder
# under an "exit"-durability run's only checkpoint, and update_state's checkpoint.
FIRST_PUTS = [
    {"source": "input", "step": -1, "parents": {}},
    {"step": -2},
    {"source": "update", "step": 0, "parents": {}},
]


@pytest.mark.parametrize("metadata", FIRST_PUTS, ids=["input", "exit-placeholder", "update"])
def test_two_first_puts_on_a_new_thread_do_not_both_win(db_url: str, metadata: Any) -> None:
    """Two runs that both found the thread empty both put a first checkpoint without a parent. The
    second is a conflict ("started from no head"); before the fix it became the head and the first
    run's history, which reported success, was orphaned (its input lost)."""
    from langgraph.checkpoint.base import empty_checkpoint

    from checkpointer import CheckpointConflict

    with TenantCheckpointer.from_url(db_url) as saver:
        saver.setup()
        config = _config("new")
        first, second = empty_checkpoint(), empty_checkpoint()
        stored = saver.put(config, first, metadata, {})
        with pytest.raises(CheckpointConflict) as info:
            saver.put(config, second, metadata, {})
        assert (info.value.expected_version, info.value.actual_version) == (None, 1)
        head = saver.get_tuple(config)
        assert head is not None and head.config["configurable"]["checkpoint_id"] == _cid(stored)
        at_second = {"configurable": {**config["configurable"], "checkpoint_id": second["id"]}}
        assert saver.get_tuple(at_second) is None


def test_first_puts_racing_on_postgres_one_wins(pg_url: str) -> None:
    """Two savers (own connections) put a first checkpoint on new threads at the same moment: both
    can read the thread empty, and the unique version index lets exactly one insert through."""
    from langgraph.checkpoint.base import empty_checkpoint

    from checkpointer import CheckpointConflict

    with TenantCheckpointer.from_url(pg_url) as a, TenantCheckpointer.from_url(pg_url) as b:
        a.setup()
        views = [a.for_tenant("acme"), b.for_tenant("acme")]

        def first_put(view: TenantCheckpointer, config: Any, barrier: threading.Barrier) -> Any:
            barrier.wait()
            try:
                return view.put(config, empty_checkpoint(), FIRST_PUTS[0], {})
            except CheckpointConflict as exc:
                return exc

        for round_ in range(20):
            config: Any = {"configurable": {"thread_id": f"fresh-{round_}"}}
            barrier = threading.Barrier(2)
            with ThreadPoolExecutor(2) as pool:
                outcomes = list(pool.map(first_put, views, [config] * 2, [barrier] * 2))
            won = [o for o in outcomes if isinstance(o, dict)]
            assert len(won) == 1, outcomes
            head = views[0].get_tuple(config)
            assert head is not None and head.config["configurable"]["checkpoint_id"] == _cid(won[0])


def _cid(config: Any) -> str:
    return str(config["configurable"]["checkpoint_id"])


def test_plan_retry_rules() -> None:
    def snap(source: str, tasks: list[tuple[str, tuple[Any, ...]]]) -> StateSnapshot:
        from langgraph.types import PregelTask

        return StateSnapshot(
            values={},
            next=(),
            config={"configurable": {"thread_id": "t", "checkpoint_id": "c"}},
            metadata={"source": source, "step": 0, "parents": {}},  # type: ignore[typeddict-item]
            created_at=None,
            parent_config=None,
            tasks=tuple(PregelTask(f"id{i}", name, path) for i, (name, path) in enumerate(tasks)),
            interrupts=(),
        )

    start = [("__start__", ("__pregel_pull", "__start__"))]
    assert plan_retry(None, None) == Resend()  # nothing of the run is below the head
    assert plan_retry(snap("input", start), "input") == Resend()  # a fresh run replaced its input
    assert plan_retry(snap("input", start), "loop") == Merged()  # a resumed run applied it
    assert plan_retry(snap("loop", [("a", ("__pregel_pull", "a"))]), "input") == Continue(("a",))
    assert plan_retry(snap("loop", [("a", ("__pregel_pull", "a"))]), "loop") == Continue(("a",))
    assert plan_retry(snap("loop", []), "loop") == Merged()
    with pytest.raises(InputMerged, match="Send"):
        plan_retry(snap("loop", [("a", ("__pregel_push", 0))]), "loop")


def test_backoff_is_bounded_jittered_and_grows() -> None:
    backoff = Backoff(base=0.01, cap=0.2)
    import random

    rng = random.Random(7)
    first = [backoff.delay(1, rng) for _ in range(200)]
    tenth = [backoff.delay(10, rng) for _ in range(200)]
    assert all(0 <= d <= 0.01 for d in first) and len(set(first)) > 100
    assert all(0 <= d <= 0.2 for d in tenth) and max(tenth) > 0.1
    with pytest.raises(ValueError, match="backoff"):
        Backoff(base=-1)


def test_a_run_whose_remaining_tasks_came_from_send_is_reported_not_resent(db_url: str) -> None:
    """Tasks started by Send carry their own input, which the history does not keep: the retry
    cannot re-run them from the new head, so it says so (InputMerged) instead of re-sending."""
    with TenantCheckpointer.from_url(db_url) as saver:
        saver.setup()
        config = _config("fan")

        def fan_out(state: LogState) -> list[Send]:
            return [Send("work", {"log": [item]}) for item in state["log"][-1:]]

        def work(arg: LogState) -> LogState:
            if arg["log"] == ["L"]:
                x = threading.Thread(
                    target=graph.invoke, args=({"log": ["X"]}, config), kwargs={"durability": "sync"}
                )
                x.start()
                x.join()
            return {"seen": 1}

        builder = StateGraph(LogState)
        builder.add_node("work", work)
        builder.add_conditional_edges(START, fan_out, ["work"])
        builder.add_edge("work", END)
        graph = builder.compile(checkpointer=saver)
        with pytest.raises(InputMerged, match=r"thread 'fan'.*Send.*not sent again"):
            invoke_with_retry(graph, {"log": ["L"]}, config, durability="sync")
        assert graph.get_state(config).values["log"] == ["L", "X"]  # L once, not twice
