"""A langgraph dev ingestion run a client paused is not left "running right now" to every other door
(h15 s35 H15-1, after 5783486).

Since 5783486 a run langgraph dev carries out holds the run's lease between its nodes and gives it up
only where its invocation stops *by a node* (failed, cancelled, needs_review, completed; the pause
node of max_steps): graph/ingestion/work.work_node keeps it whenever a node returns status
"running". A client's ``interrupt_after`` / ``interrupt_before`` (accepted for the ingestion graph,
docs/serving.md) stops the invocation after such a node: nothing runs the run any more, yet its
lease stays with langgraph dev's live process, unrenewed, until it runs out (LEASE_S, 120 s). For
those two minutes the runs API answers the owner's resume with 409 "run ... is running right now;
it needs no resume" (false: nobody runs it), ``kassist runs resume`` exits 7 "busy", the console
alike, and a second langgraph dev on the database (the owner's next request behind a load balancer)
ends the run's continuation with RunBusy. Before 5783486 the resume was taken at once.

Here the graph runs as langgraph dev runs it (an authenticated member's config, in process) with the
client's ``interrupt_after: ["discover"]``, then the runs API's door is asked. One SQLite file, no
worker started."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from review_support import ALICE, answered, dev_settings, member_config, served_pages

from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled
from server.runs.config import RunsConfig
from server.runs.service import RunsService

RUN = "01a24e83-a732-72b1-9942-e98bf1a21299"  # a langgraph dev run's id is its thread's (a UUID)


def test_a_run_a_client_paused_on_langgraph_dev_is_resumable_at_once(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = served_pages(tmp_path, monkeypatch, "ab")
    monkeypatch.setenv("KASSIST_LEASE_GRACE_MS", "300")
    settings = dev_settings(docs)
    out = _compiled(res, "acme").invoke(
        {"settings": settings}, member_config(res, RUN, "alice"), interrupt_after=["discover"]
    )
    assert out["status"] == "running"  # stopped by the client between two nodes, not by a node

    service = RunsService(res, RunsConfig.from_env(os.environ))  # the runs API's door (no worker)

    def resume() -> str:
        return answered(lambda: service.resume(ALICE, RUN, None, None))

    # Nobody carries the run out: the owner's resume is taken once the lease's grace between two nodes
    # has passed (KASSIST_LEASE_GRACE_MS, here 300 ms; the lead's decision on review s35 r1 F6), not
    # after LEASE_S (120 s) as at 5783486.
    deadline = time.monotonic() + 5
    answer = resume()
    while answer.startswith("409") and "is running right now" in answer and time.monotonic() < deadline:
        time.sleep(0.05)
        answer = resume()
    assert "is running right now" not in answer and not answer.startswith("409"), answer
