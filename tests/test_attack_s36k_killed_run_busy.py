"""``kassist runs list`` does not call a killed run busy (h17 s36).

A run's lease names its worker (``host:pid:token``); a killed worker never gives it back. Every door
that takes a run judges such a lease by one rule, ``store_ops.holder_gone`` (its process gone on this
host, or its time run out): ``kassist runs resume`` takes the killed run at once, and the runs API's
listing (server/runs/listing.py) says it is not busy. ``kassist runs list`` reads only whether a lease
was ever written (``record.owner is not None``): after a SIGKILL it shows the run "running (busy)"
for good - "busy" is exit 7's word, "another worker runs that job now; try again later" - so an
operator looking at the list after a crash waits for a worker that does not exist. (The console's
listing judges by the lease's time only: busy for up to two minutes after the kill.)

One ``kassist ingest`` child killed after its first batch's checkpoint; SQLite, ~3 s of CPU."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

from ingest_harness import head_watch, kassist, spawn, write_corpus

TENANT, RUN = "acme", "crashed"


def test_runs_list_does_not_call_a_killed_run_busy(sqlite_url: str, tmp_path: Path) -> None:
    root = write_corpus(tmp_path / "docs", extra=10)
    args = ["--tenant", TENANT, "--database-url", sqlite_url]
    child = spawn(
        "ingest",
        str(root),
        "--run-id",
        RUN,
        "--embedder",
        "hashing",
        "--batch-size",
        "1",
        *args,
        cwd=tmp_path,
    )
    try:
        deadline = time.monotonic() + 60
        with head_watch(sqlite_url, TENANT, RUN) as head:
            while head() < 4 and child.poll() is None:  # input, begin, discover, a batch
                assert time.monotonic() < deadline, "no progress"
                time.sleep(0.01)
    finally:
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
    assert child.returncode == -signal.SIGKILL, out + err  # killed mid-run, not finished

    listed = kassist("runs", "list", *args, "--json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stdout + listed.stderr
    [row] = json.loads(listed.stdout)
    assert row["status"] == "running"
    # Nobody runs it: `kassist runs resume` would take it at once (holder_gone), not exit 7 busy.
    assert row["busy"] is False, row
