"""PostgreSQL executors (psycopg 3, pooled): one transaction per operation, nothing else."""

from __future__ import annotations

from typing import Any, TypeVar

import psycopg
from psycopg_pool import AsyncConnectionPool, ConnectionPool, PoolTimeout

from kassist.dburl import DatabaseUnavailable, postgres_target
from kassist.sansio import adrive, drive
from knowledge.index import ops
from knowledge.index.dialect import Op, Row, Stmt
from knowledge.index.errors import VectorExtensionUnavailable
from knowledge.index.matrix import MatrixCache
from knowledge.index.sql_postgres import ADVISORY_LOCK, DIALECT, EXTENSION

T = TypeVar("T")
POOL_MAX = 4
CONNECT_TIMEOUT_S = 10.0


def _unavailable(conninfo: str, exc: BaseException) -> DatabaseUnavailable:
    return DatabaseUnavailable(
        f"cannot connect to PostgreSQL at {postgres_target(conninfo)}: {exc}; "
        "check that the server runs and KASSIST_DATABASE_URL / --database-url is right"
    )


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
        # One direct attempt first: a pool retries until its timeout and then hides the real reason
        # (refused, unknown host, bad password) behind "couldn't get a connection".
        try:
            psycopg.connect(conninfo, connect_timeout=int(CONNECT_TIMEOUT_S)).close()
        except psycopg.OperationalError as exc:
            raise _unavailable(conninfo, exc) from exc
        self._pool = ConnectionPool(
            conninfo, min_size=1, max_size=POOL_MAX, kwargs={"autocommit": True}, open=False
        )
        try:
            self._pool.open(wait=True, timeout=CONNECT_TIMEOUT_S)
        except (PoolTimeout, psycopg.OperationalError) as exc:
            self._pool.close()
            raise _unavailable(conninfo, exc) from exc

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

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, conninfo: str) -> AsyncPostgresDriver:
        try:
            await (
                await psycopg.AsyncConnection.connect(conninfo, connect_timeout=int(CONNECT_TIMEOUT_S))
            ).close()
        except psycopg.OperationalError as exc:
            raise _unavailable(conninfo, exc) from exc
        pool = AsyncConnectionPool(
            conninfo, min_size=1, max_size=POOL_MAX, kwargs={"autocommit": True}, open=False
        )
        try:
            await pool.open(wait=True, timeout=CONNECT_TIMEOUT_S)
        except (PoolTimeout, psycopg.OperationalError) as exc:
            await pool.close()
            raise _unavailable(conninfo, exc) from exc
        return cls(pool)

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
