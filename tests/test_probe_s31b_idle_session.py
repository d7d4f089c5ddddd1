"""h8, session 31 #11: a PostgreSQL server with ``idle_session_timeout`` (PostgreSQL 14+; common on managed
servers) ends a session left idle that long: kassist's pooled connections, between two calls. The next call
on such a connection failed with psycopg's IdleSessionTimeout (SQLSTATE 57P05): live, every turn of kassist
serve after a 3 s gap with a 2 s timeout was a 500, its runs worker's polls failed, and ``kassist ingest``
stopped at once ("PostgreSQL stopped the operation (SQLSTATE 57P05) ..."). A connection the server closed
for idling is lost like one ``pg_terminate_backend`` ended (57P01, which the pool already survives): the
call runs again on a fresh one. Cheap: one pool, a 0.3 s timeout."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import urlsplit

import psycopg

from kassist.db.driver_postgres import PostgresDatabase
from kassist.db.statements import Stmt


def _select_one() -> Any:
    rows = yield Stmt("SELECT 1")
    return rows


def test_a_call_after_the_servers_idle_session_timeout_runs_on_a_fresh_connection(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"ALTER DATABASE {urlsplit(pg_url).path.lstrip('/')} SET idle_session_timeout = '300ms'")
    db = PostgresDatabase(pg_url, pool_size=2, connect_timeout=2)
    try:
        assert db.run(_select_one(), single=True) == [(1,)]
        time.sleep(0.8)  # the server ends both pooled sessions
        assert db.run(_select_one(), single=True) == [(1,)]
        assert db.run(_select_one(), write=True) == [(1,)]  # in a transaction too
    finally:
        db.close()
