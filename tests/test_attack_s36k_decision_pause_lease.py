"""A langgraph dev review decision whose invocation stops before ``record_decision`` does not leave the
run "running right now" to every other door for two minutes (h17 s36; H15-1's rule, on the decision's
path).

Since h9 s32 #9 the decision's carrier holds the run's lease from ``await_review`` (which takes it for
langgraph dev's process, LEASE_S, 120 s) to ``record_decision`` (which releases it). Neither is a work
node, so neither the grace after a node that lets the run go on (77e1ec3, KASSIST_LEASE_GRACE_MS) nor
x11's finally (d66f467) applies. An invocation that stops between the two - the client's
``interrupt_before: ["record_decision"]`` / ``interrupt_after: ["await_review"]``, a cancel of the run
while it carries the decision, a recursion limit - leaves the lease with langgraph dev's live process,
unrenewed, for LEASE_S: the runs API answers the owner's resume 409 "run ... is running right now",
``kassist runs resume`` exits 7 "busy", and the approved run's documents stay out of search until the
two minutes pass. The decision is committed (await_review's checkpoint): nobody carries the run out.

Here the graph runs as langgraph dev runs it (authenticated configs, in process): a member's run
waits for its review, an admin's approval stops before ``record_decision``, then the runs API's door is
asked. One SQLite file, no worker, ~2 s of CPU."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from langgraph.types import Command
from review_support import ALICE, KEY_DOC, member_config

from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled
from server.runs.config import RunsConfig
from server.runs.names import ApiError
from server.runs.service import RunsService

RUN = "01a24e83-a732-72b1-9942-e98bf1a21298"  # a langgraph dev run's id is its thread's (a UUID)


def test_a_decision_stopped_before_record_decision_leaves_the_run_resumable_after_the_grace(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    docs = root / "acme" / "docs"
    docs.mkdir(parents=True)
    (docs / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run waits for a review
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    monkeypatch.setenv("KASSIST_LEASE_GRACE_MS", "300")
    graph = _compiled(res, "acme")
    settings = {"source": str(docs), "collection": "c", "embedder": "hashing"}
    member = member_config(res, RUN, "alice")
    graph.invoke({"settings": settings}, member)
    assert graph.get_state(member).interrupts  # waiting for a review

    admin = member_config(res, RUN, "olga")
    admin["configurable"]["langgraph_auth_user"]["role"] = "admin"
    graph.invoke(Command(resume={"decision": "approve"}), admin, interrupt_before=["record_decision"])
    snapshot = graph.get_state(admin)
    assert snapshot.next == ("record_decision",) and snapshot.values["status"] == "running"

    service = RunsService(res, RunsConfig.from_env(os.environ))  # the runs API's door (no worker)

    def resume() -> str:
        try:
            return str(service.resume(ALICE, RUN, None, None))
        except ApiError as refused:
            return f"{refused.status} {refused.detail}"

    # Nobody carries the run out: its owner's resume is taken once a grace has passed, as after a
    # client's pause between two work nodes (tests/test_attack_s35k_client_pause_lease.py).
    deadline = time.monotonic() + 5
    answer = resume()
    while "is running right now" in answer and time.monotonic() < deadline:
        time.sleep(0.05)
        answer = resume()
    assert "is running right now" not in answer, answer
