"""h24 s39 (bad input, the newcomer): ``--database-url sqlite:///~/kassist.db`` makes a folder named ``~``.

A shell expands ``~`` in a word, never inside a URL: ``sqlite:///~/kassist.db`` (a newcomer's way to say
"in my home") is taken as the relative path ``~/kassist.db``, and a writing command silently makes a
folder literally named ``~`` in the working directory, its database in it - the next ``rm -rf ~`` typed
to clean that folder up deletes the user's home. ``sqlite:////~/kassist.db`` makes ``/~`` at the root
of the file system. docs/cli.md's database URL rules refuse what a URL cannot mean with one line saying
how to write it (two slashes, a query string: h22 s38 H22-17); a ``~`` is either expanded as the user
meant or refused the same way. Real processes, SQLite."""

from __future__ import annotations

from pathlib import Path

from ingest_harness import kassist


def test_a_tilde_in_a_sqlite_url_makes_no_folder_named_tilde(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    done = kassist("memory", "remember", "--tenant", "acme", "--user", "asha", "I prefer answers in Bengali",
                   "--database-url", "sqlite:///~/kassist.db", cwd=work)  # fmt: skip
    assert not (work / "~").exists(), (
        f"a folder named '~' was made: {sorted(p.name for p in (work / '~').iterdir())}"
    )
    if done.returncode != 0:  # refused: one line saying how to write it
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: ") and "~" in lines[0], lines
