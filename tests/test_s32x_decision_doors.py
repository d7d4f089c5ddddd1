"""The first decision on a review wins at langgraph dev's door too (h9 s32 #1; session 31's "left":
``command.resume`` kept its own rule, its thread head and its in-process holds).

langgraph dev carries a decision out by resuming the graph itself: no runner takes the run's lease or
notes the decision's start (``start_decision``), so an admin's approve there overtook a reject the runs
API had accepted first and queued. Its door (server/resume_rules.check_decision) now takes the same
rule (``take_decision``: the lease, then ``start_decision``) before the run is queued. Here the door is
called as check_decision calls it, then the graph is resumed as langgraph dev does (the compiled graph
on the server's checkpointer, the server's decision shape); the runs API's side is its claim
(``claim_decision``, what ``POST /v1/runs/<run>/reject`` takes). h9's
tests/test_probe_s32a_decision_doors.py drives the real langgraph dev door.

- a claim first: the door refuses with the claim's one line (``decision_taken``), the run still waits,
  and the queued reject is carried out as the worker does it;
- a decision taken at the door first: the API's claim and the command line's decision are refused;
- the door and a claim at the same moment from two threads, three times: exactly one is taken (the
  claim refused and the run approved, or the door refused and the claim queued).
One SQLite file (the statements are the same on both backends: test_s31x_first_decision), ~5 s CPU."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from langgraph.types import Command

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources, bind
from graph.ingestion.runner import RunBusy, _compiled, config_for, execute
from graph.ingestion.state import Settings
from server.resume_rules import take_decision

TENANT = "acme"
REJECT = {"decision": "reject", "by": "alice"}
SERVED = {"decision": "approve", "by": "olga", "at": "2026-12-06 18:30 UTC"}  # langgraph dev's shape
KEY_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)


def _waiting(res: Resources, docs: Path, run: str) -> None:
    settings = Settings(source=str(docs), collection="c", embedder="hashing")
    assert execute(res, TENANT, run, settings=settings).started == "needs_review"


def _served_resume(res: Resources, run: str) -> str | None:
    """langgraph dev's decision on ``run``: its door's refusal, or None and the graph resumed (on the
    tenant's checkpointer, with the admin's decision)."""
    refused = take_decision(res, TENANT, run)
    if refused is None:
        _compiled(res, TENANT).invoke(Command(resume=SERVED), bind(config_for(TENANT, run), res))
    return refused


def test_langgraph_devs_resume_follows_the_first_decision_rule(sqlite_url: str, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run waits for a person
    res = Resources.open(sqlite_url, reports_dir=tmp_path / "reports")
    try:
        jobs = JobStore(res.runs).for_tenant(TENANT)
        graph = _compiled(res, TENANT)

        _waiting(res, docs, "queued")
        seq = jobs.claim_decision("queued", "alice", REJECT)
        assert seq is not None
        refused = _served_resume(res, "queued")
        assert refused is not None, "langgraph dev's approve overtook the reject the runs API accepted first"
        assert refused.startswith("run 'queued' has a decision already (reject by alice"), refused
        assert "\n" not in refused
        assert graph.get_state(config_for(TENANT, "queued")).interrupts  # still waiting for its review
        final = execute(res, TENANT, "queued", resume=REJECT, on_finish=lambda _: jobs.done("queued", seq))
        assert final.state.status == "cancelled" and "rejected by alice" in str(final.state.review)

        _waiting(res, docs, "served")
        assert _served_resume(res, "served") is None
        assert jobs.claim_decision("served", "alice", REJECT) is None  # the API's claim: 409
        with pytest.raises(RunBusy):  # kassist runs reject: the run is being carried on by the door's holder
            execute(res, TENANT, "served", resume=REJECT)
        state = graph.get_state(config_for(TENANT, "served"))
        assert str(state.values.get("review", "")).startswith("approved by olga"), state.values

        for round_ in range(3):
            run = f"race-{round_}"
            _waiting(res, docs, run)
            claims: list[int | None] = []
            resumed: list[str | None] = []
            go = threading.Barrier(2)

            def claim(run: str = run, claims: list[int | None] = claims, go: threading.Barrier = go) -> None:
                go.wait()
                claims.append(jobs.claim_decision(run, "alice", REJECT))

            def resume(
                run: str = run, resumed: list[str | None] = resumed, go: threading.Barrier = go
            ) -> None:
                go.wait()
                resumed.append(_served_resume(res, run))

            threads = [threading.Thread(target=claim), threading.Thread(target=resume)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(120)
            assert len(claims) == 1 and len(resumed) == 1, (claims, resumed)
            state = graph.get_state(config_for(TENANT, run))
            if resumed[0] is None:  # the resume came first: the claim refused, the run approved
                assert claims[0] is None, (run, claims)
                assert str(state.values.get("review", "")).startswith("approved by olga"), state.values
            else:  # the claim came first: the door refused, the run still waits for the reject
                assert claims[0] is not None, (run, resumed)
                assert str(resumed[0]).startswith(f"run '{run}' has a decision already"), resumed
                assert state.interrupts, state.values
    finally:
        res.close()
