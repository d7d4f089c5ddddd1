"""PostgreSQL statements of the ingestion runs: the SQLite ones (:mod:`graph.ingestion.sql_sqlite`)
in PostgreSQL's parameter style, with the few differences spelled out below."""

from __future__ import annotations

import re

from graph.ingestion import sql_sqlite

MIGRATION_LOCK_ID = 7_311_202_612  # arbitrary, fixed: "kassist ingestion migrations"

_OVERRIDES: dict[str, str | tuple[str, ...]] = {
    "ingest_version_table": (
        "CREATE TABLE IF NOT EXISTS kassist_ingest_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
    ),
    "ingest_migration_lock": f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_ID})",
    "ingest_record_version": "INSERT INTO kassist_ingest_schema_version (version) VALUES (:v)",
}


def _flavour(sql: str) -> str:
    sql = sql.replace(" REAL", " DOUBLE PRECISION").replace(
        "owner IS :seen", "owner IS NOT DISTINCT FROM :seen"
    )
    return re.sub(r"(?<![:\w]):(\w+)", r"%(\1)s", sql)


def _convert(value: str | tuple[str, ...]) -> str | tuple[str, ...]:
    return _flavour(value) if isinstance(value, str) else tuple(_flavour(s) for s in value)


STATEMENTS: dict[str, str | tuple[str, ...]] = {
    name: _convert(_OVERRIDES.get(name, sql)) for name, sql in sql_sqlite.STATEMENTS.items()
}
