"""h24 s39: ``kassist memory forget`` (right to erasure) on a database that does not exist makes a new
empty one and answers "forgot 0 memory rows", exit 0.

Every other command that removes something - ``kb documents delete``, ``kb collections delete``, ``keys
revoke``, ``checkpoints prune``, ``runs cancel`` - on a mistyped ``--database-url`` (or from another
working directory, where ``.kassist/kassist.db`` is not) says ``error: the SQLite database ... does not
exist; check the path ...``, exit 1, and creates nothing. ``memory forget --user U`` creates the folder and
a database with every table and prints ``forgot 0 memory rows of U in T``, exit 0: the operator carrying
out an erasure request reads that the user had nothing to erase, while every memory of U stays in the
real database. ``memory release`` also makes the database (then fails: nothing to release).
Real processes, SQLite."""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import kassist


@pytest.mark.parametrize(
    "command",
    [
        ("memory", "forget", "--tenant", "acme", "--user", "asha"),
        ("memory", "release", "abc123", "--tenant", "acme"),
    ],
    ids=["forget", "release"],
)
def test_an_erasure_on_a_database_that_does_not_exist_says_so_and_creates_nothing(
    command: tuple[str, ...], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'typo' / 'kassist.db'}"
    deleted = kassist("kb", "documents", "delete", "x.md", "--tenant", "acme", "--yes", "--database-url", url,
                      cwd=tmp_path)  # fmt: skip
    assert deleted.returncode == 1 and "does not exist" in deleted.stderr, deleted.stderr  # a sibling delete

    done = kassist(*command, "--database-url", url, cwd=tmp_path)
    assert not (tmp_path / "typo").exists(), f"{command[1]} made the folder and a new database"
    assert done.returncode == 1 and "does not exist" in done.stderr, (
        done.returncode,
        done.stdout,
        done.stderr,
    )
