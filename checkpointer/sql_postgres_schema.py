"""The PostgreSQL checkpointer's tables: their names and numbered migrations (position = version).

Values are BYTEA (so U+0000 and 20 MB strings are fine); the skeleton and metadata are JSONB so SQL
can walk versions and filter metadata. No ``CREATE INDEX CONCURRENTLY``: migrations run in one
transaction under an advisory lock.
"""

from __future__ import annotations

from checkpointer.sql_tables import CP as CP
from checkpointer.sql_tables import RUN_INDEX, Types, first_tables

KEY = "tenant_id = %(tenant)s AND thread_id = %(thread)s AND checkpoint_ns = %(ns)s"

MIGRATIONS: list[tuple[str, ...]] = [
    (
        *first_tables(Types(version="BIGINT", seconds="DOUBLE PRECISION", json="JSONB", blob="BYTEA")),
        # Large values go out of line anyway; skip compressing already-serialised bytes.
        "ALTER TABLE kassist_cp_blobs ALTER COLUMN blob SET STORAGE EXTERNAL",
    ),
    RUN_INDEX,
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
