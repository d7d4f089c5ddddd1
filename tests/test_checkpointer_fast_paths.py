"""The short ways through put and get_tuple keep every rule of the long ones.

A put extending the head this process last saw names that head's version (``put_next``, one
statement on SQLite); a read of a row without blob values or pending writes is one plain statement,
and only a row with either takes a second one for them. Each test makes the short way miss or meet
what it does not expect (another writer, a head moved to a new version, a checkpoint deleted
between the two statements of a read) and checks the answer is the long way's. Both backends
(PostgreSQL has no ``put_next`` or split read: the same assertions hold there).
"""

from __future__ import annotations

from typing import Any

import pytest
from langgraph.checkpoint.base import Checkpoint, empty_checkpoint
from raw_sql import raw

from checkpointer import VERSION_KEY, CheckpointConflict, TenantCheckpointer
from checkpointer.ops_read import TupleRequest, get_one
from checkpointer.query import HEAD_ROW_COLS, Op, Request, Row, Steps

TENANT = "acme"


@pytest.fixture
def owner(db_url: str) -> Any:
    with TenantCheckpointer.from_url(db_url) as s:
        s.setup()
        yield s


def checkpoint(values: dict[str, Any], versions: dict[str, str]) -> Checkpoint:
    cp = empty_checkpoint()
    cp["channel_values"] = dict(values)
    cp["channel_versions"] = dict(versions)
    return cp


def put(saver: TenantCheckpointer, config: Any, value: str, step: int) -> Any:
    version = f"{step + 1:032}.0"
    cp = checkpoint({"v": value}, {"v": version})
    return saver.put(config, cp, {"source": "loop", "step": step}, {"v": version})


def start(saver: TenantCheckpointer, thread: str) -> Any:
    config: Any = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    cp = checkpoint({"v": "root"}, {"v": "0.0"})
    return saver.put(config, cp, {"source": "input", "step": -1}, {"v": "0.0"})


def test_a_put_from_a_head_another_saver_moved_on_conflicts(owner: TenantCheckpointer) -> None:
    """Two saver objects (two processes' worth of remembered heads): the one whose head is stale
    gets CheckpointConflict with the versions, and nothing of its put is stored."""
    a = owner.for_tenant(TENANT)
    b = TenantCheckpointer(owner._executor).for_tenant(TENANT)  # its own remembered heads
    root = start(a, "t")
    first = put(a, root, "a1", 0)  # a remembers the head it wrote: version 2
    latest = b.get_tuple({"configurable": {"thread_id": "t"}})
    assert latest is not None and latest.config["configurable"][VERSION_KEY] == 2
    put(b, latest.config, "b2", 1)  # version 3, by b
    with pytest.raises(CheckpointConflict) as info:
        put(a, first, "a2", 1)  # a still takes version 2 for the head
    assert (info.value.expected_version, info.value.actual_version) == (2, 3)
    head = a.get_tuple({"configurable": {"thread_id": "t"}})
    assert head is not None and head.checkpoint["channel_values"] == {"v": "b2"}
    assert head.config["configurable"][VERSION_KEY] == 3


def test_a_head_given_a_new_version_is_extended_above_it(owner: TenantCheckpointer, db_url: str) -> None:
    """The head keeps its id but takes a higher version (as delete_for_runs does when it moves a
    head): a put naming the version this saver remembers must not store the child below it."""
    saver = owner.for_tenant(TENANT)
    config = put(saver, start(saver, "moved"), "x", 0)
    assert config["configurable"][VERSION_KEY] == 2
    raw(
        db_url,
        "UPDATE kassist_cp_checkpoints SET version = 7 WHERE thread_id = 'moved' AND checkpoint_id = %s",
        (config["configurable"]["checkpoint_id"],),
    )
    child = put(saver, config, "y", 1)
    assert child["configurable"][VERSION_KEY] == 8
    head = saver.get_tuple({"configurable": {"thread_id": "moved"}})
    assert head is not None and head.checkpoint["channel_values"] == {"v": "y"}
    assert head.config["configurable"][VERSION_KEY] == 8


def stored_versions(db_url: str, version: str) -> int:
    """Large values stored at ``version``: blob rows, plus on SQLite checkpoint rows holding one."""
    ((n,),) = raw(db_url, "SELECT count(*) FROM kassist_cp_blobs WHERE version = %s", (version,))
    if db_url.startswith("sqlite"):
        ((m,),) = raw(
            db_url, "SELECT count(*) FROM kassist_cp_checkpoints WHERE value_version = %s", (version,)
        )
        n += m
    return int(n)


def test_a_conflicting_put_with_blob_values_leaves_no_blob_rows(
    owner: TenantCheckpointer, db_url: str
) -> None:
    """A put with values over the inline limit writes blob rows and the checkpoint together or not
    at all."""
    saver = owner.for_tenant(TENANT)
    root = start(saver, "big")
    put(saver, root, "first", 0)
    version = "9" * 32 + ".0"
    cp = checkpoint({"v": "z" * 10_000}, {"v": version})
    with pytest.raises(CheckpointConflict):
        saver.put(root, cp, {"source": "loop", "step": 0}, {"v": version})
    assert stored_versions(db_url, version) == 0
    # The same put from the head stores both.
    head = saver.get_tuple({"configurable": {"thread_id": "big"}})
    assert head is not None
    saver.put(head.config, cp, {"source": "loop", "step": 1}, {"v": version})
    assert stored_versions(db_url, version) == 1
    again = saver.get_tuple({"configurable": {"thread_id": "big"}})
    assert again is not None and again.checkpoint["channel_values"] == {"v": "z" * 10_000}


@pytest.mark.parametrize("by_id", [False, True])
def test_rows_with_blob_values_or_writes_read_whole(owner: TenantCheckpointer, by_id: bool) -> None:
    """Every combination of small values, blob values and pending writes reads back in full."""
    saver = owner.for_tenant(TENANT)
    config = start(saver, "mixed")
    cases = [
        ({"s": "small"}, []),
        ({"s": "small", "b": "b" * 5_000}, []),
        ({"s": "small"}, [("s", "written")]),
        ({"s": "small", "b": "c" * 5_000}, [("b", "w1"), ("s", "w2")]),
        ({"b": "d" * 5_000, "c": "e" * 5_000}, []),  # several blob versions: the JSON-bound lookup
        ({"s": "small", "b": "f" * 5_000, "c": "g" * 5_000}, [("c", "w3")]),
    ]
    for step, (values, writes) in enumerate(cases):
        versions: Any = {ch: f"{step + 1:032}.{ch}" for ch in values}
        config = saver.put(config, checkpoint(values, versions), {"source": "loop", "step": step}, versions)
        if writes:
            saver.put_writes(config, writes, f"task{step}")
        read: Any = config if by_id else {"configurable": {"thread_id": "mixed"}}
        got = saver.get_tuple(read)
        assert got is not None and got.checkpoint["id"] == config["configurable"]["checkpoint_id"]
        assert got.checkpoint["channel_values"] == values
        assert got.pending_writes == [(f"task{step}", ch, v) for ch, v in writes]


def _run_request(saver: TenantCheckpointer, request: Request) -> list[Row]:
    def steps() -> Steps[list[Row]]:
        rows = yield request
        return rows

    return saver._executor.run(Op(steps(), single=True))  # type: ignore[attr-defined]


@pytest.mark.parametrize("by_id", [False, True])
def test_a_checkpoint_deleted_between_the_two_statements_of_a_read(
    owner: TenantCheckpointer, by_id: bool
) -> None:
    """The row is read, then its thread is deleted before its writes are: the read does not answer
    with the row and no writes; it starts over and finds what is there now (nothing)."""
    saver = owner.for_tenant(TENANT)
    config = put(saver, start(saver, "gone"), "x", 0)
    saver.put_writes(config, [("v", "pending")], "task")
    cid = config["configurable"]["checkpoint_id"] if by_id else None
    op = get_one(saver._sql, saver.serde, TupleRequest(TENANT, "gone", "", cid))  # type: ignore[attr-defined]
    request = next(op)
    rows = _run_request(saver, request)
    assert rows
    if saver.backend == "sqlite":  # the row alone, and it says it has writes
        assert rows[0][HEAD_ROW_COLS.index("has_writes")]
    saver.delete_thread("gone")
    try:
        while True:
            request = op.send(rows)
            rows = _run_request(saver, request)
    except StopIteration as stop:
        result = stop.value
    if saver.backend == "sqlite":
        assert result is None
    else:  # one statement: the read answered before the delete
        assert result is not None and result.pending_writes == [("task", "v", "pending")]


@pytest.mark.parametrize("blobs", [1, 2])
def test_a_read_of_blob_values_between_changes(owner: TenantCheckpointer, blobs: int) -> None:
    """A row with blob values and no writes when it is read: writes added before its blob values
    are read belong to a later view (not in this answer, in the next read's); a thread deleted
    then makes the read start over and find nothing."""
    saver = owner.for_tenant(TENANT)
    config = start(saver, "blobs")
    values = {f"b{i}": str(i) * 5_000 for i in range(blobs)}
    versions: Any = {ch: "1.0" for ch in values}
    config = saver.put(config, checkpoint(values, versions), {"source": "loop", "step": 0}, versions)
    for delete in (False, True):
        op = get_one(saver._sql, saver.serde, TupleRequest(TENANT, "blobs", "", None))  # type: ignore[attr-defined]
        rows = _run_request(saver, next(op))
        if delete:
            saver.delete_thread("blobs")
        else:
            saver.put_writes(config, [("b0", "later")], "task")
        try:
            while True:
                rows = _run_request(saver, op.send(rows))
        except StopIteration as stop:
            result = stop.value
        if delete and saver.backend == "sqlite":
            assert result is None
            continue
        # (PostgreSQL reads in one statement: its answer is the view before the change.)
        assert result is not None and result.checkpoint["channel_values"] == values
        assert result.pending_writes == ([("task", "b0", "later")] if delete else [])
        again = saver.get_tuple({"configurable": {"thread_id": "blobs"}})
        if delete:
            assert again is None
        else:
            assert again is not None and again.pending_writes == [("task", "b0", "later")]


@pytest.mark.parametrize("blobs", [1, 2])
def test_a_read_fetching_the_blob_values_a_stale_head_kept(owner: TenantCheckpointer, blobs: int) -> None:
    """A saver reads the head's row together with the blob values the head it last saw keeps (one
    statement on SQLite). Another saver then moves the head to other blob values, to values that
    all fit in the row, or adds pending writes: every read still answers with the head's own
    values and writes."""
    a = owner.for_tenant(TENANT)
    b = TenantCheckpointer(owner._executor).for_tenant(TENANT)  # its own remembered heads
    latest: Any = {"configurable": {"thread_id": "hint"}}
    values = {f"b{i}": str(i) * 5_000 for i in range(blobs)}
    versions: Any = {ch: "1.0" for ch in values}
    a.put(start(a, "hint"), checkpoint(values, versions), {"source": "loop", "step": 0}, versions)
    got = a.get_tuple(latest)
    assert got is not None and got.checkpoint["channel_values"] == values
    assert a.get_tuple(latest) == got  # read again through the head a remembers
    steps: list[dict[str, str]] = [
        {f"b{i}": chr(97 + i) * 6_000 for i in range(blobs)},  # other blob versions
        {"b0": "small"},  # every value in the row
        {f"b{i}": chr(65 + i) * 7_000 for i in range(blobs)},  # blob values again
    ]
    for step, new in enumerate(steps, start=1):
        head = b.get_tuple(latest)
        assert head is not None
        new_versions: Any = {ch: f"{step + 1}.0" for ch in new}
        config = b.put(
            head.config, checkpoint(new, new_versions), {"source": "loop", "step": step}, new_versions
        )
        got = a.get_tuple(latest)  # a still expects the blob values of the head before
        assert got is not None and got.checkpoint["channel_values"] == new
        assert got.config["configurable"][VERSION_KEY] == step + 2
    b.put_writes(config, [("b0", "pending")], "task")
    got = a.get_tuple(latest)  # the blob versions a expects, and a write besides
    assert got is not None and got.checkpoint["channel_values"] == steps[-1]
    assert got.pending_writes == [("task", "b0", "pending")]


def test_a_read_by_a_head_hint_when_only_blob_rows_are_left(owner: TenantCheckpointer, db_url: str) -> None:
    """The blob values a saver expects come back, but no checkpoint row does (its rows were removed
    behind its back): the thread has no checkpoint, and the read says so."""
    saver = owner.for_tenant(TENANT)
    latest: Any = {"configurable": {"thread_id": "orphan"}}
    # Two large values: on SQLite the larger rides in the checkpoint row (migration 6), the other
    # keeps its blob row; on PostgreSQL both have one.
    versions: Any = {"a": "1.0", "b": "1.0"}
    saver.put(
        start(saver, "orphan"),
        checkpoint({"a": "y" * 6_000, "b": "x" * 5_000}, versions),
        {"source": "loop", "step": 0},
        versions,
    )
    assert saver.get_tuple(latest) is not None  # the saver now expects blobs "a" and "b" at "1.0"
    raw(db_url, "DELETE FROM kassist_cp_checkpoints WHERE thread_id = 'orphan'")
    left = 1 if db_url.startswith("sqlite") else 2
    assert raw(db_url, "SELECT count(*) FROM kassist_cp_blobs WHERE thread_id = 'orphan'") == [(left,)]
    assert saver.get_tuple(latest) is None
