"""Opening psycopg pools the same way in every PostgreSQL driver.

Each factory connects once directly, then opens the pool and waits for its first ``min_size``
connections. A failure either way is :func:`kassist.dburl.postgres_unavailable`, and a pool that
did not open is closed rather than left retrying in the background.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool, ConnectionPool, PoolTimeout

from kassist.dburl import postgres_unavailable

CONNECT_TIMEOUT_S = 10.0


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
    pool = pool_class(conninfo, min_size=min_size, max_size=max_size, kwargs=connect, open=False)
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
    pool = pool_class(conninfo, min_size=min_size, max_size=max_size, kwargs=connect, open=False)
    try:
        await pool.open(wait=True, timeout=connect_timeout)
    except BaseException as exc:
        await pool.close()  # also on cancellation: its workers would keep reconnecting
        if isinstance(exc, PoolTimeout | psycopg.OperationalError):
            raise postgres_unavailable(conninfo, exc) from None
        raise
    return pool
