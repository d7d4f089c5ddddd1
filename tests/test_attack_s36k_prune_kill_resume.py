"""A ``kassist checkpoints prune`` killed between its checkpoint delete and its ingestion sweep leaves a
completed run that ``kassist runs resume`` runs again from nothing (h17 s36).

Retention removes a run's checkpoints (``saver.retain``, one transaction), then its records
(graph/ingestion/retention.sweep: the ledger, manifest, jobs, reports and registry row, a later
transaction). A prune killed in between (SIGKILL, OOM, a cron's timeout; or its sweep failing: the
database busy past its timeout) leaves the run registered with its settings and no checkpoint: the
runner takes that for a run killed before its first checkpoint and starts it fresh. So the completed
run is ingested again: its stored audit report and its summary memory are rewritten with a re-run's
counts (every document "unchanged", none indexed) - what session 30's h5 #2 stopped for a thread
deleted while its run ran ("its thread was deleted while it ran; start a new run id"). The next
prune then keeps the run (it has checkpoints again).

The child is held in the window by the database: a trigger stalls the sweep's delete of the run's
manifest (a long cross join, as tests/test_ingest_start_kill.py does) and the child is killed there.
SQLite, two child processes, ~4 s of CPU."""

from __future__ import annotations

import json
import signal
import sqlite3
import time
from contextlib import closing, suppress
from pathlib import Path

from ingest_harness import kassist, spawn

TENANT, RUN = "acme", "pruned"
STALL = "kassist_test_stall_sweep"


def test_a_completed_run_whose_prune_was_killed_midway_is_not_run_again(tmp_path: Path) -> None:
    from graph.ingestion import resources
    from graph.ingestion.reports import read_report
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    path = tmp_path / "kb.db"
    db_url = f"sqlite:///{path}"
    with resources.installed(resources.Resources.open(db_url)) as res:
        settings = Settings(source=str(docs), collection="c", embedder="hashing")
        done = execute(res, TENANT, RUN, settings=settings).state
        assert done.status == "completed" and done.counters.documents_indexed == 1
        report = read_report(res.runs, TENANT, RUN, "json")
    assert report is not None and json.loads(report)["counters"]["documents_indexed"] == 1

    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"CREATE TABLE {STALL}_rows (x INTEGER)")
        conn.executemany(f"INSERT INTO {STALL}_rows VALUES (?)", [(i,) for i in range(3000)])
        conn.execute(
            f"CREATE TRIGGER {STALL} BEFORE DELETE ON kassist_ingest_manifest BEGIN "
            f"SELECT count(*) FROM {STALL}_rows a, {STALL}_rows b, {STALL}_rows c; END"
        )
        conn.commit()
    time.sleep(1.1)  # the run's checkpoints and registration are older than the prune's 1 s

    prune = ["checkpoints", "prune", "--tenant", TENANT, "--older-than", "1s", "--strategy", "delete"]
    child = spawn(*prune, "--database-url", db_url, cwd=tmp_path)
    left, locked_since = 1, None
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and child.poll() is None:
            with closing(sqlite3.connect(path, timeout=0)) as conn:
                with suppress(sqlite3.OperationalError):
                    [[left]] = conn.execute(
                        "SELECT count(*) FROM kassist_cp_checkpoints WHERE thread_id = ?", (RUN,)
                    ).fetchall()
                try:  # the child holds the write lock: stalled in the sweep's transaction
                    conn.execute("BEGIN IMMEDIATE")
                    conn.rollback()
                    locked_since = None
                except sqlite3.OperationalError:
                    locked_since = locked_since or time.monotonic()
            if left == 0 and locked_since is not None and time.monotonic() - locked_since > 1.0:
                break
            time.sleep(0.02)
    finally:
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
    assert child.returncode == -signal.SIGKILL, out + err  # killed in the sweep, not finished
    assert left == 0  # the checkpoints' delete committed

    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"DROP TRIGGER {STALL}")
        conn.commit()

    resumed = kassist(
        "runs", "resume", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path
    )
    with resources.installed(resources.Resources.open(db_url)) as res:
        report = read_report(res.runs, TENANT, RUN, "json")
    # The run was done and retention took its checkpoints: it is not ingested again from nothing,
    # and what it recorded (its report) still says what it did.
    assert '"started": "fresh"' not in resumed.stdout, resumed.stdout + resumed.stderr
    assert report is None or json.loads(report)["counters"]["documents_indexed"] == 1, report
