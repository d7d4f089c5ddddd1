"""What a PostgreSQL call that got no pooled connection in time is told: a direct connection attempt
(a probe, on this failure path only, one at a time per pool) tells a server that cannot be reached
from one that answers, and the count of lent connections then tells a pool full of busy connections
(PoolExhausted) from one whose lost connections are not back yet (Reconnecting) or cannot come back
for the server's connection limit (ConnectionLimit). Split from kassist.db.pool_postgres (review s31
r1 #9: the module passed 480 lines)."""

from __future__ import annotations

import math
import time
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool, ConnectionPool

from kassist.db.refused_postgres import connection_limit, too_many_connections
from kassist.dburl import DatabaseUnavailable, PoolExhausted, postgres_target, postgres_unavailable

_PROBE_TIMEOUT_S = 2  # whole seconds, as libpq reads connect_timeout


def probe(conninfo: str) -> psycopg.OperationalError | None:
    """One direct connection attempt, closed at once: its error, or None when the server took it."""
    try:
        psycopg.connect(conninfo, connect_timeout=_PROBE_TIMEOUT_S).close()
    except psycopg.OperationalError as exc:
        return exc
    return None


async def aprobe(conninfo: str) -> psycopg.OperationalError | None:
    """The async twin of :func:`probe`."""
    try:
        await (await psycopg.AsyncConnection.connect(conninfo, connect_timeout=_PROBE_TIMEOUT_S)).close()
    except psycopg.OperationalError as exc:
        return exc
    return None


class Probe:
    """The last direct connection attempt of a pool whose call waited in vain, shared: one probe at
    a time, its answer reused by the calls that time out while it runs or within the probe's own
    timeout after it. One probe per waiting call filled the server's max_connections under a burst
    (400 turns: 251 refused "too many clients", every other client of the server refused meanwhile;
    h8 s31 #8)."""

    def __init__(self) -> None:
        self.at = -math.inf
        self.answer: psycopg.OperationalError | None = None

    def fresh(self) -> bool:
        return time.monotonic() - self.at <= _PROBE_TIMEOUT_S

    def keep(self, answer: psycopg.OperationalError | None) -> psycopg.OperationalError | None:
        self.at, self.answer = time.monotonic(), answer
        return answer


class Reconnecting(DatabaseUnavailable):
    """The server answers again, but the pool's connections to it, lost (a restart, a network cut),
    were not back within the wait; they are being re-established."""


def _exhausted(pool: ConnectionPool[Any] | AsyncConnectionPool[Any], conninfo: str) -> PoolExhausted:
    return PoolExhausted(
        f"no free PostgreSQL connection to {postgres_target(conninfo)} within {pool.timeout:g} s: all "
        f"{pool.max_size} pooled connections stayed busy; give it a larger pool_size or a longer "
        "connect_timeout, or find what holds connections that long"
    )


def _reconnecting(pool: ConnectionPool[Any] | AsyncConnectionPool[Any], conninfo: str) -> Reconnecting:
    return Reconnecting(
        f"PostgreSQL at {postgres_target(conninfo)} went away (restart or network cut) and its "
        f"pooled connections were not back within {pool.timeout:g} s ({getattr(pool, 'lent', '?')} of "
        f"{pool.max_size} in use, none busy for long); the server answers again and they are being "
        "re-established: retry the call, or raise connect_timeout"
    )


def _verdict(
    pool: ConnectionPool[Any] | AsyncConnectionPool[Any], conninfo: str, probe: BaseException | None
) -> DatabaseUnavailable:
    # Busy only when every connection is lent out: a pool short of connections lost them. A probe
    # refused for a connection limit was answered: the server is up (it was "cannot reach PostgreSQL"
    # while every pooled connection was lent out, h8 s31 #8); a pool short of connections then
    # cannot re-open them because of that limit, which is named (it was "went away ... being
    # re-established", review s31 r1 #4).
    lent = getattr(pool, "lent", None)
    short = lent is not None and lent < pool.max_size
    if probe is not None and connection_limit(probe):
        return too_many_connections(conninfo, probe, pool.max_size) if short else _exhausted(pool, conninfo)
    if probe is not None:
        return postgres_unavailable(conninfo, probe)
    return _reconnecting(pool, conninfo) if short else _exhausted(pool, conninfo)


# A call that got no pooled connection in time is told why: a direct connection attempt (on this
# failure path only) tells a server that cannot be reached (its own error names the reason) from
# one that answers, and then the count of lent connections tells a pool full of busy connections
# (PoolExhausted) from one whose lost connections are not back yet (Reconnecting).
def pool_timeout_error(pool: ConnectionPool[Any], conninfo: str) -> DatabaseUnavailable:
    probed = pool.probed() if hasattr(pool, "probed") else probe(conninfo)
    return _verdict(pool, conninfo, probed)


async def apool_timeout_error(pool: AsyncConnectionPool[Any], conninfo: str) -> DatabaseUnavailable:
    """The async twin of :func:`pool_timeout_error`."""
    probed = await pool.probed() if hasattr(pool, "probed") else await aprobe(conninfo)
    return _verdict(pool, conninfo, probed)
