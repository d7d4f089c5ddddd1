"""PostgreSQL executors (psycopg 3, pooled): one transaction per operation, nothing else.

A pooled connection found dead (server restarted, idle connection killed) before an operation got
its first answer leaves nothing of it behind (its transaction died with the connection), so its
first statement is sent again on a fresh connection (see kassist.pg_pool.Replay). A loss after
that is a DatabaseUnavailable naming the server: the operation may have acted on what it read.
"""

from __future__ import annotations

from typing import Any, TypeVar

import psycopg
from psycopg_pool import AsyncConnectionPool

from kassist.pg_pool import Replay, aretry_if_lost, connection_lost, open_async_pool, open_pool, retry_if_lost
from kassist.sansio import adrive, drive
from knowledge.index import ops
from knowledge.index.dialect import Op, Row, Stmt
from knowledge.index.errors import VectorExtensionUnavailable
from knowledge.index.matrix import MatrixCache
from knowledge.index.sql_postgres import ADVISORY_LOCK, DIALECT, EXTENSION

T = TypeVar("T")
POOL_MAX = 4


def _no_vector(exc: psycopg.Error) -> VectorExtensionUnavailable:
    return VectorExtensionUnavailable(
        f"PostgreSQL cannot provide the pgvector extension ({exc.diag.message_primary or exc}); install "
        "pgvector on the server (https://github.com/pgvector/pgvector) or have an administrator run "
        "'CREATE EXTENSION vector' in this database"
    )


def _params(stmt: Stmt) -> dict[str, Any] | None:
    return dict(stmt.params) if stmt.params else None


def _execute(cur: psycopg.Cursor[Row], stmt: Stmt) -> list[Row]:
    if stmt.many is not None:
        cur.executemany(stmt.sql, stmt.many)
        return []
    cur.execute(stmt.sql, _params(stmt))
    return cur.fetchall() if cur.description else []


class PostgresDriver:
    dialect = DIALECT
    matrices: MatrixCache | None = None

    def __init__(self, conninfo: str) -> None:
        self._conninfo = conninfo
        self._pool = open_pool(conninfo, max_size=POOL_MAX)

    def run(self, op: Op[T], *, write: bool) -> T:
        replay = Replay(op)
        return retry_if_lost(
            self._pool,
            self._conninfo,
            lambda: self._run_once(replay.steps()),
            rerunnable=lambda: replay.rerunnable,
        )

    def _run_once(self, op: Op[T]) -> T:
        with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            return drive(op, lambda stmt: _execute(cur, stmt))

    def migrate(self) -> None:
        # Safe to run again whole, whenever it lost its connection: one transaction under an
        # advisory lock, and only the migrations newer than the recorded version run.
        retry_if_lost(self._pool, self._conninfo, self._migrate_once, rerunnable=lambda: True)

    def _migrate_once(self) -> None:
        with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(ADVISORY_LOCK)
            try:
                with conn.transaction():
                    cur.execute(EXTENSION)
            except psycopg.Error as exc:
                if connection_lost(exc):
                    raise  # the server's doing, not pgvector's: retried or reported as unreachable
                raise _no_vector(exc) from exc
            drive(ops.migrate(DIALECT), lambda stmt: _execute(cur, stmt))

    def close(self) -> None:
        self._pool.close()


async def _aexecute(cur: psycopg.AsyncCursor[Row], stmt: Stmt) -> list[Row]:
    if stmt.many is not None:
        await cur.executemany(stmt.sql, stmt.many)
        return []
    await cur.execute(stmt.sql, _params(stmt))
    return await cur.fetchall() if cur.description else []


class AsyncPostgresDriver:
    dialect = DIALECT
    matrices: MatrixCache | None = None

    def __init__(self, pool: AsyncConnectionPool[Any], conninfo: str) -> None:
        self._pool = pool
        self._conninfo = conninfo

    @classmethod
    async def open(cls, conninfo: str) -> AsyncPostgresDriver:
        return cls(await open_async_pool(conninfo, max_size=POOL_MAX), conninfo)

    async def run(self, op: Op[T], *, write: bool) -> T:
        replay = Replay(op)
        return await aretry_if_lost(
            self._pool,
            self._conninfo,
            lambda: self._run_once(replay.steps()),
            rerunnable=lambda: replay.rerunnable,
        )

    async def _run_once(self, op: Op[T]) -> T:
        async with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            return await adrive(op, lambda stmt: _aexecute(cur, stmt))

    async def migrate(self) -> None:
        # See PostgresDriver.migrate.
        await aretry_if_lost(self._pool, self._conninfo, self._migrate_once, rerunnable=lambda: True)

    async def _migrate_once(self) -> None:
        async with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            await cur.execute(ADVISORY_LOCK)
            try:
                async with conn.transaction():
                    await cur.execute(EXTENSION)
            except psycopg.Error as exc:
                if connection_lost(exc):
                    raise
                raise _no_vector(exc) from exc
            await adrive(ops.migrate(DIALECT), lambda stmt: _aexecute(cur, stmt))

    async def close(self) -> None:
        await self._pool.close()
