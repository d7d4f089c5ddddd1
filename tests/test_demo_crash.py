"""A real child process running the document graph on kassist's saver is SIGKILLed mid-run; a new
process continues from the last committed step (never from zero) and no side effect happens twice."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from graph.doc_steps import effect_key
from graph.ledger import Ledger
from kassist.demo import read_head

DOCS = 10
TENANT = "acme"
THREAD = "crash-1"


def worker(db_url: str, ledger: Path, *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "graph.worker", "--database-url", db_url, "--tenant", TENANT,
        "--thread", THREAD, "--docs", str(DOCS), "--ledger", str(ledger), *extra,
    ]  # fmt: skip


def test_sigkill_mid_run_resumes_from_last_committed_step(db_url: str, tmp_path: Path) -> None:
    ledger = Ledger(tmp_path / "ledger.db")
    child = subprocess.Popen(
        worker(db_url, ledger.path, "--delay", "0.25"), stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 40
    while len(ledger.effects()) < 4:  # the 4th effect is done, its checkpoint not yet
        assert child.poll() is None, child.stderr.read() if child.stderr else ""
        assert time.monotonic() < deadline, "the worker made no progress"
        time.sleep(0.01)
    child.send_signal(signal.SIGKILL)
    assert child.wait() == -signal.SIGKILL
    killed_pid = child.pid

    applied = len(ledger.effects())
    head = read_head(db_url, TENANT, THREAD)
    assert head is not None
    # The head is the last committed step: every applied effect, or all but the one in flight.
    assert head.step in (applied - 1, applied) and head.step >= 3
    assert head.processed == head.step  # nothing half-applied in the state

    resumed = subprocess.run(worker(db_url, ledger.path), capture_output=True, text=True, timeout=60)
    assert resumed.returncode == 0, resumed.stderr
    start = json.loads(resumed.stdout.splitlines()[0])
    assert start["event"] == "start" and not start["fresh"]
    assert start["resumed_at"] == head.step > 0

    docs = [f"doc-{i:03d}" for i in range(DOCS)]
    # Every effect exactly once, in order; the ledger's unique key is what absorbs a re-run step.
    assert ledger.effects() == [effect_key(THREAD, i, d) for i, d in enumerate(docs)]
    second_run = [a for a in ledger.attempts() if a.pid != killed_pid]
    assert second_run[0].key == effect_key(THREAD, head.step, docs[head.step])  # not from step 0
    assert all(a.applied for a in second_run[1:])
    first_try = {a.key for a in ledger.attempts() if a.pid == killed_pid}
    assert {a.key for a in second_run if not a.applied} <= first_try

    final = read_head(db_url, TENANT, THREAD)
    assert final is not None and final.step == DOCS and final.processed == DOCS
    assert read_head(db_url, "globex", THREAD) is None  # the thread belongs to its tenant only
