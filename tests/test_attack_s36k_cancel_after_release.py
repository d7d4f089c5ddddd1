"""A run killed after its review step let its documents into search, before that step's checkpoint,
then cancelled, does not leave a cancelled run's documents found (h17 s36).

docs/ingestion.md ("Held out of search until the review"): a run "cancelled before its review" keeps
its new documents held, not found. The review step of a run whose audit wants no review lets them
in (``knowledge/index/holds.release``, its own transaction) and its checkpoint commits after. A run
killed in between (SIGKILL, OOM, a restart) keeps the head before its review; ``kassist runs cancel``
takes it (nothing announced, nothing waiting), the re-run review node sees the flag first and the run
ends "cancelled before the review step" - with every document it indexed found by search and the
assistant. Cancel is what an operator does to a run of the wrong folder.

The child is held in the window by the database: triggers stall the step's writes and checkpoint once the
collection holds no held document (a long cross join, as tests/test_ingest_start_kill.py does), and
it is killed there. SQLite, three child processes, ~4 s of CPU."""

from __future__ import annotations

import json
import signal
from pathlib import Path

from ingest_harness import kassist, spawn
from sqlite_stall import before_checkpoint, counted, kill_in_window, stalled

TENANT, RUN = "acme", "wrong-folder"
BEFORE_REVIEW = 4  # begin, discover, one batch, audit, report: paused before review
STALL = "kassist_test_stall_released"


def test_a_run_killed_after_its_review_released_its_documents_then_cancelled_keeps_them_held(
    tmp_path: Path,
) -> None:
    from graph.ingestion import resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "salaries.md").write_text("# Salaries\n\nThe zebracorn bonus is paid in March.\n")
    path = tmp_path / "kb.db"
    db_url = f"sqlite:///{path}"
    with resources.installed(resources.Resources.open(db_url)) as res:
        settings = Settings(source=str(docs), collection="c", embedder="hashing")
        paused = execute(res, TENANT, RUN, settings=settings, max_steps=BEFORE_REVIEW).state
        assert paused.status == "paused" and "review" not in paused.step_statuses, paused.step_statuses
    search = ["kb", "search", "zebracorn", "--tenant", TENANT, "--collection", "c", "--mode", "keyword"]
    before = kassist(*search, "--database-url", db_url, "--json", cwd=tmp_path)
    assert before.returncode == 0 and json.loads(before.stdout) == [], before.stdout + before.stderr  # held

    held = "NOT EXISTS (SELECT 1 FROM kassist_kb_documents WHERE held_by IS NOT NULL)"
    with stalled(path, STALL, *before_checkpoint(held)):  # the review's checkpoint, once released
        child = spawn("runs", "resume", RUN, "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
        none_held = counted(
            "SELECT count(*) FROM kassist_kb_documents WHERE held_by IS NOT NULL", want=lambda n: n == 0
        )
        out, err, released = kill_in_window(child, path, none_held)
    assert child.returncode == -signal.SIGKILL, out + err  # killed in the window, not finished
    assert released

    cancel = kassist(
        "runs", "cancel", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path
    )
    after = kassist(*search, "--database-url", db_url, "--json", cwd=tmp_path)
    assert after.returncode == 0, after.stdout + after.stderr
    # The lead's decision 8 (x11): the review's release is out, so its step counts as done and the
    # cancel applies at the next node - the outcome of a cancel sent after the review's checkpoint
    # (docs/ingestion.md: "approved, or needing no review: found from that step on"), never
    # "cancelled before the review step" with the documents found.
    assert cancel.returncode == 6, cancel.stdout + cancel.stderr
    assert "cancelled before the notify step" in cancel.stdout + cancel.stderr, cancel.stdout
    assert "before the review step" not in cancel.stdout + cancel.stderr, cancel.stdout
    assert json.loads(after.stdout) != [], after.stdout  # found, as after the review's checkpoint
