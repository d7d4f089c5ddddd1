"""A run without a notify URL killed after its remember step wrote "completed" into memory, before that
step's checkpoint, does not end "cancelled" while its memory says it completed (h17 s36).

``AgentRunState.announced`` (and since 1a4f59f ``notify.announced``) makes every door refuse a cancel
once the run told its receiver it completed. A run without ``--notify-url`` has nobody to tell: its
notify step is "skipped", never "done", so a cancel is taken up to its last step. The remember step
writes the run's summary memory with status "completed" (and notes "completed" for the runs API)
before its checkpoint; a run killed in between (SIGKILL, OOM, a restart), then ``kassist runs cancel``:
the re-run remember node sees the flag first and the run ends "cancelled before the remember step",
while the tenant's memory - what the assistant tells every user about the run - says it completed,
for good (no step will write it again). Its documents were let into search at its review.

Held in the window by the database: triggers stall the step's writes and checkpoint once the run's summary
memory says "completed" (a long cross join, as tests/test_ingest_start_kill.py does). SQLite, three
child processes, ~4 s of CPU."""

from __future__ import annotations

import json
import signal
from pathlib import Path

from ingest_harness import kassist, spawn
from sqlite_stall import before_checkpoint, counted, kill_in_window, stalled

TENANT, RUN = "acme", "quiet"
BEFORE_REMEMBER = 6  # begin, discover, one batch, audit, report, review, notify (skipped): paused
STALL = "kassist_test_stall_remembered"
REMEMBERED = (
    "SELECT count(*) FROM kassist_mem_memories WHERE key = 'ingestion_run:quiet' AND status = 'active' "
    'AND value LIKE \'%"status":"completed"%\''
)


def test_a_run_killed_after_remembering_it_completed_is_not_cancelled_against_its_memory(
    tmp_path: Path,
) -> None:
    from graph.ingestion import resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    path = tmp_path / "kb.db"
    db_url = f"sqlite:///{path}"
    with resources.installed(resources.Resources.open(db_url)) as res:
        settings = Settings(source=str(docs), collection="c", embedder="hashing")
        paused = execute(res, TENANT, RUN, settings=settings, max_steps=BEFORE_REMEMBER).state
        assert paused.status == "paused" and paused.step_statuses.get("notify") == "skipped", paused
        assert "remember" not in paused.step_statuses

    with stalled(path, STALL, *before_checkpoint(f"({REMEMBERED}) > 0")):  # remember's checkpoint
        child = spawn("runs", "resume", RUN, "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
        out, err, remembered = kill_in_window(child, path, counted(REMEMBERED))
    assert child.returncode == -signal.SIGKILL, out + err  # killed in the window, not finished
    assert remembered

    cancel = kassist(
        "runs", "cancel", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path
    )
    shown = kassist("runs", "show", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path)
    status = json.loads(shown.stdout)["status"]
    # The memory every user's assistant reads says the run completed: the run says so too.
    assert status != "cancelled", (cancel.stdout + cancel.stderr, status)
