"""Reads across checkpoints: ``list`` (newest first, metadata filters) and the DeltaChannel history
(writes since each channel's nearest stored value), written once for every backend and both sync
and async (no I/O here). The read of one checkpoint is :mod:`checkpointer.ops_read`."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import CheckpointTuple, DeltaChannelHistory, PendingWrite, writes_sort_key
from langgraph.checkpoint.serde.base import SerializerProtocol

from checkpointer.codec import build_tuple, loads
from checkpointer.filters import ListSpec, flatten_filter
from checkpointer.ops_read import thread_key
from checkpointer.query import LIST_COLS, LIST_PAYLOAD, LIST_PAYLOAD_COLS, CheckpointSql, Row, Steps
from checkpointer.small_values import EMPTY, is_map, load_inline, load_small, version_text


def list_tuples(
    sql: CheckpointSql,
    serde: SerializerProtocol,
    tenant: str,
    config: RunnableConfig | None,
    filter: Mapping[str, Any] | None,
    before: RunnableConfig | None,
    limit: int | None,
) -> Steps[list[CheckpointTuple]]:
    """Checkpoints of the tenant, newest first; ``config=None`` lists all of the tenant's threads."""
    conf = (config or {}).get("configurable") or {}
    params: dict[str, Any] = {"tenant": tenant}
    if conf.get("thread_id") is not None:
        params["thread"] = str(conf["thread_id"])
    if conf.get("checkpoint_ns") is not None:
        params["ns"] = conf["checkpoint_ns"]
    if conf.get("checkpoint_id"):
        params["cid"] = conf["checkpoint_id"]
    if before is not None and not isinstance(before, dict):
        raise TypeError(f"before must be a config dict like config from get_tuple, got {before!r}")
    before_id = ((before or {}).get("configurable") or {}).get("checkpoint_id")
    if before_id:
        params["before"] = before_id
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise ValueError(f"limit must be a whole number >= 0 or None, got {limit!r}")
        params["limit"] = limit
    spec = ListSpec(
        thread="thread" in params,
        ns="ns" in params,
        checkpoint_id="cid" in params,
        before="before" in params,
        limit="limit" in params,
        terms=tuple(flatten_filter(filter)),
    )
    heads = yield sql.list_rows(params, spec)
    if not heads:
        return []
    keys = [head[:_KEY_END] for head in heads]  # LIST_COLS: thread_id, checkpoint_ns, checkpoint_id
    threads, nss, ids = zip(*keys, strict=True)
    payload = yield sql.list_payload(
        {"tenant": tenant, "threads": list(threads), "nss": list(nss), "ids": list(ids)}
    )
    by_key: dict[tuple[str, str, str], list[Row]] = defaultdict(list)
    for row in payload:  # LIST_PAYLOAD_COLS: kind, then the checkpoint's key, then the payload
        by_key[row[_PAYLOAD_KEY:LIST_PAYLOAD]].append(row)
    return [
        build_tuple(serde, tenant, head, by_key[key], LIST_PAYLOAD)
        for head, key in zip(heads, keys, strict=True)
    ]


_KEY_END = LIST_COLS.index("checkpoint_id") + 1
_PAYLOAD_KEY = LIST_PAYLOAD_COLS.index("thread_id")


def delta_history(
    sql: CheckpointSql,
    serde: SerializerProtocol,
    tenant: str,
    config: RunnableConfig,
    channels: Sequence[str],
) -> Steps[dict[str, DeltaChannelHistory]]:
    """Per channel: writes since the nearest stored value, oldest first, and that value as seed.

    One statement (also when the config names no checkpoint: it starts from the head) walks the parent chain (recursive CTE, stopping once every channel has a stored
    value) and returns the chain, the channels' writes on it and the candidate seeds.
    """
    if not channels:
        return {}
    key = thread_key(tenant, config)  # refuses a config without a thread_id, None included
    cid = (config.get("configurable") or {}).get("checkpoint_id") or None  # None: from the head
    rows = yield sql.delta_history(
        {**key, "cid": cid, "channels": list(channels), "n_channels": len(set(channels))}
    )
    # DELTA_COLS: kind, checkpoint_id, depth first
    target = next((cid for kind, cid, depth, *_ in rows if kind == "c" and int(depth) == 0), "")
    return assemble_delta(serde, key["thread"], str(target), rows, channels)


class _Write(NamedTuple):
    """A pending write of the delta history, at its checkpoint's depth in the chain."""

    depth: int
    type: str
    blob: Any
    task_id: str
    task_path: str
    idx: int


def assemble_delta(
    serde: SerializerProtocol, thread_id: str, cid: str, rows: list[Row], channels: Sequence[str]
) -> dict[str, DeltaChannelHistory]:
    where = (thread_id, cid)
    wanted = set(channels)
    seed_depth: dict[str, int] = {}
    seed_stored: dict[str, tuple[str, Any]] = {}  # (serde type, bytes), decoded once chosen
    seed_value: dict[str, Any] = {}  # seeds already decoded (from an ancestor's small values)

    def offer(ch: str, depth: int, stored: tuple[str, Any] | None, value: Any = None) -> None:
        if ch not in seed_depth or depth < seed_depth[ch]:
            seed_depth[ch] = depth
            if stored is None:
                seed_stored.pop(ch, None)
                seed_value[ch] = value
            else:
                seed_value.pop(ch, None)
                seed_stored[ch] = stored

    # Each row's columns are DELTA_COLS, unpacked by name.
    writes: dict[str, list[_Write]] = defaultdict(list)
    for kind, cid, depth, channel, type_, blob, task_id, idx, task_path, versions_text, inl in rows:
        if kind == "b":
            offer(channel, int(depth), (type_, blob))
        elif kind == "w":
            writes[channel].append(_Write(int(depth), type_, blob, task_id, task_path or "", int(idx)))
        elif kind == "c" and int(depth) > 0 and inl is not None:
            # Small values stored in the ancestor's own row are seeds too (never a DeltaChannel's
            # snapshot, which is an object, but a plain channel asked for here).
            versions = json.loads(versions_text) if versions_text else {}
            at = (thread_id, cid)
            if is_map(inl):  # decoded as a whole (one serializer call)
                for ch, value in load_small(serde, inl, versions, at).items():
                    if ch in wanted:
                        offer(ch, int(depth), None, value)
                continue
            for ch, version, small_type, small_blob in load_inline(inl, at):
                if ch in wanted and small_type != EMPTY and version_text(versions.get(ch, "")) == version:
                    offer(ch, int(depth), (small_type, small_blob))
    result: dict[str, DeltaChannelHistory] = {}
    for ch in channels:
        # The writes since the seed: oldest checkpoint first (deepest), then the order live
        # execution applied them.
        seed_at = seed_depth.get(ch, 1 << 62)
        ordered = sorted(
            (w for w in writes.get(ch, ()) if w.depth <= seed_at),
            key=lambda w: (-w.depth, writes_sort_key(w.task_path, w.task_id, w.idx)),
        )
        collected: list[PendingWrite] = [
            (w.task_id, ch, loads(serde, w.type, w.blob, where, "write", ch)) for w in ordered
        ]
        entry: DeltaChannelHistory = {"writes": collected}
        if ch in seed_value:
            entry["seed"] = seed_value[ch]
        elif ch in seed_stored:
            type_, blob = seed_stored[ch]
            entry["seed"] = loads(serde, type_, blob, where, "channel", ch)
        result[ch] = entry
    return result
