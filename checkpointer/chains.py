"""Pure planning for prune, retention and delete_for_runs: what to delete, what must stay.

A ``DeltaChannel`` keeps only per-step writes between snapshots, so a head is readable only with
its ancestors back to the nearest checkpoint holding a stored value of each delta channel (the
channels listed in the head's ``counters_since_delta_snapshot``). Those ancestors are never
deleted while their head lives.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from checkpointer.query import Row
from checkpointer.small_values import EMPTY, version_text

NsKey = tuple[str, str]  # (thread_id, checkpoint_ns)


def _json(value: Any) -> Any:
    if value is None or isinstance(value, dict):
        return value or {}
    return json.loads(value)


class PlanRow(NamedTuple):
    """A checkpoint row as planning reads it: ``thread_plan_rows``' columns (query.PLAN_COLS)
    past the key, its channel versions and delta counters decoded."""

    parent_id: str | None
    version: int
    ts: float
    run_id: str | None
    versions: dict[str, Any]
    counters: dict[str, Any]
    value_channel: str | None
    value_version: str | None


class NsHead(NamedTuple):
    """A namespace's head, from ``thread_heads`` (thread_id, checkpoint_ns, head_id, version)."""

    head_id: str
    version: int


Mark = tuple[int, int, float]
"""A namespace's row count, highest version and newest timestamp (query.MARKS_COLS past the key)."""


def marks_of(rows: Iterable[Row]) -> dict[NsKey, Mark]:
    """``thread_marks``' rows (query.MARKS_COLS) by namespace."""
    return {(thread, ns): (int(n), int(top), float(newest)) for thread, ns, n, top, newest in rows}


@dataclass
class ThreadState:
    """All of one tenant's rows needed to plan deletions in some threads (no blob bytes)."""

    rows: dict[NsKey, dict[str, PlanRow]] = field(default_factory=lambda: defaultdict(dict))
    heads: dict[NsKey, NsHead] = field(default_factory=dict)
    filled: set[tuple[str, str, str, str]] = field(default_factory=set)  # thread, ns, channel, version
    blobs: dict[NsKey, set[tuple[str, str]]] = field(default_factory=lambda: defaultdict(set))

    @classmethod
    def from_rows(cls, rows: Iterable[Row], heads: Iterable[Row], blob_keys: Iterable[Row]) -> ThreadState:
        """From the rows of ``thread_plan_rows`` (query.PLAN_COLS), ``thread_heads`` and
        ``thread_blob_keys`` (thread_id, checkpoint_ns, channel, version, type)."""
        state = cls()
        for thread, ns, cid, parent, version, ts, run_id, versions, counters, vchannel, vversion in rows:
            state.rows[(thread, ns)][cid] = PlanRow(
                parent, version, ts, run_id, _json(versions), _json(counters), vchannel, vversion
            )
        for thread, ns, head_id, version in heads:
            state.heads[(thread, ns)] = NsHead(head_id, version)
        for thread, ns, channel, version, type_ in blob_keys:
            state.blobs[(thread, ns)].add((channel, version))
            if type_ != EMPTY:
                state.filled.add((thread, ns, channel, version))
        return state

    def marks(self) -> dict[NsKey, Mark]:
        """What ``thread_marks`` answers for these rows while nothing changed them."""
        return {
            nskey: (
                len(rows),
                max(int(r.version) for r in rows.values()),
                max(float(r.ts) for r in rows.values()),
            )
            for nskey, rows in self.rows.items()
            if rows
        }

    def replacing(self, threads: set[str], fresh: ThreadState) -> ThreadState:
        """These rows with those of ``threads`` taken from ``fresh`` (a read of those threads only)."""
        out = ThreadState()

        def kept(mine: dict[NsKey, Any]) -> dict[NsKey, Any]:
            return {k: v for k, v in mine.items() if k[0] not in threads}

        out.rows.update(kept(self.rows) | fresh.rows)
        out.heads.update(kept(self.heads) | fresh.heads)
        out.blobs.update(kept(self.blobs) | fresh.blobs)
        out.filled = {f for f in self.filled if f[0] not in threads} | fresh.filled
        return out

    def needed(self, nskey: NsKey, head_id: str | None) -> set[str]:
        """The head and the ancestors its delta channels are rebuilt from."""
        rows = self.rows.get(nskey, {})
        if head_id is None or head_id not in rows:
            return set()
        keep = {head_id}
        pending = set(rows[head_id].counters or {})
        cursor = rows[head_id].parent_id
        while pending and cursor in rows and cursor not in keep:
            keep.add(cursor)
            row = rows[cursor]
            for ch in list(pending):
                ver = row.versions.get(ch)
                if ver is not None and (*nskey, ch, version_text(ver)) in self.filled:
                    pending.discard(ch)
            cursor = row.parent_id
        return keep


@dataclass
class Plan:
    """Statements' parameters for one deletion, and what it removed per thread."""

    checkpoints: list[dict[str, Any]] = field(default_factory=list)
    copy_values: list[dict[str, Any]] = field(default_factory=list)
    """Doomed rows holding a value a kept row still lists (SQLite, migration 6): copied into the
    blobs table before the rows go."""
    blobs: list[dict[str, Any]] = field(default_factory=list)
    clear_parents: list[dict[str, Any]] = field(default_factory=list)
    set_heads: list[dict[str, Any]] = field(default_factory=list)
    delete_heads: list[dict[str, Any]] = field(default_factory=list)
    removed: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    blobs_removed: dict[str, int] = field(default_factory=lambda: defaultdict(int))


def plan_removal(tenant: str, state: ThreadState, candidates: dict[NsKey, set[str]]) -> Plan:
    """Delete ``candidates`` except what surviving heads need; move heads that were deleted."""
    plan = Plan()
    for nskey, wanted in candidates.items():
        rows = state.rows.get(nskey, {})
        head = state.heads.get(nskey)
        head_id = head.head_id if head else None
        new_head = head_id
        if head_id in wanted or head_id not in rows:
            remaining = sorted(set(rows) - wanted)
            new_head = remaining[-1] if remaining else None
        doomed = (wanted & set(rows)) - state.needed(nskey, new_head)
        if not doomed:
            continue
        key = {"tenant": tenant, "thread": nskey[0], "ns": nskey[1]}
        plan.checkpoints += [{**key, "cid": cid} for cid in sorted(doomed)]
        plan.removed[nskey[0]] += len(doomed)
        kept = set(rows) - doomed
        plan.clear_parents += [{**key, "cid": cid} for cid in sorted(kept) if rows[cid].parent_id in doomed]
        referenced = {(ch, version_text(v)) for cid in kept for ch, v in rows[cid].versions.items()}
        holders = [cid for cid in sorted(doomed) if rows[cid].value_channel is not None]
        copied = [cid for cid in holders if (rows[cid].value_channel, rows[cid].value_version) in referenced]
        plan.copy_values += [{**key, "cid": cid} for cid in copied]
        # A value a deleted row held and no kept row lists is gone with it: a large value removed.
        plan.blobs_removed[nskey[0]] += len(holders) - len(copied)
        garbage = sorted(state.blobs.get(nskey, set()) - referenced)
        plan.blobs += [{**key, "channel": ch, "version": ver} for ch, ver in garbage]
        plan.blobs_removed[nskey[0]] += len(garbage)
        if head is not None and new_head != head_id:
            if new_head is None:
                plan.delete_heads.append(key)
            else:
                plan.set_heads.append({**key, "cid": new_head, "version": int(head.version) + 1})
    return plan
