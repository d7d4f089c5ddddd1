"""The one migration runner every component's schema goes through.

A component keeps its numbered migrations as a constant list per dialect (position = version,
langgraph-checkpoint-postgres' rule) and hands them to :func:`migrate` with its name. The runner is
sans-I/O (it yields :class:`~kassist.db.statements.Stmt`) and its caller runs it as one write
transaction, in which it:

* takes the lock: on PostgreSQL :data:`LOCK_SQL`, one transaction-scoped advisory lock for every
  component, so concurrent set-ups queue instead of racing on DDL; on SQLite the write transaction
  itself (``BEGIN IMMEDIATE``) already serialises them;
* creates :data:`TABLE` if it is missing: one table for every component (sqlite-utils' rule),
  a row per applied migration, ``(component, version)`` its primary key;
* reads the component's recorded versions; a database set up before this table existed has them
  in the component's own legacy table (:data:`LEGACY`): they are adopted (copied in) and the legacy
  table dropped, in the same transaction, so nothing is run again;
* refuses a database migrated by a newer kassist (:class:`SchemaTooNew`: this code cannot know what
  a newer schema means, and downgrading it would lose data);
* runs each pending migration and records it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from kassist.db.statements import Stmt
from kassist.dburl import DatabaseUnavailable

T = TypeVar("T")
Op = Generator[Any, Any, T]

LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtext('kassist.migrations'))"
"""Transaction-scoped: released by the migration's COMMIT or ROLLBACK, never left behind."""
VECTOR_SQL = "CREATE EXTENSION IF NOT EXISTS vector"
VECTOR_PRESENT = "SELECT count(*) AS found FROM pg_extension WHERE extname = 'vector'"

TABLE = "kassist_schema_versions"

CHECKPOINTER = "checkpointer"
INGESTION = "ingestion"
API_KEYS = "api_keys"
KNOWLEDGE_INDEX = "knowledge_index"
MEMORY_MANAGER = "memory_manager"
MEMORY_STORE = "memory_store"


class Legacy(NamedTuple):
    """A component's version table from before :data:`TABLE`."""

    table: str
    newest_only: bool
    """Whether the component read only its largest version (standing for every one up to it)
    rather than the set of versions recorded."""


LEGACY: Mapping[str, Legacy] = {
    CHECKPOINTER: Legacy("kassist_cp_schema_version", newest_only=False),
    INGESTION: Legacy("kassist_ingest_schema_version", newest_only=False),
    API_KEYS: Legacy("kassist_keys_schema_version", newest_only=False),
    KNOWLEDGE_INDEX: Legacy("kassist_kb_schema_version", newest_only=True),
    MEMORY_MANAGER: Legacy("kassist_mem_schema_version", newest_only=True),
    MEMORY_STORE: Legacy("kassist_store_schema_version", newest_only=True),
}

_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer kassist than this one (a component may subclass it to
    put it in its own error family; the message is this module's)."""


Migration = str | Stmt | Sequence[str | Stmt] | Callable[[], Op[Any]]
"""One numbered migration: its statements (SQL text, or a :class:`Stmt` where its parameters
matter), or a function returning an operation (a data migration that reads before it writes)."""


class _Sql(NamedTuple):
    lock: tuple[Stmt, ...]
    create: str
    exists: str  # {name} -> one row, one column: whether that table exists


_DIALECTS: Mapping[str, _Sql] = {
    "sqlite": _Sql(
        lock=(),  # the write transaction (BEGIN IMMEDIATE) is the lock
        create=(
            f"CREATE TABLE IF NOT EXISTS {TABLE} (component TEXT NOT NULL, version INTEGER NOT NULL, "
            "applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, PRIMARY KEY (component, version))"
        ),
        exists="SELECT count(*) AS found FROM sqlite_master WHERE type = 'table' AND name = '{name}'",
    ),
    "postgres": _Sql(
        lock=(Stmt(LOCK_SQL, fetch=False),),
        create=(
            f"CREATE TABLE IF NOT EXISTS {TABLE} (component text NOT NULL, version integer NOT NULL, "
            "applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (component, version))"
        ),
        # to_regclass resolves the name as the component's unqualified statements do (search_path).
        exists="SELECT CASE WHEN to_regclass('{name}') IS NULL THEN 0 ELSE 1 END AS found",
    ),
}


def _dialect(backend: str) -> _Sql:
    try:
        return _DIALECTS[backend]
    except KeyError:
        raise ValueError(f"no migration runner for backend {backend!r}") from None


def _found(rows: list[Any]) -> bool:
    """The answer of a dialect's ``exists``: one row of one column (found)."""
    return any(int(found) for (found,) in rows)


def _select(component: str, table: str) -> str:
    return f"SELECT version FROM {table} WHERE component = '{component}' ORDER BY version"


def _checked(component: str) -> str:
    # Names are written into the SQL text (no placeholder style to choose per dialect): only ours.
    if not _NAME.match(component):
        raise ValueError(f"not a component name: {component!r}")
    return component


def _legacy_versions(component: str, sql: _Sql) -> Op[list[int] | None]:
    """The versions the component's legacy table records, or None when it has none."""
    legacy = LEGACY.get(component)
    if legacy is None:
        return None
    found = yield Stmt(sql.exists.format(name=legacy.table))
    if not _found(found):
        return None
    rows = yield Stmt(f"SELECT version FROM {legacy.table}")
    versions = sorted({int(version) for (version,) in rows})
    if legacy.newest_only and versions:
        versions = list(up_to(versions[-1]))
    return versions


def _versions(component: str, sql: _Sql) -> Op[list[int]]:
    """The component's versions in :data:`TABLE`, read without writing ([] when it has none there)."""
    found = yield Stmt(sql.exists.format(name=TABLE))
    if not _found(found):
        return []
    rows = yield Stmt(_select(component, TABLE))
    return [int(version) for (version,) in rows]


def up_to_date(
    component: str, known: int, backend: str, *, error: type[SchemaTooNew] = SchemaTooNew
) -> Op[bool]:
    """Whether every one of ``component``'s ``known`` migrations is recorded, read without writing:
    a set-up that finds it so runs no write transaction. On SQLite that transaction (BEGIN
    IMMEDIATE) waited for another process's write lock - the busy timeout, 30 s - before the
    runner's own look, so every read-only command failed "stayed locked" while any other process
    wrote (h7 s31 #6). ``error`` for a database newer than this code, as :func:`migrate` raises."""
    versions = yield from _versions(_checked(component), _dialect(backend))
    return bool(versions) and not pending(component, versions, known, error=error)


def recorded(component: str, backend: str) -> Op[list[int]]:
    """The component's applied versions, read without writing (a check before use): from
    :data:`TABLE`, else from its legacy table (a database this kassist has not migrated yet)."""
    sql = _dialect(backend)
    component = _checked(component)
    return (yield from _versions(component, sql)) or (yield from _legacy_versions(component, sql)) or []


def _record(component: str, versions: Iterable[int]) -> Stmt:
    values = ", ".join(f"('{component}', {int(v)})" for v in versions)
    return Stmt(f"INSERT INTO {TABLE} (component, version) VALUES {values}", fetch=False)


def _run(migration: Migration) -> Op[Any]:
    if callable(migration):
        return (yield from migration())
    items = (migration,) if isinstance(migration, str | Stmt) else migration
    for item in items:
        yield Stmt(item, fetch=False) if isinstance(item, str) else item
    return None


def migrate(
    component: str,
    migrations: Sequence[Migration],
    backend: str,
    *,
    error: type[SchemaTooNew] = SchemaTooNew,
    check: Callable[[list[int]], Op[Any]] | None = None,
) -> Op[list[int]]:
    """Apply the component's migrations not yet recorded (``migrations[n - 1]`` is version ``n``)
    and return their versions; run it as one write transaction. ``error`` is raised for a database
    newer than this code; ``check``, given the recorded versions, runs under the lock before any
    migration (a component's own refusal, e.g. another embedder's index)."""
    sql = _dialect(backend)
    component = _checked(component)
    # A look first, without the lock or any DDL: a database whose every migration is recorded is
    # used as it is. Every command, reads too, ran CREATE TABLE IF NOT EXISTS under the lock, which
    # PostgreSQL refuses a role that may only read (migrations by the owner, the application with
    # DML only) and a read-only standby, even when the table exists (h8 s31 #2). The lock and the
    # recheck below stay for a database with something to apply.
    current = yield from _versions(component, sql)
    if current and not pending(component, current, len(migrations), error=error):
        if check is not None:
            yield from check(current)
        return []
    for lock in sql.lock:  # noqa: UP028 (`yield from` a tuple fails when sent the answer)
        yield lock
    yield Stmt(sql.create, fetch=False)
    rows = yield Stmt(_select(component, TABLE))
    applied = [int(version) for (version,) in rows]
    adopted = None if applied else (yield from _legacy_versions(component, sql))
    todo = pending(component, applied or adopted or [], len(migrations), error=error)
    if not applied and adopted is None:
        yield from _refuse_foreign_tables(component, migrations, sql)
    if adopted is not None:  # refused above when newer: nothing adopted, the legacy table kept
        if adopted:
            yield _record(component, adopted)
        yield Stmt(f"DROP TABLE {LEGACY[component].table}", fetch=False)
        applied = adopted
    if check is not None:
        yield from check(applied)
    for version in todo:
        yield from _run(migrations[version - 1])
        yield _record(component, (version,))
    return todo


class ForeignTable(DatabaseUnavailable):
    """A table of a kassist component's name that kassist has no record of making (another
    application's, a hand-made or restored one): a migration would adopt it as it is (CREATE TABLE
    IF NOT EXISTS) and every statement then failed on its shape, as a bug of kassist's."""


_CREATES = re.compile(r"\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)", re.IGNORECASE)


def _tables_made(migrations: Sequence[Migration]) -> list[str]:
    """The tables the component's migrations create (their SQL text; a data migration makes none)."""
    names: list[str] = []
    for migration in migrations:
        if callable(migration):
            continue
        items = (migration,) if isinstance(migration, str | Stmt) else migration
        for item in items:
            text = item if isinstance(item, str) else item.sql
            names.extend(n for n in _CREATES.findall(text) if n not in names and n != TABLE)
    return names


def _refuse_foreign_tables(component: str, migrations: Sequence[Migration], sql: _Sql) -> Op[None]:
    """Raise :class:`ForeignTable` for a table the component would create that is already there
    while the database records none of the component's migrations."""
    for name in _tables_made(migrations):
        if _found((yield Stmt(sql.exists.format(name=name)))):
            raise ForeignTable(
                f"this database already holds a table {name}, which kassist did not make (it records "
                f"no {component} tables here): another application's, or one made or restored by "
                "hand. kassist will not use or change it; give kassist a database (or a schema, via "
                "the role's search_path) of its own, or rename or drop that table"
            )
    return None


def pending(
    what: str, applied: Iterable[int], known: int, *, error: type[RuntimeError] = SchemaTooNew
) -> list[int]:
    """The migrations (1-based numbers up to ``known``) not among ``applied``, in order; ``error``
    naming ``what`` when the database is past ``known``."""
    done = set(applied)
    newest = max(done, default=0)
    if newest > known:
        raise error(
            f"the {what} tables are at schema version {newest}, newer than this kassist knows "
            f"({known}); upgrade kassist before using this database"
        )
    return [number for number in range(1, known + 1) if number not in done]


def up_to(version: int) -> range:
    """The versions a table recording only the newest applied one (``version``) stands for."""
    return range(1, version + 1)


def vector_extension() -> Generator[Stmt, Any, None]:
    """pgvector created under the lock (two concurrent CREATE EXTENSION IF NOT EXISTS can collide),
    when it is missing: looked up first, so a role that may not create it and a read-only standby
    use a database where it is (CREATE EXTENSION IF NOT EXISTS is refused there even then)."""
    present = yield Stmt(VECTOR_PRESENT)
    if _found(present):
        return
    yield Stmt(LOCK_SQL)
    yield Stmt(VECTOR_SQL)


def no_vector(exc: BaseException) -> bool:
    """Whether ``exc``, raised by :func:`vector_extension`, says pgvector cannot be had (not
    installed, not permitted) rather than that the server went away."""
    import psycopg

    from kassist.db.pool_postgres import connection_lost
    from kassist.db.refused_postgres import RoleNotPermitted

    if isinstance(exc, RoleNotPermitted):  # a role that may not create it: pgvector's advice
        return True
    return isinstance(exc, psycopg.Error) and not connection_lost(exc)


def server_words(exc: BaseException) -> str:
    """The server's own words for a refusal, on one line: those a kassist.db.refused_postgres error kept,
    or psycopg's primary message - for a message that gives its own advice after them."""
    reason = getattr(exc, "reason", None) or getattr(getattr(exc, "diag", None), "message_primary", None)
    return " ".join(str(reason or exc).split())
