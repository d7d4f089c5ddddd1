"""Review s36 r1 F6 (of 2deef85, strict xfail): a run cancelled before its review lets into search the
documents another run took over from it - the review's "done outside the checkpoint" test reads "this
run holds nothing" as "its review released them".

graph/ingestion/effects._released (the lead's decision 8, H17-4): a run that needs no review, wrote
documents and holds none any more counts as past its review, so a cancel waits for the next node and
the review is "carried out again". But a run's documents also stop being its own when another run of
the same folder takes them over (knowledge/index/holds.py: unchanged content an earlier run still
holds goes to the later run, ``held_from`` keeping the earlier one, "whose approval still lets it in").
So: run A (no review needed) stops before its review (max_steps); run B of the same folder, with a
private key beside the page, takes A's page over and waits for an admin's review; the operator cancels
A. No kill anywhere, yet A's review node runs, releases what B took from it, and the page is found -
while A ended "cancelled" (docs/ingestion.md: a run cancelled before its review keeps its new
documents held) and B's review has not decided. Before 2deef85 the cancel stopped A at its review:
nothing found. The effect test needs the release's own trace (a run that released), not the absence
of holds.

In process, the runner (what ``kassist runs cancel`` continues), one SQLite file, hashing embedder."""

from __future__ import annotations

from pathlib import Path

from review_support import KEY_DOC, found

from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings

BEFORE_REVIEW = 4  # discover, one batch, audit, report: paused before the review


def test_a_run_cancelled_before_its_review_lets_nothing_in(res: Resources, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "policy.md").write_text("# Leave\n\nEvery zebracorn employee takes twenty-five days of leave.\n")
    folder = Settings(source=str(docs), collection="c", embedder="hashing")
    paused = execute(res, "acme", "A", settings=folder, max_steps=BEFORE_REVIEW).state
    assert paused.status == "paused" and paused.step_statuses.get("review") is None, paused.step_statuses
    assert found(res, "zebracorn") == []  # held by A until its review

    (docs / "deploy.md").write_text(KEY_DOC)  # B's audit finds the key: B waits for a review
    assert execute(res, "acme", "B", settings=folder).state.status == "needs_review"
    assert found(res, "zebracorn") == []  # taken over by B, still held

    assert res.runs.for_tenant("acme").request_cancel("A")  # kassist runs cancel A ...
    cancelled = execute(res, "acme", "A").state  # ... continues it to its cancel
    assert cancelled.status == "cancelled", cancelled.status
    assert found(res, "zebracorn") == [], cancelled.last_error  # A never reached its review; B's waits
