"""Review s36 r1 F2 (of x11's H17-2 fix d660c83, strict xfail): a completed run whose checkpoints went
(retention killed before its sweep, or a thread delete) is run again from nothing through langgraph dev.

H17-2 (tests/test_attack_s36k_prune_kill_resume.py): ``kassist runs resume`` started such a run fresh,
rewriting its stored audit report and superseding its summary memory with a re-run's counts. The fix
(graph/ingestion/runner._ran_before) is in the runner, which the command line, kassist serve's workers
and the console call; langgraph dev calls the graph's nodes itself, and its ``begin`` node takes the
registered settings of a run with no checkpoint as a first invocation: a client going on with the
thread (``POST /threads/{id}/runs``, input ``{}`` or the run's own settings; langgraph dev's thread
registry still holds the thread, kassist's prune removes only kassist's checkpoints) re-runs the
completed run: its report now says 0 indexed, 1 unchanged. The rule belongs where every door passes
(the graph's ``begin``), not in one executor.

The graph runs as langgraph dev runs it (an authenticated member's config); the prune's first half is
the saver's own ``retain`` (its committed checkpoint delete; the sweep, a later transaction, is what a
kill loses). One SQLite file, in process (~2 s of CPU)."""

from __future__ import annotations

import json
from contextlib import suppress
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from review_support import member_config, served_pages

from graph.ingestion.reports import read_report
from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled

RUN = "01a24e83-a732-72b1-9942-e98bf1a21361"


def indexed_in_report(res: Resources) -> int:
    stored = read_report(res.runs, "acme", RUN, "json")
    assert stored is not None
    return int(json.loads(stored)["counters"]["documents_indexed"])


def test_a_pruned_completed_run_is_not_run_again_through_langgraph_dev(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = served_pages(tmp_path, monkeypatch)
    settings = {"source": str(docs), "collection": "c", "embedder": "hashing"}
    graph = _compiled(res, "acme")
    first = graph.invoke({"settings": settings}, member_config(res, RUN, "alice"))
    assert first["status"] == "completed" and indexed_in_report(res) == 3

    # kassist checkpoints prune --strategy delete, killed after its checkpoint delete (before its sweep)
    later = datetime.now(UTC) + timedelta(days=1)
    gone = res.saver.retain(older_than=timedelta(hours=1), tenant_id="acme", strategy="delete", now=later)
    assert gone.threads_deleted == 1

    # The client goes on with the thread: refused (an error naming the run, as the runner's RunNotFound)
    # or ended at once, never ingested again - its report still says what it did.
    with suppress(Exception):
        graph.invoke({"settings": settings}, member_config(res, RUN, "alice"))
    assert indexed_in_report(res) == 3
