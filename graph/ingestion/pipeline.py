"""The work inside the nodes: list the source, then per batch load + chunk -> embed -> index.

A batch is the unit of redo: a run killed inside one does it again on resume. Everything it writes
is idempotent (index upserts by deterministic chunk ids), and what each document did is recorded
in the manifest before the index is written, first write wins, so a redone batch counts exactly
what an uninterrupted one would have. A batch's files are loaded in graph/ingestion/batch_load.py,
the next batches' ahead of it in graph/ingestion/batches_ahead.py.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from graph.ingestion import batches_ahead, claims
from graph.ingestion.batch_load import client_reason, work_of
from graph.ingestion.state import Counters
from graph.ingestion.store import BindsRuns, TenantRunStore
from graph.ingestion.store_ops import ManifestRow, Planned
from knowledge.documents import DocumentError
from knowledge.index.catalog import DocumentNotFound
from knowledge.index.sync_index import TenantKnowledgeIndex
from knowledge.loaders import DEFAULT_MAX_BYTES, document_id, walk_files


def list_source(
    root: Path,
    tenant: str,
    collection: str,
    indexed: Sequence[tuple[str, str]],
    within: Path | None = None,
    exact: bool = False,
) -> list[dict[str, Any]]:
    """The run's manifest rows: every file of the source in order, then the documents of ``indexed``
    (the collection's documents of the run's own source: knowledge/index/sources.py) whose file is
    gone (their chunks are removed). What the walk could not read hides
    nothing: a document indexed at or under an entry it could not read (a folder it could not list:
    its mode, descriptors exhausted, a storage error) is not gone, only unread, and is kept; under a
    link the walk refuses (outside the root, a loop) it is gone, as the walk says what is there now. Deleted as gone,
    a folder unlistable for a moment emptied its part of the collection before the review its
    failure asked for, and a reject left it so (h7 s31 #2; the source folder itself: all of it)."""
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    unread: list[str] = []
    for item in walk_files(root, within, exact):  # within: a served run's folder (walk_files)
        if isinstance(item, DocumentError):
            rows.append(_row(len(rows), "error", item.source_path, None, "failed", client_reason(item, root)))
            if item.kind == "unreadable":  # not a link refused for where it points now: that is gone
                unread.append(item.source_path)
            continue
        path = Path(os.path.relpath(item, root)).as_posix()
        doc = document_id(tenant, collection, path)
        seen.add(doc)
        rows.append(_row(len(rows), "file", path, doc, None, None))
    for doc, path in indexed:
        if doc not in seen and not any(_within(path, entry) for entry in unread):
            rows.append(_row(len(rows), "delete", path, doc, None, None))
    return rows


def _within(path: str, entry: str) -> bool:
    """Whether source path ``path`` is the walk's entry ``entry`` or under it ("." is the source)."""
    return entry in (".", path) or path.startswith(entry.rstrip("/") + "/")


def _row(
    seq: int, kind: str, path: str, doc: str | None, outcome: str | None, reason: str | None
) -> dict[str, Any]:
    return {
        "seq": seq,
        "kind": kind,
        "path": path,
        "doc_id": doc,
        "outcome": outcome,
        "reason": reason,
    }


@dataclass
class Timings:
    load: float = 0.0
    embed_index: float = 0.0
    audit: float = 0.0


@dataclass
class BatchDone:
    counters: Counters
    last_document: str | None
    timings: Timings = field(default_factory=Timings)


def run_batch(
    store: BindsRuns,
    kb: TenantKnowledgeIndex,
    *,
    run_id: str,
    root: Path,
    collection: str,
    lo: int,
    hi: int,
    chunk_tokens: int,
    overlap_tokens: int,
    audit_rules: str | None,
    today: date,
    max_bytes: int = DEFAULT_MAX_BYTES,
    source: str | None = None,
    within: Path | None = None,
    rechunk: bool = False,
    replaces: Callable[[list[str]], None] | None = None,
    kept_rules: str | None = None,
) -> BatchDone:
    """Load, plan, record, embed and write one batch; ``source``: the run's record
    (knowledge/index/sources.py), which the write checks against the collection's and records; the
    chunk settings are recorded on the collection in the same write (where it keeps none, or
    whatever it keeps when ``rechunk``: knowledge/index/chunk_settings.py). ``replaces``: called with
    the batch's file paths under the collection's claim, before anything is written; it raises to
    refuse the batch (a member's upload replacing another user's document: graph/ingestion/upload_owner.py).
    ``kept_rules``: the text of the audit rules the collection keeps, for a run naming none
    (knowledge/index/collection_rules.py)."""
    chunking = (chunk_tokens, overlap_tokens, rechunk)
    tenant = kb.tenant_id
    runs = store.for_tenant(tenant)  # the index's tenant: the batch reads and writes only its rows
    timings = Timings()
    settings: dict[str, Any] = {
        "chunk_tokens": chunk_tokens, "overlap_tokens": overlap_tokens, "max_bytes": max_bytes,
        "audit_rules": audit_rules, "today": today, "within": within, "kept_rules": kept_rules,
    }  # fmt: skip
    rows = runs.batch(run_id, lo, hi)
    todo = [r for r in rows if r.outcome not in ("failed", "removed")]
    work = work_of(rows, tenant, run_id, root, collection, **settings)
    prepared = batches_ahead.prepared(work)
    timings.load, timings.audit = prepared.load_s, prepared.audit_s
    seqs, items = prepared.seqs, prepared.items

    # The collection's one writer from the plan to the write (graph.ingestion.claims): planned
    # while another run's batch wrote the same documents, both runs embedded and counted them.
    with claims.collection_claimed(runs, collection, run_id) as contended:
        started = time.perf_counter()  # after a wait for another run's batch: this batch's own time
        if replaces is not None:  # under the claim: no other run's batch writes these paths meanwhile
            replaces([r.source_path for r in todo if r.kind == "file"])
        # Held by the run until its review lets it through (knowledge/index/holds.py).
        plans = kb.prepare_upserts(items, source=source, hold=run_id, chunking=chunking)
        planned = [
            Planned(
                seq=seq,
                outcome="indexed" if (len(p.new_chunks) or p.chunks_removed) else "unchanged",
                reason=prepared.notes.get(seq),  # a page loaded as plain text past its CPU bound
                added=len(p.new_chunks),
                unchanged=len(p.chunks) - len(p.new_chunks),
                removed=p.chunks_removed,
                hits=p.cache_hits,
                embedded=len(p.to_embed),
            )
            for seq, p in zip(seqs, plans, strict=True)
        ]
        # Intent first: what each document will do, against the index as it was before this batch
        # (first write wins: a redo after a kill keeps it).
        runs.record(run_id, [*prepared.failed, *planned], prepared.audits)
        size = hi - lo
        next_rows = runs.batch(run_id, hi, hi + 2 * size)  # the next two batches, in one read
        following = [
            work_of(batch_rows, tenant, run_id, root, collection, **settings)
            for start in (hi, hi + size)
            if (batch_rows := [r for r in next_rows if start <= r.seq < start + size])
        ]
        batches_ahead.load_ahead(following)
        ahead = batches_ahead.embedded(kb, work)
        # The next batch's embedding is queued as soon as its files are loaded: before this batch's
        # vectors are in if it can (the model then goes straight from one batch to the next), else
        # right after them, else (loading slower than the model) after this batch's writes, which
        # then overlap the loading instead. Nothing is embedded ahead while another run writes the
        # collection (this batch waited for it): that run may index the next documents first.
        queued = (
            not following
            or contended
            or (ahead is not None and batches_ahead.embed_ahead(kb, following[0], until=ahead))
        )
        vectors = kb.embed_plans(plans, known=batches_ahead.vectors(kb, ahead))
        queued = queued or batches_ahead.embed_ahead(kb, following[0], until=batches_ahead.READY)
        kb.write_upserts(plans, vectors)
        # Written now, under the claim: the order a document's writers are read in (a redo too: H20-6).
        runs.written(run_id, [p.seq for p in planned if p.outcome == "indexed"])
        if not queued:
            batches_ahead.embed_ahead(kb, following[0])
        # A gone document's removal is recorded with its chunk count before its chunks are deleted
        # (first write wins): a batch redone after the delete (a kill, a retried connection) deletes
        # nothing more and keeps the count (h19 s37 H19-1: it recorded 0). The delete runs for a
        # recorded removal too: a batch stopped between the record and the delete finishes it.
        gone = [row for row in rows if row.kind == "delete" and row.outcome in (None, "removed")]
        planned_removals = [
            Planned(seq=row.seq, outcome="removed", removed=_chunks_of(kb, collection, row.doc_id or ""))
            for row in gone
            if row.outcome is None
        ]
        if planned_removals:
            runs.record(run_id, planned_removals, {})
        for row in gone:
            kb.delete_document(collection, row.doc_id or "")
    timings.embed_index = time.perf_counter() - started
    return BatchDone(
        counters=batch_counters(runs, run_id, lo, hi), last_document=_last(rows), timings=timings
    )


def _chunks_of(kb: TenantKnowledgeIndex, collection: str, doc_id: str) -> int:
    """How many chunks of the document ``doc_id`` the index holds (0: it holds none)."""
    try:
        return kb.remove_document(collection, doc_id, dry_run=True).chunks
    except DocumentNotFound:
        return 0


def _last(rows: Sequence[ManifestRow]) -> str | None:
    files = [r for r in rows if r.kind == "file"]
    return files[-1].source_path if files else None


def batch_counters(runs: TenantRunStore, run_id: str, lo: int, hi: int) -> Counters:
    """The batch's counters as recorded in the manifest (what the first attempt planned)."""
    c = Counters()
    for r in runs.sums(run_id, lo, hi):
        docs, outcome = int(r["docs"]), r["outcome"]
        c.documents_seen += docs if outcome != "removed" else 0
        c.documents_indexed += docs if outcome == "indexed" else 0
        c.documents_unchanged += docs if outcome == "unchanged" else 0
        c.documents_failed += docs if outcome == "failed" else 0
        c.documents_removed += docs if outcome == "removed" else 0
        c.chunks_added += int(r["added"] or 0)
        c.chunks_unchanged += int(r["unchanged"] or 0)
        c.chunks_removed += int(r["removed"] or 0)
        c.cache_hits += int(r["hits"] or 0)
        c.embedded += int(r["embedded"] or 0)
    return c
