"""The checkpointer's SQLite tables: their names and the numbered migrations that build them.

``query.migrate`` applies the migrations (through :data:`checkpointer.sql_sqlite.SQL`) in one
transaction; each runs once and is recorded in ``kassist_cp_schema_version``.
"""

from __future__ import annotations

CP = "kassist_cp_checkpoints"
KEY = "tenant_id = :tenant AND thread_id = :thread AND checkpoint_ns = :ns"

MIGRATIONS: list[tuple[str, ...]] = [
    (
        """CREATE TABLE IF NOT EXISTS kassist_cp_heads (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            head_id TEXT, version INTEGER NOT NULL,
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns))""",
        f"""CREATE TABLE IF NOT EXISTS {CP} (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            checkpoint_id TEXT NOT NULL, parent_id TEXT, version INTEGER NOT NULL,
            ts REAL NOT NULL, run_id TEXT, checkpoint TEXT NOT NULL, metadata TEXT NOT NULL,
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns, checkpoint_id))""",
        # Only run_id gets a secondary index (delete_for_runs); retention is a batch job and scans
        # a tenant's rows rather than slowing every put with one more index.
        f"CREATE INDEX IF NOT EXISTS kassist_cp_checkpoints_run ON {CP} (tenant_id, run_id)",
        """CREATE TABLE IF NOT EXISTS kassist_cp_blobs (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            channel TEXT NOT NULL, version TEXT NOT NULL, type TEXT NOT NULL, blob BLOB,
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns, channel, version))""",
        """CREATE TABLE IF NOT EXISTS kassist_cp_writes (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            checkpoint_id TEXT NOT NULL, task_id TEXT NOT NULL, idx INTEGER NOT NULL,
            channel TEXT NOT NULL, type TEXT NOT NULL, blob BLOB, task_path TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx))""",
    ),
    # 2: only checkpoints that carry a run_id are indexed for delete_for_runs. Plain graph.invoke
    # writes none, and a NULL entry cost one more index page written at every put.
    (
        "DROP INDEX IF EXISTS kassist_cp_checkpoints_run",
        f"CREATE INDEX kassist_cp_checkpoints_run ON {CP} (tenant_id, run_id) WHERE run_id IS NOT NULL",
    ),
    # 3: small scalar values ride in the checkpoint row (codec.inlined); older rows have NULL here
    # and keep reading every value from the blobs table.
    (f"ALTER TABLE {CP} ADD COLUMN small_values BLOB",),
    # 4: no heads table. The head is the thread's checkpoint with the highest version, found
    # through a unique (tenant, thread, ns, version) index that is also the compare-and-set: a put
    # extending version v inserts v + 1, and of two writers only one insert can succeed. A head
    # that delete_for_runs moved kept its old row version (the heads row had the new one): the row
    # takes it first, so it stays the highest.
    (
        f"""UPDATE {CP} SET version = (SELECT h.version FROM kassist_cp_heads h
            WHERE h.tenant_id = {CP}.tenant_id AND h.thread_id = {CP}.thread_id
              AND h.checkpoint_ns = {CP}.checkpoint_ns)
        WHERE EXISTS (SELECT 1 FROM kassist_cp_heads h WHERE h.tenant_id = {CP}.tenant_id
              AND h.thread_id = {CP}.thread_id AND h.checkpoint_ns = {CP}.checkpoint_ns
              AND h.head_id = {CP}.checkpoint_id AND h.version <> {CP}.version)""",
        f"CREATE UNIQUE INDEX kassist_cp_checkpoints_version ON {CP} (tenant_id, thread_id, checkpoint_ns, version)",
        "DROP TABLE kassist_cp_heads",
    ),
]
