"""The three checkpointer workloads, each run on any saver: raw put+get_tuple, a 200-super-step graph
loop, and concurrent vs sequential async reads."""

from __future__ import annotations

import asyncio
import operator
import os
import statistics
import time
import uuid
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Annotated, Any

from langchain_core.runnables import RunnableConfig
from langgraph.channels.delta import DeltaChannel
from langgraph.checkpoint.base import BaseCheckpointSaver, Checkpoint
from langgraph.checkpoint.base.id import uuid6
from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict

CHANNELS = ("a", "b", "c", "d", "e")


def _text(n_bytes: int) -> str:
    """Incompressible ASCII text of ``n_bytes`` (hex of random bytes), like real content."""
    return os.urandom(n_bytes // 2).hex()


def checkpoint_steps(
    saver: BaseCheckpointSaver[Any], steps: int, value_bytes: int
) -> Iterator[tuple[int, Checkpoint, dict[str, str | int | float]]]:
    """Workload (a)'s checkpoints, in order: (step, checkpoint, new_versions). Five string channels
    of ``value_bytes``, all written at step 0, then one changing per step. The values are made up
    front, so iterating costs only what building a checkpoint costs."""
    values = {ch: _text(value_bytes) for ch in CHANNELS}
    payloads = [_text(value_bytes) for _ in range(steps)]

    def build() -> Iterator[tuple[int, Checkpoint, dict[str, str | int | float]]]:
        versions: dict[str, str | int | float] = {}
        for step in range(steps):
            changed = CHANNELS[step % len(CHANNELS)] if step else None
            new_versions: dict[str, str | int | float] = {}
            for ch in CHANNELS if changed is None else (changed,):
                new_versions[ch] = saver.get_next_version(versions.get(ch), None)
            if changed is not None:
                values[changed] = payloads[step]
            versions.update(new_versions)
            checkpoint: Checkpoint = {
                "v": 4,
                "id": str(uuid6(clock_seq=step)),
                "ts": datetime.now(UTC).isoformat(),
                "channel_values": dict(values),
                "channel_versions": dict(versions),
                "versions_seen": {},
                "updated_channels": list(new_versions),
            }
            yield step, checkpoint, new_versions

    return build()


def put_get(
    saver: BaseCheckpointSaver[Any], steps: int, value_bytes: int, thread: str | None = None
) -> float:
    """Seconds for ``steps`` rounds of put + get_tuple(latest) on a fresh thread of workload (a)
    (:func:`checkpoint_steps`), each round continuing from the config the previous get_tuple
    returned (as the Pregel loop does)."""
    thread = thread or uuid.uuid4().hex
    config: RunnableConfig = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    rounds = checkpoint_steps(saver, steps, value_bytes)
    start = time.perf_counter()
    for step, checkpoint, new_versions in rounds:
        saver.put(config, checkpoint, {"source": "loop", "step": step, "parents": {}}, new_versions)
        latest = saver.get_tuple({"configurable": {"thread_id": thread, "checkpoint_ns": ""}})
        assert latest is not None and latest.checkpoint["id"] == checkpoint["id"]
        config = latest.config
    return time.perf_counter() - start


def _append_all(state: Sequence[str], writes: Sequence[Sequence[str]]) -> list[str]:
    """DeltaChannel reducer: batching-invariant list append."""
    out = list(state)
    for batch in writes:
        out.extend(batch)
    return out


class AddState(TypedDict):
    items: Annotated[list[str], operator.add]
    n: int


class DeltaState(TypedDict):
    items: Annotated[list[str], DeltaChannel(_append_all)]
    n: int


def loop_graph(delta: bool, steps: int, append_bytes: int) -> StateGraph[Any]:
    """One node that appends ``append_bytes`` to ``items`` and loops until ``steps`` super-steps ran."""
    schema: type[Any] = DeltaState if delta else AddState

    def step(state: Any) -> dict[str, Any]:
        return {"items": [_text(append_bytes)], "n": state["n"] + 1}

    def more(state: Any) -> str:
        return "step" if state["n"] < steps else "__end__"

    builder: StateGraph[Any] = StateGraph(schema)
    builder.add_node("step", step)
    builder.add_edge(START, "step")
    builder.add_conditional_edges("step", more)
    return builder


def graph_loop(
    saver: BaseCheckpointSaver[Any], delta: bool, steps: int, append_bytes: int, reads: int
) -> tuple[float, float]:
    """(seconds for the whole run with durability="sync", median get_state seconds afterwards)."""
    graph = loop_graph(delta, steps, append_bytes).compile(checkpointer=saver)
    config: RunnableConfig = {"configurable": {"thread_id": uuid.uuid4().hex}, "recursion_limit": steps * 4}
    start = time.perf_counter()
    final = graph.invoke({"items": [], "n": 0}, config, durability="sync")
    elapsed = time.perf_counter() - start
    assert len(final["items"]) == steps, len(final["items"])
    latencies = []
    for _ in range(reads):
        t0 = time.perf_counter()
        snapshot = graph.get_state(config)
        latencies.append(time.perf_counter() - t0)
        assert len(snapshot.values["items"]) == steps
    return elapsed, statistics.median(latencies)


async def read_latency(saver: BaseCheckpointSaver[Any], thread_ids: list[str], concurrent: bool) -> float:
    """Seconds to aget_tuple the latest checkpoint of every thread, all at once or one by one."""
    configs: list[RunnableConfig] = [
        {"configurable": {"thread_id": t, "checkpoint_ns": ""}} for t in thread_ids
    ]
    start = time.perf_counter()
    if concurrent:
        results = await asyncio.gather(*(saver.aget_tuple(c) for c in configs))
    else:
        results = [await saver.aget_tuple(c) for c in configs]
    elapsed = time.perf_counter() - start
    assert all(r is not None for r in results)
    return elapsed
