"""PostgreSQL executors (psycopg 3, pooled): one transaction per operation, nothing else."""

from __future__ import annotations

from typing import Any, TypeVar

import psycopg
from psycopg_pool import AsyncConnectionPool

from kassist.pg_pool import open_async_pool, open_pool
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
        self._pool = open_pool(conninfo, max_size=POOL_MAX)

    def run(self, op: Op[T], *, write: bool) -> T:
        with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            return drive(op, lambda stmt: _execute(cur, stmt))

    def migrate(self) -> None:
        with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute(ADVISORY_LOCK)
            try:
                with conn.transaction():
                    cur.execute(EXTENSION)
            except psycopg.Error as exc:
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

    def __init__(self, pool: AsyncConnectionPool[Any]) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, conninfo: str) -> AsyncPostgresDriver:
        return cls(await open_async_pool(conninfo, max_size=POOL_MAX))

    async def run(self, op: Op[T], *, write: bool) -> T:
        async with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            return await adrive(op, lambda stmt: _aexecute(cur, stmt))

    async def migrate(self) -> None:
        async with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            await cur.execute(ADVISORY_LOCK)
            try:
                async with conn.transaction():
                    await cur.execute(EXTENSION)
            except psycopg.Error as exc:
                raise _no_vector(exc) from exc
            await adrive(ops.migrate(DIALECT), lambda stmt: _aexecute(cur, stmt))

    async def close(self) -> None:
        await self._pool.close()
