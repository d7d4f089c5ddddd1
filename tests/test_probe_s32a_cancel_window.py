"""A cancel accepted while a run enters its review stops the run, not the approve given later (session
32 probes, h9: /tmp/h9s32/findings.md #10; #2's door-less twin).

The runs API (and the console) accept a cancel of a running run ("it stops at its next node
boundary") and refuse one of a run waiting for review. A cancel checked while the ``review`` node
runs (its state still ``running``) is written after the node's own cancel check: the run then waits
for review with the cancel flag set - ``await_review``'s interrupt does not look at it - and the
approve an admin gives later is carried out as far as the notify step, where the flag ends the run
"cancelled before the notify step": the member's accepted cancel did not stop the run, and the
admin's accepted approve was not carried out.

The moment is made exact with LangChain's callbacks (the graph's own config, nothing of ours
replaced): when the ``review`` task ends - its writes not yet checkpointed - the runs API's cancel is
sent (``RunsService.cancel``, what ``POST /v1/runs/<run>/cancel`` calls). The graph runs as
langgraph dev runs it. One SQLite file, ~5 s CPU."""

from __future__ import annotations

from pathlib import Path

from review_support import KEY_DOC, AtNodeEnd

from graph.ingestion.resources import Resources, bind
from graph.ingestion.runner import _compiled, config_for, execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.service import RunsService

TENANT, RUN = "acme", "entering"


def test_a_cancel_accepted_as_the_run_enters_its_review_stops_the_run(
    sqlite_url: str, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run stops at its review
    res = Resources.open(sqlite_url, reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up")}))
        alice = Principal(identity="alice", tenant_id=TENANT, role="member")
        hook = AtNodeEnd("review", lambda: f"202 status={service.cancel(alice, RUN, None).status}")
        config = bind(config_for(TENANT, RUN), res)
        config["callbacks"] = [hook]
        settings = Settings(source=str(docs), collection="c", embedder="hashing")
        _compiled(res, TENANT).invoke({"settings": settings.model_dump()}, config)
        assert hook.answers, "the review task's end was not seen"
        state = _compiled(res, TENANT).get_state(config_for(TENANT, RUN))
        if not hook.answers[0].startswith("202") or state.values.get("status") == "cancelled":
            return  # refused, or the run stopped as the cancel asked: either is a rule
        # The run waits for review; an admin approves it (as kassist runs approve / a worker does).
        final = execute(res, TENANT, RUN, resume={"decision": "approve", "by": "olga"}).state
        assert final.status == "completed", (
            f"alice's cancel was accepted ({hook.answers[0]}), the run then waited for review, and olga's "
            f"approve ended it {final.status}: {final.last_error}"
        )
    finally:
        res.close()
