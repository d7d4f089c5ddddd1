"""h12 s34 #12 (#7's second door): a member's langgraph dev ingestion run whose thread its owner
deleted is, on the runs API of the same database, an owner-less run of the whole tenant: another
member reads it and resumes it, a rejected run included, which then runs again under its id.

``DELETE /threads/{id}`` removes the thread's checkpoints (where the run's owner is recorded), not the
run's registry row. The runs API then finds a registered run without a checkpoint: the tenant's
(thread_owner.reaches_run reads the owner from the checkpoints), "running" or "pending", resumable
from its registered settings. Seen on a real langgraph dev + kassist serve (one SQLite file): alice's
rejected run, thread deleted; erin's ``POST /v1/runs/<id>/resume`` -> 202, the job ran again and waits
for a review again under the rejected run's id (an approval would now let in what was rejected).

In process: the member's run as langgraph dev runs it (review_support.member_config), the admin's
reject as ``kassist runs reject``, the thread's deletion as langgraph dev's saver does it
(``delete_thread`` of the tenant's saver), the runs API's answers from ``RunsService``."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import KEY_DOC, member_config

from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled, execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.names import ApiError
from server.runs.service import RunsService

RUN = "01a24df3-f57d-76c9-a997-b3753b55617d"  # langgraph dev's thread id is the run id


def test_a_deleted_threads_run_is_not_another_members_nor_resumable(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    docs = root / "acme" / "docs"
    docs.mkdir(parents=True)
    (docs / "policy.md").write_text("# Leave\n\nEvery walrusfox employee takes ninety days of leave.\n")
    (docs / "deploy.md").write_text(KEY_DOC)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    settings = Settings(source=str(docs), collection="c", embedder="hashing")
    final = _compiled(res, "acme").invoke(
        {"settings": settings.model_dump()}, member_config(res, RUN, "alice")
    )
    assert final["status"] == "needs_review", final.get("last_error")
    assert execute(res, "acme", RUN, resume={"decision": "reject", "by": "olga"}).state.status == "cancelled"
    res.saver.for_tenant("acme").delete_thread(RUN)  # alice's DELETE /threads/{id}

    service = RunsService(res, RunsConfig.from_env({"KASSIST_INGEST_ROOT": str(root)}))
    erin = Principal(identity="erin", tenant_id="acme")
    with pytest.raises(ApiError) as seen:
        service.view(erin, RUN)
    assert seen.value.status == 404, "another member reads alice's langgraph dev run"
    alice = Principal(identity="alice", tenant_id="acme")
    with pytest.raises(ApiError) as resumed:
        service.resume(alice, RUN, None, None)
    assert resumed.value.status in (404, 409), "a rejected run was queued to run again"
