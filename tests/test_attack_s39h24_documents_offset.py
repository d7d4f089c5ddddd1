"""h24 s39: ``kassist kb documents list --offset`` past a 64-bit integer is "a bug in kassist".

``--offset`` is checked for ``min=0`` only (``--limit`` has a top, 1,000), and the value goes to the
statement: on SQLite ``unexpected OverflowError: Python int too large to convert to SQLite INTEGER (a bug
in kassist; ...)``, exit 1. docs/cli.md: a value the command cannot use is one line, exit 2, saying what
works (a page past the last document is already said in words: "no documents past --offset N").
Real ``kassist`` processes, both backends.
"""

from __future__ import annotations

from pathlib import Path

from ingest_harness import kassist


def test_an_offset_past_a_64_bit_integer_is_one_line_not_a_bug(db_url: str, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEvery employee takes twenty-five days of leave a year.\n")
    made = kassist("kb", "ingest", str(docs), "--tenant", "acme", "--collection", "hr", "--embedder", "hashing",
                   "--database-url", db_url, cwd=tmp_path)  # fmt: skip
    assert made.returncode == 0, made.stdout + made.stderr

    done = kassist("kb", "documents", "list", "--tenant", "acme", "--collection", "hr", "--offset", str(2**64),
                   "--database-url", db_url, cwd=tmp_path)  # fmt: skip
    err = done.stderr.strip()
    assert "unexpected" not in err and "a bug in kassist" not in err, err
    assert done.returncode == 2, (done.returncode, done.stdout, err)
    assert err.startswith("error:") and "--offset" in err and len(err.splitlines()) == 1, err
