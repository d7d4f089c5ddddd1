"""Opening a SQLite database file the same way in every kassist component.

A wrong path is a user's mistake worth a sentence (which file, what is wrong with it, what to do),
not sqlite3's "unable to open database file" or "file is not a database" without a name.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from kassist.dburl import DatabaseUnavailable


def open_sqlite(
    path: Path, *, busy_timeout_s: float = 30.0, pragmas: Sequence[str] = ()
) -> sqlite3.Connection:
    """A connection to the SQLite file at ``path`` (created, with its directory, when missing) in WAL
    mode, autocommit (callers open their own transactions), usable from any thread.

    ``pragmas`` run after ``journal_mode = WAL``. Raises :class:`DatabaseUnavailable` naming the
    file when it cannot be opened or is not a SQLite database.
    """
    if path.is_dir():
        raise DatabaseUnavailable(
            f"the SQLite path {path} is a directory; name a file in it, e.g. sqlite:///{path / 'kassist.db'}"
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=busy_timeout_s)
    except (OSError, sqlite3.Error) as exc:
        raise DatabaseUnavailable(
            f"cannot open the SQLite file {path}: {exc}; check that its directory can be created "
            "and written to"
        ) from None
    try:
        # The first statement reads the file header: a file that is not a database fails here.
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_s * 1000)}")
        conn.execute("PRAGMA journal_mode = WAL")
        for pragma in pragmas:
            conn.execute(pragma)
    except sqlite3.DatabaseError as exc:
        conn.close()
        if "not a database" in str(exc):
            raise DatabaseUnavailable(
                f"{path} is not a SQLite database ({exc}); point the database URL at another "
                "file, or move this one away"
            ) from None
        raise DatabaseUnavailable(f"cannot open the SQLite file {path}: {exc}") from None
    return conn
