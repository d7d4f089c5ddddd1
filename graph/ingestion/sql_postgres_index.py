"""PostgreSQL statements of the ingestion's reads of the index's tables: the SQLite ones
(:mod:`graph.ingestion.sql_sqlite_index`) in PostgreSQL's parameter style."""

from __future__ import annotations

from graph.ingestion import sql_sqlite_index
from kassist.db.tables import postgres_twin

SQL = postgres_twin(sql_sqlite_index.SQL, {})
