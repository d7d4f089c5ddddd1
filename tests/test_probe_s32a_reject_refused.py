"""A reject is carried out whatever the run's folder has become (session 32 probes, h9:
/tmp/h9s32/findings.md #8, on f7a25bb, #3's fix).

Since f7a25bb the runs API's worker checks a run's settings against the served-run rules before
every start (its folder swapped for a link out of the tenant's folder, a notify host no longer
listed): refused, the request is done with "run R was not started: ...". A review's reject is such a
start, and it reads no file and sends nothing (a rejected run goes from record_decision to its end):
an admin who found the run's folder now a link to another tenant's - the very case to stop it - had
the reject accepted (202), then "not started" with a line about keys ("a run acts with its
creator's current rights ... send it again with an active key"), the run still waiting for review;
every later reject the same. The run could not be stopped through the runs API.

kassist serve's process as it runs: ``RunsService`` with its worker on one SQLite file, the
environment's ingestion root; no HTTP (the routes call ``create`` and ``decide``)."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from review_support import KEY_DOC

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions, RunView
from server.runs.service import RunsService


def test_a_reject_is_carried_out_when_the_runs_folder_no_longer_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    (root / "acme" / "sub").mkdir(parents=True)
    (root / "acme" / "sub" / "deploy.md").write_text(KEY_DOC)  # a critical finding: it waits for review
    (root / "globex" / "files").mkdir(parents=True)
    (root / "globex" / "files" / "secret.md").write_text("# Globex\n\nGlobex's merger code name.\n")
    env = {
        "KASSIST_INGEST_ROOT": str(root),
        "KASSIST_UPLOADS_DIR": str(tmp_path / "up"),
        "KASSIST_RUN_WORKERS": "1",
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)  # the environment kassist serve's process runs in
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    service = RunsService(res, RunsConfig.from_env(os.environ))
    alice = Principal(identity="alice", tenant_id="acme", role="member")
    olga = Principal(identity="olga", tenant_id="acme", role="admin")

    def settled() -> RunView:  # until the worker is done with the request (carried out or refused)
        deadline = time.monotonic() + 60
        while (view := service.view(olga, "swapped")).queued or view.status == "running":
            assert time.monotonic() < deadline, view
            time.sleep(0.2)
        return view

    try:
        service.create(
            alice, CreateRun(path="sub", run_id="swapped", options=RunOptions(embedder="hashing")), None
        )
        service.start()
        assert settled().status == "needs_review"
        # The admin finds the run's folder is now a link to globex's folder, and rejects the run.
        shutil.rmtree(root / "acme" / "sub")
        os.symlink(root / "globex" / "files", root / "acme" / "sub")
        assert service.decide(olga, "swapped", "reject", None).queued
        view = settled()
    finally:
        service.stop()  # closes res
    assert view.status == "cancelled", (
        f"olga's reject was accepted (202) and the run is still {view.status}: {view.errors.worker_error}"
    )
