"""A run whose checkpoints went says so in its documented line on langgraph dev too (h18 s37 H18-4).

docs/ingestion.md (Resuming) quotes ``run 'R' has no checkpoint left ...; start a new run id to ingest
again`` for every door. langgraph-api serializes a run's error with its message only for the built-in
errors it lists (``langgraph_api.serde.default``) and hid ours behind "An internal error occurred" in
a 200. The error is still the RunNotFound every other door catches."""

from __future__ import annotations

from langgraph_api.serde import default

from graph.ingestion.registration import RunNotFound, checkpoints_gone


def test_langgraph_dev_shows_a_gone_runs_line() -> None:
    gone = checkpoints_gone("r-1")
    assert isinstance(gone, RunNotFound)
    shown = default(gone)
    assert shown["message"] == str(gone), shown
    assert shown["message"].startswith("run 'r-1' has no checkpoint left"), shown
