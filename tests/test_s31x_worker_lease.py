"""A run executed by kassist serve's worker has one heartbeat: the runner's, which every caller
gets (graph.ingestion.runner._lease_kept). Until session 31 the worker beat as well, so each beat
renewed one lease twice (on SQLite an fsync each) with two copies of the takeover logic (review s30
"effects" S1)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from runs_api_harness import small_corpus

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.store import TenantRunStore


def test_one_heartbeat_renews_a_served_runs_lease(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from server.runs.worker import RunWorker

    renewed_by: list[str] = []  # the threads that renewed the run's lease, in order
    real = TenantRunStore.renew_lease

    def counted(self: TenantRunStore, run: str, owner: str, seconds: float) -> bool:
        renewed_by.append(threading.current_thread().name)
        return real(self, run, owner, seconds)

    monkeypatch.setattr(TenantRunStore, "renew_lease", counted)  # counts, then renews for real
    root = small_corpus(tmp_path / "root")
    res = Resources.open(sqlite_url, reports_dir=tmp_path / "reports")
    worker = RunWorker(res, lease_s=0.3, poll_s=0.05, workers=1)  # a beat every 0.1 s
    try:
        jobs = JobStore(res.runs).for_tenant("acme")
        settings = {"source": str(root), "collection": "c", "embedder": "hashing", "batch_size": 2}
        assert jobs.create("r", str(root), "c", {"settings": settings, "by": "alice"})
        started = time.monotonic()
        worker.start()
        deadline = started + 120
        while jobs.get("r").wanted or worker.active():  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "the run did not finish"
            time.sleep(0.05)
        took = time.monotonic() - started
        job = jobs.get("r")
        assert job is not None and job.status == "completed" and job.claims == 1, job
    finally:
        worker.stop()
        res.close()
    beats = {name for name in renewed_by if not name.startswith("kassist-run-")}  # not between nodes
    assert took > 0.3 and len(beats) == 1, (took, sorted(set(renewed_by)))
