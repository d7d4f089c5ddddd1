"""SQLite statements of the ingestion runs: registry (with a lease), manifest and idempotency ledger.

They run on the checkpointer's database (kassist.db, the same connections and transactions) next to
the checkpoint tables; :data:`SQL` holds them as typed fields, which the operations of
:mod:`graph.ingestion.store` name directly. Every key starts with tenant_id.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

RUNS = "kassist_ingest_runs"
MANIFEST = "kassist_ingest_manifest"
LEDGER = "kassist_ingest_ledger"
RUN_KEY = "tenant_id = :tenant AND run_id = :run"

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        f"""CREATE TABLE IF NOT EXISTS {RUNS} (
            tenant_id TEXT NOT NULL, run_id TEXT NOT NULL, source TEXT NOT NULL, collection TEXT NOT NULL,
            created_at REAL NOT NULL, owner TEXT, lease_until REAL, cancel_requested INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (tenant_id, run_id))""",
        f"""CREATE TABLE IF NOT EXISTS {MANIFEST} (
            tenant_id TEXT NOT NULL, run_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL,
            source_path TEXT NOT NULL, doc_id TEXT, outcome TEXT, reason TEXT,
            chunks_added INTEGER NOT NULL DEFAULT 0,
            chunks_unchanged INTEGER NOT NULL DEFAULT 0, chunks_removed INTEGER NOT NULL DEFAULT 0,
            cache_hits INTEGER NOT NULL DEFAULT 0, embedded INTEGER NOT NULL DEFAULT 0, audit TEXT,
            PRIMARY KEY (tenant_id, run_id, seq))""",
        f"""CREATE TABLE IF NOT EXISTS {LEDGER} (
            tenant_id TEXT NOT NULL, key TEXT NOT NULL, run_id TEXT NOT NULL, state TEXT NOT NULL,
            request TEXT NOT NULL, result TEXT, attempts INTEGER NOT NULL DEFAULT 0,
            created_at REAL NOT NULL, updated_at REAL NOT NULL,
            PRIMARY KEY (tenant_id, key))""",
        f"CREATE INDEX IF NOT EXISTS kassist_ingest_ledger_run ON {LEDGER} (tenant_id, run_id)",
    ),
)

_SUMS = (
    "SELECT outcome, count(*) AS docs, sum(chunks_added) AS added, sum(chunks_unchanged) AS unchanged, "
    "sum(chunks_removed) AS removed, sum(cache_hits) AS hits, sum(embedded) AS embedded "
    f"FROM {MANIFEST} WHERE {RUN_KEY} AND seq >= :lo AND seq < :hi AND outcome IS NOT NULL GROUP BY outcome"
)

Text = str | tuple[str, ...]
"""One statement, or several run in order."""


@dataclass(frozen=True)
class IngestSql:
    """Every statement of the ingestion tables in one dialect."""

    version_table: Text
    migration_lock: Text
    applied_versions: Text
    record_version: Text
    migrations: tuple[tuple[str, ...], ...]
    run_register: Text
    run_get: Text
    run_tenants: Text
    run_list: Text
    lease_take: Text
    lease_renew: Text
    lease_release: Text
    cancel: Text
    manifest_clear: Text
    manifest_add: Text
    manifest_batch: Text
    manifest_plan: Text
    manifest_audit: Text
    manifest_sums: Text
    manifest_all: Text
    ledger_intent: Text
    ledger_get: Text
    ledger_attempt: Text
    ledger_done: Text
    ledger_list: Text
    prune_orphans: Text


FIELDS = tuple(f.name for f in fields(IngestSql))

SQL = IngestSql(
    version_table=(
        "CREATE TABLE IF NOT EXISTS kassist_ingest_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
    ),
    migration_lock=(),  # BEGIN IMMEDIATE already serialises writers
    applied_versions="SELECT version FROM kassist_ingest_schema_version ORDER BY version",
    record_version=(
        "INSERT INTO kassist_ingest_schema_version (version, applied_at) VALUES (:v, datetime('now'))"
    ),
    migrations=MIGRATIONS,
    run_register=(
        f"INSERT INTO {RUNS} (tenant_id, run_id, source, collection, created_at) "
        "VALUES (:tenant, :run, :source, :collection, :now) ON CONFLICT DO NOTHING"
    ),
    run_get=(
        f"SELECT run_id, source, collection, created_at, owner, lease_until, cancel_requested FROM {RUNS} "
        f"WHERE {RUN_KEY}"
    ),
    run_tenants=f"SELECT DISTINCT tenant_id FROM {RUNS} ORDER BY tenant_id",
    run_list=(
        f"SELECT run_id, source, collection, created_at, owner, lease_until, cancel_requested FROM {RUNS} "
        "WHERE tenant_id = :tenant ORDER BY created_at, run_id"
    ),
    lease_take=(
        f"UPDATE {RUNS} SET owner = :owner, lease_until = :until WHERE {RUN_KEY} AND owner IS :seen "
        "RETURNING run_id"
    ),
    lease_renew=(
        f"UPDATE {RUNS} SET lease_until = :until WHERE {RUN_KEY} AND owner = :owner RETURNING run_id"
    ),
    lease_release=(f"UPDATE {RUNS} SET owner = NULL, lease_until = NULL WHERE {RUN_KEY} AND owner = :owner"),
    cancel=f"UPDATE {RUNS} SET cancel_requested = 1 WHERE {RUN_KEY} RETURNING run_id",
    manifest_clear=f"DELETE FROM {MANIFEST} WHERE {RUN_KEY}",
    manifest_add=(
        f"INSERT INTO {MANIFEST} (tenant_id, run_id, seq, kind, source_path, doc_id, outcome, reason) "
        "VALUES (:tenant, :run, :seq, :kind, :path, :doc_id, :outcome, :reason)"
    ),
    manifest_batch=(
        f"SELECT seq, kind, source_path, doc_id, outcome FROM {MANIFEST} "
        f"WHERE {RUN_KEY} AND seq >= :lo AND seq < :hi ORDER BY seq"
    ),
    # First write wins: a redone batch keeps what the first attempt planned against the index as
    # it was before the run, so its counters equal those of an uninterrupted run.
    manifest_plan=(
        f"UPDATE {MANIFEST} SET outcome = :outcome, reason = :reason, chunks_added = :added, "
        "chunks_unchanged = :unchanged, chunks_removed = :removed, cache_hits = :hits, embedded = :embedded "
        f"WHERE {RUN_KEY} AND seq = :seq AND outcome IS NULL"
    ),
    manifest_audit=f"UPDATE {MANIFEST} SET audit = :audit WHERE {RUN_KEY} AND seq = :seq",
    manifest_sums=_SUMS,
    manifest_all=(
        f"SELECT seq, kind, source_path, doc_id, outcome, reason, chunks_added, chunks_unchanged, audit "
        f"FROM {MANIFEST} WHERE {RUN_KEY} ORDER BY seq"
    ),
    ledger_intent=(
        f"INSERT INTO {LEDGER} (tenant_id, key, run_id, state, request, created_at, updated_at) "
        "VALUES (:tenant, :key, :run, 'intent', :request, :now, :now) ON CONFLICT DO NOTHING"
    ),
    ledger_get=(
        f"SELECT key, run_id, state, request, result, attempts FROM {LEDGER} "
        "WHERE tenant_id = :tenant AND key = :key"
    ),
    ledger_attempt=(
        f"UPDATE {LEDGER} SET attempts = attempts + 1, updated_at = :now "
        "WHERE tenant_id = :tenant AND key = :key"
    ),
    ledger_done=(
        f"UPDATE {LEDGER} SET state = :state, result = :result, updated_at = :now "
        "WHERE tenant_id = :tenant AND key = :key"
    ),
    ledger_list=(
        f"SELECT key, run_id, state, request, result, attempts FROM {LEDGER} WHERE {RUN_KEY} ORDER BY key"
    ),
    # Retention: rows of runs whose checkpoints are gone (pruned or deleted) go with them.
    prune_orphans=tuple(
        f"DELETE FROM {table} WHERE tenant_id = :tenant AND NOT EXISTS (SELECT 1 FROM kassist_cp_checkpoints h "
        f"WHERE h.tenant_id = {table}.tenant_id AND h.thread_id = {table}.run_id) "
        f"AND run_id IN (SELECT run_id FROM {RUNS} WHERE tenant_id = :tenant AND created_at < :cutoff)"
        for table in (LEDGER, MANIFEST, RUNS)
    ),
)
