"""Every PostgreSQL statement of the checkpointer: :data:`SQL` (parameters are ``%(named)s``).

The tables and migrations are in :mod:`checkpointer.sql_postgres_schema`; the statements of a
graph step's put, put_writes and read in :mod:`checkpointer.sql_postgres_step`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from checkpointer import sql_tables as shared
from checkpointer.filters import FilterTerm, Kind, ListSpec, term_params
from checkpointer.query import CheckpointSql, Each, Params, Plain, Text
from checkpointer.sql_postgres_schema import CP, KEY, MIGRATIONS, WRITE_COLS
from checkpointer.sql_postgres_step import (
    KEEP,
    REPLACE,
    PostgresWriteRows,
    head_rows,
    put_fast,
    put_next,
    read_head,
)
from kassist.db import Stmt
from kassist.db.tables import to_postgres

if TYPE_CHECKING:
    pass

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


_IN_THREADS = "tenant_id = %(tenant)s AND thread_id = ANY(%(threads)s)"


# A filter term's SQL by its kind: {at} the metadata value at the term's path (jsonb), {text} it
# as text, {f} the bound value.
_TERMS: dict[Kind, str] = {
    "str": "(jsonb_typeof{at} = 'string' AND {text} = {f})",
    "num": "(jsonb_typeof{at} = 'number' AND {text}::numeric = {f}::numeric)",
    "bool": "(jsonb_typeof{at} = 'boolean' AND {text}::boolean = {f})",
    "null": "(jsonb_typeof{at} = 'null')",
    "object": "(jsonb_typeof{at} = 'object')",
    "json": "({at} = {f}::jsonb)",
}


def _term_sql(i: int, term: FilterTerm) -> str:
    at, text = f"(c.metadata #> %(p{i})s)", f"(c.metadata #>> %(p{i})s)"
    return _TERMS[term.kind].format(at=at, text=text, f=f"%(f{i})s")


def _list_rows(spec: ListSpec) -> str:
    return (
        f"SELECT {_CP_COLS}, {_MAX_VERSION.format(t='c')} AS head_ver "
        f"FROM {CP} c WHERE {spec.where(lambda name: f'%({name})s', _term_sql)}"
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


def _read(text: Text) -> Plain:
    return Plain(text, True, dict)  # psycopg adapts lists as arrays


def _write(text: Text) -> Plain:
    return Plain(text, False, dict)


def _list_rows_stmt(params: Params, spec: ListSpec) -> Stmt:
    paths = {f"p{i}": list(t.path) for i, t in enumerate(spec.terms)}
    return Stmt(_list_rows(spec), {**params, **term_params(spec.terms), **paths}, True)


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
    put_blob=Each(
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
    # A full check extending a parent holds ROW EXCLUSIVE from its start, not from its insert: a
    # retention delete (lock_writers) can then not run between its read of the parent and its
    # insert, which would store a checkpoint whose parent the delete took.
    hold_parent=Stmt(f"LOCK TABLE {CP} IN ROW EXCLUSIVE MODE", fetch=False),
    put_fast=put_fast,
    put_fast_recheck=_read(()),  # PUT_FAST's miss goes straight to the full check here
    put_next=put_next,
    read_head=read_head,
    head_rows=head_rows,
    put_checkpoint_again=_write(
        f"UPDATE {CP} SET checkpoint = %(checkpoint)s::jsonb, metadata = %(metadata)s::jsonb, "
        f"run_id = %(run_id)s, ts = %(ts)s, small_values = %(inline)b WHERE {KEY} AND checkpoint_id = %(cid)s"
    ),
    put_write_rows=PostgresWriteRows(KEEP),
    upsert_write_rows=PostgresWriteRows(REPLACE),
    delete_threads=_write(
        tuple(f"DELETE FROM {t} WHERE {_IN_THREADS}" for t in (CP, "kassist_cp_blobs", "kassist_cp_writes"))
    ),
    thread_plan_rows=_read(
        "SELECT thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts, run_id, "
        "(checkpoint -> 'channel_versions')::text AS versions, "
        "(metadata -> 'counters_since_delta_snapshot')::text AS counters, "
        "NULL::text AS value_channel, NULL::text AS value_version "  # query.PLAN_COLS: no values in rows here
        f"FROM {CP} WHERE {_IN_THREADS}"
    ),
    thread_heads=_read(
        "SELECT DISTINCT ON (thread_id, checkpoint_ns) thread_id, checkpoint_ns, checkpoint_id AS head_id, "
        f"version FROM {CP} WHERE {_IN_THREADS} ORDER BY thread_id, checkpoint_ns, version DESC"
    ),
    thread_blob_keys=_read(
        f"SELECT thread_id, checkpoint_ns, channel, version, type FROM kassist_cp_blobs WHERE {_IN_THREADS}"
    ),
    thread_marks=_read(to_postgres(shared.THREAD_MARKS.format(threads="thread_id = ANY(:threads)"))),
    # Retention, prune and delete_for_runs plan from an unlocked read, then take this just before
    # they delete (ops_admin._settle): it waits for the puts in progress (ROW EXCLUSIVE, as every
    # insert and the full check's transaction take) and holds new ones until the commit. At READ
    # COMMITTED a put that waited runs its statement on a fresh snapshot: it finds its parent gone
    # and is refused (CheckpointConflict), never stored on a deleted thread.
    lock_writers=Stmt(f"LOCK TABLE {CP} IN SHARE ROW EXCLUSIVE MODE", fetch=False),
    run_threads=_read(
        f"SELECT DISTINCT thread_id FROM {CP} WHERE tenant_id = %(tenant)s AND run_id = ANY(%(runs)s)"
    ),
    stale_threads=_read(to_postgres(shared.STALE_THREADS)),
    tenants_with_stale=_read(to_postgres(shared.TENANTS_WITH_STALE)),
    delete_checkpoint=Each(tuple(to_postgres(sql) for sql in shared.DELETE_CHECKPOINT)),
    delete_blob=Each(to_postgres(shared.DELETE_BLOB)),
    clear_parent=Each(to_postgres(shared.CLEAR_PARENT)),
    # A head moved by delete_for_runs takes a version above every other: it is the head.
    set_head=Each(f"UPDATE {CP} SET version = %(version)s WHERE {KEY} AND checkpoint_id = %(cid)s"),
    delete_head=Each(()),  # a thread without checkpoints has no head to delete
    thread_exists=_read(to_postgres(shared.THREAD_EXISTS)),
    copy_thread=_write(
        tuple(
            to_postgres(sql)
            for sql in shared.copy_thread(
                "tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts, run_id, checkpoint, "
                "metadata, small_values",
                WRITE_COLS,
            )
        )
    ),
)
