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
from typing import Any
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler

from graph.ingestion.resources import Resources, bind
from graph.ingestion.runner import _compiled, config_for, execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.names import ApiError
from server.runs.service import RunsService

TENANT, RUN = "acme", "entering"
KEY_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)


class AtReviewEnd(BaseCallbackHandler):
    """Sends the runs API's cancel once, when the ``review`` task's run ends (before the superstep's
    checkpoint); keeps what the API answered."""

    def __init__(self, service: RunsService) -> None:
        self.service = service
        self.review_tasks: set[UUID] = set()
        self.answers: list[str] = []

    def on_chain_start(
        self,
        serialized: dict[str, Any] | None,
        inputs: Any,
        *,
        run_id: UUID,
        tags: list[str] | None = None,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        task = any(tag.startswith("graph:step") for tag in tags or [])
        if task and (metadata or {}).get("langgraph_node") == "review":
            self.review_tasks.add(run_id)

    def on_chain_end(self, outputs: Any, *, run_id: UUID, **kwargs: Any) -> None:
        if run_id not in self.review_tasks or self.answers:
            return
        alice = Principal(identity="alice", tenant_id=TENANT, role="member")
        try:
            self.answers.append(f"202 status={self.service.cancel(alice, RUN, None).status}")
        except ApiError as refused:
            self.answers.append(f"{refused.status} {refused.detail}")


def test_a_cancel_accepted_as_the_run_enters_its_review_stops_the_run(
    sqlite_url: str, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run stops at its review
    res = Resources.open(sqlite_url, reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up")}))
        hook = AtReviewEnd(service)
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
