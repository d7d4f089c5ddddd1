"""The SQLite transaction every kassist driver runs its operations in."""

from __future__ import annotations

import sqlite3
from types import TracebackType


class sqlite_transaction:  # lower case: it replaced a function of that name, and reads like one
    """Commit on success, roll back on any error (a failed COMMIT included).

    Writes take ``BEGIN IMMEDIATE``: the write lock up front, so a transaction that reads and then
    writes waits for another writer instead of failing with SQLITE_BUSY half-way. A plain class,
    not ``@contextmanager``: it wraps every checkpointer call, and the generator machinery cost
    more than the BEGIN itself.
    """

    __slots__ = ("_conn", "_write")

    def __init__(self, conn: sqlite3.Connection, *, write: bool) -> None:
        self._conn = conn
        self._write = write

    def __enter__(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE" if self._write else "BEGIN")

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if kind is None:
            try:
                self._conn.execute("COMMIT")
                return
            except BaseException:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise
        if self._conn.in_transaction:
            self._conn.execute("ROLLBACK")
