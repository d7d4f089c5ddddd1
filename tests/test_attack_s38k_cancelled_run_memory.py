"""A paused run that is then cancelled is not remembered as paused, waiting to be resumed (h22 s38).

A run that stops paused or failed after indexing something writes its summary into the tenant's
long-term memory (graph/ingestion/runner._remember_progress: "documents indexed up to ...", pending
action ``resume run R (status paused)``), which the assistant quotes to every user of the tenant
(source ``system``: authoritative); the remember step rewrites it when the run completes. A run that
ends otherwise - ``kassist runs cancel`` of the paused run (a ``--max-steps`` budget, a SIGTERM'd
``kassist ingest`` resumed by nobody), or a run killed and cancelled - never rewrites it: the memory
keeps saying the run is paused and should be resumed, for good, although it is cancelled and cannot
be resumed.

The command line, real processes, SQLite, hashing: ~15 s."""

from __future__ import annotations

import json
from pathlib import Path

from ingest_harness import kassist


def test_a_cancelled_runs_memory_does_not_say_paused_or_resume(tmp_path: Path) -> None:
    made = kassist("demo-corpus", "corpus", "--docs", "8", "--seed", "2", cwd=tmp_path, timeout=300)
    assert made.returncode == 0, made.stderr
    db = ("--tenant", "acme", "--database-url", f"sqlite:///{tmp_path / 'k.db'}")
    paused = kassist(
        "ingest", "corpus", "--run-id", "m1", "--embedder", "hashing", "--batch-size", "2", "--max-steps", "3",
        *db, cwd=tmp_path,
    )  # fmt: skip
    assert paused.returncode == 8, paused.stdout + paused.stderr  # paused after a batch
    assert kassist("runs", "cancel", "m1", *db, cwd=tmp_path).returncode == 6
    listed = kassist("memory", "list", "--user", "*", "--json", *db, cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    found = json.loads(listed.stdout)
    memories = found if isinstance(found, list) else found["memories"]
    [summary] = [m["value"] for m in memories if m["key"] == "ingestion_run:m1"]
    assert summary["status"] != "paused", summary
    assert not any("resume run m1" in action for action in summary["pending_actions"]), summary
