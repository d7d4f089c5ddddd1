"""PostgreSQL statements of the ingestion runs: the SQLite ones (:mod:`graph.ingestion.sql_sqlite`)
in PostgreSQL's parameter style, with the few differences spelled out below."""

from __future__ import annotations

from graph.ingestion import sql_sqlite
from graph.ingestion.sql_sqlite import Text
from kassist.db.migrate import LOCK_SQL
from kassist.db.tables import postgres_twin

_OVERRIDES: dict[str, Text] = {
    "version_table": (
        "CREATE TABLE IF NOT EXISTS kassist_ingest_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
    ),
    "migration_lock": LOCK_SQL,
    "record_version": "INSERT INTO kassist_ingest_schema_version (version) VALUES (:v)",
}


SQL = postgres_twin(sql_sqlite.SQL, _OVERRIDES, {"owner IS :seen": "owner IS NOT DISTINCT FROM :seen"})
