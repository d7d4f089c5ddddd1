"""The work inside the nodes: list the source, then per batch load + chunk -> embed -> index.

A batch is the unit of redo: a run killed inside one does it again on resume. Everything it writes
is idempotent (index upserts by deterministic chunk ids), and what each document did is recorded
in the manifest before the index is written, first write wins, so a redone batch counts exactly
what an uninterrupted one would have.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from graph.ingestion import audit_step, claims
from graph.ingestion.errors import for_client
from graph.ingestion.state import Counters
from graph.ingestion.store import BindsRuns, TenantRunStore
from graph.ingestion.store_ops import ManifestRow, Planned
from knowledge.documents import DocumentError
from knowledge.index.catalog import DocumentNotFound
from knowledge.index.sync_index import TenantKnowledgeIndex
from knowledge.ingest import chunk_or_error
from knowledge.loaders import DEFAULT_MAX_BYTES, document_id, load_file, walk_files


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
            rows.append(_row(len(rows), "error", item.source_path, None, "failed", _reason(item, root)))
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


def _reason(error: DocumentError, root: Path) -> str:
    """A failed document's reason as the run's readers see it: paths relative to its source folder,
    no other server path (the loaders word theirs for the command line's operator)."""
    return for_client(f"{error.kind}: {error.reason}", str(root))


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


@dataclass(frozen=True)
class Work:
    """What loading one batch depends on: its files and the run's settings (a prefetch's key)."""

    tenant: str
    run_id: str
    root: Path
    collection: str
    files: tuple[tuple[int, str], ...]  # (seq, source path) of the batch's documents to (re)load
    chunk_tokens: int
    overlap_tokens: int
    max_bytes: int
    audit_rules: str | None
    today: date
    within: Path | None = None  # a served run's folder, resolved by the server (load_file's within)
    kept_rules: str | None = None  # the rules its collection keeps, for a run naming none (their text)
    # Each file as it is when the batch is planned (:func:`_stamps`): a look-ahead loaded before a
    # file changed or went is another key, never used (h19 s37 H19-7: a run paused and resumed in
    # the same server process indexed an edited file's old text and a deleted file).
    stamps: tuple[tuple[int, int, int] | None, ...] = ()


@dataclass
class Prepared:
    failed: list[Planned]
    items: list[Any]  # (Document, chunks) per loaded document
    seqs: list[int]
    audits: dict[int, str]
    load_s: float
    audit_s: float


def prepare(work: Work) -> Prepared:
    """Load + chunk + audit a batch's files: reads files only, no database (so it can run ahead)."""
    failed: list[Planned] = []
    items = []
    seqs: list[int] = []
    started = time.perf_counter()
    for seq, source_path in work.files:
        loaded = load_file(
            work.root / source_path,
            root=work.root,
            tenant_id=work.tenant,
            collection=work.collection,
            max_bytes=work.max_bytes,
            # A served run's folder (its tenant's), else the run's own folder as registered (the
            # command line registers it resolved): a link put in its place after discover is refused.
            within=work.within if work.within is not None else work.root,
            exact=work.within is None and work.root.is_absolute(),
        )
        ready = (
            loaded
            if isinstance(loaded, DocumentError)
            else chunk_or_error(loaded, max_tokens=work.chunk_tokens, overlap_tokens=work.overlap_tokens)
        )
        if isinstance(ready, DocumentError):
            failed.append(Planned(seq=seq, outcome="failed", reason=_reason(ready, work.root)))
            continue
        items.append(ready)
        seqs.append(seq)
    load_s = time.perf_counter() - started
    started = time.perf_counter()
    audits = {
        seq: audit_step.audit_document(
            document, work.audit_rules, work.today, within=work.within, recorded=work.kept_rules
        )
        for seq, (document, _chunks) in zip(seqs, items, strict=True)
    }
    return Prepared(failed, items, seqs, audits, load_s, time.perf_counter() - started)


# Two batches run ahead of the one being written, on helper threads, so the model is never idle:
# while batch k writes the index (SQLite's fsync, or PostgreSQL's HNSW inserts on the same cores),
# batch k+1 embeds and batch k+2 loads (parse + chunk + audit: files only). Batch k+1's model call
# may start while batch k's is still finishing: its batches queue behind k's in the model's own
# worker pool, so the cores stay busy at the end of each call too. The model and the databases
# release the GIL; the local model runs its batches side by side, one single-threaded run per core
# (knowledge/embedders/minilm.py), so a preempted run delays only itself.
# Nothing ahead is durable: batch k's checkpoint still follows its own writes, so a killed
# process redoes at most the batch in flight, and loads and embeds it again. A look-ahead whose
# files (their names, sizes, modification times and inodes: Work.stamps), settings or model differ
# is not used, and only the last few runs keep theirs (a run paused or failed between batches leaves
# its look-ahead behind; its resume loads again whatever changed meanwhile).
MAX_RUNS_AHEAD = 4
_ahead_lock = threading.Lock()
_loading: dict[Work, Future[Prepared]] = {}
# Vectors by text hash, with the name of the model that made them (a run resumed with another
# model does not use them).
_embedding: dict[Work, Future[tuple[str, dict[str, list[float]]]]] = {}
_loader: ThreadPoolExecutor | None = None
_embedder: ThreadPoolExecutor | None = None


_done: Future[None] = Future()
_done.set_result(None)


def _run_of(work: Work) -> tuple[str, str]:
    return work.tenant, work.run_id


def _tidy(ahead: dict[Work, Future[Any]], keep: Sequence[Work]) -> None:
    """Drop the look-ahead of ``keep``'s run other than ``keep``, and that of every run but the
    ``MAX_RUNS_AHEAD`` that added one last (a dict keeps insertion order)."""
    run = _run_of(keep[0])
    old = list(dict.fromkeys(_run_of(w) for w in reversed(ahead)))[MAX_RUNS_AHEAD:]
    for work in [w for w in ahead if (_run_of(w) == run and w not in keep) or _run_of(w) in old]:
        ahead.pop(work).cancel()


def _look_ahead(works: Sequence[Work]) -> None:
    """Load ``works`` (the next batches, in order) on the loader thread; drop the run's others."""
    global _loader
    if not works:
        return
    with _ahead_lock:
        if _loader is None:
            _loader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ingest-load")
        for work in works:
            if work not in _loading:
                _loading[work] = _loader.submit(prepare, work)
        _tidy(_loading, works)


def _prepared(work: Work) -> Prepared:
    with _ahead_lock:
        ahead = _loading.pop(work, None)
    return ahead.result() if ahead is not None else prepare(work)


def _embed_ahead(kb: TenantKnowledgeIndex, work: Work, *, until: Future[Any] | None = None) -> bool:
    """Start embedding ``work``'s batch once its files are loaded, waiting for them at most until
    ``until`` is done (no ``until``: as long as loading takes). It queues behind the model's
    current call, so the model goes from one batch to the next without waiting for this batch's
    writes. What it embeds is planned against the index as it is now, before this batch's writes:
    a superset of what the batch will need once they are in (its own plan, made then, decides and
    counts; a text it finds cached was embedded for nothing). Returns whether it started."""
    global _embedder
    with _ahead_lock:
        loading = _loading.get(work)
    if loading is None:  # nothing loads ahead: the batch embeds for itself
        return True
    if until is not None:
        wait([until, loading], return_when=FIRST_COMPLETED)
        if not loading.done():
            return False
    try:
        plans = kb.prepare_upserts(loading.result().items)
    except Exception:  # loading or planning that batch failed: its own node meets it, not this one
        return True
    with _ahead_lock:
        if _embedder is None:
            _embedder = ThreadPoolExecutor(max_workers=2, thread_name_prefix="ingest-embed")
        _embedding[work] = _embedder.submit(lambda: (kb.embedder_name, kb.embed_plans(plans)))
        _tidy(_embedding, [work])
    return True


def _embedded(kb: TenantKnowledgeIndex, work: Work) -> Future[tuple[str, dict[str, list[float]]]] | None:
    with _ahead_lock:
        return _embedding.pop(work, None)


def _vectors(
    kb: TenantKnowledgeIndex, ahead: Future[tuple[str, dict[str, list[float]]]] | None
) -> dict[str, list[float]]:
    """The vectors ``kb``'s model embedded ahead ({} if none, or if that failed: the batch embeds
    what it needs itself, and a failing model fails there, in the batch's node, with its retries)."""
    if ahead is None:
        return {}
    try:
        model, vectors = ahead.result()
    except Exception:  # the batch's own call reports it
        return {}
    return vectors if model == kb.embedder_name else {}


def _work(
    rows: Sequence[ManifestRow], tenant: str, run_id: str, root: Path, collection: str, **settings: Any
) -> Work:
    # A redone batch upserts its documents again (idempotent: by chunk id) but keeps the outcomes
    # its first attempt recorded; failed and removed ones are done.
    files = tuple(
        (r.seq, r.source_path) for r in rows if r.kind == "file" and r.outcome not in ("failed", "removed")
    )
    return Work(tenant, run_id, root, collection, files, **settings, stamps=_stamps(root, files))


def _stamps(root: Path, files: Sequence[tuple[int, str]]) -> tuple[tuple[int, int, int] | None, ...]:
    """Each file's (size, mtime_ns, inode), None for one that cannot be looked at (gone): a stat each."""

    def stamp(path: Path) -> tuple[int, int, int] | None:
        try:
            st = path.stat()
        except (OSError, ValueError):  # gone, unreadable, a name the system refuses: load_file says which
            return None
        return (st.st_size, st.st_mtime_ns, st.st_ino)

    return tuple(stamp(root / source_path) for _seq, source_path in files)


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
    work = _work(rows, tenant, run_id, root, collection, **settings)
    prepared = _prepared(work)
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
            _work(batch_rows, tenant, run_id, root, collection, **settings)
            for start in (hi, hi + size)
            if (batch_rows := [r for r in next_rows if start <= r.seq < start + size])
        ]
        _look_ahead(following)
        ahead = _embedded(kb, work)
        # The next batch's embedding is queued as soon as its files are loaded: before this batch's
        # vectors are in if it can (the model then goes straight from one batch to the next), else
        # right after them, else (loading slower than the model) after this batch's writes, which
        # then overlap the loading instead. Nothing is embedded ahead while another run writes the
        # collection (this batch waited for it): that run may index the next documents first.
        queued = (
            not following or contended or (ahead is not None and _embed_ahead(kb, following[0], until=ahead))
        )
        vectors = kb.embed_plans(plans, known=_vectors(kb, ahead))
        queued = queued or _embed_ahead(kb, following[0], until=_done)
        kb.write_upserts(plans, vectors)
        # Written now, under the claim: the order a document's writers are read in (a redo too: H20-6).
        runs.written(run_id, [p.seq for p in planned if p.outcome == "indexed"])
        if not queued:
            _embed_ahead(kb, following[0])
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
