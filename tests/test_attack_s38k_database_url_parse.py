"""A PostgreSQL URL libpq cannot parse is one clear line that never shows its password (h22 s38).

``KASSIST_DATABASE_URL`` / ``--database-url`` with a typo libpq refuses to parse - an IPv6 host whose
``]`` is missing, a password with a ``%`` that is not a percent-encoding (``p%zz`` pasted unencoded
from a password manager) - reaches psycopg's conninfo parser, whose ``ProgrammingError`` is not one of
the errors kassist words: every command says ``unexpected ProgrammingError ... (a bug in kassist ...)``
(``kassist kb stats``: "PostgreSQL cannot provide the pgvector extension", a wrong cause) and prints
the URL as given, password included, on the terminal, into CI logs and a server's log. kassist's own
refusals name a database as host:port/dbname and never its password (kassist/dburl.postgres_target).

The command line, real processes, no server needed (the parse fails before any connection): ~10 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import kassist

SECRET = "s3cretpw"
URLS = {
    "ipv6-bracket": f"postgresql://kim:{SECRET}@[::1/kb",
    "bad-percent": f"postgresql://kim:{SECRET}%zz@127.0.0.1:5432/kb",
}


@pytest.mark.parametrize("command", [("runs", "list"), ("kb", "stats")], ids=" ".join)
@pytest.mark.parametrize("url", URLS.values(), ids=URLS.keys())
def test_an_unparsable_postgres_url_is_one_clear_line_without_its_password(
    url: str, command: tuple[str, ...], tmp_path: Path
) -> None:
    result = kassist(*command, "--tenant", "acme", "--database-url", url, cwd=tmp_path)
    said = (result.stdout + result.stderr).strip()
    assert result.returncode in (1, 2), said
    assert len(said.splitlines()) == 1, said
    assert SECRET not in said, said
    assert "unexpected" not in said and "bug in kassist" not in said and "pgvector" not in said, said
    assert "database url" in said.lower() or "KASSIST_DATABASE_URL" in said, said
