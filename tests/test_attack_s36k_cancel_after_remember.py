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
import sqlite3
import time
from contextlib import closing, suppress
from pathlib import Path

from ingest_harness import kassist, spawn

TENANT, RUN = "acme", "quiet"
BEFORE_REMEMBER = 6  # begin, discover, one batch, audit, report, review, notify (skipped): paused
STALL = "kassist_test_stall_remembered"
TABLES = ("kassist_cp_checkpoints", "kassist_cp_writes")
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

    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"CREATE TABLE {STALL}_rows (x INTEGER)")
        conn.executemany(f"INSERT INTO {STALL}_rows VALUES (?)", [(i,) for i in range(3000)])
        for table in TABLES:  # the step's writes and its checkpoint: whichever LangGraph puts first
            conn.execute(
                f"CREATE TRIGGER {STALL}_{table} BEFORE INSERT ON {table} WHEN ({REMEMBERED}) > 0 BEGIN "
                f"SELECT count(*) FROM {STALL}_rows a, {STALL}_rows b, {STALL}_rows c; END"
            )
        conn.commit()

    child = spawn("runs", "resume", RUN, "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
    remembered, locked_since = False, None
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and child.poll() is None:
            with closing(sqlite3.connect(path, timeout=0)) as conn:
                with suppress(sqlite3.OperationalError):
                    [[found]] = conn.execute(REMEMBERED).fetchall()
                    remembered = remembered or found > 0
                try:  # the child holds the write lock: stalled in remember's checkpoint
                    conn.execute("BEGIN IMMEDIATE")
                    conn.rollback()
                    locked_since = None
                except sqlite3.OperationalError:
                    locked_since = locked_since or time.monotonic()
            if remembered and locked_since is not None and time.monotonic() - locked_since > 1.0:
                break
            time.sleep(0.02)
    finally:
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
    assert child.returncode == -signal.SIGKILL, out + err  # killed in the window, not finished
    assert remembered

    with closing(sqlite3.connect(path)) as conn:
        for table in TABLES:
            conn.execute(f"DROP TRIGGER {STALL}_{table}")
        conn.commit()
    cancel = kassist(
        "runs", "cancel", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path
    )
    shown = kassist("runs", "show", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path)
    status = json.loads(shown.stdout)["status"]
    # The memory every user's assistant reads says the run completed: the run says so too.
    assert status != "cancelled", (cancel.stdout + cancel.stderr, status)
