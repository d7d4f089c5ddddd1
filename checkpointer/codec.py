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
from typing import Any, cast

import orjson
import ormsgpack
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
from langgraph.checkpoint.serde.types import _DeltaSnapshot

from checkpointer.errors import CorruptCheckpoint, InvalidMetadata
from checkpointer.query import Row
from checkpointer.tenant import BRANCH_FROM_KEY, OWN_KEYS, TENANT_KEY, VERSION_KEY

EMPTY = "empty"
SKELETON_KEYS = ("v", "id", "ts", "channel_versions", "versions_seen", "updated_channels")
BLOB_VERSIONS = "blob_versions"
INLINE_MAX_BYTES = 2048
"""A channel value whose serialised form is at most this many bytes lives in the checkpoint row.

Measured at 1, 2 and 4 KiB (docs/benchmarks.md, "Checkpointers"); 2 KiB kept."""


def _blob_by_shape(value: Any) -> bool:
    # A string or bytes longer than the limit serialises longer still; a DeltaChannel snapshot
    # always gets its blob row, as in the stock savers (the delta-history walk and pruning look for
    # snapshots there). Neither is serialised just to be measured.
    if type(value) is str or isinstance(value, str | bytes):
        return len(value) > INLINE_MAX_BYTES
    return type(value) is _DeltaSnapshot


def inline_form(serde: SerializerProtocol, value: Any) -> tuple[str, bytes] | None:
    """The serialised value when it rides in the checkpoint row, else None (it gets a blob row).

    Any type qualifies, by serialised size alone, so every checkpoint that holds a given (channel,
    version) makes the same choice and a reader finds the value either in its row or in the blobs
    table.
    """
    if _blob_by_shape(value):
        return None
    typed = serde.dumps_typed(value)
    return typed if len(typed[1]) <= INLINE_MAX_BYTES else None


def version_text(version: str | int | float) -> str:
    """How a channel version is keyed in the blobs table (SQL compares it as text)."""
    return str(version)


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


_LONG_NUMBER = re.compile(r"\d{19}")


def load_json(text: str | bytes) -> Any:
    """``json.loads``, through orjson unless the text has a number of 19+ digits: orjson reads
    integers beyond 64 bits as floats, json keeps them exact (metadata may carry any)."""
    if _LONG_NUMBER.search(text if isinstance(text, str) else text.decode()):
        return json.loads(text)
    return orjson.loads(text)


def dump_skeleton(checkpoint: Checkpoint, blob_versions: Mapping[str, str] | None = None) -> str:
    """The checkpoint without its values, as JSON; ``blob_versions`` names the channel versions whose
    values live in the blobs table (readers look up only those; rows written before it existed have
    none, and readers then try every channel version)."""
    skeleton = {k: checkpoint.get(k) for k in SKELETON_KEYS}  # type: ignore[misc]
    if blob_versions is not None:
        skeleton[BLOB_VERSIONS] = blob_versions
    return dumps_json(skeleton)


NO_BLOBS_TAIL = f',"{BLOB_VERSIONS}":{{}}}}'
"""How a skeleton written by :func:`dump_skeleton` ends when no value of it is in the blobs table
(the key comes last, compact JSON): a reader that sees it looks up no blob rows."""


def load_skeleton(head: Row) -> dict[str, Any]:
    """The decoded skeleton of a checkpoint row (columns ``skel``, ``thread_id``, ``checkpoint_id``)."""
    try:
        skeleton = orjson.loads(head["skel"])
    except ValueError as exc:
        raise CorruptCheckpoint(head["thread_id"], head["checkpoint_id"], "the checkpoint row", exc) from exc
    return cast(dict[str, Any], skeleton)


def blob_lookup(skeleton: Mapping[str, Any]) -> dict[str, str]:
    """The channel versions a reader looks up in the blobs table: ``blob_versions``, or for rows
    written before it existed every channel version (as the SQL of the one-statement reads does)."""
    versions = skeleton.get(BLOB_VERSIONS)
    if versions is None:
        versions = skeleton.get("channel_versions") or {}
    return {str(k): version_text(v) for k, v in versions.items()}


def _strip_nul(value: Any) -> Any:
    # PostgreSQL JSONB cannot hold U+0000; metadata is JSON so SQL can filter on it.
    if isinstance(value, str):
        return value.replace("\u0000", "")
    if isinstance(value, Mapping):
        return {str(k).replace("\u0000", ""): _strip_nul(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_strip_nul(v) for v in value]
    return value


_NOT_FROM_CONFIG = frozenset(EXCLUDED_METADATA_KEYS) | OWN_KEYS | {TENANT_KEY}


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
        if not source:
            continue
        for key, value in source.items():
            if key in merged or key in _NOT_FROM_CONFIG or key.startswith("__"):
                continue
            if isinstance(value, str | int | bool | float):
                merged[key] = value
    merged.pop("writes", None)
    for key in (*OWN_KEYS, TENANT_KEY):
        merged.pop(key, None)
    run_id = merged.get("run_id")
    text = dumps_json(merged, default=str)
    if "\\u0000" in text:  # rare: only then pay for the recursive copy
        text = dumps_json(_strip_nul(merged), default=str)
    return text, (str(run_id) if run_id is not None else None)


ValueCache = dict[tuple[str, str], tuple[Any, bytes]]
"""Packed row entries of small values by (channel, version): see :func:`dump_values`."""
VALUE_CACHE_MAX = 4096
"""Entries a saver keeps (each at most INLINE_MAX_BYTES of bytes plus the value it holds); the
cache is emptied when full, which costs only re-serialising."""


def _array_header(count: int) -> bytes:
    # A msgpack array of ``count`` items, as ormsgpack.packb writes it (fixarray, array 16, 32).
    if count < 16:
        return bytes((0x90 | count,))
    if count < 1 << 16:
        return b"\xdc" + count.to_bytes(2, "big")
    return b"\xdd" + count.to_bytes(4, "big")


def dump_values(
    serde: SerializerProtocol,
    checkpoint: Checkpoint,
    new_versions: Mapping[str, Any],
    cache: ValueCache | None = None,
) -> tuple[list[dict[str, Any]], bytes | None, dict[str, str]]:
    """Blob rows for the changed channels, the packed small values of the whole checkpoint, and
    the version of every channel whose value is in the blobs table.

    Small values (see :func:`inline_form`) of every channel, changed or not, go into the row, as
    the stock savers keep the whole checkpoint in theirs; larger values get one blob row per
    (channel, version), written by the put that changed them (an unchanged large value costs
    nothing). A changed channel without a value writes nothing: a reader treats a missing value
    as empty.

    The row's small values are a msgpack array of ``[channel, version, type, bytes]`` entries.
    ``cache`` keeps each small value's packed entry by (channel, version) with the value it was
    made from: a channel left unchanged since the last put (same version, same object: LangGraph
    gives a channel a new version whenever it is updated, the rule the blob rows already rely on)
    is not serialised again, and the array is the entries joined behind its header, byte for byte
    what ``ormsgpack.packb`` of the list writes.
    """
    values = checkpoint["channel_values"]
    versions = checkpoint["channel_versions"]
    parts: list[bytes] = []
    rows: list[dict[str, Any]] = []
    in_blobs: dict[str, str] = {}
    for channel, value in values.items():
        version = versions.get(channel)
        if version is None:
            version = new_versions.get(channel)
            if version is None:
                continue
        vtext = version if type(version) is str else version_text(version)
        if cache is not None:
            hit = cache.get((channel, vtext))
            if hit is not None and hit[0] is value:
                parts.append(hit[1])
                continue
        if type(value) is str:  # the usual value: _blob_by_shape's first case, without the call
            typed = serde.dumps_typed(value) if len(value) <= INLINE_MAX_BYTES else None
        else:
            typed = None if _blob_by_shape(value) else serde.dumps_typed(value)
        if typed is not None and len(typed[1]) <= INLINE_MAX_BYTES:
            entry = ormsgpack.packb([channel, vtext, *typed])
            parts.append(entry)
            if cache is not None:
                if len(cache) >= VALUE_CACHE_MAX:
                    cache.clear()
                cache[(channel, vtext)] = (value, entry)
            continue
        in_blobs[channel] = version_text(version)
        if channel in new_versions:
            type_, blob = typed or serde.dumps_typed(value)
            rows.append(
                {
                    "channel": channel,
                    "version": version_text(new_versions[channel]),
                    "type": type_,
                    "blob": blob,
                }
            )
    small = b"".join([_array_header(len(parts)), *parts]) if parts else None
    return rows, small, in_blobs


def load_inline(packed: bytes | None, where: tuple[str, str]) -> list[list[Any]]:
    """The ``[channel, version, type, bytes]`` entries packed by :func:`dump_values`."""
    if packed is None:
        return []
    try:
        entries = ormsgpack.unpackb(packed if type(packed) is bytes else bytes(packed))
        if type(entries) is not list:
            raise ValueError("not a list of [channel, version, type, bytes] entries")
        for entry in entries:  # a plain loop: this runs at every read
            if type(entry) is not list or len(entry) != 4:
                raise ValueError("not a list of [channel, version, type, bytes] entries")
    except Exception as exc:
        raise CorruptCheckpoint(where[0], where[1], "the small values in the checkpoint row", exc) from exc
    return cast(list[list[Any]], entries)


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
        raise CorruptCheckpoint(where[0], where[1], f"{kind} {name!r}", exc) from exc


def sorted_writes(
    serde: SerializerProtocol, rows: Iterable[Row], where: tuple[str, str]
) -> list[PendingWrite]:
    """Pending writes in ``writes_sort_key`` order, the order live execution applies them."""
    ordered = sorted(rows, key=lambda r: writes_sort_key(r["task_path"] or "", r["task_id"], int(r["idx"])))
    return [
        (r["task_id"], r["channel"], loads(serde, r["type"], r["blob"], where, "write", r["channel"]))
        for r in ordered
    ]


def _same_version(version: Any, stored: str) -> bool:
    """Whether a channel version of the skeleton is the one a value was stored under (as text)."""
    if type(version) is str:  # LangGraph's versions (and this saver's) are strings
        return version == stored
    return version is not None and version_text(version) == stored


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
    *,
    branch_version: int | None = None,
    skeleton: Mapping[str, Any] | None = None,
) -> CheckpointTuple:
    """A CheckpointTuple from its checkpoint row (``head``) and its blob and write rows.

    ``branch_version`` is the head version seen by an explicit-id read; it becomes the
    ``BRANCH_FROM_KEY`` marker so the Pregel loop carries it into the puts that fork from here.
    ``skeleton`` is the row's decoded skeleton when the caller has it already.
    """
    thread_id, ns, cid = head["thread_id"], head["checkpoint_ns"], head["checkpoint_id"]
    where = (thread_id, cid)
    try:
        if skeleton is None:
            skeleton = orjson.loads(head["skel"])
        metadata = load_json(head["meta"]) if head["meta"] else {}
    except ValueError as exc:
        raise CorruptCheckpoint(thread_id, cid, "the checkpoint row", exc) from exc
    versions = skeleton.get("channel_versions") or {}
    values: dict[str, Any] = {}
    inline = head["inl"]
    if inline is not None:
        entries = load_inline(inline, where)
        # As ``loads`` per value, written out: the small values are most of a read's values.
        loads_typed, channel = serde.loads_typed, ""
        try:
            for channel, version, type_, blob in entries:
                current = versions.get(channel)
                if current == version if type(current) is str else _same_version(current, version):
                    values[channel] = loads_typed((type_, blob))
        except Exception as exc:
            raise CorruptCheckpoint(thread_id, cid, f"channel {channel!r}", exc) from exc
    writes: list[Row] = []
    for row in payload:  # each column read once: rows are read by name, which is not free
        if row["kind"] == "w":
            writes.append(row)
            continue
        channel, type_ = row["channel"], row["type"]
        if type_ != EMPTY and _same_version(versions.get(channel), row["cversion"]):
            values[channel] = loads(serde, type_, row["blob"], where, "channel", channel)
    checkpoint: Checkpoint = {
        "v": skeleton.get("v", 1),
        "id": skeleton.get("id", cid),
        "ts": skeleton.get("ts", ""),
        "channel_values": values,
        "channel_versions": versions,
        "versions_seen": skeleton.get("versions_seen") or {},
        "updated_channels": skeleton.get("updated_channels"),
    }
    extra: dict[str, Any] = {VERSION_KEY: int(head["ver"])}
    parent_extra: dict[str, Any] = {}
    if branch_version is not None:
        extra[BRANCH_FROM_KEY] = branch_version
        parent_extra[BRANCH_FROM_KEY] = branch_version
    parent_id = head["parent"]
    return CheckpointTuple(
        config=make_config(tenant, thread_id, ns, cid, extra),
        checkpoint=checkpoint,
        metadata=cast(CheckpointMetadata, metadata),
        parent_config=make_config(tenant, thread_id, ns, parent_id, parent_extra) if parent_id else None,
        pending_writes=sorted_writes(serde, writes, where) if writes else [],
    )
