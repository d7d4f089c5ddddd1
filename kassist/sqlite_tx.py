"""The SQLite transaction every kassist driver runs its operations in."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def sqlite_transaction(conn: sqlite3.Connection, *, write: bool) -> Iterator[None]:
    """Commit on success, roll back on any error (a failed COMMIT included).

    Writes take ``BEGIN IMMEDIATE``: the write lock up front, so a transaction that reads and then
    writes waits for another writer instead of failing with SQLITE_BUSY half-way.
    """
    conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
