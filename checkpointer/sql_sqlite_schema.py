"""The checkpointer's SQLite tables: their names and the numbered migrations that build them.

``query.migrate`` applies the migrations (through :data:`checkpointer.sql_sqlite.SQL`) by
kassist.db.migrate's runner in one transaction; each runs once and is recorded in
``kassist_schema_versions`` (component ``checkpointer``).
"""

from __future__ import annotations

from checkpointer.sql_tables import CP as CP
from checkpointer.sql_tables import RUN_INDEX, Types, first_tables

KEY = "tenant_id = :tenant AND thread_id = :thread AND checkpoint_ns = :ns"


# The head without a version index (migration 5). Every stored checkpoint becomes the head at the
# thread's highest version + 1 (a put that may not is refused), and only delete_for_runs gives an
# older row a new, higher version. So the head is the row with the highest checkpoint id (LangGraph's
# ids grow with time), unless it became the head while a row with a higher id existed (an id out of
# order, or a head moved by delete_for_runs): such a row is marked ``jump``, and a partial index
# holds only those. The head is then the highest id row that no ``jump`` row passes in version.
def key_of(alias: str, tenant: str, thread: str, ns: str) -> str:
    """``alias``'s thread key equal to the given SQL expressions."""
    return f"{alias}.tenant_id = {tenant} AND {alias}.thread_id = {thread} AND {alias}.checkpoint_ns = {ns}"


def same_thread(alias: str, other: str) -> str:
    """``alias`` in the thread (and namespace) of row ``other``."""
    return key_of(alias, f"{other}.tenant_id", f"{other}.thread_id", f"{other}.checkpoint_ns")


def no_jump_above(alias: str, version: str, key: str | None = None) -> str:
    """No ``jump`` row of ``alias``'s thread (or of ``key``, an expression over ``j``) has a version
    above ``version``: one seek in the partial index, which is empty for most threads."""
    where = key if key is not None else same_thread("j", alias)
    return f"NOT EXISTS (SELECT 1 FROM {CP} j WHERE {where} AND j.jump IS NOT NULL AND j.version > {version})"


def is_head(alias: str) -> str:
    """Row ``alias`` is its thread's head, used with ``ORDER BY alias.checkpoint_id DESC LIMIT 1``:
    the first row down the primary key that no jump row passes (usually the first one)."""
    return no_jump_above(alias, f"{alias}.version")


def head_of(column: str, alias: str, where: str) -> str:
    """A scalar subquery: ``column`` of the head among the rows of ``alias`` matching ``where``."""
    return (
        f"(SELECT {alias}.{column} FROM {CP} {alias} WHERE {where} AND {is_head(alias)} "
        f"ORDER BY {alias}.checkpoint_id DESC LIMIT 1)"
    )


def higher_id(cid: str, key: str) -> str:
    """1 when the thread (``key`` over ``x``) has a checkpoint id above ``cid`` (the new row's jump
    mark), else NULL."""
    return f"(SELECT 1 FROM {CP} x WHERE {key} AND x.checkpoint_id > {cid} LIMIT 1)"


MIGRATIONS: list[tuple[str, ...]] = [
    first_tables(Types(version="INTEGER", seconds="REAL", json="TEXT", blob="BLOB")),
    RUN_INDEX,
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
    # 5: no version index either (SQLite serialises writers, across processes too: every put's
    # version check runs inside its one INSERT or under BEGIN IMMEDIATE). The head is the highest
    # id unless a row marked jump passes it (above). A head stored out of id order is marked here.
    (
        f"ALTER TABLE {CP} ADD COLUMN jump INTEGER",
        f"""UPDATE {CP} SET jump = 1 WHERE version > (SELECT t.version FROM {CP} t
            WHERE {same_thread("t", CP)} ORDER BY t.checkpoint_id DESC LIMIT 1)""",
        "DROP INDEX kassist_cp_checkpoints_version",
        f"CREATE INDEX kassist_cp_checkpoints_jump ON {CP} (tenant_id, thread_id, checkpoint_ns, version) "
        "WHERE jump IS NOT NULL",
    ),
    # 6: the largest large value a put changed rides in the checkpoint's own row (value_*), and
    # later checkpoints whose value of that channel is unchanged name the holding row in their
    # skeleton (``held``: channel -> checkpoint id) instead of a blob row. Rows written before keep
    # their blob rows; a holder deleted while still pointed at has its value copied into the
    # blobs table first (copy_value), and readers look in both places. The value columns come
    # last, so reading the row's other columns never walks the value's overflow pages.
    tuple(
        f"ALTER TABLE {CP} ADD COLUMN {col}"
        for col in ("value_channel TEXT", "value_version TEXT", "value_type TEXT", "value_blob BLOB")
    ),
]
VALUE_COLS = "value_channel, value_version, value_type, value_blob"
"""The columns of the value a checkpoint row holds (migration 6), in stored order."""
