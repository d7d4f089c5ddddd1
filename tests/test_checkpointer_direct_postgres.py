"""PostgreSQL's one-statement calls (CheckpointExecutor.one; sql_postgres' put_next and read_head): a
put extending the head this process saw, the head's read and put_writes run as one statement each
without an operation. A stale hint misses and the operation decides, errors are kassist's, lost
connections are replaced, and a closed saver refuses."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from langgraph.checkpoint.base import empty_checkpoint
from raw_sql import kill_other_connections

from checkpointer import CheckpointConflict, TenantCheckpointer
from checkpointer.sql_postgres_step import PUT_NEXT
from kassist.dburl import DatabaseUnavailable, PoolExhausted

THREAD: Any = {"configurable": {"thread_id": "t1", "checkpoint_ns": ""}}


SAVER_TENANT = "acme"  # the conftest `saver` speaks for it, opened with SAVER_OPTIONS
SAVER_OPTIONS = {"pool_size": 2, "connect_timeout": 1}


@pytest.fixture
def db_url(pg_url: str) -> str:
    """The one-statement path is PostgreSQL's: this module's `saver` runs there only."""
    return pg_url


class Spy:
    """Counts the one-statement calls' answers (puts: put_next's statement; reads); the real
    call runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, saver: TenantCheckpointer) -> None:
        self.puts: list[bool] = []
        self.reads = 0
        executor: Any = saver._executor  # type: ignore[attr-defined]
        one = executor.one

        def spy_one(sql: str, params: Any, write: bool = False) -> Any:
            answer = one(sql, params, write=write)
            if sql == PUT_NEXT:
                self.puts.append(bool(answer))
            elif not write:
                self.reads += 1
            return answer

        monkeypatch.setattr(executor, "one", spy_one)


def _checkpoint(n: int, value: Any = None) -> Any:
    cp = empty_checkpoint()
    cp["id"] = f"1ef0000{n:04d}"  # ids sort in put order, as uuid6 ids do
    if value is not None:
        cp["channel_values"] = {"v": value}
        cp["channel_versions"] = {"v": f"{n:032}.0"}
    return cp


def _put(saver: TenantCheckpointer, config: Any, n: int, value: Any = None) -> Any:
    cp = _checkpoint(n, value)
    versions = dict(cp["channel_versions"])
    return saver.put(config, cp, {"source": "loop", "step": n, "parents": {}}, versions)


def _version(config: Any) -> int:
    return int(config["configurable"]["checkpoint_version"])


def test_a_put_extending_the_head_it_saw_goes_direct_and_reads_back(
    saver: TenantCheckpointer, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = Spy(monkeypatch, saver)
    config = _put(saver, THREAD, 1, "a")
    for n in range(2, 5):
        config = _put(saver, config, n, "x" * n)
    assert spy.puts == [True, True, True]  # the first put had no hint: the general path
    assert _version(config) == 4
    got = saver.get_tuple(THREAD)
    assert got is not None and got.checkpoint["id"] == _checkpoint(4)["id"]
    assert got.checkpoint["channel_values"] == {"v": "xxxx"}
    assert got.parent_config is not None
    assert got.parent_config["configurable"]["checkpoint_id"] == _checkpoint(3)["id"]
    assert spy.reads == 1


def test_a_stale_hint_misses_and_the_general_path_stores_the_put(
    saver: TenantCheckpointer, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _put(saver, THREAD, 1, "a")
    config = _put(saver, config, 2, "b")
    spy = Spy(monkeypatch, saver)
    key = ("acme", "t1", "")
    cid, version, blobs, held = saver._heads[key]
    saver._heads[key] = (cid, version + 7, blobs, held)  # the right head at a wrong version
    config = _put(saver, config, 3, "c")
    assert spy.puts == [False]  # nothing stored by the direct statement...
    assert _version(config) == 3  # ... the full check stored it at the head's version + 1
    assert [_version(t.config) for t in saver.list(THREAD)] == [3, 2, 1]


def test_a_writer_that_moved_the_head_makes_the_hinted_put_a_conflict(
    pg_url: str, saver: TenantCheckpointer, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _put(saver, THREAD, 1, "a")
    config = _put(saver, config, 2, "b")
    with TenantCheckpointer.from_url(pg_url) as other_saver:  # another process: a hint of its own
        other = other_saver.for_tenant("acme")
        head = other.get_tuple(THREAD)
        assert head is not None
        _put(other, head.config, 3, "theirs")
    spy = Spy(monkeypatch, saver)
    with pytest.raises(CheckpointConflict):
        _put(saver, config, 4, "ours")  # extends checkpoint 2, which is no longer the head
    assert spy.puts == [False]
    latest = saver.get_tuple(THREAD)
    assert latest is not None and latest.checkpoint["channel_values"] == {"v": "theirs"}
    assert [_version(t.config) for t in saver.list(THREAD)] == [3, 2, 1]


def test_reads_by_id_and_of_rows_with_writes_take_the_general_path(
    saver: TenantCheckpointer, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _put(saver, THREAD, 1, "a")
    config = _put(saver, config, 2, "b" * 5000)  # a value in the blobs table
    saver.put_writes(config, [("v", "pending")], "task-1")
    spy = Spy(monkeypatch, saver)
    latest = saver.get_tuple(THREAD)
    assert latest is not None and latest.checkpoint["channel_values"] == {"v": "b" * 5000}
    assert latest.pending_writes == [("task-1", "v", "pending")]
    first = saver.get_tuple(
        {"configurable": {**THREAD["configurable"], "checkpoint_id": _checkpoint(1)["id"]}}
    )
    assert first is not None and first.checkpoint["channel_values"] == {"v": "a"}
    assert spy.reads == 1  # the latest only; by id is the general statement (it needs the head version)


def test_put_writes_are_idempotent_per_task_and_index(saver: TenantCheckpointer) -> None:
    config = _put(saver, THREAD, 1, "a")
    saver.put_writes(config, [("v", "one"), ("v", "two")], "task-1")
    saver.put_writes(config, [("v", "again")], "task-1")  # (task-1, 0) is stored: kept
    saver.put_writes(config, [], "task-2")  # nothing to write
    got = saver.get_tuple(THREAD)
    assert got is not None
    assert got.pending_writes == [("task-1", "v", "one"), ("task-1", "v", "two")]


def test_direct_calls_survive_killed_connections(
    saver: TenantCheckpointer, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _put(saver, THREAD, 1, "a")
    config = _put(saver, config, 2, "b")
    spy = Spy(monkeypatch, saver)
    for n in range(3, 6):
        assert kill_other_connections(pg_url) >= 1
        config = _put(saver, config, n, f"v{n}")
        assert kill_other_connections(pg_url) >= 1
        saver.put_writes(config, [("v", f"w{n}")], "task")
        assert kill_other_connections(pg_url) >= 1
        got = saver.get_tuple(THREAD)
        assert got is not None and got.checkpoint["channel_values"] == {"v": f"v{n}"}
        assert got.pending_writes == [("task", "v", f"w{n}")]
    assert spy.puts == [True, True, True]
    assert [_version(t.config) for t in saver.list(THREAD)] == [5, 4, 3, 2, 1]  # none doubled or lost


def test_direct_errors_are_kassists_errors(saver: TenantCheckpointer) -> None:
    config = _put(saver, THREAD, 1, "a")
    config = _put(saver, config, 2, "b")
    pool = saver._executor.pool()  # type: ignore[attr-defined]
    held = [pool.getconn(), pool.getconn()]  # calls elsewhere hold every connection
    try:
        with pytest.raises(PoolExhausted, match=r"all 2 pooled connections stayed busy"):
            _put(saver, config, 3, "c")
        with pytest.raises(PoolExhausted):
            saver.get_tuple(THREAD)
        with pytest.raises(PoolExhausted):
            saver.put_writes(config, [("v", "w")], "task")
    finally:
        for conn in held:
            pool.putconn(conn)
    assert _version(_put(saver, config, 3, "c")) == 3  # once they are back, calls go through
    # A statement's own error stays the driver's, raised once, not a lost connection.
    with pytest.raises(psycopg.Error) as raised:
        saver._executor.db.run_one("SELECT no_such_column FROM kassist_cp_checkpoints", None)  # type: ignore[attr-defined]
    assert not isinstance(raised.value, DatabaseUnavailable)


def test_a_closed_saver_refuses_direct_calls(pg_url: str) -> None:
    saver = TenantCheckpointer.from_url(pg_url)
    saver.setup()
    view = saver.for_tenant("acme")
    config = _put(view, THREAD, 1, "a")
    saver.close()
    with pytest.raises(RuntimeError, match="closed"):
        _put(view, config, 2, "b")
    with pytest.raises(RuntimeError, match="closed"):
        view.get_tuple(THREAD)
    with pytest.raises(RuntimeError, match="closed"):
        view.put_writes(config, [("v", "w")], "task")


def test_a_head_this_process_has_not_seen_is_read_by_the_general_statement(
    pg_url: str, saver: TenantCheckpointer, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _put(saver, THREAD, 1, "a")
    _put(saver, config, 2, "b" * 5000)
    spy = Spy(monkeypatch, saver)
    with TenantCheckpointer.from_url(pg_url) as other_saver:  # another process: no hint yet
        other = other_saver.for_tenant("acme")
        for _ in range(2):
            got = other.get_tuple(THREAD)
            assert got is not None and got.checkpoint["channel_values"] == {"v": "b" * 5000}
    # No hint (a general read on PostgreSQL leaves none): the general statement, one each time.
    assert spy.reads == 0
