"""Pure conversions between LangGraph objects and stored rows (no I/O).

Every channel value and write goes through ``serde.dumps_typed``/``loads_typed``, so an
``EncryptedSerializer`` encrypts all of them. Only the checkpoint's skeleton (ids, versions,
versions_seen) and the metadata are stored as JSON, because SQL must read them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import orjson
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    EXCLUDED_METADATA_KEYS,
    WRITES_IDX_MAP,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
    PendingWrite,
    writes_sort_key,
)
from langgraph.checkpoint.serde.base import SerializerProtocol

from checkpointer.decode_interrupts import raise_interrupt
from checkpointer.errors import CorruptCheckpoint, InvalidMetadata
from checkpointer.query import PAYLOAD_COLS, Row
from checkpointer.small_values import EMPTY, load_small, same_version, version_text

# Where the inline threshold lived before checkpointer.small_values (tests and benchmarks read it here).
from checkpointer.small_values import INLINE_MAX_BYTES as INLINE_MAX_BYTES
from checkpointer.small_values import inline_form as inline_form
from checkpointer.tenant import BRANCH_FROM_KEY, OWN_KEYS, TENANT_KEY, VERSION_KEY

SKELETON_KEYS = ("v", "id", "ts", "channel_versions", "versions_seen", "updated_channels")
BLOB_VERSIONS = "blob_versions"
HELD = "held"
# orjson writes the same compact JSON as json.dumps(separators=(",", ":")) about 20x faster; the
# passthrough options hand datetimes, dataclasses and str/int/dict subclasses to ``default`` as
# json.dumps did. Anything orjson refuses (integers beyond 64 bits) takes the json path.
_ORJSON_OPTS = (
    orjson.OPT_NON_STR_KEYS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)


def dumps_json(value: Any, default: Any = None) -> str:
    """Compact JSON text, as ``json.dumps(value, separators=(",", ":"), default=default)``."""
    try:
        return orjson.dumps(value, default=default, option=_ORJSON_OPTS).decode()
    except TypeError:
        text = json.dumps(value, separators=(",", ":"), default=default)
    # orjson refused something: if it is text that cannot be read back (a lone surrogate, which
    # json.dumps writes as an escape), storing it would make the thread unreadable later.
    try:
        orjson.loads(text)
    except orjson.JSONDecodeError:
        raise InvalidMetadata(
            "checkpoint metadata holds text that is not valid Unicode (a lone surrogate, half of "
            "a UTF-16 pair) in a key or value; decode it properly before passing it "
            "(e.g. from UTF-16 with errors='replace')"
        ) from None
    return text


_LONG_NUMBER = re.compile(r"[0-9]{19}")  # JSON numbers are ASCII digits; [0-9] is cheaper than \d


def load_json(text: str | bytes) -> Any:
    """``json.loads``, through orjson unless the text has a number of 19+ digits: orjson reads
    integers beyond 64 bits as floats, json keeps them exact (metadata may carry any)."""
    if _LONG_NUMBER.search(text if isinstance(text, str) else text.decode()):
        return json.loads(text)
    return orjson.loads(text)


def dump_skeleton(
    checkpoint: Checkpoint,
    blob_versions: Mapping[str, str] | None = None,
    held: Mapping[str, str] | None = None,
) -> str:
    """The checkpoint without its values, as JSON; ``blob_versions`` names the channel versions whose
    values live in the blobs table or a checkpoint row (readers look up only those; rows written
    before it existed have none, and readers then try every channel version); ``held`` names, per
    channel, the checkpoint whose row holds that value (SQLite, migration 6)."""
    get = checkpoint.get  # the keys of SKELETON_KEYS, written out: this runs at every put
    skeleton = {
        "v": get("v"),
        "id": get("id"),
        "ts": get("ts"),
        "channel_versions": get("channel_versions"),
        "versions_seen": get("versions_seen"),
        "updated_channels": get("updated_channels"),
    }
    if held:
        skeleton[HELD] = held
    if blob_versions is not None:  # last: NO_BLOBS_TAIL
        skeleton[BLOB_VERSIONS] = blob_versions
    try:
        # orjson without options writes the usual skeleton (string keys and versions) as
        # dumps_json does; anything it refuses (a non-string key) takes dumps_json's way.
        return orjson.dumps(skeleton).decode()
    except TypeError:
        return dumps_json(skeleton)


NO_BLOBS_TAIL = f',"{BLOB_VERSIONS}":{{}}}}'
"""How a skeleton written by :func:`dump_skeleton` ends when no value of it is in the blobs table
(the key comes last, compact JSON): a reader that sees it looks up no blob rows."""


def load_skeleton(text: str, thread_id: str, cid: str) -> dict[str, Any]:
    """The decoded skeleton of checkpoint ``cid`` of ``thread_id``."""
    # A typed local, not typing.cast: cast(dict[str, Any], ...) builds the generic alias and
    # makes a call at every read.
    try:
        skeleton: dict[str, Any] = orjson.loads(text)
    except ValueError as exc:
        raise CorruptCheckpoint(thread_id, cid, "the checkpoint row", exc) from exc
    return skeleton


def blob_lookup(skeleton: Mapping[str, Any]) -> dict[str, str]:
    """The channel versions a reader looks up in the blobs table: ``blob_versions``, or for rows
    written before it existed every channel version (as the SQL of the one-statement reads does)."""
    versions = skeleton.get(BLOB_VERSIONS)
    if versions is None:
        versions = skeleton.get("channel_versions") or {}
    # version_text's rule inline (a call per channel otherwise): LangGraph's versions are strings.
    return {str(k): v if type(v) is str else version_text(v) for k, v in versions.items()}


def _strip_nul(value: Any) -> Any:
    # PostgreSQL JSONB cannot hold U+0000; metadata is JSON so SQL can filter on it.
    if isinstance(value, str):
        return value.replace("\u0000", "")
    if isinstance(value, Mapping):
        return {str(k).replace("\u0000", ""): _strip_nul(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_strip_nul(v) for v in value]
    return value


_NOT_FROM_CONFIG = frozenset(EXCLUDED_METADATA_KEYS) | OWN_KEYS | {TENANT_KEY, "writes"}
_DROP = frozenset({"writes", TENANT_KEY}) | OWN_KEYS
_SCALARS = frozenset({str, int, bool, float})


def dump_metadata(config: RunnableConfig, metadata: CheckpointMetadata) -> tuple[str, str | None]:
    """Metadata as stored (JSON text, U+0000 removed) and its run_id, which has its own index.

    The merge is LangGraph's ``get_serializable_checkpoint_metadata`` (what the stock savers store:
    the checkpoint's metadata, then the config's scalar ``metadata`` and ``configurable`` entries
    it lacks, never ``writes``), written out here because it runs at every put (a tenth of the
    put's Python): it leaves out this saver's own keys and the tenant (a column of every row) as
    it goes instead of popping them after, and U+0000 is removed from the text below, where
    json.dumps escapes it, keys and nested values included.
    """
    merged: dict[str, Any] = dict(metadata)
    for source in (config.get("metadata"), config.get("configurable")):
        # A source whose keys are all left out (the config a put or get_tuple returned: ids,
        # tenant, version) adds nothing: one set comparison in C instead of a loop over it.
        if not source or source.keys() <= _NOT_FROM_CONFIG:
            continue
        for key, value in source.items():
            if key in merged or key in _NOT_FROM_CONFIG or key.startswith("__"):
                continue
            # The usual values first by exact type (a str or int subclass still takes isinstance).
            if type(value) in _SCALARS or isinstance(value, str | int | bool | float):
                merged[key] = value
    if not _DROP.isdisjoint(metadata):  # only the metadata's own keys can be these
        for key in _DROP:
            merged.pop(key, None)
    run_id = merged.get("run_id")
    text = dumps_json(merged, default=str)
    if "\\u0000" in text:  # rare: only then pay for the recursive copy
        text = dumps_json(_strip_nul(merged), default=str)
    return text, (str(run_id) if run_id is not None else None)


def dump_writes(
    serde: SerializerProtocol, writes: Sequence[tuple[str, Any]], task_id: str, task_path: str
) -> tuple[list[dict[str, Any]], bool]:
    """Rows for ``put_writes`` and whether they replace existing ones (all special writes do)."""
    rows = []
    for idx, (channel, value) in enumerate(writes):
        type_, blob = serde.dumps_typed(value)
        rows.append(
            {
                "task_id": task_id,
                "task_path": task_path,
                "idx": WRITES_IDX_MAP.get(channel, idx),
                "channel": channel,
                "type": type_,
                "blob": blob,
            }
        )
    return rows, all(channel in WRITES_IDX_MAP for channel, _ in writes)


def ts_epoch(ts: str | None) -> float:
    """The checkpoint's own timestamp as epoch seconds (retention ages by it, so imports keep age)."""
    if ts:
        try:
            parsed = datetime.fromisoformat(ts)
            if parsed.tzinfo is None:
                parsed = parsed.replace(tzinfo=UTC)
            return parsed.timestamp()
        except ValueError:
            pass
    return datetime.now(UTC).timestamp()


def loads(
    serde: SerializerProtocol, type_: str, blob: bytes | None, where: tuple[str, str], kind: str, name: str
) -> Any:
    """Decode one stored value; damage is reported with thread, checkpoint and ``kind name``."""
    try:
        data = blob if type(blob) is bytes else (bytes(blob) if blob is not None else b"")
        return serde.loads_typed((type_, data))
    except Exception as exc:
        raise_interrupt()  # a signal handled inside the decode is no damage
        raise CorruptCheckpoint(where[0], where[1], f"{kind} {name!r}", exc) from exc


def _write_order(write: Row) -> tuple[Any, ...]:
    _, _, _, _, task_id, idx, task_path = write  # query.PAYLOAD_COLS
    return writes_sort_key(task_path or "", task_id, int(idx))


def sorted_writes(
    serde: SerializerProtocol, writes: Iterable[Row], where: tuple[str, str]
) -> list[PendingWrite]:
    """Pending writes (payload columns, :data:`checkpointer.query.PAYLOAD_COLS`) in
    ``writes_sort_key`` order, the order live execution applies them."""
    out: list[PendingWrite] = []
    for channel, _, type_, blob, task_id, _, _ in sorted(writes, key=_write_order):
        out.append((task_id, channel, loads(serde, type_, blob, where, "write", channel)))
    return out


def make_config(
    tenant: str, thread_id: str, ns: str, checkpoint_id: str, extra: Mapping[str, Any] | None = None
) -> RunnableConfig:
    conf: dict[str, Any] = {
        "thread_id": thread_id,
        "checkpoint_ns": ns,
        "checkpoint_id": checkpoint_id,
        TENANT_KEY: tenant,
    }
    if extra:
        conf.update(extra)
    return {"configurable": conf}


def build_tuple(
    serde: SerializerProtocol,
    tenant: str,
    head: Row,
    payload: Iterable[Row],
    at: int,
    *,
    branch_version: int | None = None,
) -> CheckpointTuple:
    """A CheckpointTuple from its checkpoint row (``head``: :data:`checkpointer.query.LIST_COLS`)
    and its blob and write rows (``kind`` first, the payload columns from position ``at``).

    ``branch_version`` is the head version seen by an explicit-id read; it becomes the
    ``BRANCH_FROM_KEY`` marker so the Pregel loop carries it into the puts that fork from here.
    """
    thread_id, ns, cid, parent, version, skel, meta, inline, _ = head
    blobs, writes = split_payload(payload, at)
    return assemble_tuple(
        serde,
        tenant,
        (thread_id, ns, cid, parent, version),
        (skel, meta, inline),
        blobs,
        writes,
        branch_version=branch_version,
    )


BlobValue = tuple[str, str, str, bytes | None]
"""A stored blob value: (channel, version, serde type, bytes), the first payload columns."""
_BLOB_WIDTH = PAYLOAD_COLS.index("task_id")  # a 'b' row's payload: channel .. blob
_WRITE_WIDTH = len(PAYLOAD_COLS)  # a 'w' row's: channel .. task_path


def split_payload(payload: Iterable[Row], at: int) -> tuple[list[BlobValue], list[Row]]:
    """The blob values ('b' rows) and pending writes ('w' rows) of a statement's rows: ``kind``
    first, the payload columns (:data:`checkpointer.query.PAYLOAD_COLS`) from position ``at``
    (a row without writes may end after the blob columns)."""
    blobs: list[BlobValue] = []
    writes: list[Row] = []
    blob_end, write_end = at + _BLOB_WIDTH, at + _WRITE_WIDTH
    for row in payload:
        kind = row[0]
        if kind == "b":
            blobs.append(row[at:blob_end])  # type: ignore[arg-type]  # (channel, cversion, type, blob)
        elif kind == "w":
            writes.append(row[at:write_end])
    return blobs, writes


def assemble_tuple(
    serde: SerializerProtocol,
    tenant: str,
    ids: tuple[str, str, str, str | None, int],
    stored: tuple[str, str | None, bytes | None],
    blobs: Iterable[BlobValue] = (),
    writes: Sequence[Row] = (),
    *,
    branch_version: int | None = None,
    skeleton: Mapping[str, Any] | None = None,
) -> CheckpointTuple:
    """:func:`build_tuple` from the row's values: ``ids`` (thread, ns, checkpoint id, parent id,
    version), ``stored`` (skeleton JSON, metadata JSON, small values), its blob values and pending
    writes (payload columns, see :func:`sorted_writes`). A blob value counts only where its version
    is the skeleton's channel version; ``skeleton`` is the decoded skeleton when the caller has it."""
    thread_id, ns, cid, parent_id, version = ids
    skel, meta, inline = stored
    where = (thread_id, cid)
    try:
        if skeleton is None:
            skeleton = orjson.loads(skel)
        metadata = load_json(meta) if meta else {}
    except ValueError as exc:
        raise CorruptCheckpoint(thread_id, cid, "the checkpoint row", exc) from exc
    versions = skeleton.get("channel_versions") or {}
    values = load_small(serde, inline, versions, where) if inline is not None else {}
    for channel, cversion, type_, blob in blobs:
        if type_ != EMPTY and same_version(versions.get(channel), cversion):
            values[channel] = loads(serde, type_, blob, where, "channel", channel)
    checkpoint: Checkpoint = {
        "v": skeleton.get("v", 1),
        "id": skeleton.get("id", cid),
        "ts": skeleton.get("ts", ""),
        "channel_values": values,
        "channel_versions": versions,
        "versions_seen": skeleton.get("versions_seen") or {},
        "updated_channels": skeleton.get("updated_channels"),
    }
    conf: dict[str, Any] = {
        "thread_id": thread_id,
        "checkpoint_ns": ns,
        "checkpoint_id": cid,
        TENANT_KEY: tenant,
        VERSION_KEY: int(version),
    }
    parent_config: RunnableConfig | None = None
    if parent_id:
        parent_conf: dict[str, Any] = {
            "thread_id": thread_id,
            "checkpoint_ns": ns,
            "checkpoint_id": parent_id,
            TENANT_KEY: tenant,
        }
        if branch_version is not None:
            parent_conf[BRANCH_FROM_KEY] = branch_version
        parent_config = {"configurable": parent_conf}
    if branch_version is not None:
        conf[BRANCH_FROM_KEY] = branch_version
    # tuple.__new__: the named tuple's own __new__ is a Python function (a frame per read).
    return tuple.__new__(
        CheckpointTuple,
        (
            {"configurable": conf},
            checkpoint,
            metadata,
            parent_config,
            sorted_writes(serde, writes, where) if writes else [],
        ),
    )
