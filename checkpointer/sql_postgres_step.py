"""The PostgreSQL statements of a graph step's calls: the put that extends the head, put_writes,
and the read of the head row with its values.

Each is one statement (autocommit, one round trip); ``put_next`` and ``read_head`` the saver runs
alone (``CheckpointExecutor.one``), the others run as the operations' statements. Held by
:data:`checkpointer.sql_postgres.SQL`, as :mod:`checkpointer.sql_sqlite_step` is for SQLite.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from checkpointer.codec import dumps_json
from checkpointer.query import ROW_FIELDS, One, Params
from checkpointer.sql_postgres_schema import CP, WRITE_COLS
from kassist.db import Stmt

if TYPE_CHECKING:
    from checkpointer.ops_read import TupleRequest

# The common case, a put that extends the head, as one statement in autocommit: one round trip.
# The new row takes the parent's version + 1 only when no checkpoint of the thread has a higher one
# (the parent is the head); the unique version index makes that a compare-and-set: of two puts on
# one head, the second waits for the first to commit, then finds the version taken and inserts
# nothing. The blobs are written only if the row went in, so a miss writes nothing and the put falls
# back to the full check in a transaction.
# Arrays are bound in binary (%b): psycopg sends a list in text form by default, a bytea[]
# then travels hex-escaped and is parsed back by the server (6.7 ms against 0.29 ms for 200 KB).
_PUT_FAST_ROW = f"""
WITH c AS (
  INSERT INTO {CP} (tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts, run_id,
                    checkpoint, metadata, small_values)
  SELECT %(tenant)s, %(thread)s, %(ns)s, %(cid)s, %(parent)s, p.version + 1, %(ts)s, %(run_id)s,
         %(checkpoint)s::jsonb, %(metadata)s::jsonb, %(inline)b
  FROM {CP} p WHERE p.tenant_id = %(tenant)s AND p.thread_id = %(thread)s AND p.checkpoint_ns = %(ns)s
    AND p.checkpoint_id = %(parent)s
    AND NOT EXISTS (SELECT 1 FROM {CP} n WHERE n.tenant_id = %(tenant)s AND n.thread_id = %(thread)s
                    AND n.checkpoint_ns = %(ns)s AND n.version > 0 AND n.version > p.version)
  ON CONFLICT DO NOTHING RETURNING version)"""
_PUT_FAST_END = """
SELECT version FROM c
"""
_BLOB_INSERT = (
    "INSERT INTO kassist_cp_blobs (tenant_id, thread_id, checkpoint_ns, channel, version, type, blob)"
)
# Three shapes of one statement, by the number of blob rows (none is common once small values live
# in the row; one is the usual step): adapting four arrays cost more client time than the rest of
# the parameters together.
PUT_FAST = {
    "none": _PUT_FAST_ROW + _PUT_FAST_END,
    "one": _PUT_FAST_ROW
    + f""",
b AS (
  {_BLOB_INSERT}
  SELECT %(tenant)s, %(thread)s, %(ns)s, %(b_channel)s, %(b_version)s, %(b_type)s, %(b_blob)b
  WHERE EXISTS (SELECT 1 FROM c)
  ON CONFLICT DO NOTHING)"""
    + _PUT_FAST_END,
    "many": _PUT_FAST_ROW
    + f""",
b AS (
  {_BLOB_INSERT}
  SELECT %(tenant)s, %(thread)s, %(ns)s, x.channel, x.version, x.type, x.blob
  FROM unnest(%(b_channel)b::text[], %(b_version)b::text[], %(b_type)b::text[], %(b_blob)b::bytea[])
       AS x(channel, version, type, blob)
  WHERE EXISTS (SELECT 1 FROM c)
  ON CONFLICT DO NOTHING)"""
    + _PUT_FAST_END,
}

# A put_writes call as one statement (autocommit, one round trip) over arrays of its rows.
_WRITE_ROWS = f"""
INSERT INTO kassist_cp_writes ({WRITE_COLS})
SELECT %(tenant)s, %(thread)s, %(ns)s, %(cid)s, x.task_id, x.idx, x.channel, x.type, x.blob, x.task_path
FROM unnest(%(w_task_id)b::text[], %(w_idx)b::int[], %(w_channel)b::text[], %(w_type)b::text[],
            %(w_blob)b::bytea[], %(w_task_path)b::text[]) AS x(task_id, idx, channel, type, blob, task_path)
ON CONFLICT (tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx)"""
KEEP = " DO NOTHING"
REPLACE = (
    " DO UPDATE SET channel = EXCLUDED.channel, type = EXCLUDED.type, blob = EXCLUDED.blob, "
    "task_path = EXCLUDED.task_path"
)
VALUES_MAX_ROWS = 8


def _write_values(count: int, conflict: str) -> str:
    """The same insert for a few rows as a VALUES list of scalar parameters: a node step writes
    two or three, and adapting six arrays cost more client time than the statement's round trip
    left to save."""
    rows = ", ".join(
        f"(%(tenant)s, %(thread)s, %(ns)s, %(cid)s, %(t{i})s, %(i{i})s, %(c{i})s, %(y{i})s, %(b{i})b, %(p{i})s)"
        for i in range(count)
    )
    return (
        f"INSERT INTO kassist_cp_writes ({WRITE_COLS}) VALUES {rows} "
        "ON CONFLICT (tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx)" + conflict
    )


def put_fast(fast: Params) -> Stmt:
    params = dict(fast)
    blobs = params.pop("blobs")
    if len(blobs) == 1:
        params.update({f"b_{col}": value for col, value in blobs[0].items()})
        return Stmt(PUT_FAST["one"], params, True)
    for col in ("channel", "version", "type", "blob"):
        params[f"b_{col}"] = [b[col] for b in blobs]
    return Stmt(PUT_FAST["many" if blobs else "none"], params, True)


class PostgresWriteRows:
    """A put_writes call as one statement: a VALUES list of named parameters for up to
    :data:`VALUES_MAX_ROWS` rows, arrays beyond. SQLite's counterpart
    (``sql_sqlite_step.SqliteWriteRows``) shares the idea, not the code: there the key is bound once
    by number (``?1``..``?4``), the limit is 64 and more rows run as an executemany (SQLite has no
    arrays), so each dialect keeps its own class."""

    __slots__ = ("arrays", "values")

    def __init__(self, conflict: str) -> None:
        self.arrays = _WRITE_ROWS + conflict
        self.values = {count: _write_values(count, conflict) for count in range(1, VALUES_MAX_ROWS + 1)}

    def __call__(self, p: Params) -> Stmt:
        params = dict(p)
        rows = params.pop("rows")
        if len(rows) <= VALUES_MAX_ROWS:
            for i, r in enumerate(rows):
                params.update(
                    {
                        f"t{i}": r["task_id"],
                        f"i{i}": r["idx"],
                        f"c{i}": r["channel"],
                        f"y{i}": r["type"],
                        f"b{i}": r["blob"],
                        f"p{i}": r["task_path"],
                    }
                )
            return Stmt(self.values[len(rows)], params, False)
        for col in ("task_id", "idx", "channel", "type", "blob", "task_path"):
            params[f"w_{col}"] = [r[col] for r in rows]
        return Stmt(self.arrays, params, False)


# -- a graph step's two calls, each one statement run alone (CheckpointExecutor.one) -----------------
# The put of a process that knows the head (it wrote or read it last, ops_write.plan_put's ``pv``):
# the checkpoint row at version pv + 1 only while the thread's highest version is still the parent
# at pv. The unique (tenant, thread, ns, version) index keeps it a compare-and-set against a writer
# that is not committed yet (the second insert waits, then finds the version taken: DO NOTHING).
# No row inserted: nothing was written, and the saver's full check decides.
PUT_NEXT = f"""
INSERT INTO {CP} (tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts, run_id,
                  checkpoint, metadata, small_values)
SELECT %(tenant)s, %(thread)s, %(ns)s, %(cid)s, %(parent)s, h.version + 1, %(ts)s, %(run_id)s,
       %(checkpoint)s::jsonb, %(metadata)s::jsonb, %(inline)b
FROM (SELECT checkpoint_id, version FROM {CP} WHERE tenant_id = %(tenant)s AND thread_id = %(thread)s
      AND checkpoint_ns = %(ns)s AND version > 0 ORDER BY version DESC LIMIT 1) h
WHERE h.checkpoint_id = %(parent)s AND h.version = %(pv)s
ON CONFLICT DO NOTHING"""

# The head row by position, as ops_read.tuple_of_rows reads it (checkpoint id, parent, version,
# skeleton, metadata, small values, has_writes). ``version > 0`` lets the partial version index
# find the head with one backward step.
HEAD_ROW = (
    "SELECT c.checkpoint_id, c.parent_id, c.version, c.checkpoint::text, c.metadata::text, "
    "c.small_values, EXISTS (SELECT 1 FROM kassist_cp_writes w WHERE w.tenant_id = c.tenant_id "
    "AND w.thread_id = c.thread_id AND w.checkpoint_ns = c.checkpoint_ns "
    f"AND w.checkpoint_id = c.checkpoint_id) AS has_writes FROM {CP} c "
    "WHERE c.tenant_id = %(tenant)s AND c.thread_id = %(thread)s AND c.checkpoint_ns = %(ns)s "
    "AND c.version > 0 ORDER BY c.version DESC LIMIT 1"
)
# The head row with the blob values the head this process last saw keeps: one result row per blob
# (the row's columns repeated; a UNION as on SQLite would need the columns' types to agree), or
# one with NULL blob columns when none is there (head_rows gives them SQLite's shape). They answer
# the read only when the row lists exactly those versions (ops_read.tuple_of_rows). The inner
# LATERAL with LIMIT 1 pins a primary-key lookup per blob, as in _one_checkpoint (a plain join
# under the generic plan cost about 0.3 ms more per read of a 200-step operator.add thread).
HEAD_AND_BLOBS = f"""
SELECT c.*, b.channel, b.version, b.type, b.blob FROM ({HEAD_ROW}) c
LEFT JOIN LATERAL (
  SELECT b.channel, b.version, b.type, b.blob FROM jsonb_each_text(%(blobs)s::jsonb) AS je
  CROSS JOIN LATERAL (
    SELECT b.channel, b.version, b.type, b.blob FROM kassist_cp_blobs b
    WHERE b.tenant_id = %(tenant)s AND b.thread_id = %(thread)s AND b.checkpoint_ns = %(ns)s
      AND b.channel = je.key AND b.version = je.value
    LIMIT 1) AS b) AS b ON true"""


def put_next(row: tuple[Any, ...]) -> One:
    return PUT_NEXT, dict(zip(ROW_FIELDS, row, strict=True))  # the row alone (put_next_blobs is False)


def read_head(
    request: TupleRequest, blobs: Mapping[str, str] | None, held: Mapping[str, str], head: str | None
) -> One:
    # Only a read of the head this process last saw (read_head_unhinted is False): PostgreSQL hands
    # the skeleton back as JSONB text, so without the hint the row cannot say it has no blob values
    # (a second statement), and a read by id needs the head version too; the general statement
    # answers both at once.
    if request.checkpoint_id or blobs is None:
        raise ValueError("sql_postgres reads a hinted head only (read_head_unhinted is False)")
    key = {"tenant": request.tenant, "thread": request.thread, "ns": request.ns}
    if not blobs:
        return HEAD_ROW, key
    return HEAD_AND_BLOBS, {**key, "blobs": dumps_json(blobs)}  # the versions as one JSON object


def head_rows(rows: list[Any]) -> list[Any]:
    # HEAD_AND_BLOBS' rows as (the head row), then (channel, version, type, bytes, None, None, None)
    # per value, as SQLite's UNION returns them; HEAD_ROW's as they are.
    if not rows or len(rows[0]) == 7:
        return rows
    out: list[Any] = [rows[0][:7]]
    out.extend((r[7], r[8], r[9], r[10], None, None, None) for r in rows if r[7] is not None)
    return out
