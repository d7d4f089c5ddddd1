"""Retention for ingestion runs: their manifest, idempotency ledger and registry row go with their
checkpoints (``kassist checkpoints prune``), and the documents they still hold out of search stay held
by no run (knowledge/index/holds.retire): the run id is free again, and a new run of that id
released a rejected run's documents (h12 s34 #9).

A run's rows are removed once it was created before the cutoff and its thread has no checkpoint
left (retention deleted it, or ``delete_thread`` did): so idempotency keys live at least as long as
the run's checkpoints, and a run that is still resumable keeps everything it needs.
"""

from __future__ import annotations

import time
from datetime import timedelta

from pydantic import BaseModel

from checkpointer import TenantCheckpointer
from graph.ingestion.store import RunStore


class SweptRun(BaseModel):
    tenant_id: str
    run_id: str


def sweep(
    saver: TenantCheckpointer,
    tenants: list[str] | None,
    older_than: timedelta,
    *,
    dry_run: bool = False,
    threads_deleted: frozenset[tuple[str, str]] = frozenset(),
    database_url: str,
) -> list[SweptRun]:
    """The runs whose rows go (``tenants`` None: every tenant); removed unless ``dry_run``.

    ``database_url`` is the saver's (the run store opens it: the same database object).
    ``threads_deleted`` are (tenant, thread) pairs a dry run of checkpoint retention would delete:
    their runs count as gone too.
    """
    store = RunStore.from_url(database_url)
    try:
        return _sweep(
            store, saver, tenants, older_than.total_seconds(), dry_run, threads_deleted, database_url
        )
    finally:
        store.close()


def _sweep(
    store: RunStore,
    saver: TenantCheckpointer,
    tenants: list[str] | None,
    older_than_s: float,
    dry_run: bool,
    threads_deleted: frozenset[tuple[str, str]],
    database_url: str,
) -> list[SweptRun]:
    store.setup()  # idempotent; a database never used for ingestion gets the (empty) tables
    cutoff = time.time() - older_than_s
    swept: list[SweptRun] = []
    for tenant in store.tenants() if tenants is None else tenants:
        view, runs = saver.for_tenant(tenant), store.for_tenant(tenant)
        for record in runs.runs():
            if record.created_at >= cutoff:
                continue
            gone = (tenant, record.run_id) in threads_deleted or view.get_tuple(
                {"configurable": {"thread_id": record.run_id, "checkpoint_ns": ""}}
            ) is None
            if gone:
                swept.append(SweptRun(tenant_id=tenant, run_id=record.run_id))
        if not dry_run:
            gone_here = [s.run_id for s in swept if s.tenant_id == tenant]
            if gone_here:  # before the records go: a failure leaves the run id taken, not free
                _retire_holds(database_url, tenant, gone_here)
            runs.prune_orphans(older_than_s)
    return swept


def _retire_holds(database_url: str, tenant: str, run_ids: list[str]) -> None:
    """Retire the holds of ``tenant``'s swept runs in the knowledge index beside them."""
    from knowledge.embedders import HashingEmbedder
    from knowledge.index import KnowledgeIndex

    # The hashing embedder loads no model: holds are rows, no vector is read or written.
    with KnowledgeIndex.from_url(database_url, embedder=HashingEmbedder()) as index:
        kb = index.for_tenant(tenant)
        for run_id in run_ids:
            kb.retire(run_id)
