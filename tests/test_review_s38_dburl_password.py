"""A database URL's password never comes back in a refusal, wherever libpq lets it be written (r3 s38).

6ecf89e (H22-1) words an unparsable PostgreSQL URL in one line "password as ***", but it hides only
the password of the URL's user part (``user:PASSWORD@host``). libpq takes a password two more ways,
both in PostgreSQL's documentation and both refused with the whole secret on the terminal, in CI logs
and in a server's log:

- a URI query parameter ``postgresql://kim@host/kb?password=...``: with any other parameter libpq
  cannot parse (``sslmode=%zz``) the refusal quotes the URL whole (``redact`` looks only before ``@``);
- a key/value connection string ``host=... password=... dbname=...``: kassist's "unsupported database
  URL scheme" names it twice, as its "scheme" and as the URL.

The command line, real processes, no server needed (both refused before any connection): ~3 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import kassist

SECRET = "s3cretpw"
URLS = {
    "query-password": f"postgresql://kim@127.0.0.1:5432/kb?password={SECRET}&sslmode=%zz",
    "query-password-bad-percent": f"postgresql://kim@127.0.0.1:5432/kb?password={SECRET}%zz",
    "keyword-conninfo": f"host=127.0.0.1 password={SECRET} dbname=kb",
}


@pytest.mark.parametrize("url", URLS.values(), ids=URLS.keys())
def test_a_refused_database_url_never_shows_its_password(url: str, tmp_path: Path) -> None:
    result = kassist("runs", "list", "--tenant", "acme", "--database-url", url, cwd=tmp_path)
    said = (result.stdout + result.stderr).strip()
    assert result.returncode in (1, 2), said
    assert len(said.splitlines()) == 1, said
    assert SECRET not in said, said
