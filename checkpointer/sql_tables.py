"""The checkpointer's first tables, written once for both dialects (migrations 1 and 2).

The two backends' first migrations differ only in column types, so each dialect's schema module
(``sql_sqlite_schema.py``, ``sql_postgres_schema.py``) builds them here from its :class:`Types`;
later migrations differ in what they do and stay literal in those modules.
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
