"""Small tables written once for SQLite and derived for PostgreSQL, with their migration (pure).

The ingestion tables and the API key table keep their statements as the typed fields of a frozen
dataclass (one instance per dialect). Their SQLite text is the source; :func:`postgres_twin`
derives the PostgreSQL instance (placeholder style, types, and the few differences a table names),
and :func:`migrate` is the one migration operation for any such table set.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from kassist.db.migrate import pending
from kassist.db.statements import Op, Text, stmts

T = TypeVar("T")

_PARAM = re.compile(r"(?<![:\w]):(\w+)")


class VersionedTables(Protocol):
    """The statements every such table set has for its migrations."""

    @property
    def version_table(self) -> Text: ...
    @property
    def migration_lock(self) -> Text: ...
    @property
    def applied_versions(self) -> Text: ...
    @property
    def record_version(self) -> Text: ...
    @property
    def migrations(self) -> tuple[tuple[str, ...], ...]: ...


def to_postgres(sql: str, replace: Mapping[str, str] = {}) -> str:
    """SQLite text as PostgreSQL's: ``:name`` -> ``%(name)s``, REAL -> DOUBLE PRECISION, and the
    table's own ``replace`` pairs."""
    sql = sql.replace(" REAL", " DOUBLE PRECISION")
    for old, new in replace.items():
        sql = sql.replace(old, new)
    return _PARAM.sub(r"%(\1)s", sql)


def postgres_twin(sqlite: T, overrides: Mapping[str, Text], replace: Mapping[str, str] = {}) -> T:
    """The PostgreSQL instance of a statement dataclass: every field of ``sqlite`` converted by
    :func:`to_postgres`, those in ``overrides`` taken from there (SQLite text, converted too)."""

    def convert(value: Text) -> Text:
        return (
            to_postgres(value, replace)
            if isinstance(value, str)
            else tuple(to_postgres(s, replace) for s in value)
        )

    changes: dict[str, Any] = {}
    for field in dataclasses.fields(sqlite):  # type: ignore[arg-type]
        value = overrides.get(field.name, getattr(sqlite, field.name))
        changes[field.name] = (
            tuple(convert(m) for m in value) if field.name == "migrations" else convert(value)
        )
    return dataclasses.replace(sqlite, **changes)  # type: ignore[type-var]


def migrate(what: str, q: VersionedTables) -> Op[list[int]]:
    """Apply the migrations of ``q`` not yet recorded, in one write transaction; ``what`` names
    the tables when a database newer than this code is refused."""
    yield stmts(q.migration_lock)
    yield stmts(q.version_table)
    rows = yield stmts(q.applied_versions, fetch=True)
    applied = pending(what, (int(r["version"]) for r in rows), len(q.migrations))
    for version in applied:
        yield stmts(q.migrations[version - 1])
        yield stmts(q.record_version, {"v": version})
    return applied
