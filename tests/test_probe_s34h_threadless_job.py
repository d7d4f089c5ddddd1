"""h12 s34 #7: an ingestion run sent to langgraph dev without a thread (``POST /runs/wait``) is, once
done, a "pending" run of the whole tenant on the runs API: another member sees it and runs it again.

langgraph-api runs a threadless run on a temporary thread without a checkpointer (server/auth.py:
its durability is ``async``), so the ingestion run registers under that thread's id, completes and
leaves no checkpoint: no recorded owner (a langgraph dev run is its owner's: other members get 404
on the runs API and the console, docs/serving.md) and no state (the runs API reads "registered,
never checkpointed" as ``pending``). On a database both servers share, erin lists alice's finished
run as pending, reads it, and ``POST /v1/runs/<id>/resume`` runs the whole job again as hers: every
document read again, the notification sent again, the run's memory written again (seen on a real
``kassist serve`` beside a real ``langgraph dev``: 202, then ``completed``, 10 documents re-read).

The langgraph dev run on the shared langgraph dev (hashing embedder); the runs API's answers in
process (``RunsService`` on the server's database). A fix may refuse a job without a thread at the
door (then the test has nothing more to check)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.names import ApiError
from server.runs.service import RunsService

ME = file_tenants(__name__)


def test_a_threadless_ingestion_run_is_neither_pending_nor_another_members(
    shared_dev_hashing: SharedServer, tmp_path: Path
) -> None:
    corpus = shared_dev_hashing.corpus(ME.acme)
    alice = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=120)
    settings = {"source": str(corpus / "hr"), "collection": "threadless", "embedder": "hashing"}
    done = alice.post("/runs/wait", json={"assistant_id": "ingestion", "input": {"settings": settings}})
    if 400 <= done.status_code < 500:
        return  # refused at the door: a job needs a thread of its own
    assert done.status_code == 200 and done.json().get("status") == "completed", done.text[:300]
    run_id = done.json()["run_id"]

    env = {"KASSIST_INGEST_ROOT": str(corpus.parent.parent)}
    res = Resources.open(shared_dev_hashing.db_url, reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(env))
        erin = Principal(identity="erin", tenant_id=ME.acme)
        with pytest.raises(ApiError) as seen:
            service.view(erin, run_id)
        assert seen.value.status == 404, "another member reads alice's langgraph dev run"
        with pytest.raises(ApiError) as resumed:
            service.resume(erin, run_id, None, None)
        assert resumed.value.status in (404, 409), "another member queued alice's finished run again"
        mine = service.view(Principal(identity="alice", tenant_id=ME.acme), run_id)
        assert mine.status == "completed", f"alice's finished run reads {mine.status!r}"
    finally:
        res.close()
