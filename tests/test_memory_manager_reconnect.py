"""PostgreSQL connections killed under the memory manager (server restart, a proxy's idle reaper,
pg_terminate_backend): the next calls run on fresh connections, and every memory and audit entry
written is there exactly once. A connection lost in the middle of an operation is a
DatabaseUnavailable naming the server, never a raw driver error, and the operation is not run again."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import psycopg
import pytest
from clocks import SteppingClock
from raw_sql import kill_other_connections

from kassist.dburl import DatabaseUnavailable
from memory.manager import Action, MemoryManager
from memory.manager.ops import Op
from memory.manager.sql_postgres import SQL as Q  # the manager statements these tests run by hand

HELD = 3  # connections the sync test makes the pool open (its maximum is 8)
SALT_KEY = {"tenant_id": "acme", "user_id": "ana"}


@pytest.fixture
def root(pg_url: str) -> Iterator[MemoryManager]:
    with MemoryManager.from_url(pg_url, clock=SteppingClock(datetime(2026, 5, 1, tzinfo=UTC))) as manager:
        yield manager


def _hold(barrier: threading.Barrier) -> Op[None]:
    yield Q.stmt(Q.get_salt, SALT_KEY)
    barrier.wait(timeout=10)  # still inside the operation: its connection stays checked out


def _fill_pool(root: MemoryManager) -> None:
    """Make the pool open HELD connections, so a kill leaves several dead ones in it."""
    barrier = threading.Barrier(HELD)
    with ThreadPoolExecutor(HELD) as workers:
        for done in [workers.submit(root._backend.run, _hold(barrier), write=False) for _ in range(HELD)]:
            done.result()


def test_calls_after_every_pooled_connection_was_killed_succeed(root: MemoryManager, pg_url: str) -> None:
    memory = root.for_tenant("acme")
    assert memory.remember("ana", "preference", "tone", "formal", "user_explicit").action is Action.ADDED
    _fill_pool(root)

    assert kill_other_connections(pg_url) >= HELD
    assert [m.value for m in memory.recall("ana", key="tone")] == ["formal"]
    assert kill_other_connections(pg_url) >= 1
    # A write: pipelined in a transaction, unlike the read above (autocommit, one statement).
    assert memory.remember("ana", "preference", "tone", "formal", "user_explicit").action is Action.UNCHANGED
    assert kill_other_connections(pg_url) >= 1
    assert memory.remember("ana", "fact", "city", "Lisbon", "user_explicit").action is Action.ADDED
    assert kill_other_connections(pg_url) >= 1
    assert sorted((m.key, m.value) for m in memory.list_all("ana")) == [
        ("city", "Lisbon"),
        ("tone", "formal"),
    ]
    assert kill_other_connections(pg_url) >= 1
    assert [e.action for e in memory.audit_log(user_id="ana")] == ["added", "unchanged", "added"]
    assert kill_other_connections(pg_url) >= 1
    assert memory.forget("ana") == 2
    assert memory.list_all("ana") == []


async def test_async_calls_after_every_pooled_connection_was_killed_succeed(
    root: MemoryManager, pg_url: str
) -> None:
    memory = root.for_tenant("acme")
    try:
        assert (await memory.aremember("ana", "preference", "tone", "formal", "user_explicit")).action is (
            Action.ADDED
        )
        assert kill_other_connections(pg_url) >= 1
        assert [m.value for m in await memory.arecall("ana", key="tone")] == ["formal"]
        assert kill_other_connections(pg_url) >= 1
        again = await memory.aremember("ana", "preference", "tone", "formal", "user_explicit")
        assert again.action is Action.UNCHANGED
        assert kill_other_connections(pg_url) >= 1
        assert [m.key for m in await memory.alist_all("ana")] == ["tone"]
        assert kill_other_connections(pg_url) >= 1
        assert [e.action for e in await memory.aaudit_log(user_id="ana")] == ["unchanged", "added"]
    finally:
        await root.aclose()


def _killed_before_first_read(pg_url: str, salt: bytes, asked: list[str]) -> Op[list[tuple[Any, ...]]]:
    asked.append("write")
    yield Q.stmt(Q.ensure_salt, {**SALT_KEY, "salt": salt}, fetch=False)  # pipelined: answered at once
    kill_other_connections(pg_url)  # the connection dies before the server's first answer came back
    asked.append("read")
    rows: list[tuple[Any, ...]] = yield Q.stmt(Q.get_salt, SALT_KEY)
    return rows


def test_pipelined_writes_before_the_first_read_are_replayed_with_it(
    root: MemoryManager, pg_url: str
) -> None:
    # The write died with the lost connection's transaction; the read on the fresh connection sees
    # it only if it was sent again there. The operation itself runs once.
    asked: list[str] = []
    rows = root._backend.run(_killed_before_first_read(pg_url, b"s" * 16, asked), write=True)
    assert rows == [(b"s" * 16,)]
    assert asked == ["write", "read"]


async def test_async_pipelined_writes_before_the_first_read_are_replayed_with_it(
    root: MemoryManager, pg_url: str
) -> None:
    try:
        asked: list[str] = []
        rows = await root._backend.arun(_killed_before_first_read(pg_url, b"a" * 16, asked), write=True)
        assert rows == [(b"a" * 16,)]
        assert asked == ["write", "read"]
    finally:
        await root.aclose()


def _lost_midway(pg_url: str, asked: list[str]) -> Op[None]:
    asked.append("first")
    rows = yield Q.stmt(Q.get_salt, SALT_KEY)
    assert rows == []  # answered on a live connection
    kill_other_connections(pg_url)  # ... which the server then drops
    asked.append("second")
    yield Q.stmt(Q.get_salt, SALT_KEY)
    asked.append("third")  # never reached


@pytest.mark.parametrize("write", [True, False])
def test_connection_lost_mid_operation_is_reported_not_retried(
    root: MemoryManager, pg_url: str, write: bool
) -> None:
    asked: list[str] = []
    with pytest.raises(DatabaseUnavailable, match=r"PostgreSQL at .*:\d+"):
        root._backend.run(_lost_midway(pg_url, asked), write=write)
    assert asked == ["first", "second"]  # not run again: part of it had already run
    assert root.for_tenant("acme").recall("ana") == []  # the manager itself still works


async def test_async_connection_lost_mid_operation_is_reported_not_retried(
    root: MemoryManager, pg_url: str
) -> None:
    try:
        asked: list[str] = []
        with pytest.raises(DatabaseUnavailable, match=r"PostgreSQL at .*:\d+"):
            await root._backend.arun(_lost_midway(pg_url, asked), write=True)
        assert asked == ["first", "second"]
        assert await root.for_tenant("acme").arecall("ana") == []
    finally:
        await root.aclose()


def test_statement_errors_are_not_mistaken_for_lost_connections(root: MemoryManager) -> None:
    runs: list[int] = []

    def op() -> Op[None]:
        runs.append(1)
        yield Q.stmt(Q.get_salt, {"tenant_id": "acme"})  # no :user_id

    with pytest.raises(psycopg.Error) as raised:
        root._backend.run(op(), write=True)
    assert not isinstance(raised.value, DatabaseUnavailable)
    assert runs == [1]
