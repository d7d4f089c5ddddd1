"""Session 30 (h1, review r1 #12): a database file or an uploads folder an older kassist made under
umask 022 (0644, 0755) keeps its mode - kassist never changes a user's modes - and a server says so
once at its start, in one line naming the path and the ``chmod`` to run."""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
from contextlib import closing
from pathlib import Path

import pytest
from runs_api_harness import env_for, serving


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_server_warns_once_of_a_database_and_uploads_others_can_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    database = tmp_path / "old" / "kassist.db"
    database.parent.mkdir()
    with closing(sqlite3.connect(database)) as conn:  # as a kassist before session 29 left it
        conn.execute("PRAGMA journal_mode = WAL")
    os.chmod(database, 0o644)
    uploads = tmp_path / "uploads"
    (uploads / "t-acme").mkdir(parents=True, mode=0o755)
    os.chmod(uploads, 0o755)
    url = f"sqlite:///{database}"
    env = {**env_for(tmp_path, None), "KASSIST_UPLOADS_DIR": str(uploads), "KASSIST_RUN_WORKERS": "0"}
    with caplog.at_level(logging.WARNING), serving(url, monkeypatch, env) as client:
        assert client.get("/ok").status_code == 200
    said = [r.getMessage() for r in caplog.records if "open to other local users" in r.getMessage()]
    assert said == [
        f"the database file {database} is open to other local users (mode 0644: made by a kassist "
        f"before session 29, or by hand); kassist changes no mode itself: run chmod go-rwx {database} "
        f"{database}-wal {database}-shm",  # SQLite gives them the file's mode: the server opened them
        f"the uploads folder {uploads} is open to other local users (mode 0755: made by a kassist "
        f"before session 29, or by hand); kassist changes no mode itself: run chmod -R go-rwx {uploads}",
    ], said
    assert (_mode(database), _mode(uploads)) == (0o644, 0o755)  # said, never changed
    caplog.clear()
    with caplog.at_level(logging.WARNING), serving(url, monkeypatch, env) as client:  # the same process
        assert client.get("/ok").status_code == 200
    assert not [r for r in caplog.records if "open to other local users" in r.getMessage()]  # once
