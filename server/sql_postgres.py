"""PostgreSQL statements of the API key table: the SQLite ones (:mod:`server.sql_sqlite`) in
PostgreSQL's parameter style, with the few differences spelled out below."""

from __future__ import annotations

from kassist.db.migrate import LOCK_SQL
from kassist.db.tables import postgres_twin
from server import sql_sqlite
from server.sql_sqlite import Text

_OVERRIDES: dict[str, Text] = {
    "version_table": (
        "CREATE TABLE IF NOT EXISTS kassist_keys_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
    ),
    "migration_lock": LOCK_SQL,
    "record_version": "INSERT INTO kassist_keys_schema_version (version) VALUES (:v)",
}


SQL = postgres_twin(sql_sqlite.SQL, _OVERRIDES)
