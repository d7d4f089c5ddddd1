"""PostgreSQL statements of the API key table: the SQLite ones (:mod:`server.sql_sqlite`) in
PostgreSQL's parameter style (:func:`kassist.db.tables.postgres_twin`)."""

from __future__ import annotations

from kassist.db.tables import postgres_twin
from server import sql_sqlite

SQL = postgres_twin(sql_sqlite.SQL, {})
ACCEPTED_SQL = postgres_twin(sql_sqlite.ACCEPTED_SQL, {})
WRITERS_SQL = postgres_twin(
    sql_sqlite.WRITERS_SQL, {"lock": "SELECT pg_advisory_xact_lock(hashtext(:tenant_id))"}
)
