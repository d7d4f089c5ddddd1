"""The SQLite statements of a graph step's calls: the read of one checkpoint (its row, then its
blob values and pending writes), the put that extends the head, and put_writes.

Written for instruction counts (bound by position, no ``RETURNING``, scalar subqueries in
``VALUES``; the comments give the measurements) and held by :data:`checkpointer.sql_sqlite.SQL`.
The usual call of a graph step is one of them alone (``put_next``, ``read_head``): the saver runs
it without an operation (``CheckpointExecutor.one``), and the operation goes on from its answer
when it does not settle the call.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from checkpointer.codec import dumps_json
from checkpointer.query import ROW_FIELDS, One, Params, Request, Stmts
from checkpointer.sql_sqlite_schema import CP, VALUE_COLS, head_of, higher_id, is_head, key_of, no_jump_above
from kassist.db import Stmt
from kassist.db.statements import NO_PARAMS

if TYPE_CHECKING:
    from checkpointer.ops_read import TupleRequest

# get_tuple's common case, the checkpoint row with every value in it and no pending writes, is
# one plain statement: the row and whether it has writes (an index probe). Only a row that names
# blob versions or has writes takes a second statement for them (ops_read.get_one); the
# three-arm statement of sql_sqlite (get_latest, get_many) materialises the row and parses its skeleton as JSON in SQL for every
# read (measured: 116k against 60k instructions per call, bench/cp_instructions.py).
_HAS_WRITES = (
    "EXISTS (SELECT 1 FROM kassist_cp_writes w WHERE w.tenant_id = c.tenant_id "
    "AND w.thread_id = c.thread_id AND w.checkpoint_ns = c.checkpoint_ns "
    "AND w.checkpoint_id = c.checkpoint_id) AS has_writes"
)
# Only the columns the request does not know (each column costs about 2k instructions), bound by
# position (?1-?4: tenant, thread, ns, checkpoint id), which sqlite3 does without a name lookup.
_ROW_COLS = "c.checkpoint_id, c.parent_id, c.version, c.checkpoint, c.metadata, c.small_values"
_ROW_KEY = "c.tenant_id = ?1 AND c.thread_id = ?2 AND c.checkpoint_ns = ?3"
GET_LATEST_ROW = (
    f"SELECT {_ROW_COLS}, {_HAS_WRITES} FROM {CP} c WHERE {_ROW_KEY} AND {is_head('c')} "
    "ORDER BY c.checkpoint_id DESC LIMIT 1"
)
GET_BY_ID_ROW = (
    f"SELECT {_ROW_COLS}, {_HAS_WRITES}, {head_of('version', 'h', key_of('h', '?1', '?2', '?3'))} "
    f"AS head_ver FROM {CP} c WHERE {_ROW_KEY} AND c.checkpoint_id = ?4"
)
# The head row with the value it holds itself (migration 6) as four more columns: the usual read of
# a graph whose one large value changed at the last step (read_head), one row from one seek.
GET_LATEST_OWN = GET_LATEST_ROW.replace(
    " AS has_writes FROM",
    " AS has_writes, c.value_channel, c.value_version, c.value_type, c.value_blob FROM",
    1,
)
_BLOB_KEY = "b.tenant_id = ?1 AND b.thread_id = ?2 AND b.checkpoint_ns = ?3"
# The head row and the blob values the head this process last saw keeps, in one statement
# (read_head): the blob rows follow with NULL where the row has has_writes, and count only when
# the row lists exactly those versions (ops_read.tuple_of_rows), else the read goes on as above.
_WITH_BLOBS = (
    f"SELECT * FROM ({GET_LATEST_ROW}) UNION ALL SELECT b.channel, b.version, b.type, b.blob, "
    "NULL, NULL, NULL FROM "
)
# A value held in a checkpoint row (migration 6) comes from the holder's row named by ?6 (the
# hint's ``held``); without a holder from the blobs table. A holder deleted meanwhile (its value
# copied into the blobs table) returns nothing here: the read then takes the general path
# (ops_read.tuple_of_rows counts the values), which looks in both places.
_HELD_ONE = (
    " UNION ALL SELECT h.value_channel, h.value_version, h.value_type, h.value_blob, NULL, NULL, NULL "
    f"FROM {CP} h WHERE ?6 IS NOT NULL AND h.tenant_id = ?1 AND h.thread_id = ?2 AND h.checkpoint_ns = ?3 "
    "AND h.checkpoint_id = ?6 AND h.value_channel = ?4 AND h.value_version = ?5"
)
GET_LATEST_AND_BLOB = (
    f"{_WITH_BLOBS}kassist_cp_blobs b WHERE ?6 IS NULL AND {_BLOB_KEY} AND b.channel = ?4 "
    f"AND b.version = ?5{_HELD_ONE}"
)
GET_LATEST_AND_BLOBS = (
    f"{_WITH_BLOBS}json_each(?4) AS je CROSS JOIN kassist_cp_blobs b ON {_BLOB_KEY} "
    "AND b.channel = je.key AND b.version = CAST(je.value AS TEXT) "
    "UNION ALL SELECT h.value_channel, h.value_version, h.value_type, h.value_blob, NULL, NULL, NULL "
    f"FROM json_each(?5) AS hj CROSS JOIN {CP} h ON h.tenant_id = ?1 AND h.thread_id = ?2 "
    "AND h.checkpoint_ns = ?3 AND h.checkpoint_id = hj.value AND h.value_channel = hj.key"
)
# The 'x' row says the checkpoint still exists (the row was read by an earlier statement). The
# 'w' arm runs only when that row had writes: writes added since are newer than the row read.
_PAYLOAD_X = (
    "SELECT 'x' AS kind, NULL AS channel, NULL AS cversion, NULL AS type, NULL AS blob{w} FROM "
    f"{CP} WHERE tenant_id = ?1 AND thread_id = ?2 AND checkpoint_ns = ?3 AND checkpoint_id = ?4"
)
_PAYLOAD_B = " UNION ALL SELECT 'b', b.channel, b.version, b.type, b.blob{w} FROM "
# One blob version (an operator.add list, the usual large value) needs no json_each.
_PAYLOAD_ONE = f"{_PAYLOAD_B}kassist_cp_blobs b WHERE {_BLOB_KEY} AND b.channel = ?5 AND b.version = ?6"
_PAYLOAD_MANY = (
    f"{_PAYLOAD_B}json_each(?5) AS je CROSS JOIN kassist_cp_blobs b ON {_BLOB_KEY} "
    "AND b.channel = je.key AND b.version = CAST(je.value AS TEXT)"
)
# Values held in checkpoint rows (migration 6): ?7 is the skeleton's ``held`` as JSON.
_PAYLOAD_HELD = (
    " UNION ALL SELECT 'b', h.value_channel, h.value_version, h.value_type, h.value_blob{w} FROM "
    f"json_each(?7) AS hj CROSS JOIN {CP} h ON h.tenant_id = ?1 AND h.thread_id = ?2 "
    "AND h.checkpoint_ns = ?3 AND h.checkpoint_id = hj.value AND h.value_channel = hj.key"
)
_PAYLOAD_W = (
    " UNION ALL SELECT 'w', w.channel, NULL, w.type, w.blob, w.task_id, w.idx, w.task_path "
    "FROM kassist_cp_writes w WHERE w.tenant_id = ?1 AND w.thread_id = ?2 AND w.checkpoint_ns = ?3 "
    "AND w.checkpoint_id = ?4"
)
# Without writes the three write columns are left out (each column read costs about 1k).
GET_PAYLOAD = {
    (blobs, writes, held): (
        _PAYLOAD_X
        + ("" if not blobs else _PAYLOAD_ONE if blobs == 1 else _PAYLOAD_MANY)
        + (_PAYLOAD_HELD if held else "")
    ).replace("{w}", ", NULL AS task_id, NULL AS idx, NULL AS task_path" if writes else "")
    + (_PAYLOAD_W if writes else "")
    for blobs in (0, 1, 2)
    for writes in (False, True)
    for held in (False, True)
}
"""The payload statement by (blob versions: none, one, several; whether to read writes; whether
any value is held in a checkpoint row)."""


_CP_INSERT = (
    f"INSERT INTO {CP} (tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts, "
    "run_id, checkpoint, metadata, small_values, jump"
)
_NAMED_KEY = key_of("x", ":tenant", ":thread", ":ns")
# The version of the highest id row (the head unless a jump row passes it).
_TOP_VERSION = f"(SELECT t.version FROM {CP} t WHERE {key_of('t', ':tenant', ':thread', ':ns')} ORDER BY t.checkpoint_id DESC LIMIT 1)"
_NAMED_JUMPS = key_of("j", ":tenant", ":thread", ":ns")
# The common case, a put that extends the head: one INSERT whose version is the parent's + 1, only
# when no checkpoint of the thread has a higher version (the parent is the head: neither the highest
# id row nor a jump row is above it); otherwise the version is NULL and OR IGNORE skips the row (as
# it does a taken checkpoint id). One statement: SQLite takes the write lock before it reads, across
# processes too, so the check and the insert are one compare-and-set. A scalar subquery in VALUES, not INSERT ... SELECT: selecting from the table being inserted
# into makes SQLite buffer the result in a temporary table first (measured 10-20 us more per put).
# No RETURNING either, for the same reason (SQLite collects RETURNING rows in a temporary table:
# 7-10 us per put, about 12% of the statement): _INSERTED reads the version back by rowid, and
# only when the INSERT changed a row (same connection, same transaction, right after it).
_INSERTED = f"SELECT version FROM {CP} WHERE rowid = last_insert_rowid() AND changes() = 1"
PUT_FAST = (
    _CP_INSERT.replace("INSERT INTO", "INSERT OR IGNORE INTO")
    + f", {VALUE_COLS}) VALUES (:tenant, :thread, :ns, :cid, :parent, "
    f"(SELECT p.version + 1 FROM {CP} p WHERE p.tenant_id = :tenant AND p.thread_id = :thread "
    f"AND p.checkpoint_ns = :ns AND p.checkpoint_id = :parent AND p.version >= {_TOP_VERSION} "
    f"AND {no_jump_above('p', 'p.version', _NAMED_JUMPS)}), :ts, :run_id, :checkpoint, :metadata, :inline, "
    f"{higher_id(':cid', _NAMED_KEY)}, :vchannel, :vversion, :vtype, :vblob)",
    _INSERTED,
)
# The put of a process that knows the head (it wrote or read it last, ops_write.plan_put): the version
# comes from the caller, so the INSERT alone is the put, its row count the answer (no read-back),
# and without blob rows it runs as its own transaction. The CASE is the compare-and-set: NULL
# (the row skipped) unless the parent is still the head at that version: the highest id row, and
# no jump row above it (a parent that is a jump row misses here and takes the full check). The new
# row is then above every id but its parent's, so its jump mark is whether its id is below that.
# Bound by position (sqlite3 then looks no parameter name up): ?1 .. ?11 are query.ROW_FIELDS,
# the planned row's order.
PUT_NEXT = (
    _CP_INSERT.replace("INSERT INTO", "INSERT OR IGNORE INTO") + ") VALUES (?1, ?2, ?3, ?4, ?5, "
    f"CASE WHEN (SELECT h.checkpoint_id = ?5 AND h.version = ?6 FROM {CP} h "
    "WHERE h.tenant_id = ?1 AND h.thread_id = ?2 AND h.checkpoint_ns = ?3 "
    f"ORDER BY h.checkpoint_id DESC LIMIT 1) AND {no_jump_above('h', '?6', key_of('j', '?1', '?2', '?3'))} "
    "THEN ?6 + 1 END, ?7, ?8, ?9, ?10, ?11, CASE WHEN ?4 < ?5 THEN 1 END)"
)
# The same with the value the row holds (migration 6): ?12 .. ?15 are query.VALUE_FIELDS. A row
# without one takes PUT_NEXT (four parameters fewer to bind: measured 1 KB round instructions).
PUT_NEXT_VALUE = PUT_NEXT.replace(", jump)", f", jump, {VALUE_COLS})", 1).replace(
    "THEN 1 END)", "THEN 1 END, ?12, ?13, ?14, ?15)", 1
)
# After a miss (same transaction): the put was a re-put of the head itself with its own parent, or
# it takes the full check.
PUT_FAST_RECHECK = (
    f"SELECT c.version FROM {CP} c WHERE c.tenant_id = :tenant AND c.thread_id = :thread "
    "AND c.checkpoint_ns = :ns AND c.checkpoint_id = :cid AND c.parent_id IS :parent "
    f"AND c.version >= {_TOP_VERSION} AND {no_jump_above('c', 'c.version', _NAMED_JUMPS)}"
)


_PUT_BLOB = (
    "INSERT INTO kassist_cp_blobs (tenant_id, thread_id, checkpoint_ns, channel, version, type, blob) "
    "VALUES (:tenant, :thread, :ns, :channel, :version, :type, :blob) ON CONFLICT DO NOTHING"
)
# A put that cannot name the row holding an unchanged large value (it did not see its parent's
# ``held``, ops_write.plan_put) makes sure the value is in the blobs table: copied there from the
# row holding it, found by a scan of the thread's rows, only when no blob row has it already.
ENSURE_BLOB = (
    "INSERT OR IGNORE INTO kassist_cp_blobs (tenant_id, thread_id, checkpoint_ns, channel, version, type, blob) "
    f"SELECT h.tenant_id, h.thread_id, h.checkpoint_ns, {VALUE_COLS} FROM {CP} h "
    "WHERE NOT EXISTS (SELECT 1 FROM kassist_cp_blobs b WHERE b.tenant_id = :tenant AND b.thread_id = :thread "
    "AND b.checkpoint_ns = :ns AND b.channel = :channel AND b.version = :version) "
    "AND h.tenant_id = :tenant AND h.thread_id = :thread AND h.checkpoint_ns = :ns "
    "AND h.value_channel = :channel AND h.value_version = :version LIMIT 1"
)
# The read-back takes no parameters: one statement object for every put. The INSERT itself
# fetches nothing (an INSERT has no rows; its fetchall was a call for nothing).
_READ_INSERTED = Stmt(PUT_FAST[1], NO_PARAMS, True)


def _put_fast(fast: Params) -> Stmts:
    # Scalars plus the list of blob rows, which runs as an executemany.
    insert = Stmt(PUT_FAST[0], fast, False)
    blobs, unresolved = fast["blobs"], fast.get("unresolved")
    stmts = [insert, _READ_INSERTED]
    if blobs:
        stmts.insert(0, Stmt(_PUT_BLOB, many=[{**fast, **b} for b in blobs]))
    if unresolved:
        stmts.insert(0, Stmt(ENSURE_BLOB, many=[{**fast, **u} for u in unresolved]))
    return Stmts(stmts)


class _RowRead:
    """A read whose parameters are bound by position, in the order of ``names``."""

    __slots__ = ("sql", "values")

    def __init__(self, sql: str, names: tuple[str, ...]) -> None:
        self.sql, self.values = sql, itemgetter(*names)

    def __call__(self, params: Params) -> Stmt:
        return Stmt(self.sql, self.values(params), True)


def _payload(p: Params) -> Stmt:
    versions: Mapping[str, str] = p["versions"]
    params: tuple[Any, ...] = (p["tenant"], p["thread"], p["ns"], p["cid"])
    held: Mapping[str, str] | None = p.get("held")
    if len(versions) == 1:
        params += next(iter(versions.items()))
    elif versions:  # several: bound as one JSON object
        params += (dumps_json(versions),)
    if held:  # at ?7
        params += (None,) * (6 - len(params)) + (dumps_json(held),)
    return Stmt(GET_PAYLOAD[min(len(versions), 2), bool(p.get("writes", True)), bool(held)], params, True)


ROW_LEN = len(ROW_FIELDS)  # a planned row without a value held in it (query.VALUE_FIELDS)


def put_next(row: tuple[Any, ...]) -> One:
    """The planned row as it is, bound by position: PUT_NEXT, or PUT_NEXT_VALUE for a row holding a value."""
    return (PUT_NEXT if len(row) == ROW_LEN else PUT_NEXT_VALUE), row


def read_head(
    request: TupleRequest, blobs: Mapping[str, str] | None, held: Mapping[str, str], head: str | None
) -> One:
    """The checkpoint row ``get_tuple`` reads first (``ops_read.get_one``), followed by the values
    of ``blobs`` (the blob versions the head is expected to list) if any, each from the blobs table
    or, when ``held`` names its holder, from that checkpoint's row. When the one value is held by
    the expected head itself (``head``), it comes as four more columns of the head's row (one
    statement, one row: ``ops_read.tuple_of_rows``). A read by id is its row alone."""
    if request.checkpoint_id:
        return GET_BY_ID_ROW, request
    if not blobs:
        return GET_LATEST_ROW, request[:3]
    if len(blobs) == 1:
        channel, version = next(iter(blobs.items()))
        holder = held.get(channel) if held else None
        if holder is not None and holder == head:
            return GET_LATEST_OWN, request[:3]
        return GET_LATEST_AND_BLOB, (*request[:3], channel, version, holder)
    several = dumps_json(blobs)  # several versions: bound as one JSON object
    holders = dumps_json(dict(held)) if held else "{}"
    return GET_LATEST_AND_BLOBS, (*request[:3], several, holders)


# -- put_writes ------------------------------------------------------------------------------------
PUT_WRITE = (
    "INSERT INTO kassist_cp_writes (tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx, "
    "channel, type, blob, task_path) VALUES (:tenant, :thread, :ns, :cid, :task_id, :idx, :channel, "
    ":type, :blob, :task_path) ON CONFLICT DO NOTHING"
)
UPSERT_WRITE = (
    "INSERT INTO kassist_cp_writes (tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx, "
    "channel, type, blob, task_path) VALUES (:tenant, :thread, :ns, :cid, :task_id, :idx, :channel, "
    ":type, :blob, :task_path) ON CONFLICT DO UPDATE SET channel = excluded.channel, "
    "type = excluded.type, blob = excluded.blob, task_path = excluded.task_path"
)


_WRITE_KEY = 4  # ?1-?4: tenant, thread, ns, checkpoint id, bound once for every row
_WRITE_FIELDS = ("task_id", "idx", "channel", "type", "blob", "task_path")
WRITE_ROWS_MAX = 64
"""put_writes rows sent as one multi-row INSERT; a call with more runs the statement per row."""


def _write_values(n: int) -> str:
    # ``VALUES (?1, ?2, ?3, ?4, ?5, ...), (?1, ?2, ?3, ?4, ?11, ...)``: the key by number, once.
    width = len(_WRITE_FIELDS)
    rows = (
        "(?1, ?2, ?3, ?4, " + ", ".join(f"?{_WRITE_KEY + 1 + r * width + f}" for f in range(width)) + ")"
        for r in range(n)
    )
    return ", ".join(rows)


class SqliteWriteRows:
    """A put_writes call: up to :data:`WRITE_ROWS_MAX` rows as one multi-row INSERT bound by
    position (one statement, so it commits alone without BEGIN/COMMIT: measured 2.68M -> 2.59M
    instructions per step of the operator.add loop in session 13), more as an executemany."""

    __slots__ = ("_sqls", "conflict", "sql")

    def __init__(self, sql: str) -> None:
        self.sql = sql  # the one-row form, run per row (executemany)
        head, _, conflict = sql.partition(" ON CONFLICT ")
        self.conflict = " ON CONFLICT " + conflict
        self._sqls = {
            n: head.partition(" VALUES ")[0] + " VALUES " + _write_values(n) + self.conflict
            for n in range(1, WRITE_ROWS_MAX + 1)
        }

    def __call__(self, p: Params) -> Request:
        rows = p["rows"]
        if len(rows) > WRITE_ROWS_MAX:
            key = {"tenant": p["tenant"], "thread": p["thread"], "ns": p["ns"], "cid": p["cid"]}
            return Stmt(self.sql, many=[{**key, **r} for r in rows])
        flat: list[Any] = [p["tenant"], p["thread"], p["ns"], p["cid"]]
        for r in rows:
            flat.extend([r[f] for f in _WRITE_FIELDS])
        return Stmt(self._sqls[len(rows)], tuple(flat), False)
