"""Small tables written once for SQLite and derived for PostgreSQL, with their migration (pure).

The ingestion tables and the API key table keep their statements as the typed fields of a frozen
dataclass (one instance per dialect). Their SQLite text is the source; :func:`postgres_twin`
derives the PostgreSQL instance (placeholder style, types, and the few differences a table names),
and :func:`migrate` hands a table set's migrations to kassist.db.migrate's runner.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from kassist.db import migrate as runner
from kassist.db.statements import Op, Text

T = TypeVar("T")

_PARAM = re.compile(r"(?<![:\w]):(\w+)")


class VersionedTables(Protocol):
    """What every such table set has for its migrations (position = version)."""

    @property
    def migrations(self) -> tuple[tuple[str, ...], ...]: ...


def to_postgres(sql: str, replace: Mapping[str, str] = {}) -> str:
    """SQLite text as PostgreSQL's: ``:name`` -> ``%(name)s``, REAL -> DOUBLE PRECISION, and the
    table's own ``replace`` pairs. A literal ``%`` (``LIKE 'a%'``) becomes ``%%`` in a statement
    with parameters, where psycopg reads ``%`` as a placeholder; a statement without any is run
    without parameters (NO_PARAMS: psycopg sends its text as written), so its ``%`` stays one."""
    sql = sql.replace(" REAL", " DOUBLE PRECISION")
    for old, new in replace.items():
        sql = sql.replace(old, new)
    if not _PARAM.search(sql):
        return sql
    return _PARAM.sub(r"%(\1)s", sql.replace("%", "%%"))


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


def migrate(component: str, q: VersionedTables, backend: str) -> Op[list[int]]:
    """Apply the migrations of ``q`` not yet recorded for ``component`` (one of
    kassist.db.migrate's names) on a database of ``backend`` (``db.backend``): kassist.db.migrate's
    runner, run as one write transaction, the versions in kassist_schema_versions."""
    return runner.migrate(component, q.migrations, backend)
