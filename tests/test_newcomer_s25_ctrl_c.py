"""Ctrl-C during ``kassist ingest`` (session 25, a newcomer's first hour walked on a fresh clone).

The bar stopped and the prompt came back without a word (exit 130): nothing said that the run kept
its committed batches, nor how to finish it. Now one line on stderr names the command, and that
command finishes the run from where it stopped, every document indexed once.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(600)

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-P", "-m", "cli.main"]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "KASSIST_DATABASE_URL"}  # ./.kassist/kassist.db
    return {**env, "COLUMNS": "200", "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], cwd=cwd, env=_env(), capture_output=True, text=True, timeout=500)


def test_ctrl_c_names_the_resume_command_and_it_finishes_the_run(tmp_path: Path) -> None:
    made = _run(tmp_path, "demo-corpus", "corpus", "--docs", "20", "--seed", "7")
    assert made.returncode == 0, made.stderr
    # Started as a terminal starts it: its own process group, which Ctrl-C signals whole, and SIGINT
    # not ignored (an xdist worker ignores it, and a child inherits that). The local model and
    # batches of two: several batches are still to come when the signal lands.
    ingest = subprocess.Popen(
        [*CLI, "ingest", "corpus", "--tenant", "acme", "--run-id", "cc-1", "--collection", "gen",
         "--embedder", "local", "--batch-size", "2"],
        cwd=tmp_path, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    assert ingest.stdout is not None
    for line in ingest.stdout:
        if line.startswith("run cc-1 for tenant acme: new"):
            break
    time.sleep(0.3)
    os.killpg(ingest.pid, signal.SIGINT)
    rest, err = ingest.communicate(timeout=300)
    if ingest.returncode != 130:  # a quiet machine finished the 20 documents inside that moment
        pytest.skip(f"the run ended before the Ctrl-C (exit {ingest.returncode})")
    assert "Traceback" not in rest + err, err
    assert err.strip(), "Ctrl-C printed nothing"
    said = err.strip().splitlines()[-1]
    assert said == (
        "interrupted (Ctrl-C): the run keeps every batch it committed; finish it with: "
        "kassist runs resume cc-1 --tenant acme"
    ), err
    # What the line says works: the run finishes from its last committed batch.
    resumed = _run(tmp_path, *re.sub(r"^.*finish it with: kassist ", "", said).split())
    assert resumed.returncode in (0, 3, 5), resumed.stdout + resumed.stderr  # 5: the audit's review
    shown = _run(tmp_path, "runs", "show", "cc-1", "--tenant", "acme", "--json")
    counters = json.loads(shown.stdout)["counters"]
    assert counters["documents_seen"] == 20
    assert counters["documents_indexed"] + counters["documents_failed"] == 20
