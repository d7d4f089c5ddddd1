"""DeltaChannel threads: bulk history equals the reference walk, and prune/copy/run deletion keep the chain."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from langgraph.channels.delta import DeltaChannel
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from checkpointer import TenantCheckpointer


def add_batch(state: list[str], writes: list[list[str]]) -> list[str]:
    return [*state, *(x for w in writes for x in w)]


class Log(TypedDict, total=False):
    log: Annotated[list[str], DeltaChannel(add_batch, snapshot_frequency=4)]
    n: int
    until: int


def log_graph(saver: TenantCheckpointer) -> Any:
    def step(state: Log) -> Log:
        n = state.get("n", 0)
        return {"log": [f"item{n}"], "n": n + 1}

    builder = StateGraph(Log)
    builder.add_node("step", step)
    builder.add_edge(START, "step")
    builder.add_conditional_edges("step", lambda s: "step" if s["n"] < s["until"] else END)
    return builder.compile(checkpointer=saver)


def cfg(thread: str = "d1", **extra: Any) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread, **extra}}


SAVER_TENANT = "acme"  # the conftest `saver` speaks for it


def expected(n: int) -> list[str]:
    return [f"item{i}" for i in range(n)]


async def test_bulk_history_equals_the_reference_walk(saver: TenantCheckpointer) -> None:
    graph = log_graph(saver)
    graph.invoke({"until": 10}, cfg(), durability="sync")
    assert graph.get_state(cfg()).values["log"] == expected(10)
    for tup in saver.list(cfg()):
        ours = saver.get_delta_channel_history(config=tup.config, channels=["log", "n"])
        reference = BaseCheckpointSaver.get_delta_channel_history(
            saver, config=tup.config, channels=["log", "n"]
        )
        assert ours == reference
        assert await saver.aget_delta_channel_history(config=tup.config, channels=["log"]) == {
            "log": reference["log"]
        }
    head_ref = BaseCheckpointSaver.get_delta_channel_history(saver, config=cfg(), channels=["log"])
    assert saver.get_delta_channel_history(config=cfg(), channels=["log"]) == head_ref  # from the head
    assert saver.get_delta_channel_history(config=cfg("nothing"), channels=["log"]) == {"log": {"writes": []}}


@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_prune_copy_and_run_deletion_keep_the_chain(saver: TenantCheckpointer, mode: str) -> None:
    graph = log_graph(saver)
    graph.invoke({"until": 10}, cfg(run_id="r1"), durability="sync")
    graph.invoke({"until": 13}, cfg(run_id="r2"), durability="sync")
    assert graph.get_state(cfg()).values["log"] == expected(13)
    total = len(list(saver.list(cfg())))
    if mode == "sync":
        saver.copy_thread("d1", "d2")
    else:
        await saver.acopy_thread("d1", "d2")
    assert graph.get_state(cfg("d2")).values["log"] == expected(13)
    assert len(list(saver.list(cfg("d2")))) == total
    # The copy carries run r1's checkpoints too: deleting the run thins both threads.
    if mode == "sync":
        saver.delete_for_runs(["r1"])
    else:
        await saver.adelete_for_runs(["r1"])
    assert graph.get_state(cfg("d2")).values["log"] == expected(13)
    kept_after_runs = len(list(saver.list(cfg())))
    assert kept_after_runs < total
    assert graph.get_state(cfg()).values["log"] == expected(13)
    if mode == "sync":
        saver.prune(["d1", "d2"], strategy="keep_latest")
    else:
        await saver.aprune(["d1", "d2"], strategy="keep_latest")
    for thread in ("d1", "d2"):
        remaining = list(saver.list(cfg(thread)))
        assert 1 < len(remaining) <= 5  # the head and its ancestors back to the last snapshot
        assert graph.get_state(cfg(thread)).values["log"] == expected(13)
    graph.invoke({"until": 15}, cfg(), durability="sync")  # the pruned thread goes on
    assert graph.get_state(cfg()).values["log"] == expected(15)
