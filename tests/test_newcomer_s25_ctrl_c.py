"""Ctrl-C during ``kassist ingest`` (session 25, a newcomer's first hour walked on a fresh clone).

The bar stopped and the prompt came back without a word (exit 130): nothing said that the run kept
its committed batches, nor how to finish it. Now one line on stderr names the command, and that
command finishes the run from where it stopped, every document indexed once. The line promises a
resume only for a run that is registered and has not stopped (job_stop.JobStage); exit 130 is
kit.ExitCode.INTERRUPTED.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from ingest_harness import child_env, kassist

from cli.job_stop import JobStage
from cli.kit import ExitCode

pytestmark = pytest.mark.timeout(900)

DOCS = 40  # 20 batches of two: the signal lands long before the last (see below)


def test_ctrl_c_names_the_resume_command_and_it_finishes_the_run(tmp_path: Path) -> None:
    made = kassist("demo-corpus", "corpus", "--docs", str(DOCS), "--seed", "7", cwd=tmp_path, timeout=300)
    assert made.returncode == 0, made.stderr
    # Started as a terminal starts it: its own process group, which Ctrl-C signals whole, and SIGINT
    # not ignored (an xdist worker ignores it, and a child inherits that). The signal goes as soon as
    # the run says "new" (printed once it is registered): the local model still loads and 20
    # batches of two are to come, so the run is certainly registered and certainly not finished.
    ingest = subprocess.Popen(
        [sys.executable, "-P", "-m", "cli.main", "ingest", "corpus", "--tenant", "acme", "--run-id", "cc-1",
         "--collection", "gen", "--embedder", "local", "--batch-size", "2"],
        cwd=tmp_path, env={**child_env(), "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    assert ingest.stdout is not None
    for line in ingest.stdout:
        if line.startswith("run cc-1 for tenant acme: new"):
            break
    os.killpg(ingest.pid, signal.SIGINT)
    rest, err = ingest.communicate(timeout=300)
    assert ingest.returncode == ExitCode.INTERRUPTED, rest + err  # 130: 128 + SIGINT
    assert "Traceback" not in rest + err, err
    said = err.strip().splitlines()[-1]
    assert said == (
        "interrupted (Ctrl-C): the run keeps every batch it committed; finish it with: "
        "kassist runs resume cc-1 --tenant acme"
    ), err
    # What the line says works: the run finishes from its last committed batch.
    args = re.sub(r"^.*finish it with: kassist ", "", said).split()
    resumed = kassist(*args, cwd=tmp_path, timeout=600)
    assert resumed.returncode in (0, 3, 5), resumed.stdout + resumed.stderr  # 5: the audit's review
    shown = kassist("runs", "show", "cc-1", "--tenant", "acme", "--json", cwd=tmp_path)
    counters = json.loads(shown.stdout)["counters"]
    assert counters["documents_seen"] == DOCS
    assert counters["documents_indexed"] + counters["documents_failed"] == DOCS


def test_the_line_promises_a_resume_only_for_a_registered_run_that_has_not_stopped() -> None:
    # Before its registration, `kassist runs resume` answers "no ingestion run"; once the run has
    # stopped (completed, paused, waiting for review) there is nothing left to finish.
    stage = JobStage("cc-2", "acme")
    assert stage.after_ctrl_c() == "the run had not started (not registered yet); run the command again"
    stage.stored = True
    assert stage.after_ctrl_c() == (
        "the run keeps every batch it committed; finish it with: kassist runs resume cc-2 --tenant acme"
    )
    stage.stopped = True
    assert stage.after_ctrl_c() == "the run had stopped; kassist runs show cc-2 --tenant acme says how"
