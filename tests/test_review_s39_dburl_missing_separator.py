"""r4 s39 (review of 79cdc33 / 20bba27, kassist/dburl.redact): a database URL whose '://' is mistyped
is refused with its password on the terminal, in CI logs and in a server's log.

Session 38 (tests/test_review_s38_dburl_password.py) made every refusal hide the password wherever
libpq lets one be written. ``redact`` masks the user info (``user:PASSWORD@``) only when the URL holds
'://'; without it only ``password=`` keywords are masked (79cdc33 now returns such a URL as it is
after the query's masking too). One slip of the scheme's separator - ``postgresql:/`` (a slash short),
``postgresql//`` (the colon gone), ``postgres:`` alone - and "unsupported database URL scheme ... in
'<url>'" quotes ``kim:s3cretpw@`` whole. The command line, real processes, refused before any
connection (~3 s)."""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import kassist

SECRET = "s3cretpw"
URLS = {
    "slash-short": f"postgresql:/kim:{SECRET}@127.0.0.1:5432/kb",
    "colon-gone": f"postgresql//kim:{SECRET}@127.0.0.1:5432/kb",
    "no-slashes": f"postgres:kim:{SECRET}@127.0.0.1:5432/kb",
}


@pytest.mark.parametrize("url", URLS.values(), ids=URLS.keys())
def test_a_database_url_with_a_mistyped_separator_never_shows_its_password(url: str, tmp_path: Path) -> None:
    result = kassist("runs", "list", "--tenant", "acme", "--database-url", url, cwd=tmp_path)
    said = (result.stdout + result.stderr).strip()
    assert result.returncode in (1, 2), said
    assert len(said.splitlines()) == 1, said
    assert SECRET not in said, said
