"""Opening a SQLite database file the same way in every kassist component, and saying what its
errors mean.

A wrong path is a user's mistake worth a sentence (which file, what is wrong with it, what to do),
not sqlite3's "unable to open database file" or "file is not a database" without a name. The same
goes for a full disk and a damaged file: every connection opened here translates those errors into
:class:`DiskFull` and :class:`DatabaseCorrupt`, naming the file. A damaged file is also closed to
writes for the rest of the process (``PRAGMA query_only`` on every connection to it), so what is
left is not damaged further by writes that SQLite cannot place safely.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from kassist.dburl import DatabaseUnavailable

# Primary result codes (sqlite3 exposes the extended code as ``exc.sqlite_errorcode``).
_BUSY, _LOCKED, _IOERR, _CORRUPT, _FULL, _READONLY, _CANTOPEN, _NOTADB = 5, 6, 10, 11, 13, 8, 14, 26
_WRITE_BEGINS = ("BEGIN IMMEDIATE", "BEGIN EXCLUSIVE")


class DiskFull(DatabaseUnavailable):
    """A SQLite file could not be written: the disk is full, the file hit a size limit, or the
    storage failed. The call's changes were rolled back."""


class DatabaseCorrupt(DatabaseUnavailable):
    """A SQLite file is damaged; this process writes nothing more into it."""


class DatabaseReadOnly(DatabaseUnavailable):
    """A SQLite file this process may read but not write (its mode, its owner, a read-only mount,
    or a -wal/-shm file or folder it cannot write). The call's changes were rolled back."""


class DatabaseBusy(DatabaseUnavailable, TimeoutError):
    """Another connection kept a SQLite file's write lock past the busy timeout. A TimeoutError
    too: worth another try later (the ingestion's RetryPolicy retries it, as it retried sqlite3's
    "database is locked" before this error named the file)."""


def _opening_error(path: Path, reason: str) -> DatabaseReadOnly:
    # A WAL database closed cleanly has no -wal or -shm file; opening it creates them, even for a
    # command that only reads (SQLite has no read-only WAL without them). "A write needs ..." left a
    # user who ran `memory list` on a read-only folder asking what was being written.
    return DatabaseReadOnly(
        f"cannot open the database {path} ({reason}): in WAL mode SQLite creates its -wal and -shm "
        f"files beside it even to read it, so this user needs write access to the file and its "
        f"folder {path.parent} (check them with ls -ld {path.parent} {path}*); nothing was written. "
        "Or point --database-url / KASSIST_DATABASE_URL at a writable copy"
    )


def _read_only_error(path: Path, reason: str, *, cannot_open: bool = False) -> DatabaseReadOnly:
    # What a write needs is not only the file: in WAL mode the -wal and -shm files beside it, and
    # the folder (SQLite creates and deletes them there). Saying all three spares a second attempt.
    what = "cannot open a file of the database" if cannot_open else "the database"
    state = "" if cannot_open else " is read-only"
    return DatabaseReadOnly(
        f"{what} {path}{state} ({reason}); nothing was written. A write needs write "
        f"access to the file, its -wal and -shm files and its folder {path.parent} (check them with "
        f"ls -l {path}*), or point --database-url / KASSIST_DATABASE_URL at a writable copy"
    )


_damaged: dict[str, str] = {}  # resolved path -> the error that showed the damage (process-wide)
_damaged_lock = threading.Lock()


def _key(path: Path) -> str:
    try:
        return str(path.resolve())
    except OSError:
        return str(path.absolute())


def _corrupt_error(path: Path, reason: str) -> DatabaseCorrupt:
    return DatabaseCorrupt(
        f"the SQLite file {path} is damaged ({reason}); nothing more is written to it by this "
        "process, so the damage does not spread. Stop the application, copy the file and its -wal "
        f"file aside, then restore it from a backup or salvage what is readable with "
        f"`sqlite3 {path} .recover | sqlite3 recovered.db`, and point the database URL at the "
        "restored file."
    )


def raise_named(path: Path, exc: sqlite3.DatabaseError) -> NoReturn:
    """Raise ``exc`` as :func:`sqlite_error` names it (chained to it), or as it is."""
    error = sqlite_error(path, exc)
    if error is None:
        raise exc
    raise error from exc


def sqlite_error(path: Path, exc: BaseException) -> DatabaseUnavailable | None:
    """The named error for a sqlite3 error on the file at ``path`` that is about the file itself
    (damaged, disk full, storage failing), or None for any other error (left as it is)."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return None
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    reason = str(exc)
    key = _key(path)
    # By code (not "malformed", which is also SQLite's word for bad JSON text in a row).
    if primary in (_CORRUPT, _NOTADB) or "database disk image is malformed" in reason:
        with _damaged_lock:
            _damaged.setdefault(key, reason)
        return _corrupt_error(path, reason)
    if primary == _READONLY and key in _damaged:
        return _corrupt_error(path, _damaged[key])
    # A read-only file (or its -wal/-shm, or its folder) fails as SQLITE_READONLY on the first
    # write, or as SQLITE_CANTOPEN when a -shm or -wal cannot be created mid-call: sqlite3 names
    # neither the file nor the remedy, and a bare OperationalError reached the user as a traceback.
    if primary == _READONLY or "readonly database" in reason:
        return _read_only_error(path, reason)
    if primary == _CANTOPEN:
        return _read_only_error(path, reason, cannot_open=True)
    if primary in (_BUSY, _LOCKED):
        return DatabaseBusy(
            f"the database {path} stayed locked by another writer ({reason}); nothing was written. "
            "Let the other writer finish (another kassist command, a server or a worker on the same "
            "file) and retry"
        )
    if primary in (_FULL, _IOERR) or "disk is full" in reason or "disk I/O error" in reason:
        return DiskFull(
            f"could not write the SQLite file {path} ({reason}): the disk is full, the file reached "
            "a size limit (ulimit -f, a quota), or the storage failed. This call's changes were "
            "rolled back; free space (or fix the storage) and retry."
        )
    return None


def is_damaged(path: Path) -> bool:
    """Whether this process has seen the file at ``path`` report damage."""
    return _key(path) in _damaged


def _named(run: Callable[[Any, str, Any], sqlite3.Cursor]) -> Callable[..., sqlite3.Cursor]:
    """sqlite3's ``run`` (execute or executemany) stopping writes to a damaged file and raising
    this module's errors, which name the file."""

    def method(self: _Connection, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        if _damaged:
            self._guard(sql)
        try:
            return run(self, sql, parameters)
        except sqlite3.DatabaseError as exc:
            raise_named(self.kassist_path, exc)

    return method


class _Connection(sqlite3.Connection):
    """A connection that names its file in the errors above and stops writing to a damaged one."""

    kassist_path: Path
    kassist_key: str
    _read_only = False

    def _guard(self, sql: str) -> None:
        if self.kassist_key not in _damaged:
            return
        if sql.lstrip()[:15].upper() in _WRITE_BEGINS:
            raise _corrupt_error(self.kassist_path, _damaged[self.kassist_key])
        if not self._read_only:
            super().execute("PRAGMA query_only = ON")  # any other write fails as SQLITE_READONLY
            self._read_only = True

    # sqlite3's own methods, each wrapped once by _named (no super() lookup per statement).
    execute = _named(sqlite3.Connection.execute)
    executemany = _named(sqlite3.Connection.executemany)


def _cannot_open(path: Path, exc: OSError) -> str:
    """Why the file could not be opened, and what to do. Out of file descriptors, the folder was
    never the trouble: the line sent the operator to check its permissions (h7 s31 #7)."""
    if exc.errno in (errno.EMFILE, errno.ENFILE):
        whose = "this process" if exc.errno == errno.EMFILE else "the system"
        return (
            f"cannot open the SQLite file {path}: {whose} has too many files open ({exc.strerror}); "
            "nothing was written. Raise the limit (ulimit -n, LimitNOFILE= for a service) or stop "
            "what holds them, and retry"
        )
    return (
        f"cannot open the SQLite file {path}: {exc}; check that its directory can be created and written to"
    )


def _create_private(path: Path) -> None:
    """Create ``path`` empty with mode 0600 if it does not exist (SQLite then writes its header)."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def read_only(path: Path, *, check_same_thread: bool = True) -> sqlite3.Connection:
    """A connection that only reads the SQLite file at ``path`` (``mode=ro``: it never creates the
    file nor writes to it), sqlite3's own, for a look at a file before or instead of kassist's open
    (a database URL's file checked for kassist's tables, a stock saver's file imported). The URI is
    the path's ``as_uri()``: percent-encoded, so a name holding ``%41`` or ``?`` stays that file's
    (``file:{path}`` read ``%41`` as ``A``, another file)."""
    return sqlite3.connect(
        f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=check_same_thread
    )


def table_names(conn: sqlite3.Connection) -> list[str]:
    """The tables of the database ``conn`` reads, in the file's order (a file looked at through
    :func:`read_only`: whose tables it holds)."""
    return [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]


def open_sqlite(
    path: Path, *, busy_timeout_s: float = 30.0, pragmas: Sequence[str] = ()
) -> sqlite3.Connection:
    """A connection to the SQLite file at ``path`` (created, with its directory, when missing) in WAL
    mode, autocommit (callers open their own transactions), usable from any thread.

    ``pragmas`` run after ``journal_mode = WAL``. Raises :class:`DatabaseUnavailable` naming the
    file when it cannot be opened or is not a SQLite database; its statements raise
    :class:`DiskFull` and :class:`DatabaseCorrupt` (see the module docstring).
    """
    if path.is_dir():
        raise DatabaseUnavailable(
            f"the SQLite path {path} is a directory; name a file in it, e.g. sqlite:///{path / 'kassist.db'}"
        )
    try:
        # A folder and a file kassist creates are its user's alone (PostgreSQL's data folder is
        # 0700 too): they hold every tenant's documents, memories and reports, and were readable by
        # every local user under umask 022 (session 29). SQLite gives the -wal and -shm files the
        # database file's mode. An existing file or folder keeps the mode its owner gave it.
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        _create_private(path)
        conn = sqlite3.connect(
            path, isolation_level=None, check_same_thread=False, timeout=busy_timeout_s, factory=_Connection
        )
    except OSError as exc:
        raise DatabaseUnavailable(_cannot_open(path, exc)) from None
    except sqlite3.Error as exc:
        raise DatabaseUnavailable(
            f"cannot open the SQLite file {path}: {exc}; check that its directory can be created "
            "and written to"
        ) from None
    assert isinstance(conn, _Connection)
    conn.kassist_path = path
    conn.kassist_key = _key(path)
    raw = sqlite3.Connection.execute  # no translation yet: a file that is not SQLite is told apart
    try:
        # The first statement reads the file header: a file that is not a database fails here.
        raw(conn, f"PRAGMA busy_timeout = {int(busy_timeout_s * 1000)}")
        raw(conn, "PRAGMA journal_mode = WAL")
        for pragma in pragmas:
            raw(conn, pragma)
    except sqlite3.DatabaseError as exc:
        conn.close()
        if "not a database" in str(exc):
            raise DatabaseUnavailable(
                f"{path} is not a SQLite database ({exc}); point the database URL at another "
                "file, or move this one away"
            ) from None
        error = sqlite_error(path, exc)
        if isinstance(error, DatabaseReadOnly):
            raise _opening_error(path, str(exc)) from None
        if error is not None:
            raise error from None
        raise DatabaseUnavailable(f"cannot open the SQLite file {path}: {exc}") from None
    return conn
