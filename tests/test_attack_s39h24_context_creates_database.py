"""h24 s39 (the newcomer's first hour): ``kassist context`` creates the database it was asked to read.

README: "commands that only read never create a database"; docs/cli.md: "Read-only commands never create a
database: exit 1, naming the path" (a SQLite path that does not exist is an error, "not an empty answer
from a new empty file"). ``kassist context`` shows "the context the assistant would assemble, per tier"
for a thread: it writes nothing, yet in a folder without ``.kassist/`` (another working directory, a
mistyped ``--database-url``) it makes the folder and a new database with every table, and answers exit 0
with a context for a thread and tenant that exist nowhere. Every other reading command (``runs list``,
``kb search``, ``memory history``, ``checkpoints list``, ...) says the database does not exist.
Real processes, SQLite."""

from __future__ import annotations

from pathlib import Path

from ingest_harness import kassist


def test_context_on_a_database_that_does_not_exist_names_it_and_creates_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'no' / 'such' / 'kassist.db'}"
    listed = kassist("memory", "history", "--tenant", "acme", "--user", "asha", "--key", "k", "--database-url", url,
                     cwd=tmp_path)  # fmt: skip
    assert listed.returncode == 1 and "does not exist" in listed.stderr, listed.stderr  # a reading command

    done = kassist("context", "--tenant", "acme", "--user", "asha", "--thread", "leave-chat", "--query", "leave",
                   "--database-url", url, cwd=tmp_path)  # fmt: skip
    assert not (tmp_path / "no").exists(), "context made the folder and a new database"
    assert done.returncode == 1, (done.returncode, done.stdout[-400:])
    assert "does not exist" in done.stderr and "kassist.db" in done.stderr, done.stderr
