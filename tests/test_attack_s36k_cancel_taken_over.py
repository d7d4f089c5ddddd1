"""A cancelled run whose held documents another run took over is not let into search by its own
review (h17 s36, of the lead's decision 8 fix 2deef85 for H17-4).

2deef85 (graph/ingestion/effects.py) counts the review step as done for a cancel when its effect is
out: "it needs none, wrote some, and holds none any more" - read as: no document of the collection is
held by this run. But a run's held documents also leave it when another run of the same folder takes
them over (docs/ingestion.md: an unchanged document an earlier run still holds is written held by the
later run, which then waits for a review). So run R, paused before its review, whose documents run S
took over, is not cancelled at its review: the node runs, and its release lets in R's documents and
"those another run took over from it since" - S's, while S waits for an admin - and R is cancelled a
node later. The cancel of a run before its review let its documents in (before 2deef85 they stayed
held, as docs/ingestion.md's table says a run cancelled before its review keeps them).

In process (the runner), then ``kassist runs cancel`` and ``kassist kb search``; SQLite, ~4 s of CPU."""

from __future__ import annotations

import json
from pathlib import Path

from ingest_harness import kassist

TENANT = "acme"
BEFORE_REVIEW = 4  # begin, discover, one batch, audit, report: paused before review


def test_a_run_cancelled_before_its_review_does_not_let_in_documents_another_run_took_over(
    tmp_path: Path,
) -> None:
    from graph.ingestion import resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "salaries.md").write_text("# Salaries\n\nThe zebracorn bonus is paid in March.\n")
    db_url = f"sqlite:///{tmp_path / 'kb.db'}"
    settings = Settings(source=str(docs), collection="c", embedder="hashing")
    with resources.installed(resources.Resources.open(db_url)) as res:
        first = execute(res, TENANT, "r", settings=settings, max_steps=BEFORE_REVIEW).state
        assert first.status == "paused" and "review" not in first.step_statuses
        second = execute(res, TENANT, "s", settings=settings)  # the same folder again: takes R's hold
        assert second.started == "needs_review", second.state.status

    search = ["kb", "search", "zebracorn", "--tenant", TENANT, "--collection", "c", "--mode", "keyword"]
    before = kassist(*search, "--database-url", db_url, "--json", cwd=tmp_path)
    assert before.returncode == 0 and json.loads(before.stdout) == [], before.stdout  # held by S now

    cancel = kassist(
        "runs", "cancel", "r", "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path
    )
    assert cancel.returncode == 6, cancel.stdout + cancel.stderr  # R is cancelled
    after = kassist(*search, "--database-url", db_url, "--json", cwd=tmp_path)
    # R was cancelled before its review and S waits for an admin: the document stays out of search.
    assert json.loads(after.stdout) == [], json.loads(cancel.stdout).get("last_error")
