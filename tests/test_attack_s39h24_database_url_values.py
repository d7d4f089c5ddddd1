"""h24 s39: a PostgreSQL URL whose port or sslmode libpq refuses is told as a server that cannot be
reached.

``postgresql://kim@127.0.0.1:99999/kb`` (a port no TCP port can be) and ``...?sslmode=bogus`` are refused
by libpq before it connects anywhere (``invalid port number: "99999"``, ``invalid sslmode value:
"bogus"``), and every command says ``cannot reach PostgreSQL at 127.0.0.1:99999/kb: connection is bad:
... Check that the server is running and accepts connections, ...``: the operator goes to look at a
server that was never asked. docs/cli.md's table: a database URL kassist cannot use says so (``database
URL '...' cannot be parsed: ...; fix KASSIST_DATABASE_URL (or the URL given)``, h22 s38 H22-1); a
server that answers but refuses says that (session 36), not "Check that the server is running".
The command line and ``kassist serve``'s start say the same words. Real processes, no server needed."""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import kassist

URLS = {
    "port": "postgresql://kim@127.0.0.1:99999/kb",
    "sslmode": "postgresql://kim@127.0.0.1:5432/kb?sslmode=bogus",
}


@pytest.mark.parametrize("url", URLS.values(), ids=URLS.keys())
def test_a_url_value_libpq_refuses_is_told_as_the_urls_fault(url: str, tmp_path: Path) -> None:
    result = kassist("kb", "stats", "--tenant", "acme", "--database-url", url, cwd=tmp_path)
    said = (result.stdout + result.stderr).strip()
    assert result.returncode in (1, 2), said
    assert len(said.splitlines()) == 1 and said.startswith("error: "), said
    assert "unexpected" not in said and "bug in kassist" not in said, said
    assert "server is running" not in said and "cannot reach" not in said, said
    assert "database url" in said.lower() and ("99999" in said or "sslmode" in said), said
