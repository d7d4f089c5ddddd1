"""A SQLite URL with a query string is refused in one line, not opened as a file named with it (h22 s38).

``sqlite:///kb.db?mode=ro`` (SQLAlchemy's and SQLite's URI spelling of read-only; ``?cache=shared``,
``?timeout=30`` alike) is read by kassist/dburl as the path ``kb.db?mode=ro``: ``kassist ingest``
creates a new, empty database file named ``kb.db?mode=ro`` beside ``kb.db`` and writes the run there,
exit 0 - the operator's database untouched, the run and its index in a file nobody meant, every later
command without the query string not finding it. Every other malformed URL is one line naming what
is wrong (two slashes, no file, a directory, a scheme, a file path).

Real processes, SQLite: ~8 s."""

from __future__ import annotations

from pathlib import Path

from ingest_harness import kassist


def test_a_sqlite_url_with_a_query_string_is_refused_in_one_line(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nalpha text\n")
    url = "sqlite:///kb.db?mode=ro"
    result = kassist(
        "ingest", "docs", "--tenant", "acme", "--embedder", "hashing", "--database-url", url, cwd=tmp_path
    )
    said = result.stderr.strip()
    assert not (tmp_path / "kb.db?mode=ro").exists(), sorted(p.name for p in tmp_path.iterdir())
    assert result.returncode in (1, 2) and len(said.splitlines()) == 1 and "mode=ro" in said, said
