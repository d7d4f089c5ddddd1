"""langgraph dev's decision holds its review until it is carried out, not for a fixed time (session 32
probes, h9: /tmp/h9s32/findings.md #5, on the fix of #1, 103e9f9).

langgraph dev's door now takes the first-decision rule for a ``command.resume`` when the request
arrives (``server.resume_rules.take_decision``: the run's lease for the server's process, then
``start_decision``) and leaves the lease to run out after ``LEASE_S`` (120 s). The run that carries
the decision out is queued on langgraph dev's job workers (10 slots): behind long runs it starts
later than that. Once the lease ran out the runs API judges the decision's carrier gone, opens the
review again and queues its own reject (202); then langgraph dev's run starts and approves: the
accepted reject is overtaken, as before #1's fix, only later.

Here the door is called as check_decision calls it, the 120 s of a busy server pass on the lease as
the database holds it (its ``lease_until`` moved back by LEASE_S: the product reads the wall clock),
the runs API's reject is ``RunsService.decide`` (what ``POST /v1/runs/<run>/reject`` calls), and the
queued run resumes the graph as langgraph dev does (tests/test_s32x_decision_doors.py's way). One
SQLite file, ~4 s CPU."""

from __future__ import annotations

from pathlib import Path

from langgraph.types import Command
from raw_sql import raw_changed
from review_support import key_docs, wait_for_review

from graph.ingestion.resources import Resources, bind
from graph.ingestion.runner import LEASE_S, _compiled, config_for
from server.keys import Principal
from server.resume_rules import take_decision
from server.runs.config import RunsConfig
from server.runs.names import ApiError
from server.runs.service import RunsService

TENANT, RUN = "acme", "late"
SERVED = {"decision": "approve", "by": "olga", "at": "2026-12-06 18:50 UTC"}  # langgraph dev's shape


def test_a_decision_langgraph_dev_took_is_not_decided_again_while_its_run_waits_for_a_slot(
    sqlite_url: str, tmp_path: Path
) -> None:
    docs = key_docs(tmp_path)  # a critical finding: the run waits for a person
    res = Resources.open(sqlite_url, reports_dir=tmp_path / "reports")
    try:
        wait_for_review(res, docs, TENANT, RUN)
        assert take_decision(res, TENANT, RUN) is None  # langgraph dev's door: olga's approve taken, queued
        # langgraph dev's job slots are busy for LEASE_S (other tenants' long runs): time passes.
        moved = raw_changed(
            sqlite_url,
            "UPDATE kassist_ingest_runs SET lease_until = lease_until - %s WHERE tenant_id = %s AND run_id = %s",
            (LEASE_S + 1, TENANT, RUN),
        )
        assert moved == 1
        service = RunsService(res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up")}))
        bob = Principal(identity="bob", tenant_id=TENANT, role="admin")
        try:
            accepted = service.decide(bob, RUN, "reject", None).queued
        except ApiError as refused:
            assert refused.status == 409, refused
            accepted = False
        # langgraph dev's queued run gets its slot and resumes the graph with the approve.
        _compiled(res, TENANT).invoke(Command(resume=SERVED), bind(config_for(TENANT, RUN), res))
        review = str(_compiled(res, TENANT).get_state(config_for(TENANT, RUN)).values.get("review", ""))
        assert not (accepted and review.startswith("approved")), (
            f"the runs API accepted bob's reject (202, queued) after langgraph dev's door had taken "
            f"olga's approve, and the run ended {review[:60]!r}: one of the two decisions was never "
            "carried out and nobody was told"
        )
    finally:
        res.close()
