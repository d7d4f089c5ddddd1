"""An up-to-date database's set-up only reads (h7 s31 #6, for x's components: the run store and the key
store; tests/test_probe_s31a_setup_lock.py covers every component): on SQLite the set-up's write
transaction (BEGIN IMMEDIATE) waited for another process's write lock even when no migration was
pending, so every read-only command failed "stayed locked" after the busy timeout. A real lock held by
a second connection; the database object's busy timeout short (its own setting)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from graph.ingestion.store import RunStore
from kassist.db.shared import open_database, release
from server.key_store import KeyStore


def test_an_up_to_date_run_store_and_key_store_open_while_another_process_writes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    shared = open_database(url, busy_timeout_s=0.5)
    try:
        for make in (RunStore.from_url, KeyStore.from_url):
            make(url).close()  # the tables, current
        holder = sqlite3.connect(tmp_path / "kassist.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another process's long write
        try:
            for make in (RunStore.from_url, KeyStore.from_url):
                make(url).close()  # DatabaseBusy after the busy timeout before
        finally:
            holder.execute("ROLLBACK")
            holder.close()
    finally:
        release(shared)
