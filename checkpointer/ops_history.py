"""Reads across checkpoints: ``list`` (newest first, metadata filters) and the DeltaChannel history
(writes since each channel's nearest stored value), written once for every backend and both sync
and async (no I/O here). The read of one checkpoint is :mod:`checkpointer.ops_read`."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import CheckpointTuple, DeltaChannelHistory, PendingWrite, writes_sort_key
from langgraph.checkpoint.serde.base import SerializerProtocol

from checkpointer.codec import build_tuple, loads
from checkpointer.filters import ListSpec, flatten_filter
from checkpointer.ops_read import thread_key
from checkpointer.query import CheckpointSql, Row, Steps
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
    payload = yield sql.list_payload(
        {
            "tenant": tenant,
            "threads": [h["thread_id"] for h in heads],
            "nss": [h["checkpoint_ns"] for h in heads],
            "ids": [h["checkpoint_id"] for h in heads],
        }
    )
    by_key: dict[tuple[str, str, str], list[Row]] = defaultdict(list)
    for row in payload:
        by_key[(row["thread_id"], row["checkpoint_ns"], row["checkpoint_id"])].append(row)
    return [
        build_tuple(serde, tenant, h, by_key[(h["thread_id"], h["checkpoint_ns"], h["checkpoint_id"])])
        for h in heads
    ]


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
    target = next((r["checkpoint_id"] for r in rows if r["kind"] == "c" and int(r["depth"]) == 0), "")
    return assemble_delta(serde, key["thread"], str(target), rows, channels)


def assemble_delta(
    serde: SerializerProtocol, thread_id: str, cid: str, rows: list[Row], channels: Sequence[str]
) -> dict[str, DeltaChannelHistory]:
    where = (thread_id, cid)
    wanted = set(channels)
    seed_depth: dict[str, int] = {}
    seed_row: dict[str, Row] = {}
    seed_value: dict[str, Any] = {}  # seeds already decoded (from an ancestor's small values)

    def offer(ch: str, depth: int, row: Row | None, value: Any = None) -> None:
        if ch not in seed_depth or depth < seed_depth[ch]:
            seed_depth[ch] = depth
            if row is None:
                seed_row.pop(ch, None)
                seed_value[ch] = value
            else:
                seed_value.pop(ch, None)
                seed_row[ch] = row

    for r in rows:
        if r["kind"] == "b":
            offer(r["channel"], int(r["depth"]), r)
        elif r["kind"] == "c" and int(r["depth"]) > 0 and r["inl"] is not None:
            # Small values stored in the ancestor's own row are seeds too (never a DeltaChannel's
            # snapshot, which is an object, but a plain channel asked for here).
            versions = json.loads(r["versions"]) if r["versions"] else {}
            packed, at = r["inl"], (thread_id, r["checkpoint_id"])
            if is_map(packed):  # decoded as a whole (one serializer call)
                for ch, value in load_small(serde, packed, versions, at).items():
                    if ch in wanted:
                        offer(ch, int(r["depth"]), None, value)
                continue
            for ch, version, type_, blob in load_inline(packed, at):
                if ch in wanted and type_ != EMPTY and version_text(versions.get(ch, "")) == version:
                    offer(ch, int(r["depth"]), {"type": type_, "blob": blob})
    writes: dict[str, list[Row]] = defaultdict(list)
    for r in rows:
        if r["kind"] == "w" and int(r["depth"]) <= seed_depth.get(r["channel"], 1 << 62):
            writes[r["channel"]].append(r)
    result: dict[str, DeltaChannelHistory] = {}
    for ch in channels:
        # Oldest checkpoint first (deepest), then the order live execution applied them.
        ordered = sorted(
            writes.get(ch, []),
            key=lambda r: (
                -int(r["depth"]),
                writes_sort_key(r["task_path"] or "", r["task_id"], int(r["idx"])),
            ),
        )
        collected: list[PendingWrite] = [
            (r["task_id"], ch, loads(serde, r["type"], r["blob"], where, "write", ch)) for r in ordered
        ]
        entry: DeltaChannelHistory = {"writes": collected}
        if ch in seed_value:
            entry["seed"] = seed_value[ch]
        elif ch in seed_row:
            s = seed_row[ch]
            entry["seed"] = loads(serde, s["type"], s["blob"], where, "channel", ch)
        result[ch] = entry
    return result
