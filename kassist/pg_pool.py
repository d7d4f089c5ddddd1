"""Opening psycopg pools the same way in every PostgreSQL driver, and surviving their dead connections.

Each factory connects once directly, then opens the pool and waits for its first ``min_size``
connections. A failure either way is :func:`kassist.dburl.postgres_unavailable`, and a pool that
did not open is closed rather than left retrying in the background.

A pooled connection can be dead on arrival (server restarted, idle connection killed by a proxy or
``pg_terminate_backend``). :func:`retry_if_lost` runs an operation once more on a fresh connection
when that is safe, and :class:`Replay` tells a driver when it is for a sans-I/O operation.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Generator, Mapping
from typing import Any, Generic, TypeVar

import psycopg
from psycopg_pool import AsyncConnectionPool, ConnectionPool, PoolTimeout

from kassist.dburl import DatabaseUnavailable, PoolExhausted, postgres_target, postgres_unavailable

CONNECT_TIMEOUT_S = 10.0
_PROBE_TIMEOUT_S = 2  # whole seconds, as libpq reads connect_timeout
Req = TypeVar("Req")
Res = TypeVar("Res")
T = TypeVar("T")


def connection_lost(exc: BaseException) -> bool:
    """Whether ``exc`` means the connection itself is gone (server restart, idle connection killed,
    network cut), as opposed to an error in the statement: no SQLSTATE (the socket failed), a
    connection exception (08xxx) or a server shutdown (57P01-57P03)."""
    if not isinstance(exc, psycopg.OperationalError):
        return False
    state = exc.sqlstate
    return state is None or state.startswith("08") or state in ("57P01", "57P02", "57P03")


def _connect_kwargs(connect_timeout: float, extra: Mapping[str, Any] | None) -> dict[str, Any]:
    # Autocommit everywhere: drivers open their own transactions, and a one-statement read then
    # costs no BEGIN/COMMIT. libpq reads connect_timeout as whole seconds with 0 meaning "wait
    # forever", so a fraction is rounded up, never down to 0.
    return {"autocommit": True, **(extra or {}), "connect_timeout": max(1, math.ceil(connect_timeout))}


def open_pool(
    conninfo: str,
    *,
    max_size: int,
    min_size: int = 1,
    connect_timeout: float = CONNECT_TIMEOUT_S,
    kwargs: Mapping[str, Any] | None = None,
    pool_class: type[ConnectionPool[Any]] = ConnectionPool,
) -> ConnectionPool[Any]:
    """An open pool whose first ``min_size`` connections are ready, or :class:`DatabaseUnavailable`.

    ``kwargs`` are extra connection arguments (row factory, server options); ``connect_timeout``
    bounds each connection attempt and the wait for the pool.
    """
    connect = _connect_kwargs(connect_timeout, kwargs)
    # The direct attempt comes first because a pool retries until its timeout and then hides the
    # real reason (refused, unknown host, bad password) behind "couldn't get a connection".
    try:
        psycopg.connect(conninfo, **connect).close()
    except psycopg.OperationalError as exc:
        raise postgres_unavailable(conninfo, exc) from None
    # The same bound for a call waiting on a pooled connection: psycopg_pool's own default (30 s)
    # made every call hang half a minute once the server was down.
    pool = pool_class(
        conninfo, min_size=min_size, max_size=max_size, kwargs=connect, timeout=connect_timeout, open=False
    )
    try:
        pool.open(wait=True, timeout=connect_timeout)
    except BaseException as exc:
        pool.close()  # also on an interrupt: its workers would keep reconnecting
        if isinstance(exc, PoolTimeout | psycopg.OperationalError):
            raise postgres_unavailable(conninfo, exc) from None
        raise
    return pool


async def open_async_pool(
    conninfo: str,
    *,
    max_size: int,
    min_size: int = 1,
    connect_timeout: float = CONNECT_TIMEOUT_S,
    kwargs: Mapping[str, Any] | None = None,
    pool_class: type[AsyncConnectionPool[Any]] = AsyncConnectionPool,
) -> AsyncConnectionPool[Any]:
    """The async twin of :func:`open_pool`; the pool belongs to the running event loop."""
    connect = _connect_kwargs(connect_timeout, kwargs)
    try:
        await (await psycopg.AsyncConnection.connect(conninfo, **connect)).close()
    except psycopg.OperationalError as exc:
        raise postgres_unavailable(conninfo, exc) from None
    # The same bound for a call waiting on a pooled connection: psycopg_pool's own default (30 s)
    # made every call hang half a minute once the server was down.
    pool = pool_class(
        conninfo, min_size=min_size, max_size=max_size, kwargs=connect, timeout=connect_timeout, open=False
    )
    try:
        await pool.open(wait=True, timeout=connect_timeout)
    except BaseException as exc:
        await pool.close()  # also on cancellation: its workers would keep reconnecting
        if isinstance(exc, PoolTimeout | psycopg.OperationalError):
            raise postgres_unavailable(conninfo, exc) from None
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


def _exhausted(pool: ConnectionPool[Any] | AsyncConnectionPool[Any], conninfo: str) -> PoolExhausted:
    return PoolExhausted(
        f"no free PostgreSQL connection to {postgres_target(conninfo)} within {pool.timeout:g} s: all "
        f"{pool.max_size} pooled connections stayed busy; give it a larger pool_size or a longer "
        "connect_timeout, or find what holds connections that long"
    )


# A call that got no pooled connection in time is told why: a direct connection attempt (on this
# failure path only) tells a pool full of busy connections (PoolExhausted) from a server that
# cannot be reached, whose own error then names the reason.
def pool_timeout_error(pool: ConnectionPool[Any], conninfo: str) -> DatabaseUnavailable:
    try:
        psycopg.connect(conninfo, connect_timeout=_PROBE_TIMEOUT_S).close()
    except psycopg.OperationalError as probe:
        return postgres_unavailable(conninfo, probe)
    return _exhausted(pool, conninfo)


async def apool_timeout_error(pool: AsyncConnectionPool[Any], conninfo: str) -> DatabaseUnavailable:
    """The async twin of :func:`pool_timeout_error`."""
    try:
        await (await psycopg.AsyncConnection.connect(conninfo, connect_timeout=_PROBE_TIMEOUT_S)).close()
    except psycopg.OperationalError as probe:
        return postgres_unavailable(conninfo, probe)
    return _exhausted(pool, conninfo)


def retry_if_lost(
    pool: ConnectionPool[Any], conninfo: str, attempt: Callable[[], T], *, rerunnable: Callable[[], bool]
) -> T:
    """``attempt()``, run once more if its connection was lost while ``rerunnable()`` held (every
    other dead idle connection purged first, so the retry gets a live one); a connection lost
    otherwise, or again, is :func:`kassist.dburl.postgres_unavailable`."""
    for retry in (False, True):
        try:
            return attempt()
        except PoolTimeout:
            raise pool_timeout_error(pool, conninfo) from None
        except psycopg.OperationalError as exc:
            if not connection_lost(exc):
                raise
            if retry or not rerunnable():
                raise postgres_unavailable(conninfo, exc) from None
        pool.check()
    raise AssertionError("unreachable")


async def aretry_if_lost(
    pool: AsyncConnectionPool[Any],
    conninfo: str,
    attempt: Callable[[], Awaitable[T]],
    *,
    rerunnable: Callable[[], bool],
) -> T:
    """The async twin of :func:`retry_if_lost`."""
    for retry in (False, True):
        try:
            return await attempt()
        except PoolTimeout:
            raise await apool_timeout_error(pool, conninfo) from None
        except psycopg.OperationalError as exc:
            if not connection_lost(exc):
                raise
            if retry or not rerunnable():
                raise postgres_unavailable(conninfo, exc) from None
        await pool.check()
    raise AssertionError("unreachable")
