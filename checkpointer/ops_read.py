"""Read operations, written once for every backend and both sync and async (no I/O here)."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple, TypeAlias

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import CheckpointTuple
from langgraph.checkpoint.serde.base import SerializerProtocol

from checkpointer.codec import (
    HELD,
    NO_BLOBS_TAIL,
    BlobValue,
    assemble_tuple,
    blob_lookup,
    build_tuple,
    load_skeleton,
    split_payload,
)
from checkpointer.query import (
    GET_PAYLOAD,
    HEAD_OWN_COLS,
    HEAD_ROW_COLS,
    LIST_COLS,
    MANY_COLS,
    PAYLOAD_COLS,
    READ_COLS,
    READ_PAYLOAD,
    CheckpointSql,
    Request,
    Row,
    Steps,
)

# Positions in the rows of the one-row reads (HEAD_ROW_COLS, HEAD_OWN_COLS).
_CID, _PARENT, _VER, _SKEL, _META, _INL, _HAS_WRITES, _HEAD_VER = map(
    HEAD_ROW_COLS.index,
    (
        "checkpoint_id",
        "parent_id",
        "version",
        "checkpoint",
        "metadata",
        "small_values",
        "has_writes",
        "head_ver",
    ),
)
_OWN_VALUE, _OWN_LEN = HEAD_OWN_COLS.index("value_channel"), len(HEAD_OWN_COLS)
_BLOB_END = PAYLOAD_COLS.index("task_id")  # a blob row's value: PAYLOAD_COLS' first four
_MANY_READ = MANY_COLS.index("kind")  # where get_latest's columns start in a get_many row
_HEAD_FROM = READ_COLS.index("thread_id")  # a 'c' row's checkpoint columns (LIST_COLS) start here
_LIST_HEAD_VER = LIST_COLS.index("head_ver")


def thread_key(tenant: str, config: RunnableConfig | None) -> dict[str, Any]:
    conf = (config or {}).get("configurable") or {}
    thread_id = conf.get("thread_id")
    if thread_id is None or thread_id == "":
        raise ValueError(
            "config['configurable']['thread_id'] is missing; pass config={'configurable': "
            "{'thread_id': ..., 'tenant_id': ...}}"
        )
    return {"tenant": tenant, "thread": str(thread_id), "ns": conf.get("checkpoint_ns") or ""}


HeadCache = dict[tuple[str, str, str], tuple[str, int, Mapping[str, str] | None, Mapping[str, str]]]
"""(tenant, thread, ns) -> (head checkpoint id, its version, the channel versions its row keeps in
the blobs table or checkpoint rows (None when not known), and which of those checkpoint rows hold
(channel -> holder id)), as this process last saw them."""
HEAD_CACHE_MAX = 4096
NO_BLOBS: Mapping[str, str] = MappingProxyType({})


def remember(
    heads: HeadCache | None,
    key: tuple[str, str, str],
    cid: str,
    version: int,
    blobs: Mapping[str, str] | None = None,
    held: Mapping[str, str] | None = None,
) -> None:
    """Note the head a put stored or a read found (a hint only: put_next checks it in SQL, and a
    read checks the blob versions against the row it read)."""
    if heads is not None:
        if len(heads) >= HEAD_CACHE_MAX:
            heads.clear()
        heads[key] = (cid, version, blobs, held or NO_BLOBS)


def hinted_held(heads: HeadCache | None, request: TupleRequest) -> Mapping[str, str]:
    """The holders (channel -> checkpoint id) of the values of :func:`hinted_blobs` that live in
    checkpoint rows (SQLite, migration 6)."""
    hint = heads.get((request.tenant, request.thread, request.ns)) if heads is not None else None
    return hint[3] if hint is not None else NO_BLOBS


def hinted_blobs(heads: HeadCache | None, request: TupleRequest) -> Mapping[str, str] | None:
    """The blob versions of the head a read of the latest checkpoint expects (None: unknown, or
    a read by id): the dialect may fetch them with the row (``read_head``)."""
    if heads is None or request.checkpoint_id:
        return None
    hint = heads.get((request.tenant, request.thread, request.ns))
    return hint[2] if hint is not None else None


class TupleRequest(NamedTuple):
    """One ``get_tuple`` read, its tenant already resolved: the head, or ``checkpoint_id`` exactly."""

    tenant: str
    thread: str
    ns: str
    checkpoint_id: str | None


def tuple_request(tenant: str, config: RunnableConfig) -> TupleRequest:
    """The read ``get_tuple(config)`` makes; a config without a thread_id is refused here."""
    conf = (config or {}).get("configurable") or {}
    thread = conf.get("thread_id")  # thread_key's rule, written out: this runs at every read
    if thread is None or thread == "":
        thread_key(tenant, config)  # raises, saying what is missing
    cid = conf.get("checkpoint_id")
    # tuple.__new__: the named tuple's own __new__ is a Python function (a frame per read).
    return tuple.__new__(
        TupleRequest,
        (
            tenant,
            thread if type(thread) is str else str(thread),
            conf.get("checkpoint_ns") or "",
            str(cid) if cid else None,
        ),
    )


TupleResult: TypeAlias = CheckpointTuple | Exception | None


def get_tuples(
    sql: CheckpointSql, serde: SerializerProtocol, requests: Sequence[TupleRequest]
) -> Steps[list[TupleResult]]:
    """Many ``get_tuple`` reads, any tenants and threads, latest or by id, in one statement.

    Per request, in order: its CheckpointTuple, None (not found for that tenant), or the exception
    its own rows raised (e.g. CorruptCheckpoint), so one damaged thread fails only its readers. A
    repeated request is fetched once and decoded once per caller (no shared mutable objects).
    """
    keys = list(dict.fromkeys(requests)) if len(requests) > 1 else list(requests)
    if not keys:
        return []
    grouped: list[list[Row]]
    if len(keys) == 1:  # one read: the single-read statements
        grouped = [(yield _single_read(sql, keys[0]))]
    else:
        rows = yield sql.get_many(
            {
                "reqs": list(range(len(keys))),
                "tenants": [k.tenant for k in keys],
                "threads": [k.thread for k in keys],
                "nss": [k.ns for k in keys],
                "cids": [k.checkpoint_id for k in keys],
            }
        )
        grouped = [[] for _ in keys]
        for row in rows:  # MANY_COLS: the request's index, then get_latest's columns
            grouped[int(row[0])].append(row[_MANY_READ:])
    index = {k: i for i, k in enumerate(keys)}
    results: list[TupleResult] = []
    for request in requests:
        try:
            results.append(_tuple_from_rows(serde, request, grouped[index[request]]))
        except Exception as exc:  # this request's rows only: the others still get their answer
            results.append(exc)
    return results


UNREAD: Any = object()
"""``get_one``'s ``row`` when the caller has not read the checkpoint row."""


class More(enum.Enum):
    """What :func:`tuple_of_rows` answers for a row whose blob values or pending writes are elsewhere."""

    MORE = "more"


MORE = More.MORE


def get_one(
    sql: CheckpointSql,
    serde: SerializerProtocol,
    request: TupleRequest,
    heads: HeadCache | None = None,
    row: Any = UNREAD,
) -> Steps[CheckpointTuple | None]:
    """One read alone: ``get_tuple``'s statement and result (its own error raised, not returned).

    Where the dialect has ``get_latest_row`` (SQLite), the row comes first, alone; its blobs and
    writes follow in a second statement only when it has any, and when the checkpoint went away
    in between (a concurrent delete or prune) the read starts over as one statement. A head found
    by a read of the latest checkpoint is noted in ``heads`` (see ops_write.plan_put). ``row``: that
    first statement's row (or None: no such checkpoint), when the caller read it already.
    """
    row_stmt = sql.get_by_id_row if request.checkpoint_id else sql.get_latest_row
    if row_stmt is None or sql.get_payload is None:
        rows = yield _single_read(sql, request)
        return _tuple_from_rows(serde, request, rows)
    params: dict[str, Any] = {"tenant": request.tenant, "thread": request.thread, "ns": request.ns}
    if request.checkpoint_id:
        params["cid"] = request.checkpoint_id
    if row is UNREAD:
        rows = yield row_stmt(params)
        row = rows[0] if rows else None
        done = tuple_of_rows(serde, request, [row] if row is not None else [], heads)
        if done is not MORE:
            return done
    cid, _, version, skel, _, _, has_writes, *_ = row
    blobs = not skel.endswith(NO_BLOBS_TAIL)  # written by dump_skeleton: none in blobs
    skeleton = load_skeleton(skel, request.thread, cid)
    versions = blob_lookup(skeleton) if blobs else NO_BLOBS
    held = skeleton.get(HELD) or NO_BLOBS
    if not request.checkpoint_id:
        remember(heads, (request.tenant, request.thread, request.ns), cid, int(version), versions, held)
    rows = yield sql.get_payload(
        {**params, "cid": cid, "versions": versions, "writes": has_writes, "held": held}
    )
    if not any(r[0] == "x" for r in rows):  # kind (GET_PAYLOAD_COLS): the checkpoint went away
        rows = yield _single_read(sql, request)
        return _tuple_from_rows(serde, request, rows)
    values, writes = split_payload(rows, GET_PAYLOAD)
    return _assemble(serde, request, row, values, writes, skeleton)


def tuple_of_rows(
    serde: SerializerProtocol,
    request: TupleRequest,
    rows: Sequence[Sequence[Any]],
    heads: HeadCache | None = None,
    fetched: Mapping[str, str] | None = None,
) -> CheckpointTuple | More | None:
    """The answer from the checkpoint row (``get_latest_row``/``get_by_id_row``, by position:
    checkpoint id, parent, version, skeleton, metadata, small values, has_writes[, head version]),
    None for no row, or :data:`MORE` when its blob values or pending writes are still to be read.

    ``fetched``: the blob versions whose values follow the row in ``rows`` (channel, version, type,
    bytes, then NULL for has_writes), fetched with it by the head's hint (:func:`hinted_blobs`);
    they answer the read when they are the ones the row lists. A head found by a read of the
    latest checkpoint is noted in ``heads``."""
    if not rows:
        return None
    row = rows[0]  # HEAD_ROW_COLS (or HEAD_OWN_COLS), or a blob row
    if row[_HAS_WRITES] is None:  # a blob row came first: find the checkpoint row (has_writes: 0 or 1)
        found = next((r for r in rows if r[_HAS_WRITES] is not None), None)
        if found is None:  # blob rows of the hint, but no checkpoint (the thread's rows are gone)
            return None
        row = found
    cid, parent, version, skel, meta, inline, has_writes, *_ = row
    latest = not request.checkpoint_id
    if skel.endswith(NO_BLOBS_TAIL):  # (dump_skeleton's tail: none in blobs)
        if latest:
            remember(heads, (request.tenant, request.thread, request.ns), cid, int(version), NO_BLOBS)
            if not has_writes:  # the usual read: _assemble's call, written out
                return assemble_tuple(
                    serde,
                    request.tenant,
                    (request.thread, request.ns, cid, parent, version),
                    (skel, meta, inline),
                )
        return MORE if has_writes else _assemble(serde, request, row, (), (), None)
    if fetched is None or has_writes:
        return MORE
    skeleton = load_skeleton(skel, request.thread, cid)
    versions = blob_lookup(skeleton)
    held = skeleton.get(HELD) or NO_BLOBS
    if latest:
        remember(heads, (request.tenant, request.thread, request.ns), cid, int(version), versions, held)
    if versions != fetched:
        return MORE
    if len(row) == _OWN_LEN:  # the head's own value as four more columns (sql_sqlite_step.GET_LATEST_OWN)
        value = row[_OWN_VALUE:]
        vchannel, vversion, _, _ = value
        if vchannel is None or fetched.get(vchannel) != vversion:
            return MORE  # the head holds another value (the hint's head was not the head)
        values: list[Any] = [value]
    else:  # the blob rows: channel, version, type, bytes, then NULL in has_writes' place
        values = [r[:_BLOB_END] for r in rows if r[_HAS_WRITES] is None]
    if len(values) < len(versions):
        # A value was not where the hint looked (its holder was deleted and the value copied into
        # the blobs table): the general read looks in both places.
        return MORE
    return _assemble(serde, request, row, values, (), skeleton)


def _assemble(
    serde: SerializerProtocol,
    request: TupleRequest,
    row: Sequence[Any],
    values: Sequence[BlobValue],
    writes: Sequence[Row],
    skeleton: dict[str, Any] | None,
) -> CheckpointTuple:
    # HEAD_ROW_COLS. By position, no starred unpacking (it builds a list at every read); the head
    # version a read by id carries (get_by_id_row) is the branch marker.
    branch = (
        int(row[_HEAD_VER])
        if request.checkpoint_id and len(row) > _HEAD_VER and row[_HEAD_VER] is not None
        else None
    )
    return assemble_tuple(
        serde,
        request.tenant,
        (request.thread, request.ns, row[_CID], row[_PARENT], row[_VER]),
        (row[_SKEL], row[_META], row[_INL]),
        values,
        writes,
        branch_version=branch,
        skeleton=skeleton,
    )


def _single_read(sql: CheckpointSql, request: TupleRequest) -> Request:
    params = {"tenant": request.tenant, "thread": request.thread, "ns": request.ns}
    if request.checkpoint_id:
        return sql.get_by_id({**params, "cid": request.checkpoint_id})
    return sql.get_latest(params)


def _tuple_from_rows(
    serde: SerializerProtocol, request: TupleRequest, rows: Sequence[Row]
) -> CheckpointTuple | None:
    # The rows of get_latest/get_by_id (READ_COLS): the checkpoint's row (kind 'c', where the
    # statements put it: first), then its blob and write rows.
    head: Row | None = rows[0] if rows and rows[0][0] == "c" else None
    if head is None:
        head = next((r for r in rows if r[0] == "c"), None)
        if head is None:
            return None
    checkpoint = head[_HEAD_FROM:READ_PAYLOAD]  # LIST_COLS: thread_id .. head_ver
    head_ver = checkpoint[_LIST_HEAD_VER]
    # As get_tuple: an explicit-id read carries the head version it saw (the branch marker).
    branch = int(head_ver) if request.checkpoint_id and head_ver is not None else None
    payload = (r for r in rows if r[0] != "c")
    return build_tuple(serde, request.tenant, checkpoint, payload, READ_PAYLOAD, branch_version=branch)
