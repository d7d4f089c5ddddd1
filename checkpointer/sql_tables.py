"""What the checkpointer's two dialects write alike, once: the first tables and some statements.

The two backends' first migrations (1 and 2) differ only in column types, so each dialect's schema
module (``sql_sqlite_schema.py``, ``sql_postgres_schema.py``) builds them here from its
:class:`Types`; later migrations differ in what they do and stay literal in those modules. The
administration statements below differ only in their placeholders: they are written in ``:name``
style (SQLite's) and ``sql_postgres.py`` converts them with ``kassist.db.tables.to_postgres``, the
one converter.
"""

from __future__ import annotations

from dataclasses import dataclass

CP = "kassist_cp_checkpoints"


@dataclass(frozen=True)
class Types:
    """A dialect's column types for the first tables."""

    version: str  # a thread's checkpoint counter
    seconds: str  # a checkpoint's timestamp
    json: str  # the checkpoint skeleton and its metadata
    blob: str  # serialised values


def first_tables(t: Types) -> tuple[str, ...]:
    """Migration 1: heads (dropped by migration 4), checkpoints, blobs and pending writes."""
    return (
        f"""CREATE TABLE IF NOT EXISTS kassist_cp_heads (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            head_id TEXT, version {t.version} NOT NULL,
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns))""",
        f"""CREATE TABLE IF NOT EXISTS {CP} (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            checkpoint_id TEXT NOT NULL, parent_id TEXT, version {t.version} NOT NULL,
            ts {t.seconds} NOT NULL, run_id TEXT, checkpoint {t.json} NOT NULL, metadata {t.json} NOT NULL,
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns, checkpoint_id))""",
        # Only run_id gets a secondary index (delete_for_runs); retention is a batch job and scans
        # a tenant's rows rather than slowing every put with one more index.
        f"CREATE INDEX IF NOT EXISTS kassist_cp_checkpoints_run ON {CP} (tenant_id, run_id)",
        f"""CREATE TABLE IF NOT EXISTS kassist_cp_blobs (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            channel TEXT NOT NULL, version TEXT NOT NULL, type TEXT NOT NULL, blob {t.blob},
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns, channel, version))""",
        f"""CREATE TABLE IF NOT EXISTS kassist_cp_writes (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            checkpoint_id TEXT NOT NULL, task_id TEXT NOT NULL, idx INTEGER NOT NULL,
            channel TEXT NOT NULL, type TEXT NOT NULL, blob {t.blob}, task_path TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx))""",
    )


# 2: only checkpoints that carry a run_id are indexed for delete_for_runs. Plain graph.invoke
# writes none, and a NULL entry cost one more index page written at every put.
RUN_INDEX = (
    "DROP INDEX IF EXISTS kassist_cp_checkpoints_run",
    f"CREATE INDEX kassist_cp_checkpoints_run ON {CP} (tenant_id, run_id) WHERE run_id IS NOT NULL",
)


KEY = "tenant_id = :tenant AND thread_id = :thread AND checkpoint_ns = :ns"
"""A statement's thread key, in ``:name`` style."""

STALE_THREADS = f"SELECT DISTINCT thread_id FROM {CP} WHERE tenant_id = :tenant AND ts < :cutoff"
TENANTS_WITH_STALE = f"SELECT DISTINCT tenant_id FROM {CP} WHERE ts < :cutoff"
# query.MARKS_COLS of the namespaces of some threads; ``{threads}``: the dialect's list test.
THREAD_MARKS = (
    "SELECT thread_id, checkpoint_ns, count(*) AS n_rows, max(version) AS top_version, max(ts) AS newest_ts "
    f"FROM {CP} WHERE tenant_id = :tenant AND {{threads}} GROUP BY thread_id, checkpoint_ns"
)
DELETE_CHECKPOINT = (
    f"DELETE FROM {CP} WHERE {KEY} AND checkpoint_id = :cid",
    f"DELETE FROM kassist_cp_writes WHERE {KEY} AND checkpoint_id = :cid",
)
DELETE_BLOB = f"DELETE FROM kassist_cp_blobs WHERE {KEY} AND channel = :channel AND version = :version"
CLEAR_PARENT = f"UPDATE {CP} SET parent_id = NULL WHERE {KEY} AND checkpoint_id = :cid"
THREAD_EXISTS = f"SELECT 1 AS one FROM {CP} WHERE tenant_id = :tenant AND thread_id = :thread LIMIT 1"
BLOB_COLS = "tenant_id, thread_id, checkpoint_ns, channel, version, type, blob"


def copy_thread(checkpoint_cols: str, write_cols: str) -> tuple[str, ...]:
    """A thread's rows copied to thread ``:target``, table by table, given the dialect's columns of
    the checkpoints and the writes tables."""
    return tuple(
        f"INSERT INTO {table} ({cols}) SELECT {cols.replace('thread_id', ':target', 1)} FROM {table} "
        "WHERE tenant_id = :tenant AND thread_id = :source"
        for table, cols in (
            (CP, checkpoint_cols),
            ("kassist_cp_blobs", BLOB_COLS),
            ("kassist_cp_writes", write_cols),
        )
    )
