"""Every PostgreSQL statement of the checkpointer: :data:`SQL` (parameters are ``%(named)s``).

Values are BYTEA (so U+0000 and 20 MB strings are fine); the skeleton and metadata are JSONB so SQL
can walk versions and filter metadata. No ``CREATE INDEX CONCURRENTLY``: migrations run in one
transaction under an advisory lock.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from checkpointer.codec import dumps_json
from checkpointer.filters import FilterTerm, ListSpec, term_params
from checkpointer.query import ROW_FIELDS, CheckpointSql, One, Params, Request, Stmts
from kassist.db import Stmt

if TYPE_CHECKING:
    from checkpointer.ops_read import TupleRequest

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

_PAYLOAD_NULLS = (
    "NULL::text AS channel, NULL::text AS cversion, NULL::text AS type, NULL::bytea AS blob, "
    "NULL::text AS task_id, NULL::int AS idx, NULL::text AS task_path"
)
_CP_COLS = (
    "c.thread_id, c.checkpoint_ns, c.checkpoint_id, c.parent_id AS parent, c.version AS ver, "
    "c.checkpoint::text AS skel, c.metadata::text AS meta, c.small_values AS inl"
)


# The channel versions to look up in the blobs table: those the row lists as stored there, or
# (rows written before that list) every channel version.
_CV = "coalesce(c.checkpoint -> 'blob_versions', c.checkpoint -> 'channel_versions') AS cv"
# The head version, and the head's id, through the version index (the highest version wins).
_MAX_VERSION = (
    f"(SELECT h.version FROM {CP} h WHERE h.tenant_id = {{t}}.tenant_id "
    "AND h.thread_id = {t}.thread_id AND h.checkpoint_ns = {t}.checkpoint_ns AND h.version > 0 "
    "ORDER BY h.version DESC LIMIT 1)"
)
_LATEST_KEY = f"SELECT checkpoint_id FROM {CP} WHERE {KEY} AND version > 0 ORDER BY version DESC LIMIT 1"


def _one_checkpoint(target: str) -> str:
    # The row, its blobs and its writes in one statement: one round trip per get_tuple. The
    # LATERAL subqueries (LIMIT 1 / OFFSET 0 keep them from being flattened) pin primary-key
    # lookups: a hash join would read every blob of a long thread.
    return f"""
WITH t AS MATERIALIZED ({target})
SELECT 'c' AS kind, t.thread_id, t.checkpoint_ns, t.checkpoint_id, t.parent, t.ver, t.skel, t.meta,
       t.inl, t.head_ver, {_PAYLOAD_NULLS} FROM t
UNION ALL
SELECT 'b', t.thread_id, t.checkpoint_ns, t.checkpoint_id, NULL, NULL, NULL, NULL, NULL, NULL,
       b.channel, b.version, b.type, b.blob, NULL, NULL, NULL
FROM t CROSS JOIN LATERAL jsonb_each_text(t.cv) AS je
CROSS JOIN LATERAL (
  SELECT b.channel, b.version, b.type, b.blob FROM kassist_cp_blobs b
  WHERE b.tenant_id = %(tenant)s AND b.thread_id = %(thread)s AND b.checkpoint_ns = %(ns)s
    AND b.channel = je.key AND b.version = je.value
  LIMIT 1) AS b
UNION ALL
SELECT 'w', t.thread_id, t.checkpoint_ns, t.checkpoint_id, NULL, NULL, NULL, NULL, NULL, NULL,
       w.channel, NULL, w.type, w.blob, w.task_id, w.idx, w.task_path
FROM t CROSS JOIN LATERAL (
  SELECT * FROM kassist_cp_writes w
  WHERE w.tenant_id = %(tenant)s AND w.thread_id = %(thread)s AND w.checkpoint_ns = %(ns)s
    AND w.checkpoint_id = t.checkpoint_id
  OFFSET 0) AS w
"""


_WRITE_COLS = (
    "tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob, task_path"
)
_IN_THREADS = "tenant_id = %(tenant)s AND thread_id = ANY(%(threads)s)"


def _term_sql(i: int, term: FilterTerm) -> str:
    at = f"(c.metadata #> %(p{i})s)"
    if term.kind == "str":
        return f"(jsonb_typeof{at} = 'string' AND (c.metadata #>> %(p{i})s) = %(f{i})s)"
    if term.kind == "num":
        return f"(jsonb_typeof{at} = 'number' AND (c.metadata #>> %(p{i})s)::numeric = %(f{i})s::numeric)"
    if term.kind == "bool":
        return f"(jsonb_typeof{at} = 'boolean' AND (c.metadata #>> %(p{i})s)::boolean = %(f{i})s)"
    if term.kind == "null":
        return f"(jsonb_typeof{at} = 'null')"
    if term.kind == "object":
        return f"(jsonb_typeof{at} = 'object')"
    return f"({at} = %(f{i})s::jsonb)"


def _list_rows(spec: ListSpec) -> str:
    wheres = ["c.tenant_id = %(tenant)s"]
    if spec.thread:
        wheres.append("c.thread_id = %(thread)s")
    if spec.ns:
        wheres.append("c.checkpoint_ns = %(ns)s")
    if spec.checkpoint_id:
        wheres.append("c.checkpoint_id = %(cid)s")
    if spec.before:
        wheres.append("c.checkpoint_id < %(before)s")
    wheres.extend(_term_sql(i, t) for i, t in enumerate(spec.terms))
    limit = " LIMIT %(limit)s" if spec.limit else ""
    return (
        f"SELECT {_CP_COLS}, {_MAX_VERSION.format(t='c')} AS head_ver "
        f"FROM {CP} c WHERE {' AND '.join(wheres)} ORDER BY c.checkpoint_id DESC{limit}"
    )


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
INSERT INTO kassist_cp_writes ({_WRITE_COLS})
SELECT %(tenant)s, %(thread)s, %(ns)s, %(cid)s, x.task_id, x.idx, x.channel, x.type, x.blob, x.task_path
FROM unnest(%(w_task_id)b::text[], %(w_idx)b::int[], %(w_channel)b::text[], %(w_type)b::text[],
            %(w_blob)b::bytea[], %(w_task_path)b::text[]) AS x(task_id, idx, channel, type, blob, task_path)
ON CONFLICT (tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx)"""
_KEEP = " DO NOTHING"
_REPLACE = (
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
        f"INSERT INTO kassist_cp_writes ({_WRITE_COLS}) VALUES {rows} "
        "ON CONFLICT (tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx)" + conflict
    )


_BLOB_MATCH = (
    "CROSS JOIN LATERAL (SELECT b.channel, b.type, b.blob FROM kassist_cp_blobs b "
    "WHERE b.tenant_id = %(tenant)s AND b.thread_id = %(thread)s AND b.checkpoint_ns = %(ns)s "
    "AND b.channel = je.key AND b.version = je.value LIMIT 1) AS b"
)
DELTA_HISTORY = f"""
WITH RECURSIVE chain(checkpoint_id, parent_id, depth, versions, inl, done) AS (
  SELECT checkpoint_id, parent_id, 0, checkpoint -> 'channel_versions', small_values, false
  FROM {CP} WHERE {KEY}
    AND checkpoint_id = coalesce(%(cid)s, ({_LATEST_KEY}))
  UNION ALL
  SELECT c.checkpoint_id, c.parent_id, chain.depth + 1, c.checkpoint -> 'channel_versions', c.small_values,
         (SELECT count(*) FROM jsonb_each_text(c.checkpoint -> 'channel_versions') AS je {_BLOB_MATCH}
          WHERE je.key = ANY(%(channels)s) AND b.type <> 'empty') = %(n_channels)s
  -- LATERAL pins a primary-key lookup per step (a plain join scanned the whole thread per step).
  FROM chain CROSS JOIN LATERAL (
    SELECT * FROM {CP} c WHERE c.tenant_id = %(tenant)s AND c.thread_id = %(thread)s
      AND c.checkpoint_ns = %(ns)s AND c.checkpoint_id = chain.parent_id LIMIT 1) AS c
  WHERE NOT chain.done AND chain.depth < 1000000
)
SELECT 'c' AS kind, checkpoint_id, depth, NULL::text AS channel, NULL::text AS type, NULL::bytea AS blob,
       NULL::text AS task_id, NULL::int AS idx, NULL::text AS task_path, versions::text AS versions, inl
FROM chain
UNION ALL
SELECT 'w', w.checkpoint_id, chain.depth, w.channel, w.type, w.blob, w.task_id, w.idx, w.task_path,
       NULL, NULL
FROM chain CROSS JOIN LATERAL (
  SELECT * FROM kassist_cp_writes w
  WHERE w.tenant_id = %(tenant)s AND w.thread_id = %(thread)s AND w.checkpoint_ns = %(ns)s
    AND w.checkpoint_id = chain.checkpoint_id AND w.channel = ANY(%(channels)s)
  OFFSET 0) AS w
WHERE chain.depth > 0
UNION ALL
SELECT 'b', chain.checkpoint_id, chain.depth, b.channel, b.type, b.blob, NULL, NULL, NULL, NULL, NULL
FROM chain CROSS JOIN LATERAL jsonb_each_text(chain.versions) AS je {_BLOB_MATCH}
WHERE chain.depth > 0 AND je.key = ANY(%(channels)s) AND b.type <> 'empty'
"""


# -- get_many: many get_tuple reads (latest or by id, any tenants) in one statement ------------------
# Built from _one_checkpoint and _CP_COLS, the pieces of "get_latest"/"get_by_id", so the three
# statements return the same row layout (plus ``req``, the index of the request a row answers).
# The blob and write parts are _one_checkpoint's own, their key parameters pointed at the columns
# of each target row instead; every row is filtered by the tenant of its own request. LATERAL
# subqueries pin primary-key lookups per request here too (a hash join scanned heads, and all the
# checkpoints of each thread).
_MANY_TARGET = f"""
SELECT r.req, r.tenant_id, {_CP_COLS}, h.version AS head_ver, {_CV}
FROM unnest(%(reqs)s::int[], %(tenants)s::text[], %(threads)s::text[], %(nss)s::text[], %(cids)s::text[])
     AS r(req, tenant_id, thread_id, checkpoint_ns, cid)
LEFT JOIN LATERAL (
  SELECT h.checkpoint_id AS head_id, h.version FROM {CP} h WHERE h.tenant_id = r.tenant_id
    AND h.thread_id = r.thread_id AND h.checkpoint_ns = r.checkpoint_ns AND h.version > 0
  ORDER BY h.version DESC LIMIT 1) AS h ON true
CROSS JOIN LATERAL (
  SELECT * FROM {CP} c WHERE c.tenant_id = r.tenant_id AND c.thread_id = r.thread_id
    AND c.checkpoint_ns = r.checkpoint_ns AND c.checkpoint_id = coalesce(r.cid, h.head_id)
  LIMIT 1) AS c"""


def _many_checkpoints() -> str:
    sql = _one_checkpoint("{target}")
    # Every key parameter of the blob and write parts becomes the column of the request's row
    # (the tenant included, so each row stays within its own tenant), and every part of the
    # UNION starts with the request index.
    for param, column in (
        ("%(tenant)s", "t.tenant_id"),
        ("%(thread)s", "t.thread_id"),
        ("%(ns)s", "t.checkpoint_ns"),
    ):
        if param not in sql:
            raise RuntimeError(f"get_many: _one_checkpoint no longer uses {param}; update _many_checkpoints")
        sql = sql.replace(param, column)
    sql, arms = re.subn(r"SELECT '(\w)'", r"SELECT t.req, '\1'", sql)
    if arms < 3 or "%(" in sql:  # a new parameter would be unbound here: fail at import
        raise RuntimeError("get_many: _one_checkpoint changed shape; update _many_checkpoints")
    return sql.replace("{target}", _MANY_TARGET)


GET_MANY = _many_checkpoints()


class _Plain:
    """One or more statements run in order with the given parameters (psycopg adapts lists as
    arrays); ``fetch``: whether the (last) one answers rows."""

    __slots__ = ("fetch", "sqls")

    def __init__(self, sqls: tuple[str, ...], fetch: bool) -> None:
        self.sqls, self.fetch = sqls, fetch

    def __call__(self, params: Params) -> Request:
        params = dict(params)
        if len(self.sqls) == 1:
            return Stmt(self.sqls[0], params, self.fetch)
        return Stmts(Stmt(sql, params, self.fetch) for sql in self.sqls)


class _Each:
    """One or more statements, each run once per parameter set (no rows)."""

    __slots__ = ("sqls",)

    def __init__(self, sqls: tuple[str, ...]) -> None:
        self.sqls = sqls

    def __call__(self, param_sets: Sequence[Params]) -> Request:
        return Stmts(Stmt(sql, fetch=False, many=param_sets) for sql in self.sqls)


def _read(sql: str | tuple[str, ...]) -> _Plain:
    return _Plain((sql,) if isinstance(sql, str) else sql, True)


def _write(sql: str | tuple[str, ...]) -> _Plain:
    return _Plain((sql,) if isinstance(sql, str) else sql, False)


def _each(sql: str | tuple[str, ...]) -> _Each:
    return _Each((sql,) if isinstance(sql, str) else sql)


def _list_rows_stmt(params: Params, spec: ListSpec) -> Stmt:
    paths = {f"p{i}": list(t.path) for i, t in enumerate(spec.terms)}
    return Stmt(_list_rows(spec), {**params, **term_params(spec.terms), **paths}, True)


def _put_fast(fast: Params) -> Stmt:
    params = dict(fast)
    blobs = params.pop("blobs")
    if len(blobs) == 1:
        params.update({f"b_{col}": value for col, value in blobs[0].items()})
        return Stmt(PUT_FAST["one"], params, True)
    for col in ("channel", "version", "type", "blob"):
        params[f"b_{col}"] = [b[col] for b in blobs]
    return Stmt(PUT_FAST["many" if blobs else "none"], params, True)


class _WriteRows:
    """A put_writes call as one statement: a VALUES list for a few rows, arrays beyond."""

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


def _put_next(row: tuple[Any, ...]) -> One:
    return PUT_NEXT, dict(zip(ROW_FIELDS, row, strict=True))  # the row alone (put_next_blobs is False)


def _read_head(
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


def _head_rows(rows: list[Any]) -> list[Any]:
    # HEAD_AND_BLOBS' rows as (the head row), then (channel, version, type, bytes, None, None, None)
    # per value, as SQLite's UNION returns them; HEAD_ROW's as they are.
    if not rows or len(rows[0]) == 7:
        return rows
    out: list[Any] = [rows[0][:7]]
    out.extend((r[7], r[8], r[9], r[10], None, None, None) for r in rows if r[7] is not None)
    return out


SQL = CheckpointSql(
    backend="postgres",
    migrations=tuple(MIGRATIONS),
    # The head: one backward step on the version index (the thread's highest version).
    get_latest=_read(
        _one_checkpoint(
            f"SELECT {_CP_COLS}, c.version AS head_ver, {_CV} FROM {CP} c "
            "WHERE c.tenant_id = %(tenant)s AND c.thread_id = %(thread)s AND c.checkpoint_ns = %(ns)s "
            "AND c.version > 0 ORDER BY c.version DESC LIMIT 1"
        )
    ),
    get_by_id=_read(
        _one_checkpoint(
            f"SELECT {_CP_COLS}, {_MAX_VERSION.format(t='c')} AS head_ver, "
            f"{_CV} FROM {CP} c WHERE c.tenant_id = %(tenant)s AND c.thread_id = %(thread)s "
            "AND c.checkpoint_ns = %(ns)s AND c.checkpoint_id = %(cid)s"
        )
    ),
    get_many=_read(GET_MANY),
    list_rows=_list_rows_stmt,
    delta_history=_read(DELTA_HISTORY),
    list_payload=_read(f"""
WITH k AS (SELECT * FROM unnest(%(threads)s::text[], %(nss)s::text[], %(ids)s::text[])
           AS k(thread_id, checkpoint_ns, checkpoint_id))
SELECT 'b' AS kind, k.thread_id, k.checkpoint_ns, k.checkpoint_id, b.channel, b.version AS cversion,
       b.type, b.blob, NULL::text AS task_id, NULL::int AS idx, NULL::text AS task_path
FROM k JOIN {CP} cp ON cp.tenant_id = %(tenant)s AND cp.thread_id = k.thread_id
     AND cp.checkpoint_ns = k.checkpoint_ns AND cp.checkpoint_id = k.checkpoint_id
CROSS JOIN LATERAL jsonb_each_text(coalesce(cp.checkpoint -> 'blob_versions', cp.checkpoint -> 'channel_versions')) AS je
CROSS JOIN LATERAL (
  SELECT b.channel, b.version, b.type, b.blob FROM kassist_cp_blobs b
  WHERE b.tenant_id = %(tenant)s AND b.thread_id = k.thread_id AND b.checkpoint_ns = k.checkpoint_ns
    AND b.channel = je.key AND b.version = je.value
  LIMIT 1) AS b
UNION ALL
SELECT 'w', k.thread_id, k.checkpoint_ns, k.checkpoint_id, w.channel, NULL, w.type, w.blob,
       w.task_id, w.idx, w.task_path
FROM k CROSS JOIN LATERAL (
  SELECT * FROM kassist_cp_writes w
  WHERE w.tenant_id = %(tenant)s AND w.thread_id = k.thread_id AND w.checkpoint_ns = k.checkpoint_ns
    AND w.checkpoint_id = k.checkpoint_id
  OFFSET 0) AS w
"""),
    # No lock: the insert of the new version is the compare-and-set (the version index).
    put_prepare=_read(f"""
SELECT ({_LATEST_KEY}) AS head_id,
       (SELECT version FROM {CP} WHERE {KEY} AND version > 0 ORDER BY version DESC LIMIT 1) AS head_version,
       (SELECT parent_id FROM {CP} WHERE {KEY} AND checkpoint_id = %(cid)s) AS existing_parent,
       (SELECT version FROM {CP} WHERE {KEY} AND checkpoint_id = %(cid)s) AS existing_version,
       (SELECT version FROM {CP} WHERE {KEY} AND checkpoint_id = %(parent)s) AS parent_version
"""),
    put_blob=_each(
        "INSERT INTO kassist_cp_blobs (tenant_id, thread_id, checkpoint_ns, channel, version, type, blob) "
        "VALUES (%(tenant)s, %(thread)s, %(ns)s, %(channel)s, %(version)s, %(type)s, %(blob)s) "
        "ON CONFLICT DO NOTHING"
    ),
    # The version index refuses a version another writer took first: no row comes back then.
    put_checkpoint=_read(f"""
INSERT INTO {CP} (tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts, run_id,
                  checkpoint, metadata, small_values)
VALUES (%(tenant)s, %(thread)s, %(ns)s, %(cid)s, %(parent)s, %(version)s, %(ts)s, %(run_id)s,
        %(checkpoint)s::jsonb, %(metadata)s::jsonb, %(inline)b)
ON CONFLICT DO NOTHING RETURNING version
"""),
    head_version=_read(f"SELECT version FROM {CP} WHERE {KEY} AND version > 0 ORDER BY version DESC LIMIT 1"),
    begin=Stmt("BEGIN", fetch=False),
    put_fast=_put_fast,
    put_fast_recheck=_read(()),  # PUT_FAST's miss goes straight to the full check here
    put_next=_put_next,
    read_head=_read_head,
    head_rows=_head_rows,
    put_checkpoint_again=_write(
        f"UPDATE {CP} SET checkpoint = %(checkpoint)s::jsonb, metadata = %(metadata)s::jsonb, "
        f"run_id = %(run_id)s, ts = %(ts)s, small_values = %(inline)b WHERE {KEY} AND checkpoint_id = %(cid)s"
    ),
    put_write_rows=_WriteRows(_KEEP),
    upsert_write_rows=_WriteRows(_REPLACE),
    delete_threads=_write(
        tuple(f"DELETE FROM {t} WHERE {_IN_THREADS}" for t in (CP, "kassist_cp_blobs", "kassist_cp_writes"))
    ),
    thread_plan_rows=_read(
        "SELECT thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts, run_id, "
        "(checkpoint -> 'channel_versions')::text AS versions, "
        "(metadata -> 'counters_since_delta_snapshot')::text AS counters "
        f"FROM {CP} WHERE {_IN_THREADS}"
    ),
    thread_heads=_read(
        "SELECT DISTINCT ON (thread_id, checkpoint_ns) thread_id, checkpoint_ns, checkpoint_id AS head_id, "
        f"version FROM {CP} WHERE {_IN_THREADS} ORDER BY thread_id, checkpoint_ns, version DESC"
    ),
    thread_blob_keys=_read(
        f"SELECT thread_id, checkpoint_ns, channel, version, type FROM kassist_cp_blobs WHERE {_IN_THREADS}"
    ),
    run_threads=_read(
        f"SELECT DISTINCT thread_id FROM {CP} WHERE tenant_id = %(tenant)s AND run_id = ANY(%(runs)s)"
    ),
    stale_threads=_read(
        f"SELECT DISTINCT thread_id FROM {CP} WHERE tenant_id = %(tenant)s AND ts < %(cutoff)s"
    ),
    tenants_with_stale=_read(f"SELECT DISTINCT tenant_id FROM {CP} WHERE ts < %(cutoff)s"),
    delete_checkpoint=_each(
        (
            f"DELETE FROM {CP} WHERE {KEY} AND checkpoint_id = %(cid)s",
            f"DELETE FROM kassist_cp_writes WHERE {KEY} AND checkpoint_id = %(cid)s",
        )
    ),
    delete_blob=_each(
        f"DELETE FROM kassist_cp_blobs WHERE {KEY} AND channel = %(channel)s AND version = %(version)s"
    ),
    clear_parent=_each(f"UPDATE {CP} SET parent_id = NULL WHERE {KEY} AND checkpoint_id = %(cid)s"),
    # A head moved by delete_for_runs takes a version above every other: it is the head.
    set_head=_each(f"UPDATE {CP} SET version = %(version)s WHERE {KEY} AND checkpoint_id = %(cid)s"),
    delete_head=_each(()),  # a thread without checkpoints has no head to delete
    thread_exists=_read(
        f"SELECT 1 AS one FROM {CP} WHERE tenant_id = %(tenant)s AND thread_id = %(thread)s LIMIT 1"
    ),
    copy_thread=_write(
        tuple(
            f"INSERT INTO {table} ({cols}) SELECT {cols.replace('thread_id', '%(target)s', 1)} FROM {table} "
            "WHERE tenant_id = %(tenant)s AND thread_id = %(source)s"
            for table, cols in (
                (
                    CP,
                    "tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts, run_id, checkpoint, "
                    "metadata, small_values",
                ),
                ("kassist_cp_blobs", "tenant_id, thread_id, checkpoint_ns, channel, version, type, blob"),
                ("kassist_cp_writes", _WRITE_COLS),
            )
        )
    ),
)
