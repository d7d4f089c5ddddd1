"""Legitimate branching still works under the head rule, and the version is on every tuple."""

from __future__ import annotations

import operator
from typing import Annotated, Any

import pytest
from langgraph.checkpoint.base import empty_checkpoint
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from checkpointer import BRANCH_FROM_KEY, VERSION_KEY, CheckpointConflict, TenantCheckpointer


class Counter(TypedDict, total=False):
    count: int
    bump: int


class Log(TypedDict, total=False):
    log: Annotated[list[str], operator.add]


def counter_graph(saver: TenantCheckpointer) -> Any:
    async def ainc(state: Counter) -> Counter:
        return {"count": state.get("count", 0) + state["bump"]}

    def inc(state: Counter) -> Counter:
        return {"count": state.get("count", 0) + state["bump"]}

    builder = StateGraph(Counter)
    builder.add_node("inc", inc, afunc=ainc)  # type: ignore[call-arg]
    builder.add_edge(START, "inc")
    builder.add_edge("inc", END)
    return builder.compile(checkpointer=saver)


CONFIG: dict[str, Any] = {"configurable": {"thread_id": "b1", "tenant_id": "acme"}}


class Runner:
    """The same calls through the sync or the async graph API."""

    def __init__(self, graph: Any, mode: str) -> None:
        self.graph, self.mode = graph, mode

    async def invoke(self, inp: Any, config: Any) -> Any:
        if self.mode == "sync":
            return self.graph.invoke(inp, config)
        return await self.graph.ainvoke(inp, config)

    async def state(self, config: Any) -> Any:
        return self.graph.get_state(config) if self.mode == "sync" else await self.graph.aget_state(config)

    async def update(self, config: Any, values: Any, as_node: str | None = None) -> Any:
        if self.mode == "sync":
            return self.graph.update_state(config, values, as_node=as_node)
        return await self.graph.aupdate_state(config, values, as_node=as_node)

    async def history(self, config: Any) -> list[Any]:
        if self.mode == "sync":
            return list(self.graph.get_state_history(config))
        return [s async for s in self.graph.aget_state_history(config)]


async def seeded(saver: TenantCheckpointer, mode: str) -> tuple[Runner, Any]:
    run = Runner(counter_graph(saver), mode)
    await run.invoke({"count": 0, "bump": 1}, CONFIG)  # count 1
    first = await run.state(CONFIG)
    await run.invoke({"bump": 1}, CONFIG)  # 2
    await run.invoke({"bump": 1}, CONFIG)  # 3
    return run, first


@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_invoke_from_an_older_checkpoint_forks(saver: TenantCheckpointer, mode: str) -> None:
    run, first = await seeded(saver, mode)
    assert first.values["count"] == 1
    head_before = (await run.state(CONFIG)).config["configurable"][VERSION_KEY]
    await run.invoke({"bump": 10}, first.config)
    forked = await run.state(CONFIG)
    assert forked.values["count"] == 11
    assert forked.config["configurable"][VERSION_KEY] > head_before
    await run.invoke({"bump": 1}, CONFIG)  # and the thread goes on from the fork
    assert (await run.state(CONFIG)).values["count"] == 12


@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_update_state_on_an_older_checkpoint(saver: TenantCheckpointer, mode: str) -> None:
    run, first = await seeded(saver, mode)
    await run.update(first.config, {"count": 100})
    state = await run.state(CONFIG)
    assert state.values["count"] == 100
    await run.invoke({"bump": 1}, CONFIG)
    assert (await run.state(CONFIG)).values["count"] == 101


@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_versions_on_every_tuple_grow_by_one_per_commit(saver: TenantCheckpointer, mode: str) -> None:
    run, _ = await seeded(saver, mode)
    history = await run.history(CONFIG)
    versions = [s.config["configurable"][VERSION_KEY] for s in history]
    assert versions == sorted(versions, reverse=True)
    assert versions == list(range(len(versions), 0, -1))
    tuples = list(saver.list(CONFIG)) if mode == "sync" else [t async for t in saver.alist(CONFIG)]
    assert [t.config["configurable"][VERSION_KEY] for t in tuples] == versions


@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_idempotent_reput_of_the_same_checkpoint(saver: TenantCheckpointer, mode: str) -> None:
    await seeded(saver, mode)
    head = saver.get_tuple(CONFIG)
    assert head is not None and head.parent_config is not None
    count_before = len(list(saver.list(CONFIG)))
    args = (head.parent_config, head.checkpoint, head.metadata, {})
    out = saver.put(*args) if mode == "sync" else await saver.aput(*args)
    assert out["configurable"][VERSION_KEY] == head.config["configurable"][VERSION_KEY]
    again = saver.get_tuple(CONFIG)
    assert again is not None
    assert again.config["configurable"][VERSION_KEY] == head.config["configurable"][VERSION_KEY]
    assert again.checkpoint["id"] == head.checkpoint["id"]
    assert len(list(saver.list(CONFIG))) == count_before
    # The same id under a different parent is not a re-put: refused.
    with pytest.raises(CheckpointConflict):
        saver.put(CONFIG, head.checkpoint, head.metadata, {})
    parent = saver.get_tuple(head.parent_config)
    assert parent is not None and parent.parent_config is not None
    with pytest.raises(CheckpointConflict):  # the grandparent as parent
        saver.put(parent.parent_config, head.checkpoint, head.metadata, {})
    with pytest.raises(ValueError, match="itself"):
        saver.put(head.config, head.checkpoint, head.metadata, {})


async def test_stale_branch_marker_and_plain_non_head_parent_conflict(saver: TenantCheckpointer) -> None:
    run, first = await seeded(saver, "sync")
    old = saver.get_tuple(first.config)
    assert old is not None and BRANCH_FROM_KEY in old.config["configurable"]
    # Without the marker a non-head parent is a lost update in the making.
    plain = {"configurable": {k: v for k, v in old.config["configurable"].items() if k != BRANCH_FROM_KEY}}
    with pytest.raises(CheckpointConflict) as info:
        saver.put(plain, empty_checkpoint(), {"source": "loop", "step": 9}, {})
    assert info.value.expected_version == old.config["configurable"][VERSION_KEY]
    await run.invoke({"bump": 1}, CONFIG)  # the head moves after the explicit read
    with pytest.raises(CheckpointConflict):
        await saver.aput(old.config, empty_checkpoint(), {"source": "loop", "step": 9}, {})
    assert (await run.state(CONFIG)).values["count"] == 4


@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_a_copy_of_the_root_starts_a_history_and_becomes_head(
    saver: TenantCheckpointer, mode: str
) -> None:
    """update_state(as_node="__copy__") of a thread's first checkpoint puts a copy without a parent
    (source "fork"): another root, accepted as by the stock savers, and the thread goes on from it."""
    run, _ = await seeded(saver, mode)
    root = (await run.history(CONFIG))[-1]
    assert root.parent_config is None
    head_before = (await run.state(CONFIG)).config["configurable"][VERSION_KEY]
    await run.update(root.config, None, as_node="__copy__")
    head = saver.get_tuple(CONFIG)
    assert head is not None and head.parent_config is None and head.metadata["source"] == "fork"
    assert head.config["configurable"][VERSION_KEY] == head_before + 1
    await run.invoke({"count": 5, "bump": 1}, CONFIG)
    assert (await run.state(CONFIG)).values["count"] == 6


async def test_a_first_put_on_a_thread_with_a_head_conflicts_unless_deliberate(
    saver: TenantCheckpointer,
) -> None:
    """A root that says its writer found the thread empty (step -1) conflicts when the thread has a
    head; a root carrying the head version its writer saw (the branch marker) is a deliberate new
    root; other roots start a history as with the stock savers (LangGraph's conformance suite)."""
    await seeded(saver, "async")
    head = saver.get_tuple(CONFIG)
    assert head is not None
    version = head.config["configurable"][VERSION_KEY]
    with pytest.raises(CheckpointConflict) as info:
        saver.put(CONFIG, empty_checkpoint(), {"source": "input", "step": -1}, {})
    assert (info.value.expected_version, info.value.actual_version) == (None, version)
    stale = {"configurable": {**CONFIG["configurable"], BRANCH_FROM_KEY: version - 1}}
    with pytest.raises(CheckpointConflict):
        await saver.aput(stale, empty_checkpoint(), {"source": "input", "step": -1}, {})
    seen = {"configurable": {**CONFIG["configurable"], BRANCH_FROM_KEY: version}}
    root = empty_checkpoint()
    out = saver.put(seen, root, {"source": "input", "step": -1}, {})
    assert out["configurable"][VERSION_KEY] == version + 1
    other = empty_checkpoint()
    out = await saver.aput(CONFIG, other, {"source": "loop", "step": 1, "parents": {}}, {})
    assert out["configurable"][VERSION_KEY] == version + 2
    latest = saver.get_tuple(CONFIG)
    assert latest is not None and latest.checkpoint["id"] == other["id"] and latest.parent_config is None


def persistent_subgraph_graph(saver: Any) -> Any:
    """A parent whose node is a subgraph compiled with ``checkpointer=True``: its namespace
    ("sub") keeps one history across the parent's runs."""
    sub = StateGraph(Log)
    sub.add_node("x", lambda s: {"log": ["x"]})
    sub.add_edge(START, "x")
    sub.add_edge("x", END)
    parent = StateGraph(Log)
    parent.add_node("a", lambda s: {"log": ["a"]})
    parent.add_node("sub", sub.compile(checkpointer=True))
    parent.add_edge(START, "a")
    parent.add_edge("a", "sub")
    parent.add_edge("sub", END)
    return parent.compile(checkpointer=saver)


def test_time_travel_replays_a_persistent_subgraph_as_the_stock_saver_does(saver: TenantCheckpointer) -> None:
    """Replaying the parent from before its first run's subgraph step starts the subgraph's
    namespace again without a parent (it had no checkpoint before that point), though the
    namespace has a head: accepted, since the replay itself is the parent's checked fork."""
    from langgraph.checkpoint.memory import InMemorySaver

    outcomes = []
    for checkpointer in (InMemorySaver(), saver):
        graph = persistent_subgraph_graph(checkpointer)
        graph.invoke({"log": ["in1"]}, CONFIG)
        graph.invoke({"log": ["in2"]}, CONFIG)
        before_sub = [s for s in graph.get_state_history(CONFIG) if s.next == ("sub",)][-1]
        replayed = graph.invoke(None, before_sub.config)
        sub_head = checkpointer.get_tuple(
            {"configurable": {**CONFIG["configurable"], "checkpoint_ns": "sub"}}
        )
        assert sub_head is not None and sub_head.metadata["step"] == 1  # its history started again
        outcomes.append((replayed, graph.get_state(CONFIG).values))
    assert outcomes[0] == outcomes[1]


def test_import_of_a_stock_thread_where_two_first_runs_raced(
    saver: TenantCheckpointer, tmp_path: Any
) -> None:
    """A stock saver keeps both first checkpoints of two runs that found a thread empty; importing
    that thread keeps both roots (the second as a deliberate new root) and the same head."""
    import sqlite3

    from langgraph.checkpoint.sqlite import SqliteSaver

    from checkpointer.importer import import_threads, open_stock_source

    path = tmp_path / "stock.db"
    stock = SqliteSaver(sqlite3.connect(path, check_same_thread=False))
    stock.setup()
    bare = {"configurable": {"thread_id": "raced", "checkpoint_ns": ""}}
    first, second = empty_checkpoint(), empty_checkpoint()
    stock.put(bare, first, {"source": "input", "step": -1, "parents": {}}, {})
    stock.put(bare, second, {"source": "input", "step": -1, "parents": {}}, {})
    stock.conn.close()
    view = saver.for_tenant("acme")
    with open_stock_source(f"sqlite:///{path}") as source:
        report = import_threads(source, view, "acme", ["raced"])
    assert report.imported == 2
    head = view.get_tuple({"configurable": {"thread_id": "raced"}})
    assert head is not None and head.checkpoint["id"] == second["id"]
    assert {t.checkpoint["id"] for t in view.list({"configurable": {"thread_id": "raced"}})} == {
        first["id"],
        second["id"],
    }


def blob_rows(saver: TenantCheckpointer) -> int:
    from checkpointer.query import Op

    def steps() -> Any:
        rows = yield saver._executor.sql.thread_blob_keys({"tenant": "acme", "threads": ["b1"]})
        return len(rows)

    return saver._executor.run(Op(steps()))


async def test_a_refused_put_writes_nothing(saver: TenantCheckpointer) -> None:
    _, first = await seeded(saver, "sync")
    old = saver.get_tuple(first.config)
    assert old is not None
    before = blob_rows(saver)
    cp = empty_checkpoint()
    cp["channel_values"] = {"count": 99}
    cp["channel_versions"] = {"count": saver.get_next_version(None, None)}
    plain = {"configurable": {k: v for k, v in old.config["configurable"].items() if k != BRANCH_FROM_KEY}}
    with pytest.raises(CheckpointConflict):
        saver.put(plain, cp, {"source": "loop", "step": 9}, cp["channel_versions"])
    with pytest.raises(CheckpointConflict):
        await saver.aput(plain, cp, {"source": "loop", "step": 9}, cp["channel_versions"])
    assert blob_rows(saver) == before
    assert saver.get_tuple({"configurable": {**plain["configurable"], "checkpoint_id": cp["id"]}}) is None


async def test_unchecked_view_accepts_any_parent_for_imports(saver: TenantCheckpointer) -> None:
    _, first = await seeded(saver, "sync")
    head = saver.get_tuple(CONFIG)
    assert head is not None
    importer = saver.for_tenant("acme", check_conflicts=False)
    plain = {
        "configurable": {"thread_id": "b1", "checkpoint_id": first.config["configurable"]["checkpoint_id"]}
    }
    cp = empty_checkpoint()
    out = await importer.aput(plain, cp, {"source": "fork", "step": 5}, {})
    assert out["configurable"][VERSION_KEY] == head.config["configurable"][VERSION_KEY] + 1
    latest = saver.get_tuple(CONFIG)
    assert latest is not None and latest.checkpoint["id"] == cp["id"]
    with pytest.raises(CheckpointConflict):  # the checked saver still refuses the same thing
        saver.put(
            {"configurable": {**plain["configurable"], "tenant_id": "acme"}}, empty_checkpoint(), {}, {}
        )
