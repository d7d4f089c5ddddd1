"""An admin's run whose first invocation was lost keeps the admin's right to re-chunk when a member
resumes it (h19 s37; "a kill in the first instant of a run must not make its resume forget its
settings").

A collection keeps its chunk settings; a member's run with others is refused at the door, an admin's
re-chunks it (knowledge/index/chunk_settings.py). Which one a run is, is "decided by the run's first
invocation: a member's resume of an admin's run is the admin's" (graph/ingestion/nodes.discover,
review s34 r1 L3) - by its discover node, from what the worker passes (``rechunk``). The runs API's
worker passes whether the request's requester holds an admin key *now*, and the requester is the
last one: a resume overwrites it (kassist_ingest_jobs.requested_by; R2-1's root). An admin's run
whose first invocation never reached discover's checkpoint (kassist serve killed after accepting it,
or in its first node) and that a member resumes - runs API runs are every member's of the tenant to
steer, and a run stuck "pending" after a restart is what a resume is for - starts as the member's:
the admin's accepted chunk settings are refused, ``failed discover: collection 'hb' is chunked at
256/32 ...``.

The runs API's service in process with the harness's keys (alice an admin, maria a member of acme):
the admin's run accepted and never begun (its first instant lost to a kill), the member's resume,
then the service's worker (``poll_once``). SQLite, a few seconds."""

from __future__ import annotations

import time
from pathlib import Path

from runs_api_harness import KEYS

from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import KeyResolver, Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService

ALICE = Principal(identity="alice", tenant_id="acme", role="admin")
MARIA = Principal(identity="maria", tenant_id="acme", role="member")


def test_a_members_resume_of_an_admins_unbegun_run_keeps_the_admins_chunking(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'kassist.db'}"
    root = tmp_path / "root"
    docs = root / "acme" / "docs"
    docs.mkdir(parents=True)
    (docs / "leave.md").write_text("# Leave\n\n" + "Every employee takes twenty-five days of leave. " * 40)
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    env = {
        "KASSIST_INGEST_ROOT": str(root),
        "KASSIST_UPLOADS_DIR": str(tmp_path / "up"),
        "KASSIST_RUN_WORKERS": "1",
    }
    service = RunsService(res, RunsConfig.from_env(env), KeyResolver(KEYS))
    try:
        folder = Settings(source=str(docs), collection="hb", embedder="hashing")
        assert execute(res, "acme", "r1", settings=folder).state.status == "completed"  # hb keeps 256/32
        options = RunOptions(embedder="hashing", chunk_tokens=64, overlap_tokens=0)
        service.create(ALICE, CreateRun(path="docs", collection="hb", run_id="a2", options=options), None)
        # ... the server is killed before its worker began the run; a member resumes the stuck run.
        service.resume(MARIA, "a2", None, None)
        assert service.worker.poll_once() == [("acme", "a2")]
        deadline = time.monotonic() + 60
        while service.worker.active():
            assert time.monotonic() < deadline, "the worker did not carry the run out"
            time.sleep(0.05)
        view = service.view(ALICE, "a2")
    finally:
        service.worker.stop()
        res.close()
    assert view.status == "completed", view.model_dump()["errors"]
