"""One tenant's backlog holds every worker while another tenant's run waits (session 36 attack, h16 H3).

``kassist serve``'s workers take wanted runs of every tenant oldest request first
(``JobStore.wanted_in_every_tenant``: ``jobs_wanted`` ``ORDER BY updated_at``, at most 100 rows).
Session 35 (h14 H7) bounded the runs a user (100) and a tenant (1,000) may have waiting, but not the
order: acme's members may queue 1,000 runs, and globex's one run, sent a second later, starts only
when all of them have been carried out (each an ingestion run: seconds to minutes). The 100-row
window makes it worse on a busy server: globex's run is not even looked at while acme holds the 100
oldest requests. langgraph dev has the same one-queue order (its own runtime, not ours).

Expected (DECISION?: the policy): a worker with room starts the oldest run of a tenant that has
none running before a tenant's second one (round-robin across tenants). Here: two workers, acme's two
runs queued first, globex's one after; the first poll should start one of acme's and globex's.
The runs API's service in process, its worker's ``poll_once``, one SQLite file, three one-page runs.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from review_support import ALICE, tenant_folders

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService

BOB = Principal(identity="bob", tenant_id="globex", role="member")


def test_a_free_worker_starts_the_tenant_with_nothing_running_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, acme, globex = tenant_folders(tmp_path)
    for folder in (acme, globex):
        (folder / "a.md").write_text("# A\n\nPage a of the office handbook.\n")
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    monkeypatch.setenv("KASSIST_RUN_WORKERS", "2")
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    service = RunsService(res, RunsConfig.from_env(os.environ))  # not started: polled by hand
    options = RunOptions(embedder="hashing")
    try:
        for run in ("acme-1", "acme-2"):
            service.create(ALICE, CreateRun(path="docs", collection="c", run_id=run, options=options), None)
        time.sleep(0.01)  # globex's request is the newest
        service.create(BOB, CreateRun(path="docs", collection="c", run_id="globex-1", options=options), None)
        started = service.worker.poll_once()
        deadline = time.monotonic() + 60
        while service.worker.active():
            assert time.monotonic() < deadline, "the worker did not finish its runs"
            time.sleep(0.05)
        assert ("globex", "globex-1") in started, (
            f"two workers free, globex's run waits behind acme's whole backlog: started {started}"
        )
    finally:
        service.worker.stop()
        res.close()
