"""x16 s39 (review r4 R4-16): a load worker busy on a page ends within seconds of its parent's SIGKILL.

A worker (graph/ingestion/load_processes.py) runs in a session of its own, so a terminal's or a
supervisor's signal to the parent's group does not reach it, and it reads its pipe's end-of-file only
between documents: busy on a page docutils takes long on, it went on for up to the page's CPU bound
(30 s and more) after a killed server. Real processes: a Python process loads a slow reST page through
a worker, the test SIGKILLs that process and watches the worker's pid."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = "Notes\n=====\n\n" + "".join(f"- x\n\nleave {i}\n\n" for i in range(16_000))
"""docutils: ~15 CPU seconds (tests/test_x16_cpu_bounded_load.py)."""
LOAD = """
import sys, threading, time
from datetime import date
from pathlib import Path
from graph.ingestion import load_processes
from graph.ingestion.audit_step import SERVER_RULES
from graph.ingestion.batch_load import Job, load_here
root = Path(sys.argv[1])
job = Job(path=root / "slow.rst", root=root, tenant="acme", collection="c", max_bytes=2**24, within=root,
          exact=False, chunk_tokens=256, overlap_tokens=32, rules=SERVER_RULES, today=date(2026, 1, 1))
threading.Thread(target=load_processes.load, args=(job, load_here), daemon=True).start()
while not load_processes._started:
    time.sleep(0.05)
print("loading", flush=True)
time.sleep(600)
"""


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_busy_worker_ends_soon_after_its_parent_is_killed(tmp_path: Path) -> None:
    (tmp_path / "slow.rst").write_text(PAGE, encoding="utf-8")
    env = {**os.environ, "KASSIST_LOAD_CPU_SECONDS": "120", "KASSIST_LOAD_PROCESSES": "1"}
    parent = subprocess.Popen(
        [sys.executable, "-c", LOAD, str(tmp_path)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    workers: list[int] = []
    try:
        assert parent.stdout is not None and parent.stdout.readline().strip() == "loading"
        deadline = time.monotonic() + 60
        while not (workers := _children(parent.pid)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert workers, "no worker process started"
        time.sleep(1.0)  # the worker is in docutils now
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(w) for w in workers), "the worker goes on loading for a killed parent"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        for worker in workers:
            if _alive(worker):
                os.kill(worker, signal.SIGKILL)
