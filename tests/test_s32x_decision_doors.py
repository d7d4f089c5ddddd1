"""The first decision on a review wins at langgraph dev's door too (h9 s32 #1, #5; session 31's
"left": ``command.resume`` kept its own rule, its thread head and its in-process holds).

langgraph dev carries a decision out by resuming the graph itself: no runner notes the decision's
start (``start_decision``), so an admin's approve there overtook a reject the runs API had accepted
first and queued. Now the review's node, ``await_review``, takes that statement as the decision starts
(the runner's decisions pass it again), and a refused decision leaves the run waiting again at a new
interrupt (raised, the node's task kept the refused resume and every later resume got it back: the
queued reject could never be carried out); langgraph dev's door (server/resume_rules.check_decision)
looks first (``take_decision``) and answers 409 with the same line. Here the door is called as
check_decision calls it and the graph resumed as langgraph dev does (the compiled graph on the server's
checkpointer, the server's decision shape); the runs API's side is its claim (``claim_decision``, what
``POST /v1/runs/<run>/reject`` takes). h9's tests/test_probe_s32a_decision_doors.py drives the real door.

- a claim first: the door refuses with the claim's one line (``decision_taken``), the run still waits;
- a claim made after the door looked (the door passed): the node refuses, the run waits again with the
  line as its last error, and the queued reject is carried out as the worker does it;
- langgraph dev's decision carried out first: the API's claim is refused;
- the door and a claim at the same moment from two threads, three times: exactly one decision is
  taken (the claim refused and the run approved, or the claim queued and the run still waiting).
One SQLite file (the statements are the same on both backends: test_s31x_first_decision), ~6 s CPU."""

from __future__ import annotations

import threading
from pathlib import Path

from langgraph.types import Command
from review_support import KEY_DOC
from test_s31x_first_decision import REJECT, TENANT, _waiting

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources, bind
from graph.ingestion.runner import _compiled, config_for, execute
from server.resume_rules import take_decision

SERVED = {"decision": "approve", "by": "olga", "at": "2026-12-06 18:30 UTC"}  # langgraph dev's shape


def _resume(res: Resources, run: str) -> None:
    """langgraph dev's run of a decision: the graph on the tenant's checkpointer, the admin's decision."""
    _compiled(res, TENANT).invoke(Command(resume=SERVED), bind(config_for(TENANT, run), res))


def test_langgraph_devs_resume_follows_the_first_decision_rule(sqlite_url: str, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run waits for a person
    res = Resources.open(sqlite_url, reports_dir=tmp_path / "reports")
    try:
        jobs = JobStore(res.runs).for_tenant(TENANT)
        graph = _compiled(res, TENANT)

        _waiting(res, docs, "queued")
        assert take_decision(res, TENANT, "queued") is None  # the door looked: nothing queued yet
        seq = jobs.claim_decision("queued", "alice", REJECT)  # then the API's claim
        assert seq is not None
        refused = take_decision(res, TENANT, "queued")  # a door looking now refuses
        assert refused is not None and refused.startswith(
            "run 'queued' has a decision already (reject by alice"
        )
        assert "\n" not in refused
        _resume(res, "queued")  # the run the first door passed: refused by its node
        state = graph.get_state(config_for(TENANT, "queued"))
        assert state.interrupts, state.values  # waiting again for its review
        assert state.values["status"] == "needs_review" and state.values["last_error"] == refused, (
            state.values
        )
        final = execute(res, TENANT, "queued", resume=REJECT, on_finish=lambda _: jobs.done("queued", seq))
        assert final.state.status == "cancelled" and "rejected by alice" in str(final.state.review)

        # A listing writes no review open: a run noted running whose head still waits (a carrier
        # between its statement and its checkpoint) stays running (review s32 r1 #2: it was noted
        # needs_review by any GET /v1/runs, and the API then accepted a second decision).
        from server.keys import Principal
        from server.runs.config import RunsConfig
        from server.runs.service import RunsService

        _waiting(res, docs, "listed")
        jobs.start_decision("listed", SERVED)
        service = RunsService(res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up")}))
        listed = {
            r.run_id: r.status
            for r in service.page(
                Principal(identity="bob", tenant_id=TENANT, role="admin"), None, 100, None
            ).runs
        }
        assert listed["listed"] == "running", listed
        job = jobs.get("listed")
        assert job is not None and job.status == "running"

        _waiting(res, docs, "served")
        assert take_decision(res, TENANT, "served") is None
        _resume(res, "served")
        assert jobs.claim_decision("served", "alice", REJECT) is None  # the API's claim: 409
        state = graph.get_state(config_for(TENANT, "served"))
        assert str(state.values.get("review", "")).startswith("approved by olga"), state.values

        for round_ in range(3):
            run = f"race-{round_}"
            _waiting(res, docs, run)
            claims: list[int | None] = []
            go = threading.Barrier(2)

            def claim(run: str = run, claims: list[int | None] = claims, go: threading.Barrier = go) -> None:
                go.wait()
                claims.append(jobs.claim_decision(run, "alice", REJECT))

            def decide(run: str = run, go: threading.Barrier = go) -> None:
                go.wait()
                if take_decision(res, TENANT, run) is None:
                    _resume(res, run)

            threads = [threading.Thread(target=claim), threading.Thread(target=decide)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(120)
            assert len(claims) == 1, claims
            state = graph.get_state(config_for(TENANT, run))
            approved = str(state.values.get("review", "")).startswith("approved by olga")
            if claims[0] is None:  # langgraph dev's decision came first: the claim refused, the run approved
                assert approved, state.values
            else:  # the claim came first: the run still waits, for the reject queued
                assert not approved and state.interrupts, state.values
    finally:
        res.close()
