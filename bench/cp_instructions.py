"""Instructions per 1 KB put + get_tuple round on SQLite, ours or stock: a load-independent floor.

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \\
        --callgrind-out-file=/tmp/cg.out .venv/bin/python bench/cp_instructions.py ours 100
    grep ^summary: /tmp/cg.out            # divide by the round count
    callgrind_annotate --inclusive=yes /tmp/cg.out | grep _sqlite/   # the share inside sqlite3

Workload (a) of bench/checkpointers.py at 1 KB, ``synchronous=NORMAL`` on tmpfs. Setup, imports and
30 warm-up rounds run outside ``functools.reduce``; the measured rounds run inside it, so
``--toggle-collect=functools_reduce`` counts only them. ``put`` or ``get`` as third argument
measures one call (the other runs only once per thread). ``state-add`` or ``state-delta`` instead
counts ``graph.get_state`` on the finished 200-step loop of workload (b) (operator.add or
DeltaChannel; ROUNDS calls after 10 uncounted); ``loop-add`` or ``loop-delta`` counts one run of
that loop with ROUNDS super-steps (divide by ROUNDS for a step). A ``gc.collect()`` just before the counted
calls keeps a full collection that setup left pending (1.6M instructions) out of them; ``--no-gc``
turns the collector off for the whole run, so that comparing two trees counts only their code. Wall-clock figures on a shared machine move with
its load; instruction counts do not (docs/benchmarks.md, "Session 5").
"""

from __future__ import annotations

import functools
import gc
import sqlite3
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cp_workloads import checkpoint_steps, loop_graph
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver


def rounds(saver: BaseCheckpointSaver[Any], data: list[Any], what: str) -> None:
    thread = uuid.uuid4().hex
    config: RunnableConfig = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    latest: RunnableConfig = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    for step, checkpoint, new_versions in data:
        if what != "get" or step == 0:
            metadata: Any = {"source": "loop", "step": step, "parents": {}}
            config = saver.put(config, checkpoint, metadata, new_versions)
        if what != "put":
            saver.get_tuple(latest)


def get_states(saver: BaseCheckpointSaver[Any], count: int, delta: bool) -> None:
    graph = loop_graph(delta, 200, 1024).compile(checkpointer=saver)
    config: RunnableConfig = {"configurable": {"thread_id": uuid.uuid4().hex}, "recursion_limit": 800}
    graph.invoke({"items": [], "n": 0}, config, durability="sync")
    for _ in range(10):
        graph.get_state(config)
    gc.collect()  # a full collection left pending by setup would land in the counted calls
    functools.reduce(lambda _, i: graph.get_state(config), range(count), None)


def loop(saver: BaseCheckpointSaver[Any], steps: int, delta: bool) -> None:
    """One run of workload (b)'s loop, ``steps`` super-steps with durability="sync", after an
    uncounted run of 20 steps on another thread."""
    warm = loop_graph(delta, 20, 1024).compile(checkpointer=saver)
    warm.invoke({"items": [], "n": 0}, {"configurable": {"thread_id": uuid.uuid4().hex}}, durability="sync")
    graph = loop_graph(delta, steps, 1024).compile(checkpointer=saver)
    config: RunnableConfig = {"configurable": {"thread_id": uuid.uuid4().hex}, "recursion_limit": 4 * steps}
    gc.collect()
    functools.reduce(lambda _, c: graph.invoke({"items": [], "n": 0}, c, durability="sync"), [config], None)


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--no-gc"]
    if len(args) < len(sys.argv) - 1:
        # A young-generation collection landing inside or outside the counted calls moves the
        # count by up to 1% between trees whose counted Python is the same: off, only the code
        # counts (the explicit gc.collect() before the counted calls still runs).
        gc.disable()
    kind, count = args[0], int(args[1])
    what = args[2] if len(args) > 2 else "both"
    whats = ("both", "put", "get", "state-add", "state-delta", "loop-add", "loop-delta")
    if kind not in ("ours", "stock") or what not in whats:
        sys.exit(f"usage: cp_instructions.py ours|stock ROUNDS [{'|'.join(whats)}] [--no-gc]")
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as tmp:
        saver: BaseCheckpointSaver[Any]
        if kind == "stock":
            from langgraph.checkpoint.sqlite import SqliteSaver

            conn = sqlite3.connect(f"{tmp}/stock.db", check_same_thread=False)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            saver = SqliteSaver(conn)
            saver.setup()
        else:
            from checkpointer import TenantCheckpointer

            owner = TenantCheckpointer.from_url(f"sqlite:///{tmp}/ours.db", sqlite_synchronous="normal")
            owner.setup()
            saver = owner.for_tenant("bench")
        if what.startswith("loop-"):
            loop(saver, count, what == "loop-delta")
            return
        if what.startswith("state-"):
            get_states(saver, count, what == "state-delta")
            return
        rounds(saver, list(checkpoint_steps(saver, 30, 1024)), what)
        data = list(checkpoint_steps(saver, count, 1024))
        gc.collect()
        functools.reduce(lambda _, chunk: rounds(saver, chunk, what), [data], None)


if __name__ == "__main__":
    main()
