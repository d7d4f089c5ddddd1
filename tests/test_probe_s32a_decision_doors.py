"""The first decision on a review wins at every door, the LangGraph server's too (session 32 probes,
h9: /tmp/h9s32/findings.md #1).

A run id is a thread of both servers on one database, and the runs API (kassist serve) and the
console steer ``langgraph dev``'s ingestion runs. Their claim (``TenantJobStore.claim_first``) and
the command line's start (``start_decision``) exclude each other in the jobs table; langgraph dev's
``command.resume`` kept its own rule (its thread head, its in-process holds). So an admin's reject
the runs API accepted (202, queued behind busy workers) was overtaken by another admin's approve on
langgraph dev: the run completed "approved", notified and remembered, and the worker then found it
finished and marked the accepted reject done without a word (session 30 h5 #11 at the door session
31 left out).

The runs API's side runs in this process (``RunsService.decide``, what ``POST /v1/runs/<run>/reject``
calls) on the shared langgraph dev's database: no second server.

#6 (on 103e9f9, #1's fix): the door notes the decision's start (status running) and takes the run's
lease for 120 s; nothing notes the run's end, so the runs API listed a run langgraph dev decided and
completed as "running" (``?status=running`` included it) and as active while the lease ran out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from review_support import KEY_DOC
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)


def test_a_reject_the_runs_api_accepted_is_not_overtaken_by_langgraph_devs_approve(
    shared_dev_hashing: SharedServer, tmp_path: Path
) -> None:
    from graph.ingestion.resources import Resources
    from server.keys import Principal
    from server.runs.config import RunsConfig
    from server.runs.service import RunsService

    secret = shared_dev_hashing.corpus(ME.acme).parent / "secret"  # a run over it waits for review
    secret.mkdir(exist_ok=True)
    (secret / "deploy.md").write_text(KEY_DOC)
    admin = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.admin_key}, timeout=300)
    with admin:
        thread = str(admin.post("/threads", json={}).json()["thread_id"])
        settings = {"source": str(secret), "collection": "doors", "embedder": "hashing"}
        started = admin.post(
            f"/threads/{thread}/runs/wait",
            json={"assistant_id": "ingestion", "input": {"settings": settings}},
        )
        assert started.status_code == 200 and started.json()["status"] == "needs_review", started.text[:300]

        # The runs API's reject, as POST /v1/runs/<thread>/reject does it: accepted, queued.
        res = Resources.open(shared_dev_hashing.db_url, reports_dir=tmp_path / "reports")
        try:
            service = RunsService(res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up")}))
            olga = Principal(identity="olga", tenant_id=ME.acme, role="admin")
            accepted = service.decide(olga, thread, "reject", None)
            assert accepted.queued
        finally:
            res.close()

        approve = admin.post(
            f"/threads/{thread}/runs/wait",
            json={"assistant_id": "ingestion", "command": {"resume": {"decision": "approve"}}},
        )
        state: dict[str, Any] = admin.get(f"/threads/{thread}/state").json()["values"]
        assert not str(state.get("review", "")).startswith("approved"), (
            f"the runs API accepted olga's reject first; langgraph dev's approve answered "
            f"{approve.status_code} and the run is {state.get('status')}: {state.get('review')}"
        )
        assert approve.status_code == 409, approve.text[:300]


def test_a_run_langgraph_dev_decided_and_completed_is_listed_completed_and_idle(
    shared_dev_hashing: SharedServer, tmp_path: Path
) -> None:
    from graph.ingestion.resources import Resources
    from server.keys import Principal
    from server.runs.config import RunsConfig
    from server.runs.service import RunsService

    secret = shared_dev_hashing.corpus(ME.acme).parent / "secret"
    secret.mkdir(exist_ok=True)
    (secret / "deploy.md").write_text(KEY_DOC)
    admin = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.admin_key}, timeout=300)
    with admin:
        thread = str(admin.post("/threads", json={}).json()["thread_id"])
        settings = {"source": str(secret), "collection": "listed", "embedder": "hashing"}
        started = admin.post(
            f"/threads/{thread}/runs/wait",
            json={"assistant_id": "ingestion", "input": {"settings": settings}},
        )
        assert started.status_code == 200 and started.json()["status"] == "needs_review", started.text[:300]
        approved = admin.post(
            f"/threads/{thread}/runs/wait",
            json={"assistant_id": "ingestion", "command": {"resume": {"decision": "approve"}}},
        )
        assert approved.status_code == 200 and approved.json()["status"] == "completed", approved.text[:300]
    res = Resources.open(shared_dev_hashing.db_url, reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up")}))
        olga = Principal(identity="olga", tenant_id=ME.acme, role="admin")
        view = service.view(olga, thread)
        listed = {run.run_id: run for run in service.page(olga, None, 100, None).runs}[thread]
    finally:
        res.close()
    assert view.status == "completed"  # its own page reads the head
    assert (listed.status, listed.active, view.active) == ("completed", False, False), (
        f"GET /v1/runs lists the completed run as {listed.status!r} (active {listed.active}); "
        f"GET /v1/runs/<run> says active {view.active}"
    )
