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
import time
from pathlib import Path

from ingest_harness import kassist, spawn
from sqlite_stall import counted, kill_in_window, stalled

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

    time.sleep(1.1)  # the run's checkpoints and registration are older than the prune's 1 s
    prune = ["checkpoints", "prune", "--tenant", TENANT, "--older-than", "1s", "--strategy", "delete"]
    with stalled(path, STALL, "BEFORE DELETE ON kassist_ingest_manifest"):  # the sweep's next delete
        child = spawn(*prune, "--database-url", db_url, cwd=tmp_path)
        gone = counted(
            "SELECT count(*) FROM kassist_cp_checkpoints WHERE thread_id = ?", RUN, want=lambda n: n == 0
        )
        out, err, deleted = kill_in_window(child, path, gone)
    assert child.returncode == -signal.SIGKILL, out + err  # killed in the sweep, not finished
    assert deleted  # the checkpoints' delete committed

    resumed = kassist(
        "runs", "resume", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path
    )
    with resources.installed(resources.Resources.open(db_url)) as res:
        report = read_report(res.runs, TENANT, RUN, "json")
    # The run was done and retention took its checkpoints: it is not ingested again from nothing,
    # and what it recorded (its report) still says what it did.
    assert '"started": "fresh"' not in resumed.stdout, resumed.stdout + resumed.stderr
    assert report is None or json.loads(report)["counters"]["documents_indexed"] == 1, report
