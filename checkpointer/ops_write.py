"""``put`` and ``put_writes``: the optimistic-concurrency rule, once for every backend (no I/O)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import Checkpoint, CheckpointMetadata
from langgraph.checkpoint.serde.base import SerializerProtocol
from langgraph.checkpoint.serde.types import _DeltaSnapshot

from checkpointer.codec import dump_metadata, dump_skeleton, dump_writes, make_config, ts_epoch
from checkpointer.errors import CheckpointConflict
from checkpointer.ops_read import NO_BLOBS as NO_HELD
from checkpointer.ops_read import HeadCache, remember, thread_key
from checkpointer.query import ROW_FIELDS, VALUE_FIELDS, CheckpointSql, Request, Row, Steps, Stmts, statements
from checkpointer.small_values import EMPTY, ValueCache, dump_values
from checkpointer.tenant import BRANCH_FROM_KEY, MAX_ID_BYTES, TENANT_KEY, VERSION_KEY, check_text_id
from kassist.db import Stmt

INSERT_ATTEMPTS = 5
"""How often a put that needs no compare-and-set (no parent, or conflicts off) retries a version
another writer took meanwhile."""


def starts_thread(metadata: CheckpointMetadata) -> bool:
    """Whether a checkpoint without a parent says its writer found the thread empty.

    LangGraph numbers a thread's steps on from its last checkpoint, so a root graph's checkpoint at
    step -1 is the input of a run that loaded no checkpoint (-2: the placeholder an ``"exit"``
    durability run puts under it), and ``update_state`` writes without a parent only when it found
    none. Two such writers on one new thread raced; the later one must not become the head.

    Other puts without a parent start another history, as with the stock savers: a direct saver
    call (LangGraph's conformance suite), ``update_state(as_node="__copy__")`` of a root checkpoint
    (source ``fork``), and a subgraph's checkpoints (``parents`` names the parent graph's
    checkpoint, whose own put was checked; a time-travel replay starts a ``checkpointer=True``
    subgraph's namespace again from no parent).
    """
    if metadata.get("parents"):
        return False
    step = metadata.get("step")
    return (type(step) is int and step < 0) or metadata.get("source") == "update"


def may_extend(prep: Row, parent: str | None, marker: Any, checked: bool, first: bool = False) -> bool:
    """Whether a new checkpoint with this parent may become the head.

    It may when it extends the head (a put that ``starts_thread`` only on an empty thread), starts
    another history (no parent, not ``first``), or forks from the checkpoint an explicit-id read
    returned while the head is still at the version that read saw and that checkpoint is still
    there (for a ``first`` put: the head version it saw, e.g. the importer's second root).
    """
    head_id, stored_version, _, _, parent_version = prep  # put_prepare's columns
    if not checked or parent == head_id:
        return True
    if parent is None and not first:
        return True
    if parent is not None and parent_version is None:
        # A fork from a checkpoint that is gone (retention deleted it after the read the fork
        # started from): stored, it would name a parent, and values, that are not there.
        return False
    head_version = int(stored_version or 0)
    return marker is not None and str(marker).isdigit() and int(marker) == head_version


class PutPlan(NamedTuple):
    """A put ready to store: its checkpoint row (:data:`ROW_FIELDS`; ``pv`` is the head version
    the saver remembers for the parent, or None), its blob rows, and what the full check needs."""

    row: tuple[Any, ...]
    blobs: list[dict[str, Any]]
    marker: Any
    first: bool
    checked: bool
    in_blobs: dict[str, str]
    held: Mapping[str, str] | None
    unresolved: Sequence[dict[str, str]]
    """Unchanged large values whose holder the put could not name: made sure of in the blobs table
    (the dialect's ``ensure_blob``) before the row is stored."""


_NO_VALUE = (None, None, None, None)


def _value_in_row(
    checkpoint: Checkpoint,
    cid: str,
    blobs: list[dict[str, Any]],
    in_blobs: Mapping[str, str],
    parent_blobs: Mapping[str, str] | None,
    parent_held: Mapping[str, str],
) -> tuple[tuple[Any, ...] | None, list[dict[str, Any]], dict[str, str], list[dict[str, str]]]:
    """Issue 29's layout (SQLite, migration 6): the largest changed large value (not a DeltaChannel
    snapshot, whose blob row the delta-history walk and pruning look for) rides in the checkpoint's
    own row; an unchanged value the parent's row names a holder for keeps that holder; an
    unchanged value in neither the parent's ``held`` nor a version the parent listed is
    ``unresolved`` (the put did not see its parent: made sure of in the blobs table).
    Returns the row's value columns, the remaining blob rows, ``held`` and the unresolved."""
    values = checkpoint["channel_values"]
    pick: dict[str, Any] | None = None
    for b in blobs:
        if type(values.get(b["channel"])) is _DeltaSnapshot or b["type"] == EMPTY:
            continue
        if pick is None or len(b["blob"]) > len(pick["blob"]):
            pick = b
    held: dict[str, str] = {}
    unresolved: list[dict[str, str]] = []
    changed = {b["channel"] for b in blobs}
    for channel, version in in_blobs.items():
        if channel in changed:
            continue
        if parent_blobs is not None and parent_blobs.get(channel) == version:
            holder = parent_held.get(channel)
            if holder is not None:
                held[channel] = holder
        else:
            unresolved.append({"channel": channel, "version": version})
    if pick is None:
        return None, blobs, held, unresolved
    held[pick["channel"]] = cid
    rest = [b for b in blobs if b is not pick]
    return (pick["channel"], pick["version"], pick["type"], pick["blob"]), rest, held, unresolved


def plan_put(
    serde: SerializerProtocol,
    tenant: str,
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    new_versions: Mapping[str, Any],
    *,
    checked: bool = True,
    cache: ValueCache | None = None,
    heads: HeadCache | None = None,
    in_row: bool = False,
) -> PutPlan:
    """The row and blob rows of ``checkpoint`` as the child of the config's checkpoint (pure).

    ``cache`` holds packed small values (small_values.dump_values); ``heads`` the head each thread had
    when this process last wrote or read it: a put extending that head carries its version (``pv``),
    which lets the dialect's ``put_next`` store it in one statement (SQLite); a stale entry only
    misses.
    """
    conf = (config or {}).get("configurable") or {}
    thread_id = conf.get("thread_id")  # thread_key's rule, written out: this runs at every put
    if thread_id is None or thread_id == "":
        thread_key(tenant, config)  # raises, saying what is missing
    thread = thread_id if type(thread_id) is str else str(thread_id)
    ns = conf.get("checkpoint_ns") or ""
    parent: str | None = conf.get("checkpoint_id") or None
    cid = checkpoint["id"]
    if not (type(cid) is str and cid.isascii() and len(cid) <= MAX_ID_BYTES and "\x00" not in cid):
        # The same rule as the config's ids: this id is the next put's config checkpoint_id.
        check_text_id("checkpoint_id", cid, label="checkpoint['id']")
    if parent == cid:
        raise ValueError(
            f"checkpoint {cid!r} names itself as its parent (config checkpoint_id); nothing stored"
        )
    first = parent is None and checked and starts_thread(metadata)
    meta_text, run_id = dump_metadata(config, metadata)
    values, small, in_blobs = dump_values(serde, checkpoint, new_versions, cache)
    pv = hint = None
    if parent is not None and heads is not None:
        hint = heads.get((tenant, thread, ns))
        if hint is not None:
            if hint[0] != parent:
                hint = None
            elif checked:
                pv = hint[1]
    value: tuple[Any, ...] | None = None
    held: Mapping[str, str] | None = None
    unresolved: Sequence[dict[str, str]] = ()
    if in_blobs and in_row:
        parent_blobs, parent_held = (hint[2], hint[3]) if hint is not None else (None, NO_HELD)
        value, values, held, unresolved = _value_in_row(
            checkpoint, cid, values, in_blobs, parent_blobs, parent_held
        )
    row: tuple[Any, ...] = (
        tenant,
        thread,
        ns,
        cid,
        parent,
        pv,
        ts_epoch(checkpoint.get("ts")),
        run_id,
        dump_skeleton(checkpoint, in_blobs, held),
        meta_text,
        small,
    )
    if value is not None:
        row += value
    # tuple.__new__: the named tuple's own __new__ is a Python function (a frame per put).
    return tuple.__new__(
        PutPlan, (row, values, conf.get(BRANCH_FROM_KEY), first, checked, in_blobs, held, unresolved)
    )


def stored(plan: PutPlan, version: int, heads: HeadCache | None) -> RunnableConfig:
    """The config a put returns once its checkpoint is stored at ``version`` (noted in ``heads``)."""
    tenant, thread, ns, cid = plan.row[:4]
    remember(heads, (tenant, thread, ns), cid, version, plan.in_blobs, plan.held)
    # make_config's dict, written out: this runs at every put.
    conf = {"thread_id": thread, "checkpoint_ns": ns, "checkpoint_id": cid, TENANT_KEY: tenant}
    conf[VERSION_KEY] = version
    return {"configurable": conf}


def put_planned(
    sql: CheckpointSql, plan: PutPlan, heads: HeadCache | None = None, *, tried_next: bool = False
) -> Steps[RunnableConfig]:
    """Store a planned put: the optimistic-concurrency rule. ``tried_next``: the caller ran
    ``put_next`` already and it stored nothing."""
    marker, first, checked, values = plan.marker, plan.first, plan.checked, plan.blobs
    pv = plan.row[5]
    put_next = sql.put_next if pv is not None and not tried_next and not plan.unresolved else None
    if put_next is not None and (sql.put_next_blobs or not values):
        text, params = put_next(plan.row)
        insert: Request = Stmt(text, params, False, None, True)  # answers the number of rows inserted
        if values:  # the blob rows first, in the same transaction
            tenant, thread, ns = plan.row[:3]
            blob_rows = [{"tenant": tenant, "thread": thread, "ns": ns, **b} for b in values]
            insert = Stmts((*statements(sql.put_blob(blob_rows)), *statements(insert)))
        if (yield insert):
            # One row inserted; else nothing was written, and the checks below decide.
            return stored(plan, pv + 1, heads)
    record = dict(zip(ROW_FIELDS, plan.row[: len(ROW_FIELDS)], strict=True))
    record.update(zip(VALUE_FIELDS, plan.row[len(ROW_FIELDS) :] or _NO_VALUE, strict=True))
    key = {"tenant": record["tenant"], "thread": record["thread"], "ns": record["ns"]}
    tenant, cid, parent = record["tenant"], record["cid"], record["parent"]
    if plan.unresolved and sql.ensure_blob is not None:
        record["unresolved"] = plan.unresolved  # put_fast makes sure of them first
    if parent is not None and checked:
        # Fast path: extend the head with a compare-and-set; it writes nothing when it misses.
        done = yield sql.put_fast({**record, "blobs": values})
        if not done:
            # A re-put of the head itself also succeeds here (a no-op where the backend has one).
            done = yield sql.put_fast_recheck({**key, "cid": cid, "parent": parent})
        if done:
            ((version,),) = done  # put_fast's (or its recheck's) one row: (version)
            return stored(plan, int(version), heads)
    yield sql.begin
    if parent is not None:  # a put without one loses nothing to a delete: it starts a history
        yield sql.hold_parent
    rows = yield sql.put_prepare({**key, "cid": cid, "parent": parent})
    prep = rows[0]
    _, stored_head_version, existing_parent, existing_version, parent_version = prep  # put_prepare's columns
    head_version = int(stored_head_version or 0)
    blobs = [{**key, **b} for b in values]
    if existing_version is not None:
        # A re-put of a stored checkpoint (same id, same parent) changes nothing but its row.
        if checked and (existing_parent or None) != parent:
            raise CheckpointConflict(key["thread"], key["ns"], None, head_version)
        version = int(existing_version)
        if blobs:
            yield sql.put_blob(blobs)
        if plan.unresolved and sql.ensure_blob is not None:
            yield sql.ensure_blob([{**key, **u} for u in plan.unresolved])
        yield sql.put_checkpoint_again(record)
        return make_config(tenant, key["thread"], key["ns"], cid, {VERSION_KEY: version})
    if not may_extend(prep, parent, marker, checked, first):
        expected = parent_version
        if marker is not None and str(marker).isdigit():
            expected = int(marker)
        raise CheckpointConflict(
            key["thread"], key["ns"], int(expected) if expected is not None else None, head_version
        )
    if blobs:
        yield sql.put_blob(blobs)
    if plan.unresolved and sql.ensure_blob is not None:
        yield sql.ensure_blob([{**key, **u} for u in plan.unresolved])
    version = head_version + 1
    for _ in range(INSERT_ATTEMPTS):
        # The unique version index is the compare-and-set: the insert comes back empty when another
        # writer took this version first (PostgreSQL; SQLite writers are serialised).
        if (yield sql.put_checkpoint({**record, "version": version})):
            return stored(plan, version, heads)
        rows = yield sql.head_version(key)
        actual = 0
        for (found,) in rows:  # head_version's row, if any: (version)
            actual = int(found)
        if checked and (parent is not None or first):  # the head it extended or saw moved on
            seen = head_version if parent is not None or head_version else None
            raise CheckpointConflict(key["thread"], key["ns"], seen, actual)
        version = actual + 1  # a new history or an unchecked put goes on top of whatever won
    raise CheckpointConflict(key["thread"], key["ns"], head_version, version - 1)


def writes_request(
    sql: CheckpointSql,
    serde: SerializerProtocol,
    tenant: str,
    config: RunnableConfig,
    writes: Sequence[tuple[str, Any]],
    task_id: str,
    task_path: str,
) -> Request | None:
    """The one statement of a ``put_writes`` call (pure), or None when there is nothing to write.

    Writes are idempotent per (task_id, idx); special writes (errors, interrupts) replace."""
    key = thread_key(tenant, config)
    cid = (config.get("configurable") or {}).get("checkpoint_id")
    if not cid:
        raise ValueError(
            "put_writes needs config['configurable']['checkpoint_id'] (the checkpoint written to)"
        )
    # Stored as key parts like the config's ids: one rule on both backends (a NUL or an index entry
    # over PostgreSQL's limit was a raw driver error there and stored as given by SQLite).
    check_text_id("task_id", task_id, label="put_writes task_id")
    check_text_id("task_path", task_path, label="put_writes task_path")
    for channel, _ in writes:
        check_text_id("channel", channel, label="put_writes channel")
    rows, replace = dump_writes(serde, writes, task_id, task_path)
    # One row per (task_id, idx), as the table keeps: the last wins for replacing (special)
    # writes, the first for the others (a single statement cannot touch a row twice).
    unique = {r["idx"]: r for r in (rows if replace else reversed(rows))}
    if not unique:
        return None
    stmt = sql.upsert_write_rows if replace else sql.put_write_rows
    return stmt({**key, "cid": cid, "rows": sorted(unique.values(), key=lambda r: r["idx"])})
