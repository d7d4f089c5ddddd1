"""PostgreSQL statements of the ingestion runs: the SQLite ones (:mod:`graph.ingestion.sql_sqlite`)
in PostgreSQL's parameter style, with the differences spelled out below."""

from __future__ import annotations

from graph.ingestion import sql_sqlite
from kassist.db.tables import postgres_twin

# SQLite's IS compares NULLs as equal values; PostgreSQL's spelling of that is IS NOT DISTINCT FROM.
SQL = postgres_twin(
    sql_sqlite.SQL,
    # Two requests of one tenant counting its waiting runs at once both saw the last place free.
    {"jobs_lock": "SELECT pg_advisory_xact_lock(hashtext('kassist_ingest_jobs:' || :tenant_id)) AS locked"},
    {
        "owner IS :seen": "owner IS NOT DISTINCT FROM :seen",
        "lease_until IS :seen_until": "lease_until IS NOT DISTINCT FROM :seen_until",
        "IN (SELECT value FROM json_each(:paths))": "IN (SELECT jsonb_array_elements_text(CAST(:paths AS jsonb)))",
    },
)
