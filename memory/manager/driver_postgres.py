"""Thin PostgreSQL executors for memory operations: a sync pool and a lazily opened async pool.

A pooled connection found dead (server restarted, idle connection killed) is survived the way
:class:`kassist.pg_pool.Replay` allows: an operation that has had no answer from the server yet is
sent again on a fresh connection; a loss after that is a DatabaseUnavailable.
"""

from __future__ import annotations

import asyncio
from typing import Any, TypeVar

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from kassist.pg_pool import Replay, aretry_if_lost, open_async_pool, open_pool, retry_if_lost
from kassist.sansio import adrive, drive
from knowledge.embedders import Embedder
from memory.manager import sql_postgres as q
from memory.manager.ops import Embed, Op, Step
from memory.manager.statements import pending_migrations

T = TypeVar("T")


def _answered_blind(step: Step) -> bool:
    """Whether a write's step got its answer without the server's word: a statement whose rows are
    not needed is pipelined and answered at once (its effect lives and dies with the transaction),
    and an embedding never asks the server."""
    return isinstance(step, Embed) or step.many is not None or not step.fetch


def _replay(op: Op[T], write: bool) -> Replay[Step, Any, T]:
    # A read runs in autocommit, where a statement takes effect as it runs: none counts as blind,
    # so only its first is ever sent twice, and reads (write=False) are single SELECTs.
    return Replay(op, blind=_answered_blind) if write else Replay(op)


class PostgresBackend:
    """Each operation runs in one transaction on one pooled connection, in pipeline mode: statements
    whose rows are not needed are sent without waiting, so a remember costs about four round trips."""

    backend = "postgres"

    def __init__(self, conninfo: str, embedder: Embedder, *, max_connections: int = 8) -> None:
        self._conninfo = conninfo
        self._embedder = embedder
        self._max = max_connections
        self._pool = open_pool(conninfo, max_size=max_connections)
        self._apool: AsyncConnectionPool[Any] | None = None
        self._apool_lock = asyncio.Lock()

    def setup(self) -> None:
        # Safe to run again whole, whenever it lost its connection: one transaction under an
        # advisory lock, and only the migrations newer than the recorded version run.
        retry_if_lost(self._pool, self._conninfo, self._setup_once, rerunnable=lambda: True)

    def _setup_once(self) -> None:
        with self._pool.connection() as conn, conn.transaction():
            conn.execute(q.LOCK_MIGRATIONS)
            conn.execute(q.CREATE_VERSION_TABLE)
            row = conn.cursor(row_factory=dict_row).execute(q.GET_VERSION).fetchone()
            version = int(row["version"]) if row else 0
            for number, statements in pending_migrations(q.MIGRATIONS, version):
                for statement in statements:
                    try:
                        conn.execute(statement)
                    except psycopg.errors.InsufficientPrivilege as exc:
                        raise PermissionError(
                            f"setting up memory tables failed at {statement.split('(')[0].strip()!r}: {exc}; "
                            "a superuser must run CREATE EXTENSION vector in this database first"
                        ) from exc
                conn.execute(q.SET_VERSION, {"version": number})

    def run(self, op: Op[T], *, write: bool) -> T:
        replay = _replay(op, write)
        return retry_if_lost(
            self._pool,
            self._conninfo,
            lambda: self._run_once(replay.steps(), write),
            rerunnable=lambda: replay.rerunnable,
        )

    def _run_once(self, op: Op[T], write: bool) -> T:
        with self._pool.connection() as conn:
            if not write:  # reads are single statements: autocommit saves the BEGIN/COMMIT round trip
                return drive(op, lambda step: self._execute(conn, step))
            with conn.pipeline(), conn.transaction():
                return drive(op, lambda step: self._execute(conn, step))

    def _execute(self, conn: psycopg.Connection[Any], step: Step) -> Any:
        if isinstance(step, Embed):
            return self._embedder.embed_documents(step.texts)
        sql = q.STATEMENTS[step.name]
        if step.many is not None:
            with conn.cursor() as cur:
                cur.executemany(sql, [q.adapt(p) for p in step.many])
            return []
        if not step.fetch:
            conn.execute(sql, q.adapt(step.params))  # pipelined: no round trip until the next fetch
            return []
        cur = conn.cursor(row_factory=dict_row).execute(sql, q.adapt(step.params))
        return [q.decode_row(row) for row in cur.fetchall()]

    async def _async_pool(self) -> AsyncConnectionPool[Any]:
        async with self._apool_lock:
            if self._apool is None:
                self._apool = await open_async_pool(self._conninfo, max_size=self._max)
            return self._apool

    async def arun(self, op: Op[T], *, write: bool) -> T:
        pool = await self._async_pool()
        replay = _replay(op, write)
        return await aretry_if_lost(
            pool,
            self._conninfo,
            lambda: self._arun_once(pool, replay.steps(), write),
            rerunnable=lambda: replay.rerunnable,
        )

    async def _arun_once(self, pool: AsyncConnectionPool[Any], op: Op[T], write: bool) -> T:
        async with pool.connection() as conn:

            async def execute(step: Step) -> Any:
                if isinstance(step, Embed):
                    return await asyncio.to_thread(self._embedder.embed_documents, step.texts)
                sql = q.STATEMENTS[step.name]
                if step.many is not None:
                    async with conn.cursor() as many_cur:
                        await many_cur.executemany(sql, [q.adapt(p) for p in step.many])
                    return []
                if not step.fetch:
                    await conn.execute(sql, q.adapt(step.params))
                    return []
                cur = await conn.cursor(row_factory=dict_row).execute(sql, q.adapt(step.params))
                return [q.decode_row(row) for row in await cur.fetchall()]

            if not write:
                return await adrive(op, execute)
            async with conn.pipeline(), conn.transaction():
                return await adrive(op, execute)

    def after_erasure(self) -> None:
        """Nothing to do online: deleted tuples are reclaimed by (auto)vacuum; see docs/memory.md."""

    async def aafter_erasure(self) -> None:
        """See :meth:`after_erasure`."""

    def close(self) -> None:
        self._pool.close()

    async def aclose(self) -> None:
        if self._apool is not None:
            await self._apool.close()
            self._apool = None
        self._pool.close()
