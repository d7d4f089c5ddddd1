"""PostgreSQL statements of the API key table: the SQLite ones (:mod:`server.sql_sqlite`) in
PostgreSQL's parameter style, with the few differences spelled out below."""

from __future__ import annotations

import re

from kassist.db.migrate import LOCK_SQL
from server import sql_sqlite
from server.sql_sqlite import FIELDS, KeysSql, Text

_OVERRIDES: dict[str, Text] = {
    "version_table": (
        "CREATE TABLE IF NOT EXISTS kassist_keys_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
    ),
    "migration_lock": LOCK_SQL,
    "record_version": "INSERT INTO kassist_keys_schema_version (version) VALUES (:v)",
}


def _flavour(sql: str) -> str:
    sql = sql.replace(" REAL", " DOUBLE PRECISION")
    return re.sub(r"(?<![:\w]):(\w+)", r"%(\1)s", sql)


def _convert(value: Text) -> Text:
    return _flavour(value) if isinstance(value, str) else tuple(_flavour(s) for s in value)


def _field(name: str) -> object:
    value = getattr(sql_sqlite.SQL, name)
    if name == "migrations":
        return tuple(_convert(m) for m in value)
    return _convert(_OVERRIDES.get(name, value))


SQL = KeysSql(**{name: _field(name) for name in FIELDS})  # type: ignore[arg-type]
