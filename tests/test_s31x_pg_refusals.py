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
import pytest
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


def test_a_pool_that_cannot_reopen_its_connections_for_a_limit_names_the_limit(pg_url: str) -> None:
    """A pool short of connections (one ended by the server) that cannot re-open it because the
    server refuses more (a role's CONNECTION LIMIT lowered, or max_connections taken by others after
    a restart) says that limit, not "went away ... being re-established" (review s31 r1 #4)."""
    from kassist.db.driver_postgres import PostgresDatabase
    from kassist.db.refused_postgres import ConnectionLimit

    name = f"x31_{uuid.uuid4().hex[:10]}"
    _sql(pg_url, f"CREATE ROLE {name} LOGIN PASSWORD 'pw-{name}' CONNECTION LIMIT 2")
    db = PostgresDatabase(_as_role(pg_url, name), pool_size=2, connect_timeout=1)
    try:
        db.run(_select_one(), single=True)  # the pool's two connections, open
        held = db.pool().getconn()  # one lent out and busy
        try:
            _sql(
                pg_url,
                f"ALTER ROLE {name} CONNECTION LIMIT 1",  # the operator lowers it; the idle one is ended
                f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '{name}' "
                f"AND pid <> {held.info.backend_pid}",
            )
            with pytest.raises(ConnectionLimit) as refused:
                db.run(_select_one(), single=True)
        finally:
            db.pool().putconn(held)
    finally:
        db.close()
        _sql(pg_url, f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '{name}'",
             f"DROP ROLE {name}")  # fmt: skip
    line = str(refused.value)
    assert "too many connections" in line and "CONNECTION LIMIT" in line and "\n" not in line, line
