"""A decision langgraph dev is carrying out holds its review until its checkpoint is written (session
32 probes, h9: /tmp/h9s32/findings.md #9, on cfe25c6, #5's fix).

Since cfe25c6 a decision sent to langgraph dev takes the first-decision rule in the review's node
(``await_review``: ``start_decision``, status ``running``), and nobody holds the run's lease: the run
is carried on by langgraph-api's worker, not kassist's runner. The runs API's decide judges a
``running`` review by its lease (``waiting_again``: no owner is a carrier gone), so a reject sent
between the node's statement and its checkpoint reopened the review, was accepted (202, queued) -
and the node's checkpoint then committed the approve: the run completed approved, the reject stayed
queued for a worker to find the run finished and mark it done without a word (#1 in a narrower
window).

The moment is made exact with LangChain's callbacks (the graph's own config, nothing of ours
replaced): when the ``await_review`` task ends - its writes not yet checkpointed - the runs API's
reject is sent (``RunsService.decide``, what ``POST /v1/runs/<run>/reject`` calls). The graph is
resumed as langgraph dev does (tests/test_s32x_decision_doors.py's way). One SQLite file, ~5 s CPU."""

from __future__ import annotations

from pathlib import Path

from langgraph.types import Command
from review_support import AtNodeEnd, key_docs, wait_for_review

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources, bind
from graph.ingestion.runner import _compiled, config_for
from server.keys import Principal
from server.resume_rules import take_decision
from server.runs.config import RunsConfig
from server.runs.service import RunsService

TENANT, RUN = "acme", "window"
SERVED = {"decision": "approve", "by": "olga", "at": "2026-12-06 19:05 UTC"}  # langgraph dev's shape


def test_a_reject_sent_while_langgraph_devs_approve_is_being_written_is_not_overtaken(
    sqlite_url: str, tmp_path: Path
) -> None:
    docs = key_docs(tmp_path)  # a critical finding: the run waits for a person
    res = Resources.open(sqlite_url, reports_dir=tmp_path / "reports")
    try:
        wait_for_review(res, docs, TENANT, RUN)
        service = RunsService(res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up")}))
        bob = Principal(identity="bob", tenant_id=TENANT, role="admin")
        hook = AtNodeEnd(
            "await_review", lambda: f"202 queued={service.decide(bob, RUN, 'reject', None).queued}"
        )
        assert take_decision(res, TENANT, RUN) is None  # langgraph dev's door: olga's approve goes on
        config = bind(config_for(TENANT, RUN), res)
        config["callbacks"] = [hook]
        _compiled(res, TENANT).invoke(Command(resume=SERVED), config)
        assert hook.answers, "the await_review task's end was not seen"
        review = str(_compiled(res, TENANT).get_state(config_for(TENANT, RUN)).values.get("review", ""))
        job = JobStore(res.runs).for_tenant(TENANT).get(RUN)
        assert job is not None
        assert not (review.startswith("approved") and job.wanted and job.decision), (
            f"the runs API answered {hook.answers[0]!r} while olga's approve was being written; the run "
            f"is {review[:40]!r} and bob's reject stays queued ({job.decision}): one of the two is never "
            "carried out, nobody told"
        )
    finally:
        res.close()
