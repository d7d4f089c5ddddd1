"""A resume a key sent is not carried out once that key is revoked (session 33 probes, h11:
/tmp/h11/findings.md #6).

docs/serving.md: "What a revoked key sent earlier and has not started yet does not start either: a
delayed run, a run queued behind a busy thread or busy workers". The runs API's worker checks the
requester's key before it starts a request (``RunWorker._requester_refusal``), but skips the check
for any run that has a checkpoint ("started already (a run taken over half-way)"): a member's
``POST /v1/runs/<run>/resume`` of her paused run, queued behind busy workers, is carried out after an
admin revoked her key - the run reads the tenant's folder, indexes, notifies and remembers. On
``langgraph dev`` the same resume (a run with input ``{}`` on the run's thread) is refused when it
starts (server/run_creator.firing_refusal).

kassist serve's app in process (TestClient, no worker of its own), a managed key in the key store, and
a ``RunWorker`` of the server's kind carrying the requests out. One SQLite file, ~10 s."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from runs_api_harness import env_for

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from server.key_store import open_key_store
from server.keys import KeyResolver, KeyTable
from server.runs.worker import RunWorker


def test_a_resume_queued_by_a_key_revoked_meanwhile_is_not_carried_out(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from server.langserve_app import create_app

    root = tmp_path / "root"
    (root / "acme" / "hr").mkdir(parents=True)
    for i in range(8):  # four batches of two: the run pauses after its first
        (root / "acme" / "hr" / f"policy-{i}.md").write_text(
            f"# Policy {i}\n\nFile form {i} within a week.\n"
        )
    keys = KeyResolver(KeyTable(keys={}), open_key_store(sqlite_url))
    store = keys.store()
    assert store is not None
    token, dora = store.for_tenant("acme").create("dora", "member")
    for name, value in env_for(tmp_path, root, KASSIST_RUN_WORKERS="0").items():
        monkeypatch.setenv(name, value)
    res = Resources.open(sqlite_url, reports_dir=tmp_path / "reports")
    worker = RunWorker(res, lease_s=5.0, poll_s=0.05, workers=1, keys=keys)

    def carry_out() -> None:  # what a server's worker does with the queued requests
        worker.poll_once()
        deadline = time.monotonic() + 60
        while worker.active():
            assert time.monotonic() < deadline, "the worker did not finish"
            time.sleep(0.05)

    headers = {"x-api-key": token}
    options = {"embedder": "hashing", "batch_size": 2, "max_steps": 4}
    try:
        with TestClient(create_app(sqlite_url, KeyTable(keys={}))) as client:
            body = {"path": "hr", "run_id": "p", "options": options}
            assert client.post("/v1/runs", json=body, headers=headers).status_code == 201
            carry_out()
            assert client.get("/v1/runs/p", headers=headers).json()["status"] == "paused"
            assert client.post("/v1/runs/p/resume", json={}, headers=headers).status_code == 202
        assert store.for_tenant("acme").revoke(dora.prefix)  # before a worker takes the resume
        carry_out()
        job = JobStore(res.runs).for_tenant("acme").get("p")
        assert job is not None
        assert job.status == "paused" and job.error is not None and "revoked" in job.error, (
            f"dora's resume, sent before her key was revoked, was carried out after: status "
            f"{job.status}, error {job.error}"
        )
    finally:
        worker.stop()
        res.close()
