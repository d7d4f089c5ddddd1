"""The shared pool factories: a clear, fast error for an unreachable server, a ready pool otherwise."""

from __future__ import annotations

import asyncio
import time
from typing import Any, ClassVar

import psycopg
import pytest
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool, ConnectionPool

from kassist.db.pool_postgres import open_async_pool, open_pool
from kassist.dburl import DatabaseUnavailable

UNREACHABLE = "postgresql://u:secret@127.0.0.1:1/x"
# Port 1 refuses at once: anything near the 10 s default means the pool's retry loop was waited out.
QUICK_S = 5.0
OPTIONS = {"row_factory": dict_row, "options": "-c application_name=kassist_pg_pool_test"}


def _assert_names_target(exc: DatabaseUnavailable) -> None:
    message = str(exc)
    assert "cannot reach PostgreSQL at 127.0.0.1:1/x" in message
    assert "secret" not in message


def test_unreachable_server_fails_fast_with_the_shared_message() -> None:
    start = time.monotonic()
    with pytest.raises(DatabaseUnavailable) as info:
        open_pool(UNREACHABLE, max_size=2)
    assert time.monotonic() - start < QUICK_S
    _assert_names_target(info.value)


async def test_unreachable_server_fails_fast_async() -> None:
    start = time.monotonic()
    with pytest.raises(DatabaseUnavailable) as info:
        await open_async_pool(UNREACHABLE, max_size=2)
    assert time.monotonic() - start < QUICK_S
    _assert_names_target(info.value)


def test_pool_is_open_ready_and_configured(pg_url: str) -> None:
    pool = open_pool(pg_url, min_size=2, max_size=3, kwargs=OPTIONS)
    try:
        assert not pool.closed and pool.max_size == 3
        assert pool.get_stats()["pool_size"] >= 2  # min_size connections were waited for
        with pool.connection() as conn:
            assert conn.autocommit
            row = conn.execute("SELECT current_setting('application_name') AS name").fetchone()
            assert row == {"name": "kassist_pg_pool_test"}
    finally:
        pool.close()


async def test_async_pool_is_open_ready_and_configured(pg_url: str) -> None:
    pool = await open_async_pool(pg_url, min_size=2, max_size=3, kwargs=OPTIONS)
    try:
        assert not pool.closed and pool.max_size == 3
        assert pool.get_stats()["pool_size"] >= 2
        async with pool.connection() as conn:
            assert conn.autocommit
            cur = await conn.execute("SELECT current_setting('application_name') AS name")
            assert await cur.fetchone() == {"name": "kassist_pg_pool_test"}
    finally:
        await pool.close()


class _FailingPool(ConnectionPool[Any]):
    """Reachable for the direct attempt, but every pooled connection fails."""

    made: ClassVar[list[ConnectionPool[Any]]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.made.append(self)

    def _connect(self, timeout: float | None = None) -> Any:
        raise psycopg.OperationalError("injected: pooled connection refused")


class _AsyncFailingPool(AsyncConnectionPool[Any]):
    made: ClassVar[list[AsyncConnectionPool[Any]]] = []
    tried: ClassVar[asyncio.Event]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.made.append(self)

    async def _connect(self, timeout: float | None = None) -> Any:  # noqa: ASYNC109 (library signature)
        self.tried.set()
        raise psycopg.OperationalError("injected: pooled connection refused")


def test_pool_that_never_fills_is_closed_and_reported(pg_url: str) -> None:
    _FailingPool.made.clear()
    with pytest.raises(DatabaseUnavailable, match="cannot reach PostgreSQL at "):
        open_pool(pg_url, max_size=2, connect_timeout=1, pool_class=_FailingPool)
    assert [pool.closed for pool in _FailingPool.made] == [True]


async def test_cancelled_open_closes_the_half_open_pool(pg_url: str) -> None:
    _AsyncFailingPool.made.clear()
    _AsyncFailingPool.tried = asyncio.Event()
    opening = asyncio.create_task(open_async_pool(pg_url, max_size=2, pool_class=_AsyncFailingPool))
    await asyncio.wait_for(_AsyncFailingPool.tried.wait(), timeout=5)  # the pool is open and retrying
    opening.cancel()
    with pytest.raises(asyncio.CancelledError):
        await opening
    assert [pool.closed for pool in _AsyncFailingPool.made] == [True]
