"""A command that only reads, on a database in a folder this user may not write (session 25, a
newcomer's mistakes on purpose: a read-only mount, a folder of another user).

A WAL database closed cleanly has no -wal or -shm file, and SQLite creates them to open it, even to
read. ``kassist memory list`` there said "the database ... is read-only (attempt to write a readonly
database); nothing was written. A write needs write access ...": the user had asked for no write.
Now the line says why a read needs the folder, what to check, and the way out; nothing changes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import readonly_support

ROOT = Path(__file__).resolve().parents[1]
KASSIST = [sys.executable, "-P", "-m", "cli.main"]


def _run(args: list[str], cwd: Path, user: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [*user, *KASSIST, *args], capture_output=True, text=True, timeout=120, cwd=cwd, env=env
    )


@pytest.fixture
def read_only_folder() -> Iterator[tuple[Path, list[str]]]:
    """A database with one memory, closed cleanly (no -wal, no -shm), in a folder and file the
    commands may read but not write (run as ``nobody`` when the tests run as root)."""

    def remember(db: Path) -> None:
        made = _run(
            ["memory", "remember", "--tenant", "acme", "--user", "asha", "--type", "preference", "--key",
             "response_language", "--value", '"Bengali"', "--source", "user_explicit", "--database-url",
             f"sqlite:///{db}"],
            db.parent, [],
        )  # fmt: skip
        assert made.returncode == 0, made.stderr
        assert [p.name for p in db.parent.iterdir()] == ["kassist.db"]  # closed cleanly

    with readonly_support.read_only_folder(remember) as made:
        yield made


def test_a_read_in_a_read_only_folder_says_why_it_needs_the_folder(
    read_only_folder: tuple[Path, list[str]],
) -> None:
    db, user = read_only_folder
    before = db.read_bytes()
    done = _run(
        ["memory", "list", "--tenant", "acme", "--user", "asha", "--database-url", f"sqlite:///{db}"],
        db.parent,
        user,
    )
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"error: cannot open the database {db} (attempt to write a readonly database): in WAL mode SQLite "
        f"creates its -wal and -shm files beside it even to read it, so this user needs write access to "
        f"the file and its folder {db.parent} (check them with ls -ld {db.parent} {db}*); nothing was "
        "written. Or point --database-url / KASSIST_DATABASE_URL at a writable copy"
    ]
    assert [p.name for p in db.parent.iterdir()] == ["kassist.db"] and db.read_bytes() == before
