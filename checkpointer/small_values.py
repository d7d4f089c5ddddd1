"""The values a checkpoint keeps in its own row (``small_values``) and where the others go.

Any channel value whose serialised form is at most :data:`INLINE_MAX_BYTES` rides in the checkpoint
row; larger ones get a blob row per (channel, version) (docs/checkpointer.md, "Storage layout").
Pure conversions, no I/O; :mod:`checkpointer.codec` builds the rest of the row.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ormsgpack
from langgraph.checkpoint.base import Checkpoint
from langgraph.checkpoint.serde.base import SerializerProtocol
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.checkpoint.serde.types import _DeltaSnapshot

from checkpointer.decode_interrupts import raise_interrupt
from checkpointer.errors import CorruptCheckpoint

EMPTY = "empty"
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


ValueCache = dict[tuple[str, str], tuple[Any, str, str, str, bytes, bytes | None]]
"""Small values by (channel, version): ``(value, channel, version, type, bytes, member)``, where
``member`` is the value's key and value in the row's msgpack map (None: it cannot be one), see
:func:`dump_values`."""
VALUE_CACHE_MAX = 4096
"""Entries a saver keeps (each at most INLINE_MAX_BYTES of bytes, twice, plus the value it holds);
the cache is emptied when full, which costs only re-serialising."""


def _header(count: int, small: int, x16: bytes, x32: bytes) -> bytes:
    # A msgpack map or array of ``count`` items, as ormsgpack.packb writes it.
    if count < 16:
        return bytes((small | count,))
    if count < 1 << 16:
        return x16 + count.to_bytes(2, "big")
    return x32 + count.to_bytes(4, "big")


def _member(channel: str, type_: str, data: bytes) -> bytes | None:
    """``channel`` and the value as one entry of a msgpack map that the serializer's own
    ``loads_typed(("msgpack", ...))`` decodes to the same value as ``loads_typed((type_, data))``,
    or None for a typed form that has no such entry (a bytearray, a pickle...)."""
    if type_ == "msgpack":
        return ormsgpack.packb(channel) + data
    if type_ == "null":
        return ormsgpack.packb(channel) + b"\xc0"
    if type_ == "bytes" and type(data) is bytes:
        return ormsgpack.packb([channel, data])[1:]  # an array's items without its header
    return None


def dump_values(
    serde: SerializerProtocol,
    checkpoint: Checkpoint,
    new_versions: Mapping[str, Any],
    cache: ValueCache | None = None,
) -> tuple[list[dict[str, Any]], bytes | None, dict[str, str]]:
    """Blob rows for the changed channels, the packed small values of the whole checkpoint, and
    the version of every channel whose value is in the blobs table.

    Small values (see :func:`inline_form`) of every channel of the checkpoint, changed or not, go
    into the row, as the stock savers keep the whole checkpoint in theirs; larger values get one
    blob row per (channel, version), written by the put that changed them (an unchanged large
    value costs nothing). A changed channel without a value writes nothing: a reader treats a
    missing value as empty.

    The row's small values (``small_values``, see :func:`load_small`) are, with LangGraph's
    ``JsonPlusSerializer``, one msgpack map of channel -> value, which a reader decodes with one
    serializer call; with any other serializer (an encrypting one), or a value that cannot be a
    map entry, a msgpack array of ``[channel, version, type, bytes]`` entries, one serializer call
    per value (the only form before). ``cache`` keeps each small value's typed form and map entry
    by (channel, version) with the value it was made from: a channel left unchanged since the last
    put (same version, same object: LangGraph gives a channel a new version whenever it is updated,
    the rule the blob rows already rely on) is not serialised again.
    """
    values = checkpoint["channel_values"]
    versions = checkpoint["channel_versions"]
    if type(serde) is JsonPlusSerializer:
        packed = _plain_map(values, versions)
        if packed is not None:
            return [], packed, {}
    small: list[tuple[Any, str, str, str, bytes, bytes | None]] = []
    plain = as_map = isinstance(serde, JsonPlusSerializer)
    rows: list[dict[str, Any]] = []
    in_blobs: dict[str, str] = {}
    for channel, value in values.items():
        version = versions.get(channel)
        if version is None:
            version = new_versions.get(channel)
            if version is None:
                continue
            inline = False  # not in the skeleton: a reader would not take it from the row
        else:
            inline = True
        vtext = version if type(version) is str else version_text(version)
        if cache is not None and inline:
            hit = cache.get((channel, vtext))
            if hit is not None and hit[0] is value:
                small.append(hit)
                if hit[5] is None:
                    as_map = False
                continue
        if type(value) is str:  # the usual value: _blob_by_shape's first case, without the call
            typed = serde.dumps_typed(value) if len(value) <= INLINE_MAX_BYTES else None
        else:
            typed = None if _blob_by_shape(value) else serde.dumps_typed(value)
        if typed is not None and len(typed[1]) <= INLINE_MAX_BYTES:
            if not inline:
                continue
            type_, data = typed
            member = _member(channel, type_, data) if plain else None  # (cached for later puts)
            entry = (value, channel, vtext, type_, data, member)
            small.append(entry)
            if member is None:
                as_map = False
            if cache is not None:
                if len(cache) >= VALUE_CACHE_MAX:
                    cache.clear()
                cache[(channel, vtext)] = entry
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
    if not small:
        return rows, None, in_blobs
    if as_map:  # every entry has its map member
        members: list[bytes] = [e[5] for e in small]  # type: ignore[misc]
        packed = b"".join([_header(len(small), 0x80, b"\xde", b"\xdf"), *members])
    else:
        packed = ormsgpack.packb([[e[1], e[2], e[3], e[4]] for e in small])
    return rows, packed, in_blobs


_PLAIN_STR_MAX = INLINE_MAX_BYTES - 3  # an ASCII string's msgpack form: its bytes + up to 3 of header
_INT_RANGE = range(-(1 << 63), 1 << 64)  # what msgpack holds as an integer


def _plain_map(values: Mapping[str, Any], versions: Mapping[str, Any]) -> bytes | None:
    """The map form of :func:`dump_values` in one C call, when every value is one msgpack holds
    as it is (an ASCII string of at most ``_PLAIN_STR_MAX`` characters, an int, a float, a bool,
    None), so certainly in the row, under a channel of the skeleton; else None (the general way).

    ``JsonPlusSerializer.dumps_typed`` makes exactly these bytes for such a value (msgpack, or
    "null" which the map holds as nil), and readers decode the map with ``loads_typed`` as before;
    only the per-value serializer calls are saved (the stock savers pack a whole checkpoint in one
    call too).
    """
    for channel, value in values.items():
        kind = type(value)
        if kind is str:
            if len(value) > _PLAIN_STR_MAX or not value.isascii():
                return None
        elif kind is int:
            if value not in _INT_RANGE:
                return None
        elif value is not None and kind is not float and kind is not bool:
            return None
        if type(channel) is not str or channel not in versions:
            return None
    return ormsgpack.packb(values) if values else None


def is_map(packed: bytes) -> bool:
    """Whether ``small_values`` holds the map form of :func:`dump_values` (else the array form)."""
    first = packed[0] if packed else 0
    return 0x80 <= first <= 0x8F or first in (0xDE, 0xDF)


def load_small(
    serde: SerializerProtocol, packed: bytes | None, versions: Mapping[str, Any], where: tuple[str, str]
) -> dict[str, Any]:
    """The values a checkpoint row keeps in ``small_values`` (either form of :func:`dump_values`),
    those of the array form only where its version is the skeleton's ``versions``."""
    if packed is None:
        return {}
    data = packed if type(packed) is bytes else bytes(packed)
    first = data[0] if data else 0
    if 0x80 <= first <= 0x8F or first in (0xDE, 0xDF):  # is_map(data), written out
        try:
            # A typed local, not typing.cast (which builds dict[str, Any] and calls at every read).
            got: dict[str, Any] = serde.loads_typed(("msgpack", data))
            if type(got) is not dict:
                raise ValueError("not a map of channel -> value")
        except Exception as exc:
            raise_interrupt()  # a signal handled inside the decode is no damage
            raise CorruptCheckpoint(
                where[0], where[1], "the small values in the checkpoint row", exc
            ) from exc
        return got
    values: dict[str, Any] = {}
    # As ``loads`` per value, written out: the small values are most of a read's values.
    loads_typed, channel = serde.loads_typed, ""
    try:
        for channel, version, type_, blob in load_inline(data, where):
            if type_ == EMPTY:
                continue
            current = versions.get(channel)
            if current == version if type(current) is str else same_version(current, version):
                values[channel] = loads_typed((type_, blob))
    except CorruptCheckpoint:
        raise
    except Exception as exc:
        raise_interrupt()
        raise CorruptCheckpoint(where[0], where[1], f"channel {channel!r}", exc) from exc
    return values


def load_inline(packed: bytes | None, where: tuple[str, str]) -> list[list[Any]]:
    """The ``[channel, version, type, bytes]`` entries packed by :func:`dump_values`."""
    if packed is None:
        return []
    try:
        entries: list[list[Any]] = ormsgpack.unpackb(packed if type(packed) is bytes else bytes(packed))
        if type(entries) is not list:
            raise ValueError("not a list of [channel, version, type, bytes] entries")
        for entry in entries:  # a plain loop: this runs at every read
            if type(entry) is not list or len(entry) != 4:
                raise ValueError("not a list of [channel, version, type, bytes] entries")
    except Exception as exc:
        raise CorruptCheckpoint(where[0], where[1], "the small values in the checkpoint row", exc) from exc
    return entries


def same_version(version: Any, stored: str) -> bool:
    """Whether a channel version of the skeleton is the one a value was stored under (as text)."""
    if type(version) is str:  # LangGraph's versions (and this saver's) are strings
        return version == stored
    return version is not None and version_text(version) == stored
