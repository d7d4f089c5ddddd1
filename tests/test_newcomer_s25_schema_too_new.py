"""A database a newer kassist migrated, opened by this one (session 25, a newcomer's mistakes).

An older checkout (or a downgrade) on the database of a newer one: ``kassist checkpoints list`` said
"unexpected SchemaTooNew: ... upgrade kassist before using this database (a bug in kassist; run
again with KASSIST_DEBUG=1 ..., and report it)". Nothing is wrong with kassist; the line now is the
migration's own: which tables, which versions, and to upgrade. Nothing is written.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

import zygote

from checkpointer import TenantCheckpointer
from kassist.db.migrate import TABLE

ROOT = Path(__file__).resolve().parents[1]


def test_a_database_from_a_newer_kassist_is_one_line_saying_to_upgrade(tmp_path: Path) -> None:
    db = tmp_path / "kassist.db"
    with TenantCheckpointer.from_url(f"sqlite:///{db}") as saver:
        saver.setup()
    with sqlite3.connect(db) as conn:
        known = conn.execute(f"SELECT max(version) FROM {TABLE} WHERE component = 'checkpointer'").fetchone()[
            0
        ]
        conn.execute(f"INSERT INTO {TABLE} (component, version) VALUES ('checkpointer', {known + 1})")

    def content() -> list[tuple[object, ...]]:
        with sqlite3.connect(db) as conn:
            tables = conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()
            return [*tables, *conn.execute(f"SELECT component, version FROM {TABLE} ORDER BY 1, 2")]

    before = content()

    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    done = zygote.run(  # a real process, forked from the worker's zygote (tests/zygote.py)
        [sys.executable, "-P", "-m", "cli.main", "checkpoints", "list", "--tenant", "acme",
         "--database-url", f"sqlite:///{db}"],
        cwd=tmp_path, env=env, timeout=120,
    )  # fmt: skip

    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"error: the checkpointer tables are at schema version {known + 1}, newer than this kassist "
        f"knows ({known}); upgrade kassist before using this database"
    ]
    assert content() == before  # no migration ran, nothing was created
