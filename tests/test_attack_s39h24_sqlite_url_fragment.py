"""h24 s39: ``sqlite:///kb.db#main`` makes a database file named ``kb.db#main``.

Session 38 (h22 H22-17, 60657f1): ``sqlite:///kb.db?mode=ro`` created a new database file named
``kb.db?mode=ro``; a SQLite URL with a query string is now refused in one line ("kassist takes no
options in a SQLite URL ('?mode=ro'); name the file alone"). A fragment is the same mistake in
another spelling (a URL copied from a tool or a wiki anchor): ``sqlite:///kb.db#main`` writes a new,
empty ``kb.db#main`` next to the user's ``kb.db``, and the command answers from it. Real processes."""

from __future__ import annotations

from pathlib import Path

from ingest_harness import kassist


def test_a_sqlite_url_with_a_fragment_makes_no_file_of_that_name(tmp_path: Path) -> None:
    query = kassist("memory", "remember", "--tenant", "acme", "--user", "asha", "I prefer answers in Bengali",
                    "--database-url", "sqlite:///kb.db?mode=ro", cwd=tmp_path)  # fmt: skip
    assert query.returncode != 0 and not (tmp_path / "kb.db?mode=ro").exists(), query.stderr  # s38: refused

    done = kassist("memory", "remember", "--tenant", "acme", "--user", "asha", "I prefer answers in Bengali",
                   "--database-url", "sqlite:///kb.db#main", cwd=tmp_path)  # fmt: skip
    assert not (tmp_path / "kb.db#main").exists(), "a database file named 'kb.db#main' was made"
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode != 0 and len(lines) == 1 and "#main" in lines[0], (done.returncode, lines)
