"""The first decision on a review wins by one atomic statement at every door (review s30 "effects"
B4 (b)), and a decision's carrier killed before its decision committed blocks no door.

``kassist runs approve|reject`` looked at the jobs table, then started ~2 s later (the graph's
imports and compilation): a reject the runs API accepted in between was overtaken, the run completed
approved, and the worker then marked the reject done without a word. Now the runner's start of a
decision is a conditional update (``start_decision``) that the API's and the console's claim exclude
(``on_start``, the runner's own callback at the start, is where that moment is). And a command line
killed while carrying a decision out left the run's status ``running`` while the run still waited
for its review: the API refused every decision as "has a decision already" until someone resumed it
from the command line."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from review_support import KEY_DOC, wait_for_review

from graph.ingestion.jobs import DecisionTaken, JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.store_ops import new_holder

TENANT = "acme"
REJECT = {"decision": "reject", "by": "alice"}
APPROVE = {"decision": "approve", "by": "operator", "at": "2026-12-06 15:00 UTC"}  # the CLI's shape


def _waiting(res: Resources, docs: Path, run: str) -> None:
    wait_for_review(res, docs, TENANT, run)


def _dead_holder() -> str:
    """The lease holder a killed process leaves: this host, a pid no process has any more."""
    child = subprocess.run(["sh", "-c", "echo $$"], capture_output=True, check=True)
    return f"{new_holder().split(':')[0]}:{int(child.stdout)}:0.deadbeef"


def test_a_decision_claimed_while_the_command_line_starts_is_not_overtaken(
    db_url: str, tmp_path: Path
) -> None:
    from server.keys import Principal
    from server.runs.config import RunsConfig
    from server.runs.names import ApiError
    from server.runs.service import RunsService

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run waits for a person
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    try:
        jobs = JobStore(res.runs).for_tenant(TENANT)
        _waiting(res, docs, "window")
        claimed: list[Any] = []

        def api_claims(_: object) -> None:  # the runs API's reject, accepted at the command's start
            claimed.append(jobs.claim_decision("window", "alice", REJECT))

        with pytest.raises(DecisionTaken) as refused:
            execute(res, TENANT, "window", resume=APPROVE, on_start=api_claims)
        assert claimed[0] is not None  # the API's claim was accepted: it came first
        message = str(refused.value)
        assert message.startswith("run 'window' has a decision already (reject by alice")
        assert len(message.splitlines()) == 1
        job = jobs.get("window")
        assert job is not None and job.decision == REJECT and job.wanted  # queued for a worker
        # The queued reject is carried out as the worker does it: the run ends rejected.
        final = execute(
            res, TENANT, "window", resume=REJECT, on_finish=lambda _: jobs.done("window", claimed[0])
        )
        assert final.state.status == "cancelled" and "alice" in str(final.state.review)

        # A carrier of a decision that is alive keeps the review decided; a killed one does not.
        service = RunsService(res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up")}))
        admin = Principal(identity="bob", tenant_id=TENANT, role="admin")
        runs = res.runs.for_tenant(TENANT)
        _waiting(res, docs, "killed")
        live = new_holder()
        assert runs.take_lease("killed", live, 60, lambda _: True) is None
        jobs.start_decision("killed", APPROVE)  # what the carrier's start noted: running
        with pytest.raises(ApiError) as busy:
            service.decide(admin, "killed", "reject", None)
        assert busy.value.status == 409 and "has a decision already;" in str(busy.value)
        runs.release_lease("killed", live)
        dead = _dead_holder()
        assert runs.take_lease("killed", dead, 60, lambda _: True) is None  # killed holding the lease
        accepted = service.decide(admin, "killed", "reject", None)
        assert accepted.run_id == "killed"
        job = jobs.get("killed")
        assert job is not None and job.decision == {"decision": "reject", "by": "bob"} and job.wanted

        # A carrier judged gone by its lease's time (stopped, suspended, its database away) that is
        # alive after all: its lease is released with the judgement, so its next renewal fails and it
        # stops (lost() sets stop) instead of carrying its approve out past the queued reject.
        _waiting(res, docs, "stale")
        late = new_holder()
        assert runs.take_lease("stale", late, -1, lambda _: True) is None  # its time ran out
        jobs.start_decision("stale", APPROVE)
        assert service.decide(admin, "stale", "reject", None).run_id == "stale"
        assert not runs.renew_lease("stale", late, 60)
        record = runs.get("stale")
        assert record is not None and record.owner is None
    finally:
        res.close()
