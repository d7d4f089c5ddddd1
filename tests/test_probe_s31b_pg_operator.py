"""h8, session 31: PostgreSQL as its operator breaks it, met by the command line (in process, through
the CLI's last net, cli/errors.py). Each case is a real server setting on a fresh database of the
suite's server (a role of the test's own, dropped afterwards): a role without CREATE on the schema,
a read-only database (what a hot standby answers), a role that may only read a database an owner set
up, a search_path without pgvector's schema, another application's table under kassist's name.

Promise (docs/cli.md, README): bad input or a broken database is one ``error:`` line naming what is
wrong and what to do, never "unexpected ... (a bug in kassist ...)" nor a raw driver error; a
database kassist set up can be read by a role that may read it."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from typer.testing import CliRunner

from cli.kit import ExitCode
from cli.main import app

READS = (["runs", "list", "--tenant", "acme"], ["kb", "stats", "--tenant", "acme"],
         ["checkpoints", "list", "--tenant", "acme"])  # fmt: skip


def _kassist(args: list[str], url: str) -> tuple[int, str]:
    done = CliRunner(env={"COLUMNS": "400", "KASSIST_EMBEDDER": "hashing"}).invoke(
        app, [*args, "--database-url", url]
    )
    return done.exit_code, done.output


def _one_line_naming(code: int, output: str, *words: str) -> str:
    # One error line, the last (`ask` first names the thread it opened).
    lines = output.strip().splitlines()
    assert code == ExitCode.FAILED, output
    assert [n for n in lines if n.startswith("error: ")] == lines[-1:], output
    line = lines[-1]
    assert "a bug in kassist" not in line and "unexpected" not in line, line
    for word in words:
        assert word.lower() in line.lower(), (word, line)
    return line


def _as_role(url: str, role: str) -> str:
    parts = urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit((parts.scheme, f"{role}:pw-{role}@{host}", parts.path, parts.query, parts.fragment))


def _sql(url: str, *statements: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)


@pytest.fixture
def role(pg_url: str) -> Iterator[str]:
    """A login role of this test's own (roles are the server's, not the database's)."""
    name = f"h8_{uuid.uuid4().hex[:10]}"
    _sql(pg_url, f"CREATE ROLE {name} LOGIN PASSWORD 'pw-{name}'")
    try:
        yield name
    finally:
        _sql(pg_url, f"DROP OWNED BY {name}", f"DROP ROLE {name}")


def test_a_role_that_may_not_create_tables_is_one_line_naming_the_grant(pg_url: str, role: str) -> None:
    _sql(pg_url, "REVOKE CREATE ON SCHEMA public FROM PUBLIC", f"GRANT USAGE ON SCHEMA public TO {role}")
    for args in READS:
        code, output = _kassist(args, _as_role(pg_url, role))
        _one_line_naming(code, output, "GRANT")


def test_a_read_only_database_is_one_line_naming_it(pg_url: str) -> None:
    name = urlsplit(pg_url).path.lstrip("/")
    _sql(pg_url, f"ALTER DATABASE {name} SET default_transaction_read_only = on")
    for args in [*READS, ["ask", "--tenant", "acme", "--user", "alice", "what is the leave policy?"]]:
        code, output = _kassist(args, pg_url)
        _one_line_naming(code, output, "read-only")


def test_a_role_that_may_only_read_reads_a_database_kassist_set_up(pg_url: str, role: str) -> None:
    for args in READS:  # the owner sets kassist's tables up (every component these reads open)
        code, output = _kassist(args, pg_url)
        assert code == 0, output
    _sql(
        pg_url,
        "REVOKE CREATE ON SCHEMA public FROM PUBLIC",
        f"GRANT USAGE ON SCHEMA public TO {role}",
        f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}",
    )
    for args in READS:
        code, output = _kassist(args, _as_role(pg_url, role))
        assert code == 0, (args, output)


def test_a_read_only_database_kassist_set_up_can_be_read(pg_url: str) -> None:
    for args in READS:
        code, output = _kassist(args, pg_url)
        assert code == 0, output
    name = urlsplit(pg_url).path.lstrip("/")
    _sql(pg_url, f"ALTER DATABASE {name} SET default_transaction_read_only = on")
    for args in READS:
        code, output = _kassist(args, pg_url)
        assert code == 0, (args, output)


def test_a_search_path_without_pgvectors_schema_is_one_line_naming_it(pg_url: str) -> None:
    name = urlsplit(pg_url).path.lstrip("/")
    _sql(pg_url, "CREATE SCHEMA other", f"ALTER DATABASE {name} SET search_path = other")
    code, output = _kassist(["kb", "stats", "--tenant", "acme"], pg_url)
    _one_line_naming(code, output, "search_path", "public")


def test_another_applications_table_of_kassists_name_is_one_line_naming_it(pg_url: str) -> None:
    _sql(pg_url, "CREATE TABLE kassist_ingest_runs (id serial PRIMARY KEY, note text)",
         "CREATE TABLE kassist_mem_memories (id int)")  # fmt: skip
    code, output = _kassist(["runs", "list", "--tenant", "acme"], pg_url)
    _one_line_naming(code, output, "kassist_ingest_runs")
    code, output = _kassist(["memory", "list", "--tenant", "acme", "--user", "alice"], pg_url)
    _one_line_naming(code, output, "kassist_mem_memories")
