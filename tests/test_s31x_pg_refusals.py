"""A role that may not install pgvector in a database that lacks it is told what it takes (an
administrator's CREATE EXTENSION), not a schema grant: kassist.db.refused_postgres names the
server's refusals at the driver (h8 s31 #1's patch), and CREATE EXTENSION's is one of them. Before,
the knowledge index's own wording said so; the driver's generic refusal of a role would have said
"GRANT ... ON SCHEMA", which does not help. In-process CLI, a fresh database of the suite's server."""

from __future__ import annotations

import threading
import time
import uuid
from typing import Any

import psycopg
from test_probe_s31b_pg_operator import _as_role, _kassist, _one_line_naming, _sql

from kassist.db.statements import Stmt


def test_a_role_that_may_not_install_pgvector_is_told_it_takes_an_administrator(pg_url: str) -> None:
    name = f"x31_{uuid.uuid4().hex[:10]}"
    _sql(pg_url, "DROP EXTENSION IF EXISTS vector", f"CREATE ROLE {name} LOGIN PASSWORD 'pw-{name}'")
    try:
        code, output = _kassist(["kb", "stats", "--tenant", "acme"], _as_role(pg_url, name))
        line = _one_line_naming(code, output, "CREATE EXTENSION vector", "administrator", "pgvector")
        assert "GRANT" not in line, line  # the knowledge index words it, or the driver (refused_postgres)
    finally:
        _sql(pg_url, f"DROP OWNED BY {name}", f"DROP ROLE {name}")


def _select_one() -> Any:
    rows = yield Stmt("SELECT 1")
    return rows


def test_calls_that_wait_in_vain_together_share_one_probe(pg_url: str) -> None:
    """A call that got no pooled connection in time opens a direct probe connection to tell a
    server down from a busy pool; under a burst each waiting call opened its own, and 400 turns
    filled the server's max_connections (h8 s31 #8). Now one probe at a time per pool, its answer
    shared: six calls timing out together open one connection (pg_stat_database.sessions counts
    them), and each is told the pool was busy."""
    from kassist.db.driver_postgres import PostgresDatabase
    from kassist.dburl import PoolExhausted

    db = PostgresDatabase(pg_url, pool_size=1, connect_timeout=1)
    errors: list[BaseException] = []

    def call() -> None:
        try:
            db.run(_select_one(), single=True)
        except BaseException as exc:
            errors.append(exc)

    with psycopg.connect(pg_url, autocommit=True) as monitor:
        count = "SELECT sessions FROM pg_stat_database WHERE datname = current_database()"

        def sessions() -> int:
            monitor.execute("SELECT pg_stat_clear_snapshot()")
            return int(monitor.execute(count).fetchone()[0])  # type: ignore[index]

        try:
            db.run(_select_one(), single=True)  # the pool's one connection, open
            held = db.pool().getconn()  # lent out and busy for the whole burst
            before = sessions()
            try:
                burst = [threading.Thread(target=call) for _ in range(6)]
                for thread in burst:
                    thread.start()
                for thread in burst:
                    thread.join(60)
            finally:
                db.pool().putconn(held)
            time.sleep(1.0)  # a session's count is reported when it ends
            opened = sessions() - before
        finally:
            db.close()
    assert len(errors) == 6 and all(isinstance(e, PoolExhausted) for e in errors), errors
    assert opened <= 2, f"{opened} probe connections for one burst"
