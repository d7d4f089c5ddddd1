"""``POST /v1/runs/{id}/cancel`` answered 503 "this request was not carried out" has not cancelled the
run (h22 s38; H22-11's pattern at the runs API's door).

``RunsService.cancel`` records the cancel on the run (``request_cancel``, one commit), then queues a
request so that a worker stops it (``request``, another). When the second meets a busy SQLite (another
writer past the busy timeout) or a restarting PostgreSQL, the client is answered 503 with
kassist/db/told.py's words for it, "the database is busy right now ...; this request was not carried
out: try again in a few seconds" - but the cancel is recorded. A client that believes it and goes on
(resumes the paused run, or leaves it to its owner's resume) finds the run "cancelled before the
ingest step": the cancel it was told had not been carried out.

The runs API's service in process (as tests/test_attack_s37k_upload_before_place.py), SQLite with a
half-second busy timeout; another connection takes the write lock right after the real
``request_cancel`` commits and keeps it 2 s. ~8 s."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from graph.ingestion.store import TenantRunStore
from kassist.db.shared import open_database, release
from kassist.dburl import DatabaseUnavailable
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.service import RunsService

ADA = Principal(identity="ada", tenant_id="acme", role="admin")


def test_a_cancel_answered_not_carried_out_has_not_cancelled_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kassist.db"
    url = f"sqlite:///{path}"
    root = tmp_path / "root"
    docs = root / "acme" / "docs"
    docs.mkdir(parents=True)
    for i in range(4):
        (docs / f"p{i}.md").write_text(f"# Policy {i}\n\nEmployees file form {i} within {i + 2} days.\n")
    shared = open_database(url, busy_timeout_s=0.5)  # the process's database object: a short busy wait
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    env = {"KASSIST_INGEST_ROOT": str(root), "KASSIST_UPLOADS_DIR": str(tmp_path / "up")}
    service = RunsService(res, RunsConfig.from_env(env))
    holder = sqlite3.connect(path, timeout=0, check_same_thread=False)
    freed = threading.Event()
    recorded = TenantRunStore.request_cancel

    def cancel_then_another_writer(self: TenantRunStore, run: str) -> bool:
        done = recorded(self, run)
        holder.execute("BEGIN EXCLUSIVE")  # another writer for 2 s, right after the commit

        def free() -> None:
            holder.rollback()
            freed.set()

        threading.Timer(2.0, free).start()
        return done

    try:
        settings = Settings(source=str(docs), collection="c", embedder="hashing", batch_size=1)
        assert execute(res, "acme", "r1", settings=settings, max_steps=2).state.status == "paused"
        monkeypatch.setattr(TenantRunStore, "request_cancel", cancel_then_another_writer)
        try:
            service.cancel(ADA, "r1", None)
            told_not_carried_out = False
        except DatabaseUnavailable:  # the client's 503: "this request was not carried out"
            told_not_carried_out = True
        monkeypatch.setattr(TenantRunStore, "request_cancel", recorded)
        assert freed.wait(30)
        if told_not_carried_out:  # so the client goes on with its run
            service.resume(ADA, "r1", None, None)
        service.worker.poll_once()
        deadline = time.monotonic() + 60
        while service.worker.active():
            assert time.monotonic() < deadline, "the worker did not carry the run out"
            time.sleep(0.05)
        status = service.view(ADA, "r1").status
    finally:
        service.worker.stop()
        res.close()
        release(shared)
        holder.close()
    # Told "not carried out": the run goes on (completed, or waiting for its review); else cancelled.
    assert (status != "cancelled") if told_not_carried_out else (status == "cancelled"), status
