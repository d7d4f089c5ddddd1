"""``GET /v1/runs`` reads a bounded number of runs per page (session 27 review, finding 3).

Session 27 made a member's page read on past the runs of another member's ``langgraph dev``
threads (each a checkpoint read) until it held ``limit`` runs the member reaches. Without a bound,
erin, who reaches none of alice's many runs, read the tenant's whole history on every request
(``limit=1``: 10,000 of alice's runs were 10,000 checkpoint reads). A page now reads at most
``PAGE_SCAN`` x ``limit`` runs (100 at least); past that it holds fewer runs and its cursor is the
last run read, so paging still returns every run the member reaches exactly once.

The runs service on a real SQLite database: the runs table and the checkpoints, as ``langgraph dev``
leaves them on a database it shares with ``kassist serve`` (its threads' checkpoints record the
owner)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.base import empty_checkpoint

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from kassist.tenancy import OWNER_KEY
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.service import RunsService

ERIN = Principal(identity="erin", tenant_id="acme")
ALICE = Principal(identity="alice", tenant_id="acme")
ALICES = 120  # more than a page of erin's may read (limit 1: at most 100 runs)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[RunsService]:
    root = tmp_path / "root"
    (root / "acme" / "files").mkdir(parents=True)
    env = {"KASSIST_INGEST_ROOT": str(root), "KASSIST_UPLOADS_DIR": str(tmp_path / "uploads")}
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", tmp_path / "reports")
    try:
        yield RunsService(res, RunsConfig.from_env(env))
    finally:
        res.close()


def _owned(service: RunsService, run: str, owner: str) -> None:
    """The head checkpoint of a ``langgraph dev`` ingestion thread: its run's metadata records the owner."""
    saver = service.res.saver.for_tenant("acme")
    config: Any = {"configurable": {"thread_id": run, "checkpoint_ns": ""}}
    metadata: Any = {"source": "input", "step": -1, "parents": {}, OWNER_KEY: owner, "graph_id": "ingestion"}
    saver.put(config, empty_checkpoint(), metadata, {})


def _request(collection: str) -> dict[str, Any]:
    return {"settings": {"source": "files", "collection": collection, "embedder": "hashing"}}


def test_a_runs_page_reads_a_bounded_number_of_runs_another_member_holds(service: RunsService) -> None:
    jobs = JobStore(service.res.runs).for_tenant("acme")
    assert jobs.create("erins", "files", "erins", _request("erins"))
    _owned(service, "erins", "erin")
    alices = [f"alice-{i:03d}" for i in range(ALICES)]  # newer than erin's
    for run in alices:
        assert jobs.create(run, "files", run, _request(run))
        _owned(service, run, "alice")
    first = service.page(ERIN, None, 1, None)
    # The bound: 100 of alice's runs read, none erin's; the cursor goes on from the last one read
    # (before, the page read on through all of alice's runs to reach erin's).
    assert first.runs == [] and first.next_cursor is not None, first
    seen: list[str] = []
    page, pages = first, 1
    while page.next_cursor is not None:
        page = service.page(ERIN, None, 1, page.next_cursor)
        seen += [r.run_id for r in page.runs]
        pages += 1
    assert seen == ["erins"] and pages == 2, (seen, pages)  # 100 runs read, then 20 and erin's
    # alice reaches her own runs: her pages hold limit runs each, every one exactly once.
    mine: list[str] = []
    cursor = None
    while True:
        own = service.page(ALICE, None, 50, cursor)
        assert len(own.runs) == 50 or own.next_cursor is None, own
        mine += [r.run_id for r in own.runs]
        cursor = own.next_cursor
        if cursor is None:
            break
    assert mine == alices[::-1], mine
