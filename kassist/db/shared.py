"""One database object per URL and process, shared by every component that opens that URL.

``TenantCheckpointer.from_url``, ``MemoryStore.from_url``, ``MemoryManager.from_url`` and
``KnowledgeIndex.from_url`` all call :func:`open_database`; the first call for a URL creates the
:class:`~kassist.db.driver_sqlite.SqliteDatabase` or
:class:`~kassist.db.driver_postgres.PostgresDatabase`, later calls get the same object, and each
component's ``close()`` gives its use back (:func:`release`): the last one closes it. So on one
SQLite file the components share one durability policy and one writer lock, and against one
PostgreSQL server they share one pool.

Settings belong to the database, not to a component: the first opener's ``synchronous`` (SQLite)
or ``pool_size``/``connect_timeout`` (PostgreSQL) hold until the last user closes it, and a later
opener asking for other values explicitly gets a ValueError instead of a silently different policy.
Open the database first to choose them for every component::

    db = open_database("sqlite:///.kassist/kassist.db", synchronous="normal")
    saver = TenantCheckpointer.from_url("sqlite:///.kassist/kassist.db")  # shares db
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from kassist.db.driver_sqlite import BUSY_TIMEOUT_S, SqliteDatabase, check_synchronous
from kassist.dburl import DatabaseURL, parse_database_url

if TYPE_CHECKING:  # psycopg loads only when a PostgreSQL URL is opened (CLI start-up on SQLite)
    from kassist.db.driver_postgres import PostgresDatabase

Database: TypeAlias = "SqliteDatabase | PostgresDatabase"

_open: dict[str, tuple[Database, list[int]]] = {}  # key -> (database, [users])
_lock = threading.Lock()


def _key(url: DatabaseURL) -> str:
    if url.backend == "sqlite":
        assert url.sqlite_path is not None
        try:
            return "sqlite:" + str(Path(url.sqlite_path).resolve())
        except OSError:
            return "sqlite:" + str(Path(url.sqlite_path).absolute())
    return "postgres:" + (url.conninfo or url.url)


def _conflict(db: Database, what: str, open_value: object, asked: object) -> ValueError:
    return ValueError(
        f"{db.describe()} is already open in this process with {what}={open_value!r}, and {asked!r} "
        "was asked: one database has one policy for every component on it. Open every component "
        f"with the same {what}, or leave it out (it then follows the open database)"
    )


def open_database(
    url: str | DatabaseURL,
    *,
    synchronous: str | None = None,
    busy_timeout_s: float | None = None,
    pool_size: int | None = None,
    connect_timeout: float | None = None,
) -> Database:
    """The process's database object for ``url`` (created on first use), with one more user.

    SQLite: ``synchronous`` is ``"full"`` (default) or ``"normal"`` for the whole file.
    PostgreSQL: ``pool_size`` (default 8) connections and ``connect_timeout`` (default 10 s)
    bounding each connection attempt and each wait for a pooled connection. Give the use back
    with :func:`release` / :func:`arelease`.
    """
    parsed = url if isinstance(url, DatabaseURL) else parse_database_url(url)
    if synchronous is not None:
        check_synchronous(synchronous)
    key = _key(parsed)
    with _lock:
        entry = _open.get(key)
        if entry is not None:
            db, users = entry
            _check_same(db, synchronous, busy_timeout_s, pool_size, connect_timeout)
            users[0] += 1
            return db
        db = _create(parsed, synchronous, busy_timeout_s, pool_size, connect_timeout)
        _open[key] = (db, [1])
        return db


def _create(
    parsed: DatabaseURL,
    synchronous: str | None,
    busy_timeout_s: float | None,
    pool_size: int | None,
    connect_timeout: float | None,
) -> Database:
    if parsed.backend == "sqlite":
        assert parsed.sqlite_path is not None
        return SqliteDatabase(
            parsed.sqlite_path,
            synchronous=synchronous or "full",
            busy_timeout_s=BUSY_TIMEOUT_S if busy_timeout_s is None else busy_timeout_s,
        )
    from kassist.db.driver_postgres import CONNECT_TIMEOUT_S, POOL_SIZE, PostgresDatabase

    return PostgresDatabase(
        parsed.conninfo or parsed.url,
        pool_size=POOL_SIZE if pool_size is None else pool_size,
        connect_timeout=CONNECT_TIMEOUT_S if connect_timeout is None else connect_timeout,
    )


def _check_same(
    db: Database,
    synchronous: str | None,
    busy_timeout_s: float | None,
    pool_size: int | None,
    connect_timeout: float | None,
) -> None:
    if isinstance(db, SqliteDatabase):
        if synchronous is not None and check_synchronous(synchronous) != db.synchronous:
            raise _conflict(db, "sqlite_synchronous", db.synchronous.lower(), synchronous)
        if busy_timeout_s is not None and busy_timeout_s != db.busy_timeout_s:
            raise _conflict(db, "busy_timeout_s", db.busy_timeout_s, busy_timeout_s)
        return
    if pool_size is not None and pool_size != db.pool_size:
        raise _conflict(db, "pool_size", db.pool_size, pool_size)
    if connect_timeout is not None and connect_timeout != db.connect_timeout:
        raise _conflict(db, "connect_timeout", db.connect_timeout, connect_timeout)


def _last_user(db: Database) -> bool:
    with _lock:
        for key, (open_db, users) in list(_open.items()):
            if open_db is db:
                users[0] -= 1
                if users[0] > 0:
                    return False
                del _open[key]
                return True
    return False  # released more often than opened: already closed


def release(db: Database) -> None:
    """Give back one use of ``db``; the last use closes it."""
    if _last_user(db):
        db.close()


async def arelease(db: Database) -> None:
    """The async twin of :func:`release` (closes an async pool on its own event loop)."""
    if _last_user(db):
        await db.aclose()


def users(url: str | DatabaseURL) -> int:
    """How many uses of ``url``'s database are open in this process (0: none is)."""
    parsed = url if isinstance(url, DatabaseURL) else parse_database_url(url)
    with _lock:
        entry = _open.get(_key(parsed))
        return entry[1][0] if entry is not None else 0
