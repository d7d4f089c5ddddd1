"""h8, session 31: kassist's PostgreSQL pool against a server that refuses more connections (a role's
CONNECTION LIMIT; a server's max_connections reached answers the same SQLSTATE, 53300).

#6: kassist opens its pool's connections up front; a role allowed fewer was told, after the whole wait,
"cannot reach PostgreSQL ... pool initialization incomplete ...; check that the server is running" (the
server's own reason only in a warning line before it).
#8: a call that waited in vain for a pooled connection opens a direct probe connection to tell "server
down" from "pool busy"; refused for too many connections, the probe made the verdict "cannot reach
PostgreSQL" while every pooled connection was lent out and busy (and under a burst, one probe per
waiting call filled the server's max_connections: 251 of 400 turns on kassist serve). Cheap: a pool of
one or three connections, a one-second wait."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from kassist.db.driver_postgres import PostgresDatabase
from kassist.db.statements import Stmt
from kassist.dburl import DatabaseUnavailable, PoolExhausted


def _select_one() -> Any:
    rows = yield Stmt("SELECT 1")
    return rows


@pytest.fixture
def limited_role(pg_url: str) -> Iterator[str]:
    """The URL of ``pg_url``'s database as a role of this test's own allowed one connection."""
    name = f"h8_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {name} LOGIN PASSWORD 'pw-{name}' CONNECTION LIMIT 1")
    parts = urlsplit(pg_url)
    host = parts.netloc.rsplit("@", 1)[-1]
    try:
        yield urlunsplit((parts.scheme, f"{name}:pw-{name}@{host}", parts.path, parts.query, ""))
    finally:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '{name}'")
            conn.execute(f"DROP ROLE {name}")


def test_a_pool_larger_than_the_roles_connection_limit_names_the_limit(limited_role: str) -> None:
    db = PostgresDatabase(limited_role, pool_size=3, connect_timeout=1)
    try:
        with pytest.raises(DatabaseUnavailable) as refused:
            db.run(_select_one(), single=True)
    finally:
        db.close()
    line = str(refused.value)
    assert "\n" not in line
    assert "too many connections" in line, line  # the server's reason, in the error itself
    assert "check that the server is running" not in line.lower(), line  # it is, and it answered


def test_a_busy_pool_is_busy_when_the_servers_connections_are_used_up(limited_role: str) -> None:
    db = PostgresDatabase(limited_role, pool_size=1, connect_timeout=1)
    try:
        db.run(_select_one(), single=True)  # the pool's one connection, open
        held = db.pool().getconn()  # lent out and busy, as under a burst of calls
        try:
            with pytest.raises(DatabaseUnavailable) as waited:
                db.run(_select_one(), single=True)
        finally:
            db.pool().putconn(held)
        assert db.run(_select_one(), single=True) == [(1,)]  # free again: the server was up throughout
    finally:
        db.close()
    assert isinstance(waited.value, PoolExhausted), str(waited.value)
