"""A cancel killed after the run's cancelled checkpoint, before the memory summary is rewritten, does
not leave the tenant's memory saying the run is paused, to be resumed (h22 s38; the window 42ae90e,
H22-7's fix, left).

42ae90e rewrites a cancelled run's summary in the runner, after the graph's invocation ended: the run's
last checkpoint ("cancelled") is one commit, the memory's new version another. ``kassist runs cancel``
killed between them (SIGKILL, OOM, a restart) leaves a run that has ended - every later command finds
it finished and runs nothing (runs resume, runs cancel: "finished") - and a summary that nothing will
rewrite again: "paused", pending "resume run m1", in the memory the assistant quotes to every user of
the tenant (source ``system``). The remember step's own rule is the reverse (its summary is written
before the checkpoint, and a redo rewrites it).

The command line, real processes; the cancel is held in the window by the database (a trigger stalls
its first memory write: tests/sqlite_stall.py) and killed there; then ``runs resume`` as an operator
would. SQLite, hashing: ~30 s."""

from __future__ import annotations

import json
import signal
from pathlib import Path

from ingest_harness import kassist, spawn
from sqlite_stall import counted, kill_in_window, stalled

STALL = "h22_stall_memory"


def test_a_cancel_killed_before_its_memory_rewrite_does_not_leave_paused(tmp_path: Path) -> None:
    made = kassist("demo-corpus", "corpus", "--docs", "8", "--seed", "2", cwd=tmp_path, timeout=300)
    assert made.returncode == 0, made.stderr
    path = tmp_path / "k.db"
    where = ("--tenant", "acme", "--database-url", f"sqlite:///{path}")
    paused = kassist(
        "ingest", "corpus", "--run-id", "m1", "--embedder", "hashing", "--batch-size", "2", "--max-steps", "3",
        *where, cwd=tmp_path,
    )  # fmt: skip
    assert paused.returncode == 8, paused.stdout + paused.stderr  # paused after a batch: summary "paused"

    heads = (f"BEFORE {event} ON {table}" for table in ("kassist_mem_memories", "kassist_mem_audit")
             for event in ("INSERT", "UPDATE"))  # fmt: skip
    with stalled(path, STALL, *heads):
        child = spawn("runs", "cancel", "m1", *where, cwd=tmp_path)
        asked = counted(
            "SELECT count(*) FROM kassist_ingest_runs WHERE run_id = 'm1' AND cancel_requested = 1"
        )
        out, err, seen = kill_in_window(child, path, asked)
    assert child.returncode == -signal.SIGKILL, out + err
    assert seen
    # Since the fix the summary is rewritten inside the node, before its "cancelled" checkpoint: the
    # kill lands there, and the next look at the run (a resume) ends it cancelled, writing it again.
    kassist("runs", "resume", "m1", *where, cwd=tmp_path)
    shown = kassist("runs", "show", "m1", "--json", *where, cwd=tmp_path)
    assert json.loads(shown.stdout)["status"] == "cancelled", shown.stdout[-400:]

    listed = kassist("memory", "list", "--user", "*", "--json", *where, cwd=tmp_path)
    found = json.loads(listed.stdout)
    memories = found if isinstance(found, list) else found["memories"]
    [summary] = [m["value"] for m in memories if m["key"] == "ingestion_run:m1"]
    assert summary["status"] != "paused", summary
    assert not any("resume run m1" in action for action in summary["pending_actions"]), summary
