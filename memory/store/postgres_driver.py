"""Thin PostgreSQL executor: a psycopg pool (sync) and a lazily created async pool.

Each batch takes one pooled connection and one transaction; there is no store-wide lock, so
concurrent batches run in parallel up to the pool size.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool, ConnectionPool, PoolTimeout

from kassist.dburl import postgres_target, postgres_unavailable
from kassist.pg_pool import (
    apool_timeout_error,
    connection_lost,
    open_async_pool,
    open_pool,
    pool_timeout_error,
)
from kassist.sansio import adrive, drive
from memory.store.migrations import Program, StoreNotSetUp
from memory.store.postgres_sql import CREATE_VECTOR_EXTENSION, SETUP_LOCK
from memory.store.statements import Fetch, Request

CONNECT_TIMEOUT_S = 5
# A batch is safe to run again: puts are upserts carrying their own timestamps, reads are reads.
# So deadlocks, serialization failures and dropped connections (server restart, idle connection
# killed) are retried with a fresh program on a fresh pooled connection.
RETRIES = 2
BACKOFF_S = 0.05


class VectorExtensionUnavailable(RuntimeError):
    """pgvector is not installed in the server or the role may not create it."""


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def _retryable(exc: BaseException) -> bool:
    if isinstance(exc, psycopg.errors.DeadlockDetected | psycopg.errors.SerializationFailure):
        return True
    return connection_lost(exc)


def _translate(conninfo: str, exc: BaseException) -> BaseException:
    if isinstance(exc, psycopg.errors.UndefinedTable) and "kassist_store" in str(exc):
        return StoreNotSetUp(
            f"no memory store tables in {postgres_target(conninfo)}; call store.setup() once"
        )
    if connection_lost(exc):  # (a PoolTimeout never gets here: run/arun say why there was none)
        return postgres_unavailable(conninfo, exc)
    return exc


class PostgresDriver:
    def __init__(self, conninfo: str, *, pool_size: int = 8) -> None:
        self.conninfo = conninfo
        self.pool_size = pool_size
        self._pool: ConnectionPool[Any] | None = None
        self._apool: AsyncConnectionPool[Any] | None = None
        self._apool_loop: asyncio.AbstractEventLoop | None = None
        self._pool_lock = threading.Lock()
        self._apool_lock: asyncio.Lock | None = None

    def probe(self) -> None:
        """Fail now, naming host:port/db, if the server cannot be reached."""
        try:
            psycopg.connect(self.conninfo, connect_timeout=CONNECT_TIMEOUT_S).close()
        except psycopg.OperationalError as exc:
            raise postgres_unavailable(self.conninfo, exc) from exc

    def _sync_pool(self) -> ConnectionPool[Any]:
        with self._pool_lock:
            if self._pool is None:
                self._pool = open_pool(
                    self.conninfo, max_size=self.pool_size, connect_timeout=CONNECT_TIMEOUT_S
                )
            return self._pool

    async def _async_pool(self) -> AsyncConnectionPool[Any]:
        loop = asyncio.get_running_loop()
        if self._apool_loop is not loop:
            # An async pool (and its lock) belongs to the loop that made it: a store reused from a
            # new loop (e.g. a second asyncio.run) gets a fresh pool instead of a dead one.
            self._apool, self._apool_loop, self._apool_lock = None, loop, asyncio.Lock()
        assert self._apool_lock is not None
        async with self._apool_lock:
            if self._apool is None:
                self._apool = await open_async_pool(
                    self.conninfo, max_size=self.pool_size, connect_timeout=CONNECT_TIMEOUT_S
                )
            return self._apool

    def run(self, make_program: Callable[[], Program], *, write: bool = True) -> Any:
        for attempt in range(RETRIES + 1):
            try:
                return self._run_once(make_program())
            except PoolTimeout:
                raise pool_timeout_error(self._sync_pool(), self.conninfo) from None
            except psycopg.Error as exc:
                if attempt == RETRIES or not _retryable(exc):
                    raise _translate(self.conninfo, exc) from exc
                time.sleep(BACKOFF_S * 4**attempt)
        raise AssertionError("unreachable")

    def _run_once(self, program: Program) -> Any:
        pool = self._sync_pool()
        with pool.connection() as conn, conn.transaction(), conn.cursor() as cur:

            def execute(request: Request) -> Any:
                if isinstance(request, Fetch):
                    cur.execute(request.sql, request.params or None)  # type: ignore[arg-type]
                    return cur.fetchall() if cur.description else []
                if len(request.param_sets) == 1:
                    cur.execute(request.sql, request.param_sets[0] or None)  # type: ignore[arg-type]
                else:
                    cur.executemany(request.sql, request.param_sets)  # type: ignore[arg-type]
                return cur.rowcount

            return drive(program, execute)

    async def arun(self, make_program: Callable[[], Program], *, write: bool = True) -> Any:
        for attempt in range(RETRIES + 1):
            try:
                return await self._arun_once(make_program())
            except PoolTimeout:
                raise await apool_timeout_error(await self._async_pool(), self.conninfo) from None
            except psycopg.Error as exc:
                if attempt == RETRIES or not _retryable(exc):
                    raise _translate(self.conninfo, exc) from exc
                await asyncio.sleep(BACKOFF_S * 4**attempt)
        raise AssertionError("unreachable")

    async def _arun_once(self, program: Program) -> Any:
        pool = await self._async_pool()
        async with pool.connection() as conn, conn.transaction(), conn.cursor() as cur:

            async def execute(request: Request) -> Any:
                if isinstance(request, Fetch):
                    await cur.execute(request.sql, request.params or None)  # type: ignore[arg-type]
                    return await cur.fetchall() if cur.description else []
                if len(request.param_sets) == 1:
                    await cur.execute(request.sql, request.param_sets[0] or None)  # type: ignore[arg-type]
                else:
                    await cur.executemany(request.sql, request.param_sets)  # type: ignore[arg-type]
                return cur.rowcount

            return await adrive(program, execute)

    def ensure_vector_extension(self) -> None:
        try:
            # Under the setup lock: two concurrent CREATE EXTENSION IF NOT EXISTS can still collide.
            with (
                psycopg.connect(self.conninfo, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S) as conn,
                conn.transaction(),
            ):
                conn.execute(SETUP_LOCK)
                conn.execute(CREATE_VECTOR_EXTENSION)
        except psycopg.OperationalError as exc:
            if connection_lost(exc):
                raise postgres_unavailable(self.conninfo, exc) from exc
            raise self._no_vector(exc) from exc
        except psycopg.Error as exc:
            raise self._no_vector(exc) from exc

    def _no_vector(self, exc: psycopg.Error) -> VectorExtensionUnavailable:
        return VectorExtensionUnavailable(
            f"pgvector is not available in {postgres_target(self.conninfo)} ({' '.join(str(exc).split())}); install "
            "pgvector >= 0.8 on the server and run CREATE EXTENSION vector as a superuser"
        )

    def close(self) -> None:
        with self._pool_lock:
            if self._pool is not None:
                self._pool.close()
                self._pool = None
        if self._apool is not None:
            # An async pool must be closed by aclose() on its loop; dropping it here lets its
            # connections be collected.
            self._apool = None

    async def aclose(self) -> None:
        if self._apool is not None:
            await self._apool.close()
            self._apool = None
        with self._pool_lock:
            if self._pool is not None:
                self._pool.close()
                self._pool = None
