"""Opening psycopg pools the same way in every PostgreSQL driver, and surviving their dead connections.

Each factory connects once directly, then opens the pool and waits for its first ``min_size``
connections. A failure either way is :func:`kassist.dburl.postgres_unavailable`, and a pool that
did not open is closed rather than left retrying in the background.

A pooled connection can be dead on arrival (server restarted, idle connection killed by a proxy or
``pg_terminate_backend``). :func:`retry_if_lost` runs an operation once more on a fresh connection
when that is safe, and :class:`Replay` tells a driver when it is for a sans-I/O operation.
"""

from __future__ import annotations

import asyncio
import math
import threading
from collections.abc import Awaitable, Callable, Generator, Mapping
from typing import Any, Generic, TypedDict, TypeVar, Unpack

import psycopg
from psycopg_pool import AsyncConnectionPool, ConnectionPool, PoolTimeout
from psycopg_pool.base import BasePool
from psycopg_pool.pool import AddConnection
from psycopg_pool.pool_async import AddConnection as AsyncAddConnection

from kassist.db.pool_logging import Outage
from kassist.db.pool_verdict import (
    Probe,
    Reconnecting,
    apool_timeout_error,
    aprobe,
    pool_timeout_error,
    probe,
)
from kassist.db.refused_postgres import connection_limit, too_many_connections
from kassist.dburl import DatabaseUnavailable, postgres_unavailable

CONNECT_TIMEOUT_S = 10.0
Req = TypeVar("Req")
Res = TypeVar("Res")
T = TypeVar("T")


def connection_lost(exc: BaseException) -> bool:
    """Whether ``exc`` means the connection itself is gone (server restart, idle connection killed,
    network cut), as opposed to an error in the statement: no SQLSTATE (the socket failed), a
    connection exception (08xxx), a server shutdown (57P01-57P03) or a session the server ended for
    idling (57P05, ``idle_session_timeout``: a pooled connection between two calls; it failed the
    next call, a 500 per turn on kassist serve after each idle gap)."""
    if not isinstance(exc, psycopg.OperationalError):
        return False
    state = exc.sqlstate
    return state is None or state.startswith("08") or state in ("57P01", "57P02", "57P03", "57P05")


RECONNECT_MAX_DELAY_S = 1.0


def _reconnect_delay(pool: BasePool, delay: float) -> float:
    # psycopg_pool retries a lost connection with a doubling delay (1, 2, 4, 8 s...): after a
    # restart that outlasted a few attempts, the pool stayed empty for seconds after the server was
    # back, and calls timed out on a pool whose connections were not busy but missing. Retrying
    # at least every second (and within a quarter of the call's wait) brings them back at once.
    return min(delay, RECONNECT_MAX_DELAY_S, max(0.1, pool.timeout / 4))


class Pool(ConnectionPool[Any]):
    """The pool every kassist driver opens: it reconnects lost connections promptly and counts the
    connections it has lent, so a call that waited in vain is told whether they were busy."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.lent = 0
        self._lent_lock = threading.Lock()
        self.refused: BaseException | None = None
        """The last connection the server refused (what a pool that timed out opening says)."""
        self.probe = Probe()
        self._probe_lock = threading.Lock()
        super().__init__(*args, **kwargs)
        self.outage = Outage(str(self.conninfo), self.timeout)

    def _connect(self, timeout: float | None = None) -> Any:
        # Every connection the pool opens passes here: the first failure of an outage is said
        # once (kassist.db.pool_logging), the first success after it ends the outage.
        try:
            conn = super()._connect(timeout)
        except Exception as exc:
            self.refused = exc
            self.outage.failed(exc)
            raise
        self.outage.recovered()
        return conn

    def getconn(self, timeout: float | None = None) -> Any:
        conn = super().getconn(timeout)
        with self._lent_lock:
            self.lent += 1
        return conn

    def putconn(self, conn: Any) -> None:
        with self._lent_lock:
            self.lent -= 1
        super().putconn(conn)

    def schedule_task(self, task: Any, delay: float) -> None:
        if isinstance(task, AddConnection):
            delay = _reconnect_delay(self, delay)
        super().schedule_task(task, delay)

    def probed(self) -> psycopg.OperationalError | None:
        """:func:`~kassist.db.pool_verdict.probe`'s answer, one probe at a time (:class:`Probe`)."""
        with self._probe_lock:
            return self.probe.answer if self.probe.fresh() else self.probe.keep(probe(str(self.conninfo)))


class AsyncPool(AsyncConnectionPool[Any]):
    """The async twin of :class:`Pool` (one event loop: no lock around the count)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.lent = 0
        self.refused: BaseException | None = None  # Pool.refused
        self.probe = Probe()
        self._probe_lock = asyncio.Lock()
        super().__init__(*args, **kwargs)
        self.outage = Outage(str(self.conninfo), self.timeout)

    async def _connect(self, timeout: float | None = None) -> Any:  # noqa: ASYNC109 (library signature)
        try:
            conn = await super()._connect(timeout)
        except Exception as exc:
            self.refused = exc
            self.outage.failed(exc)
            raise
        self.outage.recovered()
        return conn

    async def getconn(self, timeout: float | None = None) -> Any:  # noqa: ASYNC109 (library signature)
        conn = await super().getconn(timeout)
        self.lent += 1
        return conn

    async def putconn(self, conn: Any) -> None:
        self.lent -= 1
        await super().putconn(conn)

    async def schedule_task(self, task: Any, delay: float) -> None:
        if isinstance(task, AsyncAddConnection):
            delay = _reconnect_delay(self, delay)
        await super().schedule_task(task, delay)

    async def probed(self) -> psycopg.OperationalError | None:
        """The async twin of :meth:`Pool.probed`."""
        async with self._probe_lock:
            if self.probe.fresh():
                return self.probe.answer
            return self.probe.keep(await aprobe(str(self.conninfo)))


def _connect_kwargs(connect_timeout: float, extra: Mapping[str, Any] | None) -> dict[str, Any]:
    # Autocommit everywhere: drivers open their own transactions, and a one-statement read then
    # costs no BEGIN/COMMIT. libpq reads connect_timeout as whole seconds with 0 meaning "wait
    # forever", so a fraction is rounded up, never down to 0.
    return {"autocommit": True, **(extra or {}), "connect_timeout": max(1, math.ceil(connect_timeout))}


def connect_once(
    conninfo: str, connect_timeout: float = CONNECT_TIMEOUT_S, kwargs: Mapping[str, Any] | None = None
) -> None:
    """One direct connection, closed at once, or :class:`DatabaseUnavailable` naming the server's
    reason: the first thing :func:`open_pool` does, and what ``kassist serve`` checks at start-up,
    so both say the same."""
    try:
        psycopg.connect(conninfo, **_connect_kwargs(connect_timeout, kwargs)).close()
    except psycopg.OperationalError as exc:
        _raise_limited(conninfo, exc)
        raise postgres_unavailable(conninfo, exc) from None


def _raise_limited(conninfo: str, exc: BaseException, max_size: int | None = None) -> None:
    """A connection refused at a connection limit is that limit, not "cannot reach" (h8 s31 #6)."""
    if connection_limit(exc):
        raise too_many_connections(conninfo, exc, max_size) from None


def _raise_unavailable(conninfo: str, exc: BaseException) -> None:
    """A pool that could not open: the server's reason, for a refused connection or a timeout
    (any other exception, an interrupt above all, is the caller's to re-raise)."""
    if isinstance(exc, PoolTimeout | psycopg.OperationalError):
        raise postgres_unavailable(conninfo, exc) from None


class PoolSettings(TypedDict, total=False):
    """How a pool opens, the same for the sync and the async one: ``min_size`` connections ready
    first (default 1); ``connect_timeout`` bounding each connection attempt and each wait for a
    pooled connection (default 10 s); ``kwargs`` extra connection arguments (row factory, server
    options)."""

    min_size: int
    connect_timeout: float
    kwargs: Mapping[str, Any] | None


def _pool_args(max_size: int, settings: PoolSettings) -> tuple[dict[str, Any], dict[str, Any], float]:
    """(arguments of a direct connection, of the pool, the timeout) for ``settings``."""
    timeout = settings.get("connect_timeout", CONNECT_TIMEOUT_S)
    connect = _connect_kwargs(timeout, settings.get("kwargs"))
    # The same bound for a call waiting on a pooled connection: psycopg_pool's own default (30 s)
    # made every call hang half a minute once the server was down.
    pool = {"min_size": settings.get("min_size", 1), "max_size": max_size, "kwargs": connect,
            "timeout": timeout, "open": False}  # fmt: skip
    return connect, pool, timeout


def open_pool(
    conninfo: str, *, max_size: int, pool_class: type[Pool] = Pool, **settings: Unpack[PoolSettings]
) -> Pool:
    """An open pool whose first ``min_size`` connections are ready, or :class:`DatabaseUnavailable`."""
    _, made, timeout = _pool_args(max_size, settings)
    # The direct attempt comes first because a pool retries until its timeout and then hides the
    # real reason (refused, unknown host, bad password) behind "couldn't get a connection".
    connect_once(conninfo, timeout, settings.get("kwargs"))
    pool = pool_class(conninfo, **made)
    try:
        pool.open(wait=True, timeout=timeout)
    except BaseException as exc:
        pool.close()  # also on an interrupt: its workers would keep reconnecting
        # A server whose connection limit the pool reached said so to the pool's workers: that is
        # the reason (h8 s31 #6: it was "cannot reach PostgreSQL ... pool initialization incomplete").
        refused = getattr(pool, "refused", None)
        if isinstance(exc, PoolTimeout) and refused is not None:
            _raise_limited(conninfo, refused, max_size)
        _raise_unavailable(conninfo, exc)
        raise
    return pool


async def open_async_pool(
    conninfo: str, *, max_size: int, pool_class: type[AsyncPool] = AsyncPool, **settings: Unpack[PoolSettings]
) -> AsyncPool:
    """The async twin of :func:`open_pool`; the pool belongs to the running event loop."""
    connect, made, timeout = _pool_args(max_size, settings)
    try:
        await (await psycopg.AsyncConnection.connect(conninfo, **connect)).close()
    except psycopg.OperationalError as exc:
        _raise_limited(conninfo, exc)
        raise postgres_unavailable(conninfo, exc) from None
    pool = pool_class(conninfo, **made)
    try:
        await pool.open(wait=True, timeout=timeout)
    except BaseException as exc:
        await pool.close()  # also on cancellation: its workers would keep reconnecting
        refused = getattr(pool, "refused", None)  # open_pool's
        if isinstance(exc, PoolTimeout) and refused is not None:
            _raise_limited(conninfo, refused, max_size)
        _raise_unavailable(conninfo, exc)
        raise
    return pool


class Replay(Generic[Req, Res, T]):
    """A sans-I/O operation that a driver can start over on a fresh connection, unknown to the
    operation, for as long as no answer from the server has reached it.

    Up to then the operation has decided nothing on what the database holds, and what it sent was
    lost with the connection: inside a transaction, the server rolled it back; in autocommit, it
    got no further than its first statement, which the driver must know to be safe to run twice
    (a read). So all of it is sent again: the requests answered ``blind`` (without the server's
    word: a pipelined write, an embedding) and the one still waiting. A driver that waits for every
    answer passes no ``blind``, and only the first request is ever sent again.
    """

    def __init__(self, op: Generator[Req, Res, T], *, blind: Callable[[Req], bool] = lambda _: False) -> None:
        self._op = op
        self._blind = blind
        self._sent: list[Req] = []  # answered blind, in order
        self._waiting: list[Req] = []  # the request the operation waits on (none before it starts)
        self._told = False
        self._finished = False

    @property
    def rerunnable(self) -> bool:
        """Whether the operation can start over: no server answer reached it, and it has not
        finished (its COMMIT may have been applied without the answer getting back)."""
        return not self._told and not self._finished

    def steps(self) -> Generator[Req, Res, T]:
        """The operation as a new attempt runs it: its blind requests again, then on from where it is."""
        for request in self._sent:
            yield request  # the operation already has its (blind) answer
        try:
            if not self._waiting:
                self._waiting.append(next(self._op))
            while True:
                request = self._waiting[0]
                answer = yield request
                if self._blind(request):
                    self._sent.append(request)
                else:
                    self._told = True
                self._waiting[0] = self._op.send(answer)
        except StopIteration as stop:
            self._finished = True
            result: T = stop.value
            return result


class Interrupted(DatabaseUnavailable):
    """The connection was lost half-way through a transaction that had not reached its COMMIT:
    the server rolled all of it back, so an operation its caller can build afresh may run again
    from the start (kassist.db.retry); for any other caller this is DatabaseUnavailable."""


def _tries(pool: ConnectionPool[Any] | AsyncConnectionPool[Any]) -> int:
    # Purging (pool.check) drops the dead idle connections it sees, but a connection the pool was
    # still re-establishing when the server dropped it can join the pool after the purge; each try
    # uses up at least one dead connection, so max_size + 1 tries reach a live one.
    return int(pool.max_size) + 1


def _lost(conninfo: str, exc: BaseException, restartable: Callable[[], bool]) -> DatabaseUnavailable:
    error = postgres_unavailable(conninfo, exc)
    return Interrupted(str(error)) if restartable() else error


def _never() -> bool:
    return False


class _Tries:
    """The rule of :func:`retry_if_lost` as state, without I/O: the sync and the async loop hand it
    each failed try and it raises what the caller is to see, or returns to let them try again."""

    __slots__ = ("conninfo", "left", "rerunnable", "restartable", "waited")

    def __init__(
        self,
        pool: ConnectionPool[Any] | AsyncConnectionPool[Any],
        conninfo: str,
        rerunnable: Callable[[], bool],
        restartable: Callable[[], bool],
    ) -> None:
        self.conninfo, self.rerunnable, self.restartable = conninfo, rerunnable, restartable
        self.left, self.waited = _tries(pool), False

    def timed_out(self, error: DatabaseUnavailable) -> None:
        """No pooled connection in time; ``error`` says why (:func:`pool_timeout_error`)."""
        self.left -= 1
        if self.waited or not self.left or not isinstance(error, Reconnecting):
            raise error from None
        self.waited = True

    def failed(self, exc: psycopg.OperationalError) -> None:
        """The try raised ``exc``: re-raised unless it is a lost connection worth another try."""
        self.left -= 1
        if not connection_lost(exc):
            raise exc
        if not self.left or not self.rerunnable():
            raise _lost(self.conninfo, exc, self.restartable) from None


def retry_if_lost(
    pool: ConnectionPool[Any],
    conninfo: str,
    attempt: Callable[[], T],
    *,
    rerunnable: Callable[[], bool],
    restartable: Callable[[], bool] = _never,
) -> T:
    """``attempt()``, run again while its connection was lost and ``rerunnable()`` holds (the dead
    idle connections purged before each new try, at most :func:`_tries` in all), or once more if it
    got no connection because the pool was still re-establishing lost ones while the server
    answered; a connection lost otherwise is :func:`kassist.dburl.postgres_unavailable`, or
    :class:`Interrupted` when ``restartable()`` says the lost transaction never reached COMMIT."""
    tries = _Tries(pool, conninfo, rerunnable, restartable)
    while True:
        try:
            return attempt()
        except PoolTimeout:
            tries.timed_out(pool_timeout_error(pool, conninfo))
        except psycopg.OperationalError as exc:
            tries.failed(exc)
        pool.check()


async def aretry_if_lost(
    pool: AsyncConnectionPool[Any],
    conninfo: str,
    attempt: Callable[[], Awaitable[T]],
    *,
    rerunnable: Callable[[], bool],
    restartable: Callable[[], bool] = _never,
) -> T:
    """The async loop of :func:`retry_if_lost` (the same :class:`_Tries`)."""
    tries = _Tries(pool, conninfo, rerunnable, restartable)
    while True:
        try:
            return await attempt()
        except PoolTimeout:
            tries.timed_out(await apool_timeout_error(pool, conninfo))
        except psycopg.OperationalError as exc:
            tries.failed(exc)
        await pool.check()
