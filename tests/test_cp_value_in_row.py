"""Migration 6 (SQLite): a put's largest changed large value rides in its checkpoint row; later
checkpoints whose value is unchanged name the holding row (``held``); a holder deleted while still
named has its value copied into the blobs table first (docs/checkpointer.md, "Storage layout").

Behaviour tests run on both backends (PostgreSQL keeps its blob rows: the same answers); the
layout checks and the migration from schema 5 are SQLite's.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import Checkpoint, empty_checkpoint
from raw_sql import raw
from test_cp_schema5_layout import WORKER, _put4, run_two_appenders

from checkpointer import TenantCheckpointer
from checkpointer.query import Op, migrate

CHANNELS = ("a", "b", "c", "d", "e")


def _value(ch: str, step: int) -> str:
    return f"{ch}{step}:" + ch * (20_000 + 100 * step)  # over the 2 KiB inline limit, sizes differ


def _history(view: TenantCheckpointer, thread: str, steps: int, *, read_between: bool = True) -> list[Any]:
    """``steps`` checkpoints of five large channels (all at step 0, then one per step), each put
    continuing from the previous put's config (or a read's, ``read_between``); per checkpoint its
    config and the values it must read back."""
    config: RunnableConfig = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    values: dict[str, Any] = {}
    versions: dict[str, Any] = {}
    out = []
    for step in range(steps):
        changed = list(CHANNELS) if step == 0 else [CHANNELS[step % 5]]
        for ch in changed:
            versions[ch] = view.get_next_version(versions.get(ch), None)
            values[ch] = _value(ch, step)
        cp = empty_checkpoint()
        cp["channel_values"], cp["channel_versions"] = dict(values), dict(versions)
        meta: Any = {"source": "loop", "step": step, "run_id": f"run-{step // 4}"}
        config = view.put(config, cp, meta, {ch: versions[ch] for ch in changed})
        out.append((config, dict(values)))
        if read_between:
            head = view.get_tuple({"configurable": {"thread_id": thread}})
            assert head is not None and head.checkpoint["channel_values"] == values
            config = head.config
    return out


def _by_id(view: TenantCheckpointer, config: RunnableConfig) -> dict[str, Any]:
    conf = config["configurable"]
    tup = view.get_tuple(
        {"configurable": {k: conf[k] for k in ("thread_id", "checkpoint_ns", "checkpoint_id")}}
    )
    assert tup is not None
    return dict(tup.checkpoint["channel_values"])


def _stored(db_url: str, thread: str) -> tuple[int, int]:
    """Large values stored for ``thread``: (blob rows, checkpoint rows holding one)."""
    ((blobs,),) = raw(db_url, "SELECT count(*) FROM kassist_cp_blobs WHERE thread_id = %s", (thread,))
    if not db_url.startswith("sqlite"):
        return int(blobs), 0
    ((rows,),) = raw(
        db_url,
        "SELECT count(*) FROM kassist_cp_checkpoints WHERE thread_id = %s AND value_blob IS NOT NULL",
        (thread,),
    )
    return int(blobs), int(rows)


def test_every_checkpoint_reads_back_from_a_fresh_saver(saver: TenantCheckpointer, db_url: str) -> None:
    view = saver.for_tenant("acme")
    history = _history(view, "h", 12)
    unhinted = _history(view, "u", 7, read_between=False)  # puts after puts, no reads between
    with TenantCheckpointer.from_url(db_url) as fresh:  # no head seen: every read path from scratch
        other = fresh.for_tenant("acme")
        for config, values in history + unhinted:
            assert _by_id(other, config) == values
        listed = [t.checkpoint["channel_values"] for t in other.list({"configurable": {"thread_id": "h"}})]
        assert listed == [values for _, values in reversed(history)]

        async def many() -> list[Any]:
            configs = [c for c, _ in history] + [{"configurable": {"thread_id": t}} for t in ("h", "u")]
            return await asyncio.gather(*(other.aget_tuple(c) for c in configs))

        got = asyncio.run(many())
        want = [v for _, v in history] + [history[-1][1], unhinted[-1][1]]
        assert [t.checkpoint["channel_values"] for t in got] == want
    if db_url.startswith("sqlite"):
        # each changed value stored once: step 0's largest in its row, the other four in blob rows,
        # every later change in its own checkpoint's row
        assert _stored(db_url, "h") == (4, 12)
        assert _stored(db_url, "u") == (4, 7)


def test_pruning_and_delete_for_runs_copy_a_value_still_named(saver: TenantCheckpointer, db_url: str) -> None:
    view = saver.for_tenant("acme")
    history = _history(view, "p", 9)  # runs: run-0 (steps 0-3), run-1 (4-7), run-2 (8)
    head_values = history[-1][1]
    view.delete_for_runs(["run-1"])
    with TenantCheckpointer.from_url(db_url) as fresh:
        tup = fresh.for_tenant("acme").get_tuple({"configurable": {"thread_id": "p"}})
        assert tup is not None and tup.checkpoint["channel_values"] == head_values
    view.prune(["p"], strategy="keep_latest")
    assert [t.checkpoint["channel_values"] for t in view.list({"configurable": {"thread_id": "p"}})] == [
        head_values
    ]
    with TenantCheckpointer.from_url(db_url) as fresh:
        tup = fresh.for_tenant("acme").get_tuple({"configurable": {"thread_id": "p"}})
        assert tup is not None and tup.checkpoint["channel_values"] == head_values
    blobs, rows = _stored(db_url, "p")
    # what is left is the head's five values, once each
    assert blobs + rows == 5
    if db_url.startswith("sqlite"):
        assert rows == 1  # the head's own; the four it named were copied out of deleted rows


def test_a_put_that_did_not_see_its_parent_and_a_fork(saver: TenantCheckpointer, db_url: str) -> None:
    view = saver.for_tenant("acme")
    history = _history(view, "f", 6)
    with TenantCheckpointer.from_url(db_url) as other_process:
        other = other_process.for_tenant("acme")
        # a put from a config it did not read: it cannot name the rows holding the unchanged values
        parent_config, values = history[-1]
        cp = empty_checkpoint()
        cp["channel_values"] = {**values, "a": _value("a", 99)}
        head = view.get_tuple({"configurable": {"thread_id": "f"}})
        assert head is not None
        versions = dict(head.checkpoint["channel_versions"])
        versions["a"] = other.get_next_version(versions["a"], None)
        cp["channel_versions"] = versions
        child = other.put(parent_config, cp, {"source": "loop", "step": 6}, {"a": versions["a"]})
        assert _by_id(view, child) == cp["channel_values"]
    # a fork from an early checkpoint (time travel): its values, then the fork's own change
    early_config, early_values = history[2]
    early = view.get_tuple(
        {
            "configurable": {
                k: early_config["configurable"][k] for k in ("thread_id", "checkpoint_ns", "checkpoint_id")
            }
        }
    )
    assert early is not None
    fork_cp: Checkpoint = empty_checkpoint()
    fork_versions = dict(early.checkpoint["channel_versions"])
    fork_versions["e"] = view.get_next_version(fork_versions["e"], None)
    fork_cp["channel_values"] = {**early_values, "e": "fork:" + "f" * 30_000}
    fork_cp["channel_versions"] = fork_versions
    fork = view.put(early.config, fork_cp, {"source": "update", "step": 3}, {"e": fork_versions["e"]})
    with TenantCheckpointer.from_url(db_url) as fresh:
        assert _by_id(fresh.for_tenant("acme"), fork) == fork_cp["channel_values"]
        assert _by_id(fresh.for_tenant("acme"), early_config) == early_values


def test_delta_history_finds_a_plain_value_held_in_a_row(saver: TenantCheckpointer) -> None:
    view = saver.for_tenant("acme")
    history = _history(view, "d", 7)
    config = history[-1][0]
    parent_values = history[-2][1]
    got = view.get_delta_channel_history(config=config, channels=["b", "c"])
    # the seeds are the values the parent chain holds (the checkpoint's own are not seeds)
    for ch in ("b", "c"):
        assert got[ch]["writes"] == []
        assert got[ch].get("seed") == parent_values[ch]


def test_a_schema_5_database_migrates_and_goes_on(db_url: str) -> None:
    if not db_url.startswith("sqlite"):
        return  # the layout is SQLite's; PostgreSQL has no migration 6
    big, bigger = "B" * 50_000, "C" * 60_000
    with TenantCheckpointer.from_url(db_url) as saver:
        assert saver._executor.run(Op(migrate(saver._executor.sql.as_of(5)), write=True)) == [1, 2, 3, 4, 5]
        # schema 5's layout: every large value in its blob row, blob_versions in the skeleton
        _put4(
            db_url,
            "acme",
            "t",
            "1ef001",
            None,
            1,
            {"n": 0, "x": big, "y": bigger},
            {"n": "1", "x": "1", "y": "1"},
            ["n", "x", "y"],
        )
        _put4(
            db_url,
            "acme",
            "t",
            "1ef002",
            "1ef001",
            2,
            {"n": 1, "x": big, "y": bigger},
            {"n": "2", "x": "1", "y": "1"},
            ["n"],
        )
        assert saver.setup() == [6]
        view = saver.for_tenant("acme")
        head = view.get_tuple({"configurable": {"thread_id": "t"}})
        assert head is not None and head.checkpoint["channel_values"] == {"n": 1, "x": big, "y": bigger}
        # going on: the changed value in the new row, the unchanged one still read from its blob row
        config = head.config
        for step, text in ((3, "D" * 70_000), (4, "E" * 70_000)):
            head = view.get_tuple({"configurable": {"thread_id": "t"}})
            assert head is not None
            cp = empty_checkpoint()
            cp["channel_values"] = {**head.checkpoint["channel_values"], "x": text}
            versions = dict(head.checkpoint["channel_versions"])
            versions["x"] = str(step)
            cp["channel_versions"] = versions
            config = view.put(head.config, cp, {"source": "loop", "step": step}, {"x": str(step)})
        assert raw(db_url, "SELECT count(*) FROM kassist_cp_checkpoints WHERE value_channel = 'x'") == [(2,)]
    with TenantCheckpointer.from_url(db_url) as fresh:
        view = fresh.for_tenant("acme")
        assert _by_id(view, config) == {"n": 1, "x": "E" * 70_000, "y": bigger}
        old = view.get_tuple(
            {"configurable": {"thread_id": "t", "checkpoint_ns": "", "checkpoint_id": "1ef001"}}
        )
        assert old is not None and old.checkpoint["channel_values"] == {"n": 0, "x": big, "y": bigger}
        view.prune(["t"], strategy="keep_latest")
        assert _by_id(view, config) == {"n": 1, "x": "E" * 70_000, "y": bigger}


def test_two_processes_append_large_lists_to_one_sqlite_thread(tmp_path: Path) -> None:
    """As tests/test_cp_schema5_layout.py's two processes, with items large enough that the list
    rides in the checkpoint row: every item exactly once, each process's in its order."""
    url = f"sqlite:///{tmp_path}/shared.db"
    worker = WORKER.replace('{"log": [f"{name}-{i}"]}', '{"log": [f"{name}-{i}:" + "z" * 400]}')
    assert worker != WORKER
    runs = 15
    run_two_appenders(tmp_path, url, worker, runs)
    with TenantCheckpointer.from_url(url) as saver:
        head = saver.for_tenant("acme").get_tuple({"configurable": {"thread_id": "shared"}})
        assert head is not None
        log = [x.split(":")[0] for x in head.checkpoint["channel_values"]["log"]]
        assert Counter(log) == Counter(f"{name}-{i}" for name in ("p", "q") for i in range(runs))
        for name in ("p", "q"):
            assert [x for x in log if x.startswith(name)] == [f"{name}-{i}" for i in range(runs)]
    held = raw(url, "SELECT count(*) FROM kassist_cp_checkpoints WHERE value_channel = 'log'")
    assert held[0][0] > 0  # the list rode in the rows


def test_a_copied_thread_reads_its_held_values(saver: TenantCheckpointer, db_url: str) -> None:
    view = saver.for_tenant("acme")
    history = _history(view, "src", 8)
    view.copy_thread("src", "dst")
    view.delete_thread("src")  # the copy needs nothing of the source's rows
    with TenantCheckpointer.from_url(db_url) as fresh:
        other = fresh.for_tenant("acme")
        for config, values in history:
            conf = {**config["configurable"], "thread_id": "dst"}
            assert _by_id(other, {"configurable": conf}) == values


def test_a_head_read_by_a_stale_hint_finds_the_value_where_it_is(db_url: str) -> None:
    """One large channel: the saver that wrote the head expects its value in that row; another
    process moves the head on (changing the value, then leaving it and changing a small one), and
    each read still answers the new head's values."""
    with TenantCheckpointer.from_url(db_url) as first, TenantCheckpointer.from_url(db_url) as second:
        first.setup()
        a, b = first.for_tenant("acme"), second.for_tenant("acme")
        latest: RunnableConfig = {"configurable": {"thread_id": "s"}}
        config: Any = {"configurable": {"thread_id": "s", "checkpoint_ns": ""}}
        values: dict[str, Any] = {"big": "v0:" + "x" * 30_000, "n": 0}
        versions: dict[str, Any] = {"big": "1", "n": "1"}
        for step, change in enumerate([("big", "n"), ("big",), ("n",), ("n",), ("big",)]):
            writer = a if step == 0 else b
            if step:
                head = writer.get_tuple(latest)
                assert head is not None
                config = head.config
            for ch in change:
                versions[ch] = writer.get_next_version(versions[ch] if step else None, None)
                values[ch] = f"v{step}:" + "x" * 30_000 if ch == "big" else step
            cp = empty_checkpoint()
            cp["channel_values"], cp["channel_versions"] = dict(values), dict(versions)
            writer.put(config, cp, {"source": "loop", "step": step}, {ch: versions[ch] for ch in change})
            got = a.get_tuple(latest)  # a's hint: the head it saw last
            assert got is not None and got.checkpoint["channel_values"] == values
