"""h24 s39: a PostgreSQL role whose search_path reaches no schema it may use is "a bug in kassist".

Session 31 (h8, tests/test_probe_s31b_pg_operator.py) words a role without CREATE on ``public`` in one
line naming the grant (``refused role 'r' (permission denied for schema public) ... GRANT USAGE, CREATE
ON SCHEMA public TO r (or the schema its search_path names) ...``). A role without USAGE on ``public``
(a hardened database: ``REVOKE ALL ON SCHEMA public FROM PUBLIC``, or ``public`` dropped for an
application schema the role's search_path does not name) gets PostgreSQL's SQLSTATE 3F000 instead, and
every command says ``error: unexpected InvalidSchemaName: no schema has been selected to create in LINE
1: CREATE TABLE IF NOT EXISTS kassist_schema_versions ... (a bug in kassist; run again with
KASSIST_DEBUG=1 ...)``: the driver's words, and the operator is told to report a bug for a grant.
In process through the CLI's last net, a role of the test's own on the suite's server."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from typer.testing import CliRunner

from cli.main import app

READS = (["runs", "list", "--tenant", "acme"], ["kb", "stats", "--tenant", "acme"])


def _sql(url: str, *statements: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)


@pytest.fixture
def role(pg_url: str) -> Iterator[str]:
    name = f"h24_{uuid.uuid4().hex[:10]}"
    _sql(pg_url, f"CREATE ROLE {name} LOGIN PASSWORD 'pw-{name}'")
    try:
        yield name
    finally:
        _sql(pg_url, f"DROP OWNED BY {name}", f"DROP ROLE {name}")


def test_a_role_that_may_use_no_schema_is_one_line_naming_the_grant(pg_url: str, role: str) -> None:
    _sql(pg_url, "REVOKE ALL ON SCHEMA public FROM PUBLIC")  # this test's own database only
    parts = urlsplit(pg_url)
    host = parts.netloc.rsplit("@", 1)[-1]
    url = urlunsplit((parts.scheme, f"{role}:pw-{role}@{host}", parts.path, parts.query, parts.fragment))
    for args in READS:
        done = CliRunner(env={"COLUMNS": "400"}).invoke(app, [*args, "--database-url", url])
        lines = done.output.strip().splitlines()
        assert done.exit_code == 1 and len(lines) == 1 and lines[0].startswith("error: "), done.output
        assert "unexpected" not in lines[0] and "a bug in kassist" not in lines[0], lines[0]
        assert "schema" in lines[0] and "GRANT" in lines[0], lines[0]
