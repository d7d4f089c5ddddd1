"""A rejection stopped between its checkpoint and its report is finished by the runs API (session 27
review of the ingestion change, finding 1).

A rejection commits ``cancelled`` in ``await_review``; ``record_decision`` then writes it into the
stored report. A run stopped between the two (a kill, or the server's own shutdown: its worker
breaks after the node that just committed) is ``cancelled`` with its decision still to report.
Before: the worker marked such a request done, ``POST /v1/runs/{id}/resume`` answered 409 "is
cancelled; there is nothing to resume", and every server served "Needs review" for good. Now the
request stays for the next worker and a resume is accepted: the report says the rejection once.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from runs_api_harness import ADMIN, env_for, serving, settle
from test_ingest_start_kill import RUN
from test_probe_s27b_review_kill import (
    TENANT,
    kill_in_stall,
    stall_report_write,
    waiting_run,
)

from graph.ingestion.resources import Resources
from server.runs.worker import RunWorker

REPORT = f"/v1/runs/{RUN}/report?format=markdown"


def test_a_rejection_killed_before_its_report_is_resumed_by_the_runs_api(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert TENANT == "acme"  # ADMIN is acme's admin
    db_url = waiting_run(tmp_path)
    stall_report_write(db_url.removeprefix("sqlite:///"))  # after the rejection's checkpoint
    kill_in_stall(db_url, tmp_path, "runs", "reject", RUN, "--tenant", TENANT, "--database-url", db_url)

    with serving(db_url, monkeypatch, env_for(tmp_path, None)) as client:
        assert client.get(f"/v1/runs/{RUN}", headers=ADMIN).json()["status"] == "cancelled"
        assert "Needs review" in client.get(REPORT, headers=ADMIN).text  # the decision is not in it yet
        answer = client.post(f"/v1/runs/{RUN}/resume", headers=ADMIN)
        assert answer.status_code == 202, answer.text
        assert settle(client, RUN, ADMIN)["status"] == "cancelled"
        report = client.get(REPORT, headers=ADMIN).text
        assert report.count("Review: rejected by") == 1 and "Needs review" not in report, report


def test_a_rejection_stopped_by_a_shutdown_keeps_its_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_url = waiting_run(tmp_path)
    env = env_for(tmp_path, None)
    with serving(db_url, monkeypatch, {**env, "KASSIST_RUN_WORKERS": "0"}) as client:  # queues only
        assert client.post(f"/v1/runs/{RUN}/reject", headers=ADMIN).status_code == 202
    # The worker a server runs, with its stop already set (the server shutting down): it carries
    # the rejection's node out, breaks after that checkpoint, and must leave the request queued.
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    try:
        worker = RunWorker(res, lease_s=5.0, poll_s=0.1, workers=1)
        job = next(j for j in worker.jobs.wanted_in_every_tenant(limit=10) if j.run_id == RUN)
        stop = threading.Event()
        stop.set()
        worker._run(job, stop)
    finally:
        res.close()
    with serving(db_url, monkeypatch, env) as client:  # the next server carries the request on
        view = settle(client, RUN, ADMIN)
        assert view["status"] == "cancelled", view
        report = client.get(REPORT, headers=ADMIN).text
        assert report.count("Review: rejected by") == 1 and "Needs review" not in report, report
