"""The migration rule every component's schema follows.

Each component keeps its numbered migrations and its schema-version table (their layouts predate
this module and live in databases already), and applies them with a sans-I/O generator that, in
one write transaction: takes :data:`LOCK` on PostgreSQL (one spelling, so concurrent set-ups of
any components serialise on one key instead of racing on DDL), creates its version table, reads
the recorded version, asks :func:`pending` which migrations to run, and records each one.
:func:`pending` refuses a database migrated by a newer kassist: this code cannot know what a newer
schema means, and downgrading it would lose data.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any, TypeVar

from kassist.db.statements import Stmt

T = TypeVar("T")

LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtext('kassist.migrations'))"
"""Transaction-scoped: released by the migration's COMMIT or ROLLBACK, never left behind."""
VECTOR_SQL = "CREATE EXTENSION IF NOT EXISTS vector"


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer kassist than this one."""


def pending(
    what: str, applied: Iterable[int], known: int, *, error: type[RuntimeError] = SchemaTooNew
) -> list[int]:
    """The migrations (1-based numbers up to ``known``) not among ``applied``, in order; ``error``
    naming ``what`` (e.g. "memory tables") when the database is past ``known``."""
    done = set(applied)
    newest = max(done, default=0)
    if newest > known:
        raise error(
            f"the {what} are at schema version {newest}, newer than this kassist knows ({known}); "
            "upgrade kassist before using this database"
        )
    return [number for number in range(1, known + 1) if number not in done]


def up_to(version: int) -> range:
    """The versions a table recording only the newest applied one (``version``) stands for."""
    return range(1, version + 1)


def locked(op: Generator[Any, Any, T]) -> Generator[Any, Any, T]:
    """``op`` under :data:`LOCK_SQL` (PostgreSQL): concurrent migrators queue instead of racing on DDL."""
    yield Stmt(LOCK_SQL)
    return (yield from op)


def vector_extension() -> Generator[Stmt, Any, None]:
    """pgvector created under the lock (two concurrent CREATE EXTENSION IF NOT EXISTS can collide)."""
    yield Stmt(LOCK_SQL)
    yield Stmt(VECTOR_SQL)


def no_vector(exc: BaseException) -> bool:
    """Whether ``exc``, raised by :func:`vector_extension`, says pgvector cannot be had (not
    installed, not permitted) rather than that the server went away."""
    import psycopg

    from kassist.db.pool_postgres import connection_lost

    return isinstance(exc, psycopg.Error) and not connection_lost(exc)
