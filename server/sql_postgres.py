"""PostgreSQL statements of the API key table: the SQLite ones (:mod:`server.sql_sqlite`) in
PostgreSQL's parameter style, with the few differences spelled out below."""

from __future__ import annotations

import re

from server import sql_sqlite

MIGRATION_LOCK_ID = 7_311_202_613  # arbitrary, fixed: "kassist API key migrations"

_OVERRIDES: dict[str, str | tuple[str, ...]] = {
    "keys_version_table": (
        "CREATE TABLE IF NOT EXISTS kassist_keys_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
    ),
    "keys_migration_lock": f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_ID})",
    "keys_record_version": "INSERT INTO kassist_keys_schema_version (version) VALUES (:v)",
}


def _flavour(sql: str) -> str:
    sql = sql.replace(" REAL", " DOUBLE PRECISION")
    return re.sub(r"(?<![:\w]):(\w+)", r"%(\1)s", sql)


def _convert(value: str | tuple[str, ...]) -> str | tuple[str, ...]:
    return _flavour(value) if isinstance(value, str) else tuple(_flavour(s) for s in value)


STATEMENTS: dict[str, str | tuple[str, ...]] = {
    name: _convert(_OVERRIDES.get(name, sql)) for name, sql in sql_sqlite.STATEMENTS.items()
}
