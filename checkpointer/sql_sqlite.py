"""Every SQLite statement of the checkpointer: :data:`SQL` (parameters are ``:named``).

List parameters arrive as JSON text and are read with ``json_each``: SQLite has no array binds.
The tables and migrations are in :mod:`checkpointer.sql_sqlite_schema`; the statements of a graph
step's read and put, tuned per instruction, in :mod:`checkpointer.sql_sqlite_step`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from checkpointer import sql_tables as shared
from checkpointer.filters import FilterTerm, Kind, ListSpec, term_params
from checkpointer.query import CheckpointSql, Each, Params, Plain, Stmts, Text
from checkpointer.sql_sqlite_schema import (
    CP,
    KEY,
    MIGRATIONS,
    VALUE_COLS,
    head_of,
    higher_id,
    is_head,
    key_of,
    same_thread,
)
from checkpointer.sql_sqlite_step import (
    _CP_INSERT,
    _INSERTED,
    _PUT_BLOB,
    ENSURE_BLOB,
    GET_BY_ID_ROW,
    GET_LATEST_ROW,
    PUT_FAST_RECHECK,
    PUT_WRITE,
    UPSERT_WRITE,
    SqliteWriteRows,
    _payload,
    _put_fast,
    _RowRead,
    put_next,
    read_head,
)
from kassist.db import Stmt

_PAYLOAD_COLS = "NULL AS channel, NULL AS cversion, NULL AS type, NULL AS blob, NULL AS task_id, NULL AS idx, NULL AS task_path"
_CP_COLS = (
    "c.thread_id, c.checkpoint_ns, c.checkpoint_id, c.parent_id AS parent, c.version AS ver, "
    "c.checkpoint AS skel, c.metadata AS meta, c.small_values AS inl"
)


def _one_checkpoint(target: str) -> str:
    # The row, its blobs and its writes in one statement: one round trip per get_tuple. Only the
    # channel versions the row lists as stored in the blobs table are looked up there (rows from
    # before that list: every channel version).
    return f"""
WITH t AS MATERIALIZED ({target})
SELECT 'c' AS kind, t.*, {_PAYLOAD_COLS} FROM t
UNION ALL
SELECT 'b', t.thread_id, t.checkpoint_ns, t.checkpoint_id, NULL, NULL, NULL, NULL, NULL, NULL,
       b.channel, b.version, b.type, b.blob, NULL, NULL, NULL
FROM t CROSS JOIN json_each(coalesce(json_extract(t.skel, '$.blob_versions'), json_extract(t.skel, '$.channel_versions'))) AS je
CROSS JOIN kassist_cp_blobs b ON b.tenant_id = :tenant AND b.thread_id = :thread AND b.checkpoint_ns = :ns
     AND b.channel = je.key AND b.version = CAST(je.value AS TEXT)
UNION ALL
SELECT 'b', t.thread_id, t.checkpoint_ns, t.checkpoint_id, NULL, NULL, NULL, NULL, NULL, NULL,
       h.value_channel, h.value_version, h.value_type, h.value_blob, NULL, NULL, NULL
FROM t CROSS JOIN json_each(t.skel, '$.held') AS hj
CROSS JOIN kassist_cp_checkpoints h ON h.tenant_id = :tenant AND h.thread_id = :thread AND h.checkpoint_ns = :ns
     AND h.checkpoint_id = hj.value AND h.value_channel = hj.key
UNION ALL
SELECT 'w', t.thread_id, t.checkpoint_ns, t.checkpoint_id, NULL, NULL, NULL, NULL, NULL, NULL,
       w.channel, NULL, w.type, w.blob, w.task_id, w.idx, w.task_path
FROM t CROSS JOIN kassist_cp_writes w ON w.tenant_id = :tenant AND w.thread_id = :thread
     AND w.checkpoint_ns = :ns AND w.checkpoint_id = t.checkpoint_id
"""


# The head's version and id for the thread of row {t} (sql_sqlite_schema.head_of).
_MAX_VERSION = head_of("version", "h", same_thread("h", "{t}"))
_HEAD_ID = head_of("checkpoint_id", "h", same_thread("h", "{t}"))
_NAMED = key_of("h", ":tenant", ":thread", ":ns")
_LATEST_KEY = head_of("checkpoint_id", "h", _NAMED)[1:-1]
_HEAD_VERSION = head_of("version", "h", _NAMED)


def _json_path(path: tuple[str, ...]) -> str:
    return "$" + "".join('."' + p.replace('"', '\\"') + '"' for p in path)


# A filter term's SQL by its kind: {type} json_type of the metadata value at the term's path,
# {value} that value, {f} the bound value.
_TERMS: dict[Kind, str] = {
    "str": "({type} = 'text' AND {value} = {f})",
    "num": "({type} IN ('integer', 'real') AND {value} = {f})",
    "bool": "({type} = CASE WHEN {f} THEN 'true' ELSE 'false' END)",
    "null": "({type} = 'null')",
    "object": "({type} = 'object')",
    "json": "({type} = 'array' AND {value} = json({f}))",
}


def _term_sql(i: int, term: FilterTerm) -> str:
    path = _json_path(term.path).replace("'", "''")
    jtype, value = f"json_type(c.metadata, '{path}')", f"json_extract(c.metadata, '{path}')"
    return _TERMS[term.kind].format(type=jtype, value=value, f=f":f{i}")


def _list_rows(spec: ListSpec) -> str:
    return (
        f"SELECT {_CP_COLS}, {_MAX_VERSION.format(t='c')} AS head_ver "  # query.LIST_COLS
        f"FROM {CP} c WHERE {spec.where(lambda name: ':' + name, _term_sql)}"
    )


def _delta_history() -> str:
    blob_match = (
        "CROSS JOIN kassist_cp_blobs b ON b.tenant_id = :tenant AND b.thread_id = :thread "
        "AND b.checkpoint_ns = :ns AND b.channel = je.key AND b.version = CAST(je.value AS TEXT)"
    )
    wanted = "je.key IN (SELECT value FROM json_each(:channels))"
    return f"""
WITH RECURSIVE chain(checkpoint_id, parent_id, depth, versions, inl, held, done) AS (
  SELECT checkpoint_id, parent_id, 0, json_extract(checkpoint, '$.channel_versions'), small_values,
         json_extract(checkpoint, '$.held'), 0
  FROM {CP} WHERE {KEY} AND checkpoint_id = coalesce(:cid, ({_LATEST_KEY}))
  UNION ALL
  SELECT c.checkpoint_id, c.parent_id, chain.depth + 1, json_extract(c.checkpoint, '$.channel_versions'),
         c.small_values, json_extract(c.checkpoint, '$.held'),
         (SELECT count(*) FROM json_each(c.checkpoint, '$.channel_versions') AS je {blob_match}
          WHERE {wanted} AND b.type <> 'empty') = :n_channels
  FROM chain CROSS JOIN {CP} c ON c.tenant_id = :tenant AND c.thread_id = :thread AND c.checkpoint_ns = :ns
       AND c.checkpoint_id = chain.parent_id
  WHERE chain.done = 0 AND chain.depth < 1000000
)
SELECT 'c' AS kind, checkpoint_id, depth, NULL AS channel, NULL AS type, NULL AS blob,
       NULL AS task_id, NULL AS idx, NULL AS task_path, versions, inl FROM chain
UNION ALL
SELECT 'w', w.checkpoint_id, chain.depth, w.channel, w.type, w.blob, w.task_id, w.idx, w.task_path,
       NULL, NULL
FROM chain CROSS JOIN kassist_cp_writes w ON w.tenant_id = :tenant AND w.thread_id = :thread
     AND w.checkpoint_ns = :ns AND w.checkpoint_id = chain.checkpoint_id
WHERE chain.depth > 0 AND w.channel IN (SELECT value FROM json_each(:channels))
UNION ALL
SELECT 'b', chain.checkpoint_id, chain.depth, b.channel, b.type, b.blob, NULL, NULL, NULL, NULL, NULL
FROM chain CROSS JOIN json_each(chain.versions) AS je {blob_match}
WHERE chain.depth > 0 AND {wanted} AND b.type <> 'empty'
UNION ALL
SELECT 'b', chain.checkpoint_id, chain.depth, h.value_channel, h.value_type, h.value_blob, NULL, NULL, NULL,
       NULL, NULL
FROM chain CROSS JOIN json_each(chain.held) AS je CROSS JOIN {CP} h ON h.tenant_id = :tenant
     AND h.thread_id = :thread AND h.checkpoint_ns = :ns AND h.checkpoint_id = je.value AND h.value_channel = je.key
WHERE chain.depth > 0 AND {wanted} AND h.value_type <> 'empty'
"""


DELTA_HISTORY = _delta_history()


# -- get_many: many get_tuple reads (latest or by id, any tenants) in one statement ------------------
# Built from _one_checkpoint and _CP_COLS, the pieces of "get_latest"/"get_by_id", so the three
# statements return the same row layout (plus ``req``, the index of the request a row answers).
# The blob and write parts are _one_checkpoint's own, their key parameters pointed at the columns
# of each target row instead; every row is filtered by the tenant of its own request. The requests
# arrive as one JSON array of [req, tenant, thread, ns, checkpoint_id or null].
_MANY_TARGET = f"""
SELECT r.req, r.tenant_id, {_CP_COLS}, {_MAX_VERSION.format(t="r")} AS head_ver
FROM (SELECT json_extract(value, '$[0]') AS req, json_extract(value, '$[1]') AS tenant_id,
             json_extract(value, '$[2]') AS thread_id, json_extract(value, '$[3]') AS checkpoint_ns,
             json_extract(value, '$[4]') AS cid FROM json_each(:reqs)) AS r
JOIN {CP} c ON c.tenant_id = r.tenant_id AND c.thread_id = r.thread_id AND c.checkpoint_ns = r.checkpoint_ns
     AND c.checkpoint_id = coalesce(r.cid, {_HEAD_ID.format(t="r")})"""


def _output_names(cols: str) -> list[str]:
    """The column names a SELECT list such as _CP_COLS produces (``x AS y`` -> y, ``c.x`` -> x)."""
    names, depth, start = [], 0, 0
    for i, ch in enumerate(cols + ","):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            item = cols[start:i].strip()
            names.append(item.split(" AS ")[-1].strip() if " AS " in item else item.split(".")[-1])
            start = i + 1
    return names


def _many_checkpoints() -> str:
    sql = _one_checkpoint("{target}")
    # Every key parameter of the blob and write parts becomes the column of the request's row
    # (the tenant included, so each row stays within its own tenant), and every part of the
    # UNION starts with the request index.
    for param, column in ((":tenant", "t.tenant_id"), (":thread", "t.thread_id"), (":ns", "t.checkpoint_ns")):
        sql, found = re.subn(rf"{param}\b", column, sql)
        if not found:
            raise RuntimeError(f"get_many: _one_checkpoint no longer uses {param}; update _many_checkpoints")
    # The checkpoint row takes t.* there; here t also holds req and tenant_id, so name its columns.
    head_cols = ", ".join(f"t.{name}" for name in (*_output_names(_CP_COLS), "head_ver"))
    sql, star = re.subn(r"SELECT 'c' AS kind, t\.\*,", f"SELECT 'c' AS kind, {head_cols},", sql)
    sql, arms = re.subn(r"SELECT '(\w)'", r"SELECT t.req, '\1'", sql)
    if star != 1 or arms < 3 or re.search(r"(?<![\w:]):\w", sql):  # a new parameter would be unbound
        raise RuntimeError("get_many: _one_checkpoint changed shape; update _many_checkpoints")
    return sql.replace("{target}", _MANY_TARGET)


GET_MANY = _many_checkpoints()


def _bind(value: Any) -> Any:
    return json.dumps(list(value)) if isinstance(value, list | tuple) else value


_ROW_LISTS = ("blobs", "rows")


_SCALARS = frozenset({str, int, float, bytes, bool, type(None)})


def _has_list_param(params: Mapping[str, Any]) -> bool:
    # A plain loop skipping plain scalars by exact type: this runs for every statement of every call.
    for key, value in params.items():
        if type(value) not in _SCALARS and isinstance(value, list | tuple) and key not in _ROW_LISTS:
            return True
    return False


def _params(params: Params) -> Params:
    # "blobs" (put_fast) and "rows" (writes) are lists of rows with bytes: they run as an
    # executemany, never bound as one value. sqlite3 ignores keys a statement does not name, so a
    # dict of parameters without another list passes as it is (no copy on the hot statements).
    if type(params) is not dict or _has_list_param(params):
        params = {k: _bind(v) for k, v in params.items() if k not in _ROW_LISTS}
    return params


def _read(text: Text) -> Plain:
    return Plain(text, True, _params)  # lists bound as JSON text


def _write(text: Text) -> Plain:
    return Plain(text, False, _params)


class _Read:
    """A hot read whose operation builds only plain scalar parameters: passed on as they are."""

    __slots__ = ("sql",)

    def __init__(self, sql: str) -> None:
        self.sql = sql

    def __call__(self, params: Params) -> Stmt:
        return Stmt(self.sql, params, True)  # one statement: no list to build


def _get_many(params: Params) -> Stmt:
    # The requests as one JSON array of rows.
    cols = ("reqs", "tenants", "threads", "nss", "cids")
    reqs = list(zip(*(params[c] for c in cols), strict=True))
    return Stmt(GET_MANY, {"reqs": json.dumps(reqs)}, True)


def _list_rows_stmt(params: Params, spec: ListSpec) -> Stmt:
    return Stmt(_list_rows(spec), {**_params(params), **term_params(spec.terms)}, True)


SQL = CheckpointSql(
    backend="sqlite",
    migrations=tuple(MIGRATIONS),
    get_latest=_Read(
        _one_checkpoint(
            f"SELECT {_CP_COLS}, c.version AS head_ver FROM {CP} c "
            "WHERE c.tenant_id = :tenant AND c.thread_id = :thread AND c.checkpoint_ns = :ns "
            f"AND {is_head('c')} ORDER BY c.checkpoint_id DESC LIMIT 1"
        )
    ),
    get_by_id=_Read(
        _one_checkpoint(
            f"SELECT {_CP_COLS}, {_MAX_VERSION.format(t='c')} AS head_ver FROM {CP} c "
            "WHERE c.tenant_id = :tenant AND c.thread_id = :thread AND c.checkpoint_ns = :ns "
            "AND c.checkpoint_id = :cid"
        )
    ),
    get_many=_get_many,
    get_latest_row=_RowRead(GET_LATEST_ROW, ("tenant", "thread", "ns")),
    get_by_id_row=_RowRead(GET_BY_ID_ROW, ("tenant", "thread", "ns", "cid")),
    get_payload=_payload,
    list_rows=_list_rows_stmt,
    delta_history=_read(DELTA_HISTORY),
    list_payload=_read(f"""
WITH k AS (SELECT a.value AS thread_id, b.value AS checkpoint_ns, c.value AS checkpoint_id
           FROM json_each(:threads) a JOIN json_each(:nss) b ON b.key = a.key
           JOIN json_each(:ids) c ON c.key = a.key)
SELECT 'b' AS kind, k.thread_id, k.checkpoint_ns, k.checkpoint_id, b.channel, b.version AS cversion,
       b.type, b.blob, NULL AS task_id, NULL AS idx, NULL AS task_path
FROM k CROSS JOIN {CP} cp ON cp.tenant_id = :tenant AND cp.thread_id = k.thread_id
     AND cp.checkpoint_ns = k.checkpoint_ns AND cp.checkpoint_id = k.checkpoint_id
CROSS JOIN json_each(coalesce(json_extract(cp.checkpoint, '$.blob_versions'), json_extract(cp.checkpoint, '$.channel_versions'))) AS je
CROSS JOIN kassist_cp_blobs b ON b.tenant_id = :tenant AND b.thread_id = k.thread_id
     AND b.checkpoint_ns = k.checkpoint_ns AND b.channel = je.key AND b.version = CAST(je.value AS TEXT)
UNION ALL
SELECT 'b', k.thread_id, k.checkpoint_ns, k.checkpoint_id, h.value_channel, h.value_version, h.value_type,
       h.value_blob, NULL, NULL, NULL
FROM k CROSS JOIN {CP} cp ON cp.tenant_id = :tenant AND cp.thread_id = k.thread_id
     AND cp.checkpoint_ns = k.checkpoint_ns AND cp.checkpoint_id = k.checkpoint_id
CROSS JOIN json_each(cp.checkpoint, '$.held') AS hj
CROSS JOIN {CP} h ON h.tenant_id = :tenant AND h.thread_id = k.thread_id
     AND h.checkpoint_ns = k.checkpoint_ns AND h.checkpoint_id = hj.value AND h.value_channel = hj.key
UNION ALL
SELECT 'w', k.thread_id, k.checkpoint_ns, k.checkpoint_id, w.channel, NULL, w.type, w.blob,
       w.task_id, w.idx, w.task_path
FROM k CROSS JOIN kassist_cp_writes w ON w.tenant_id = :tenant AND w.thread_id = k.thread_id
     AND w.checkpoint_ns = k.checkpoint_ns AND w.checkpoint_id = k.checkpoint_id
"""),
    put_prepare=_read(f"""
SELECT ({_LATEST_KEY}) AS head_id,
       {_HEAD_VERSION} AS head_version,
       (SELECT parent_id FROM {CP} WHERE {KEY} AND checkpoint_id = :cid) AS existing_parent,
       (SELECT version FROM {CP} WHERE {KEY} AND checkpoint_id = :cid) AS existing_version,
       (SELECT version FROM {CP} WHERE {KEY} AND checkpoint_id = :parent) AS parent_version
"""),
    put_blob=Each(_PUT_BLOB),
    # Under BEGIN IMMEDIATE (put_planned read the head in this transaction): the version is free.
    put_checkpoint=_read(
        (
            _CP_INSERT + f", {VALUE_COLS}) VALUES (:tenant, :thread, :ns, :cid, :parent, :version, :ts, "
            f":run_id, :checkpoint, :metadata, :inline, {higher_id(':cid', key_of('x', ':tenant', ':thread', ':ns'))}, "
            ":vchannel, :vversion, :vtype, :vblob) "
            "ON CONFLICT DO NOTHING",
            _INSERTED,
        )
    ),
    head_version=_read(_HEAD_VERSION[1:-1]),
    begin=Stmts(),  # write operations already run inside BEGIN IMMEDIATE
    hold_parent=Stmts(),  # and a retention delete waits for the put's commit
    put_fast=_put_fast,
    put_next=put_next,
    put_next_blobs=True,
    read_head=read_head,
    read_head_unhinted=True,  # reads by id and of a head this process has not seen: the row alone
    put_fast_recheck=_read(PUT_FAST_RECHECK),
    put_checkpoint_again=_write(
        f"UPDATE {CP} SET checkpoint = :checkpoint, metadata = :metadata, run_id = :run_id, ts = :ts, "
        "small_values = :inline, value_channel = :vchannel, value_version = :vversion, "
        f"value_type = :vtype, value_blob = :vblob WHERE {KEY} AND checkpoint_id = :cid"
    ),
    put_write_rows=SqliteWriteRows(PUT_WRITE),
    upsert_write_rows=SqliteWriteRows(UPSERT_WRITE),
    delete_threads=_write(
        tuple(
            f"DELETE FROM {t} WHERE tenant_id = :tenant AND thread_id IN (SELECT value FROM json_each(:threads))"
            for t in (CP, "kassist_cp_blobs", "kassist_cp_writes")
        )
    ),
    thread_plan_rows=_read(
        "SELECT thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts, run_id, "
        "json_extract(checkpoint, '$.channel_versions') AS versions, "
        "json_extract(metadata, '$.counters_since_delta_snapshot') AS counters, value_channel, value_version "
        f"FROM {CP} WHERE tenant_id = :tenant AND thread_id IN (SELECT value FROM json_each(:threads))"
    ),
    # SQLite takes the bare columns of a max() aggregate from the row holding the maximum.
    thread_heads=_read(
        "SELECT thread_id, checkpoint_ns, checkpoint_id AS head_id, max(version) AS version "
        f"FROM {CP} WHERE tenant_id = :tenant AND thread_id IN (SELECT value FROM json_each(:threads)) "
        "GROUP BY thread_id, checkpoint_ns"
    ),
    thread_blob_keys=_read(
        "SELECT thread_id, checkpoint_ns, channel, version, type FROM kassist_cp_blobs "
        "WHERE tenant_id = :tenant AND thread_id IN (SELECT value FROM json_each(:threads))"
    ),
    thread_marks=_read(
        shared.THREAD_MARKS.format(threads="thread_id IN (SELECT value FROM json_each(:threads))")
    ),
    lock_writers=Stmts(),  # admin operations run under BEGIN IMMEDIATE: no put runs meanwhile
    run_threads=_read(
        f"SELECT DISTINCT thread_id FROM {CP} WHERE tenant_id = :tenant "
        "AND run_id IS NOT NULL AND run_id IN (SELECT value FROM json_each(:runs))"
    ),
    stale_threads=_read(shared.STALE_THREADS),
    tenants_with_stale=_read(shared.TENANTS_WITH_STALE),
    delete_checkpoint=Each(shared.DELETE_CHECKPOINT),
    # Before a row holding a value still pointed at is deleted (chains.plan_removal).
    copy_value=Each(
        "INSERT OR IGNORE INTO kassist_cp_blobs (tenant_id, thread_id, checkpoint_ns, channel, version, type, blob) "
        f"SELECT tenant_id, thread_id, checkpoint_ns, {VALUE_COLS} FROM {CP} WHERE {KEY} AND checkpoint_id = :cid "
        "AND value_channel IS NOT NULL"
    ),
    ensure_blob=Each(ENSURE_BLOB),
    value_in_row=True,
    delete_blob=Each(shared.DELETE_BLOB),
    clear_parent=Each(shared.CLEAR_PARENT),
    # A head moved by delete_for_runs takes a version above every other: it is the head (and marked
    # jump, as it may not have the highest id).
    set_head=Each(f"UPDATE {CP} SET version = :version, jump = 1 WHERE {KEY} AND checkpoint_id = :cid"),
    delete_head=Each(()),  # a thread without checkpoints has no head to delete
    thread_exists=_read(shared.THREAD_EXISTS),
    copy_thread=_write(
        shared.copy_thread(
            "tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts, run_id, checkpoint, "
            f"metadata, small_values, jump, {VALUE_COLS}",
            "tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob, task_path",
        )
    ),
)
