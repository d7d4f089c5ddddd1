"""The next two batches of a run, loaded and embedded on helper threads while its current batch writes
(graph/ingestion/pipeline.run_batch asks for them and uses them)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

from graph.ingestion.batch_load import Prepared, Work, prepare
from kassist.pools import lasting_pool
from knowledge.index.sync_index import TenantKnowledgeIndex

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


READY: Future[None] = Future()
READY.set_result(None)


def _run_of(work: Work) -> tuple[str, str]:
    return work.tenant, work.run_id


def _tidy(ahead: dict[Work, Future[Any]], keep: Sequence[Work]) -> None:
    """Drop the look-ahead of ``keep``'s run other than ``keep``, and that of every run but the
    ``MAX_RUNS_AHEAD`` that added one last (a dict keeps insertion order)."""
    run = _run_of(keep[0])
    old = list(dict.fromkeys(_run_of(w) for w in reversed(ahead)))[MAX_RUNS_AHEAD:]
    for work in [w for w in ahead if (_run_of(w) == run and w not in keep) or _run_of(w) in old]:
        ahead.pop(work).cancel()


def load_ahead(works: Sequence[Work]) -> None:
    """Load ``works`` (the next batches, in order) on the loader thread; drop the run's others."""
    global _loader
    if not works:
        return
    with _ahead_lock:
        if _loader is None:
            _loader = lasting_pool(1, "ingest-load")
        for work in works:
            if work not in _loading:
                _loading[work] = _loader.submit(prepare, work)
        _tidy(_loading, works)


def prepared(work: Work) -> Prepared:
    """``work``'s batch: loaded ahead, or now on the caller's thread. The loader thread is one per
    process: a batch still queued there behind another run's slow page is loaded here instead of
    waited for, so a run on a worker of its own never waits for another tenant's page (h21 s38 H21-5)."""
    with _ahead_lock:
        ahead = _loading.pop(work, None)
    if ahead is None or ahead.cancel():  # cancel() succeeds only for a load that has not started
        return prepare(work)
    return ahead.result()


def embed_ahead(kb: TenantKnowledgeIndex, work: Work, *, until: Future[Any] | None = None) -> bool:
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
    if not (loading.running() or loading.done()):
        # Queued behind another run's load (one loader thread per process): waiting for it here held
        # this run up behind another tenant's slow page; its own node loads it when it comes (H21-5).
        return False
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
            _embedder = lasting_pool(2, "ingest-embed")
        _embedding[work] = _embedder.submit(lambda: (kb.embedder_name, kb.embed_plans(plans)))
        _tidy(_embedding, [work])
    return True


def embedded(kb: TenantKnowledgeIndex, work: Work) -> Future[tuple[str, dict[str, list[float]]]] | None:
    with _ahead_lock:
        return _embedding.pop(work, None)


def vectors(
    kb: TenantKnowledgeIndex, ahead: Future[tuple[str, dict[str, list[float]]]] | None
) -> dict[str, list[float]]:
    """The vectors ``kb``'s model embedded ahead ({} if none, or if that failed: the batch embeds
    what it needs itself, and a failing model fails there, in the batch's node, with its retries)."""
    if ahead is None or ahead.cancel():  # still queued behind other runs' batches: embed in place
        return {}
    try:
        model, vectors = ahead.result()
    except Exception:  # the batch's own call reports it
        return {}
    return vectors if model == kb.embedder_name else {}
