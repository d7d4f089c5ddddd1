"""The SQLite transaction every kassist driver runs its operations in."""

from __future__ import annotations

import sqlite3
from types import TracebackType

from kassist.db.connect_sqlite import sqlite_error


class sqlite_transaction:  # lower case: it replaced a function of that name, and reads like one
    """Commit on success, roll back on any error (a failed COMMIT included).

    Writes take ``BEGIN IMMEDIATE``: the write lock up front, so a transaction that reads and then
    writes waits for another writer instead of failing with SQLITE_BUSY half-way. A plain class,
    not ``@contextmanager``: it wraps every checkpointer call, and the generator machinery cost
    more than the BEGIN itself.

    An error about the file itself raised while reading rows (a damaged page met half-way through
    a scan) becomes the same named error as one raised by a statement (``kassist.db.connect_sqlite``).
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
                self._rollback()
                raise
        self._rollback()
        path = getattr(self._conn, "kassist_path", None)
        if isinstance(exc, sqlite3.DatabaseError) and path is not None:
            error = sqlite_error(path, exc)
            if error is not None:
                raise error from exc

    def _rollback(self) -> None:
        if not self._conn.in_transaction:
            return
        try:
            self._conn.execute("ROLLBACK")
        except sqlite3.DatabaseError:
            # A damaged or full file can refuse even this; SQLite then rolls the transaction
            # back itself when the connection is next used or closed, and the first error matters.
            if self._conn.in_transaction:
                raise
