"""The PostgreSQL executor of every kassist component: one per server and process (see
kassist.db.shared), so all components share one pool instead of one each.

The sync pool serves sync calls; the async pool is created lazily inside the running event loop
(a pool is bound to its loop). Operations that are not ``single`` run in pipeline mode: BEGIN
travels with the first statement, statements whose rows are not wanted do not wait for a round
trip, whatever follows the last fetch travels with COMMIT (a checkpoint put is two round trips, a
memory remember about four). ``single`` operations (one statement, typically a read) start in
autocommit and save BEGIN and COMMIT; one that turns out to need more sends its own BEGIN, and
what it opened is committed here.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any, TypeVar

import psycopg
from psycopg.pq import TransactionStatus
from psycopg.rows import tuple_row
from psycopg_pool import AsyncConnectionPool, ConnectionPool

from kassist.db import retry
from kassist.db.execute_postgres import aexecute, execute
from kassist.db.pool_postgres import (
    AsyncPool,
    Interrupted,
    Pool,
    PoolSettings,
    Replay,
    aretry_if_lost,
    open_async_pool,
    open_pool,
    retry_if_lost,
)
from kassist.db.refused_postgres import refused
from kassist.db.sansio import adrive, drive
from kassist.db.statements import DEFAULT, Compile, Local, Op, Options, Stmt

T = TypeVar("T")
POOL_SIZE = 8
CONNECT_TIMEOUT_S = 10.0
_IN_TRANSACTION = (TransactionStatus.INTRANS, TransactionStatus.INERROR)


class _LifoPool(Pool):
    """Hands out the most recently returned connection first.

    psycopg_pool rotates through its connections (FIFO), so sequential calls each land on a
    backend that has been idle longest: measured 0.40 ms per get_tuple over 8 connections against
    0.20 ms over one. LIFO keeps sequential work on one warm backend and still uses them all
    under concurrency. (Overrides one private hook, called under the pool's lock; psycopg_pool is
    pinned in constraints.txt.)
    """

    def _get_ready_connection(self, timeout: float | None) -> Any:
        if self._pool:
            self._pool.rotate(1)
        return super()._get_ready_connection(timeout)


class _AsyncLifoPool(AsyncPool):
    """The async twin of :class:`_LifoPool`."""

    async def _get_ready_connection(self, timeout: float | None) -> Any:  # noqa: ASYNC109 (library signature)
        if self._pool:
            self._pool.rotate(1)
        return await super()._get_ready_connection(timeout)


def _always() -> bool:
    return True


class _Progress:
    """How far one attempt of a transaction got: once its COMMIT is on its way, a lost connection
    leaves the outcome unknown, and the operation must not run again (kassist.db.retry)."""

    __slots__ = ("committing",)

    def __init__(self) -> None:
        self.committing = False


def _restartable(restart: bool, single: bool, progress: _Progress) -> Callable[[], bool]:
    # Only a transaction of our own (not a single op in autocommit, whose statements each took
    # effect as they ran) that had not sent its COMMIT is known to be rolled back by the server.
    if not restart or single:
        return lambda: False
    return lambda: not progress.committing


def _open_transaction(conn: psycopg.Connection[Any] | psycopg.AsyncConnection[Any]) -> bool:
    """Whether an operation left a transaction to end (never true of a broken connection, which
    the pool replaces; a ROLLBACK sent there would hide the error that broke it)."""
    return not conn.closed and conn.info.transaction_status in _IN_TRANSACTION


def _answered_blind(compile: Compile) -> Callable[[Any], bool]:
    # In a pipeline a statement that fetches nothing is answered at once, before the server
    # speaks; local work (an embedding) never asks the server.
    def blind(request: Any) -> bool:
        compiled = compile(request)
        if type(compiled) is Local:
            return True
        stmts = (compiled,) if type(compiled) is Stmt else compiled
        return not any(s.fetch for s in stmts)  # type: ignore[union-attr]

    return blind


def _replay(op: Op[T], single: bool, opts: Options) -> Replay[Any, Any, T]:
    # A single op runs in autocommit, where a statement takes effect as it runs: none is blind,
    # so only its first is ever sent twice (it must be safe to run twice: a read, an upsert).
    if single:
        return Replay(op)
    return Replay(op, blind=opts.blind or _answered_blind(opts.compile))


# A count needs the server's answer: executemany syncs on its own, and a single statement in a
# pipeline is synced by a nested one (a pipeline block inside another syncs when it ends).


# Statements go through ``conn.execute`` (a fresh cursor each): in pipeline mode a reused cursor
# hands back the oldest unread result, and ``executemany`` opens a nested pipeline that syncs on
# its own, so ``many`` is a loop of queued executes there (outside one, executemany pipelines).


class PostgresDatabase:
    """The PostgreSQL server at ``conninfo``: one sync pool, one async pool per event loop."""

    backend = "postgres"

    def __init__(
        self, conninfo: str, *, pool_size: int = POOL_SIZE, connect_timeout: float = CONNECT_TIMEOUT_S
    ) -> None:
        if pool_size < 1:
            raise ValueError(f"pool_size must be at least 1, got {pool_size}")
        self.conninfo = conninfo
        self.pool_size = pool_size
        self.connect_timeout = connect_timeout
        self._pool: ConnectionPool[Any] | None = None
        self._apool: AsyncConnectionPool[Any] | None = None
        self._apool_loop: asyncio.AbstractEventLoop | None = None
        self._apool_lock: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = None
        self._closing: asyncio.Task[None] | None = None
        self._guard = threading.Lock()  # guards pool creation only

    def describe(self) -> str:
        from kassist.dburl import postgres_target

        return f"PostgreSQL at {postgres_target(self.conninfo)}"

    def _settings(self) -> PoolSettings:
        # Autocommit (open_pool sets it): a one-statement read needs no BEGIN/COMMIT; everything
        # else opens a transaction. Generic plans: statements are written for key lookups, and
        # re-planning the checkpointer's get_tuple for each call cost more than running it.
        # Rows are tuples (kassist.db's one row shape): set here once, never per call.
        kwargs = {"row_factory": tuple_row, "options": "-c plan_cache_mode=force_generic_plan"}
        return {"min_size": self.pool_size, "connect_timeout": self.connect_timeout, "kwargs": kwargs}

    # Pools open all ``pool_size`` connections up front: a pool that grows on demand adds one
    # connection at a time, so the first bursts of concurrent calls would queue behind too few.
    def pool(self) -> ConnectionPool[Any]:
        if self._pool is not None:  # every call passes here: no lock once the pool exists
            return self._pool
        with self._guard:
            if self._pool is None:
                self._pool = open_pool(
                    self.conninfo, max_size=self.pool_size, pool_class=_LifoPool, **self._settings()
                )
            return self._pool

    async def apool(self) -> AsyncConnectionPool[Any]:
        loop = asyncio.get_running_loop()
        if self._apool is not None and self._apool_loop is loop:
            return self._apool
        if self._apool_lock is None or self._apool_lock[0] is not loop:
            self._apool_lock = (loop, asyncio.Lock())
        async with self._apool_lock[1]:  # the first callers of a new loop create one pool, not several
            if self._apool is not None and self._apool_loop is loop:
                return self._apool
            pool = await open_async_pool(
                self.conninfo, max_size=self.pool_size, pool_class=_AsyncLifoPool, **self._settings()
            )
            replaced = (self._apool, self._apool_loop)
            self._apool, self._apool_loop = pool, loop
            _close_pool_on_its_loop(*replaced)
            return pool

    def _run_on(
        self, conn: psycopg.Connection[Any], steps: Op[T], single: bool, opts: Options, progress: _Progress
    ) -> T:
        compile, binary = opts.compile, opts.binary
        progress.committing = False
        try:
            if single:
                result = drive(steps, lambda r: execute(conn, r, compile, False, binary))
                if _open_transaction(conn):
                    conn.execute("COMMIT")
                return result
            with conn.pipeline():
                conn.execute("BEGIN")
                result = drive(steps, lambda r: execute(conn, r, compile, True, binary))
                progress.committing = True
                conn.execute("COMMIT")
            return result
        except BaseException:
            if _open_transaction(conn):
                conn.execute("ROLLBACK")
            raise

    async def _arun_on(
        self,
        conn: psycopg.AsyncConnection[Any],
        steps: Op[T],
        single: bool,
        opts: Options,
        progress: _Progress,
    ) -> T:
        compile, binary = opts.compile, opts.binary
        progress.committing = False
        try:
            if single:
                result = await adrive(steps, lambda r: aexecute(conn, r, compile, False, binary))
                if _open_transaction(conn):
                    await conn.execute("COMMIT")
                return result
            async with conn.pipeline():
                await conn.execute("BEGIN")
                result = await adrive(steps, lambda r: aexecute(conn, r, compile, True, binary))
                progress.committing = True
                await conn.execute("COMMIT")
            return result
        except BaseException:
            if _open_transaction(conn):
                await conn.execute("ROLLBACK")
            raise

    # getconn/putconn rather than ``pool.connection()``: that context manager also runs the
    # connection's own ``with`` block, whose COMMIT call (a no-op in autocommit) took a lock and a
    # wait of its own at every call. Transactions are ended in _run_on, and putconn discards a
    # broken connection. The retry rules are kassist.db.retry's.
    def run(
        self,
        op: Op[T],
        opts: Options = DEFAULT,
        *,
        write: bool = False,
        single: bool = False,
        again: Callable[[], Op[T]] | None = None,
    ) -> T:
        """Run ``op`` in one transaction on one pooled connection (``single``: in autocommit),
        answering its requests as ``opts`` says. ``again`` builds the operation afresh: with it,
        a deadlock or serialization failure re-runs it whole (kassist.db.retry). ``write`` is
        accepted for symmetry with SQLite (PostgreSQL's own row locks order writers)."""
        reruns = retry.Reruns(again)
        while True:
            try:
                return self._run_replayed(op, opts, single, restart=again is not None)
            except (psycopg.Error, Interrupted) as exc:
                refused(self.conninfo, exc)
                op, delay = reruns.after(exc)
            time.sleep(delay)

    def _run_replayed(self, op: Op[T], opts: Options, single: bool, *, restart: bool = False) -> T:
        replay, progress = _replay(op, single, opts), _Progress()
        pool = self.pool()

        def attempt() -> T:
            conn = pool.getconn()
            try:
                return self._run_on(conn, replay.steps(), single, opts, progress)
            finally:
                pool.putconn(conn)

        return retry_if_lost(
            pool,
            self.conninfo,
            attempt,
            rerunnable=lambda: replay.rerunnable,
            restartable=_restartable(restart, single, progress),
        )

    def run_one(self, sql: str, params: Any, *, write: bool = False) -> Any:
        """One statement alone, outside any operation, in autocommit on one pooled connection: for
        a write, the number of rows it changed; for a read, its rows as tuples (fetched in binary).
        What :meth:`run` does for a ``single`` op of one statement, without the operation: the hot
        calls of a component (a checkpoint put extending the head, the read of a head row) take no
        generator, compile step or request object. Errors are :meth:`run`'s: a connection lost
        before the answer runs the statement again on a fresh one (it must be safe to run twice,
        as a single op's first statement is), a pool that gives no connection is
        DatabaseUnavailable, a refusal of the server's setup kassist.db.refused_postgres's, and a
        statement's own error is psycopg's."""
        pool = self.pool()

        def attempt() -> Any:
            conn = pool.getconn()
            try:
                cur = conn.execute(sql, params, binary=not write)
                return cur.rowcount if write else cur.fetchall()
            finally:
                pool.putconn(conn)

        try:
            return retry_if_lost(pool, self.conninfo, attempt, rerunnable=_always)
        except psycopg.Error as exc:
            refused(self.conninfo, exc)
            raise

    async def arun(
        self,
        op: Op[T],
        opts: Options = DEFAULT,
        *,
        write: bool = False,
        single: bool = False,
        again: Callable[[], Op[T]] | None = None,
    ) -> T:
        """The async twin of :meth:`run`."""
        reruns = retry.Reruns(again)
        while True:
            try:
                return await self._arun_replayed(op, opts, single, restart=again is not None)
            except (psycopg.Error, Interrupted) as exc:
                refused(self.conninfo, exc)
                op, delay = reruns.after(exc)
            await asyncio.sleep(delay)

    async def _arun_replayed(self, op: Op[T], opts: Options, single: bool, *, restart: bool = False) -> T:
        replay, progress = _replay(op, single, opts), _Progress()
        pool = await self.apool()

        async def attempt() -> T:
            conn = await pool.getconn()
            try:
                return await self._arun_on(conn, replay.steps(), single, opts, progress)
            finally:
                await pool.putconn(conn)

        return await aretry_if_lost(
            pool,
            self.conninfo,
            attempt,
            rerunnable=lambda: replay.rerunnable,
            restartable=_restartable(restart, single, progress),
        )

    def close(self) -> None:
        with self._guard:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()
        apool, self._apool = self._apool, None
        _close_pool_on_its_loop(apool, self._apool_loop, self)

    async def aclose(self) -> None:
        apool, self._apool = self._apool, None
        if apool is not None:
            await apool.close()
        self.close()


def _close_pool_on_its_loop(
    apool: AsyncConnectionPool[Any] | None,
    loop: asyncio.AbstractEventLoop | None,
    owner: PostgresDatabase | None = None,
) -> None:
    """Close an async pool on the loop it belongs to (a pool is bound to its loop), from anywhere:
    a sync ``close()``, or another loop's first call replacing it. Left open, its tasks stay pending
    on a loop still running elsewhere and its connections stay open on the server."""
    if apool is None or loop is None or loop.is_closed():
        return  # its loop ended: its tasks were cancelled with it, its connections go with the pool
    try:
        current = asyncio.get_running_loop()
    except RuntimeError:
        current = None
    if not loop.is_running():
        if current is None:
            loop.run_until_complete(apool.close())
        # else: a stopped loop cannot run inside a running one; the pool waits for its loop's end
        return
    if current is loop:
        task = loop.create_task(apool.close())  # cannot block inside the loop itself
        if owner is not None:
            owner._closing = task
    elif current is not None:
        # Called from another loop (a replacement): never block it on a loop that may be waiting
        # for this one; the close runs there on its own.
        asyncio.run_coroutine_threadsafe(apool.close(), loop)
    else:
        with suppress(Exception):
            asyncio.run_coroutine_threadsafe(apool.close(), loop).result(timeout=30)
