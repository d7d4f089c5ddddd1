"""The PostgreSQL checkpointer's tables: their names and numbered migrations (position = version).

Values are BYTEA (so U+0000 and 20 MB strings are fine); the skeleton and metadata are JSONB so SQL
can walk versions and filter metadata. No ``CREATE INDEX CONCURRENTLY``: migrations run in one
transaction under an advisory lock.
"""

from __future__ import annotations

CP = "kassist_cp_checkpoints"
KEY = "tenant_id = %(tenant)s AND thread_id = %(thread)s AND checkpoint_ns = %(ns)s"

MIGRATIONS: list[tuple[str, ...]] = [
    (
        """CREATE TABLE IF NOT EXISTS kassist_cp_heads (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            head_id TEXT, version BIGINT NOT NULL,
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns))""",
        f"""CREATE TABLE IF NOT EXISTS {CP} (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            checkpoint_id TEXT NOT NULL, parent_id TEXT, version BIGINT NOT NULL,
            ts DOUBLE PRECISION NOT NULL, run_id TEXT, checkpoint JSONB NOT NULL, metadata JSONB NOT NULL,
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns, checkpoint_id))""",
        # Only run_id gets a secondary index (delete_for_runs); retention is a batch job and scans
        # a tenant's rows rather than slowing every put with one more index.
        f"CREATE INDEX IF NOT EXISTS kassist_cp_checkpoints_run ON {CP} (tenant_id, run_id)",
        """CREATE TABLE IF NOT EXISTS kassist_cp_blobs (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            channel TEXT NOT NULL, version TEXT NOT NULL, type TEXT NOT NULL, blob BYTEA,
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns, channel, version))""",
        """CREATE TABLE IF NOT EXISTS kassist_cp_writes (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL,
            checkpoint_id TEXT NOT NULL, task_id TEXT NOT NULL, idx INTEGER NOT NULL,
            channel TEXT NOT NULL, type TEXT NOT NULL, blob BYTEA, task_path TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx))""",
        # Large values go out of line anyway; skip compressing already-serialised bytes.
        "ALTER TABLE kassist_cp_blobs ALTER COLUMN blob SET STORAGE EXTERNAL",
    ),
    # 2: only checkpoints that carry a run_id are indexed for delete_for_runs. Plain graph.invoke
    # writes none, and a NULL entry cost one more index page written at every put.
    (
        "DROP INDEX IF EXISTS kassist_cp_checkpoints_run",
        f"CREATE INDEX kassist_cp_checkpoints_run ON {CP} (tenant_id, run_id) WHERE run_id IS NOT NULL",
    ),
    # 3: small scalar values ride in the checkpoint row (codec.inlined); older rows have NULL here
    # and keep reading every value from the blobs table.
    (f"ALTER TABLE {CP} ADD COLUMN IF NOT EXISTS small_values BYTEA",),
    # 4: no heads table. The head is the thread's checkpoint with the highest version, found
    # through a unique (tenant, thread, ns, version) index that is also the compare-and-set: a put
    # extending version v inserts v + 1, and of two writers only one insert can succeed (the second
    # waits for the first to commit, then finds the version taken). A head that delete_for_runs
    # moved kept its old row version (the heads row had the new one): the row takes it first.
    (
        f"""UPDATE {CP} c SET version = h.version FROM kassist_cp_heads h
        WHERE h.tenant_id = c.tenant_id AND h.thread_id = c.thread_id AND h.checkpoint_ns = c.checkpoint_ns
          AND h.head_id = c.checkpoint_id AND h.version <> c.version""",
        # Partial (every version is >= 1) so that only statements saying ``version > 0`` can use
        # it: on young tables without statistics the planner otherwise took this narrower index
        # for lookups by checkpoint id, filtering the thread's whole history.
        f"CREATE UNIQUE INDEX kassist_cp_checkpoints_version ON {CP} (tenant_id, thread_id, checkpoint_ns, version) "
        "WHERE version > 0",
        "DROP TABLE kassist_cp_heads",
    ),
]

WRITE_COLS = (
    "tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob, task_path"
)
