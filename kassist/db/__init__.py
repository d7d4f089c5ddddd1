"""kassist's one data layer: statements, executors, migrations and the shared database object.

See docs/architecture.md. In short: components write their database logic as sans-I/O generators
yielding their own requests, compile them to :class:`Stmt`/:class:`Local` (pure), and run them on
the one :class:`Database` their URL opens in this process (:func:`open_database`).
"""

from kassist.db.driver_sqlite import SqliteDatabase, check_synchronous
from kassist.db.shared import Database, arelease, open_database, release, users
from kassist.db.statements import Local, Options, Stmt
from kassist.dburl import DatabaseUnavailable, PoolExhausted

__all__ = [
    "Database",
    "DatabaseUnavailable",
    "Local",
    "Options",
    "PoolExhausted",
    "SqliteDatabase",
    "Stmt",
    "arelease",
    "check_synchronous",
    "open_database",
    "release",
    "users",
]
