"""SIGTERM (``kill PID``, ``timeout``, ``docker stop``) of ``kassist ingest`` (n s36 N3, n2 s37).

Ctrl-C printed one line naming the command that finishes the run (exit 130); SIGTERM ended the
process without a word (exit 143), so whoever stopped it was not told how to finish the run. Now
both print that line, SIGTERM with exit 143 (128 + 15, what a shell reports), and the command it
names finishes the run from its last committed batch. A run on a database named with
``--database-url`` is resumed there: the line names it (it named only the tenant, and the command
opened the default database: "does not exist").
"""

from __future__ import annotations

import json
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import zygote
from ingest_harness import child_env, kassist

from cli.job_stop import JobStage
from cli.kit import ExitCode

pytestmark = pytest.mark.timeout(900)

DOCS = 40  # 20 batches of two: the signal lands long before the last (tests/test_newcomer_s25_ctrl_c.py)


def test_sigterm_names_the_resume_command_and_it_finishes_the_run(tmp_path: Path) -> None:
    made = kassist("demo-corpus", "corpus", "--docs", str(DOCS), "--seed", "7", cwd=tmp_path, timeout=300)
    assert made.returncode == 0, made.stderr
    (tmp_path / "elsewhere").mkdir()
    url = f"sqlite:///{tmp_path / 'elsewhere' / 'runs.db'}"  # not the default database
    # `kill PID`: the signal goes to the process alone (not its group, as Ctrl-C's does), as soon as
    # the run says "new": registered, its folder not yet walked, 20 batches of two to come (the
    # hashing embedder: the local model's load and embeddings cost ~20 s more and show nothing more).
    # Forked by the worker's zygote (tests/zygote.py: the same process an exec would give, its signal
    # dispositions compared, or exec'd), not exec'd: "new" ~3 s sooner, the imports paid once.
    ingest = zygote.Child(
        [sys.executable, "-P", "-m", "cli.main", "ingest", "corpus", "--tenant", "acme corp", "--run-id", "st-1",
         "--collection", "gen", "--embedder", "hashing", "--batch-size", "2", "--database-url", url],
        cwd=tmp_path, env={**child_env(), "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    assert ingest.stdout is not None
    for line in ingest.stdout:
        if line.startswith("run st-1 for tenant acme corp: new"):
            break
    ingest.send_signal(signal.SIGTERM)
    rest, err = ingest.communicate(timeout=300)
    assert ingest.returncode == ExitCode.TERMINATED == 143, rest + err
    assert "Traceback" not in rest + err, err
    said = err.strip().splitlines()[-1]
    assert said == (
        "interrupted (SIGTERM): the run keeps every batch it committed; finish it with: "
        f"kassist runs resume st-1 --tenant 'acme corp' --database-url {url}"
    ), err
    # What the line says works, pasted into a shell from the same folder: the run finishes from its
    # last committed batch, every document once.
    args = shlex.split(said.split("finish it with: kassist ", 1)[1])
    resumed = kassist(*args, cwd=tmp_path, timeout=600)
    assert resumed.returncode in (0, 3, 5), resumed.stdout + resumed.stderr  # 5: the audit's review
    # The commands it prints next name that database too, the tenant quoted for a shell.
    where = f"--tenant 'acme corp' --out DIR --database-url {url}"
    assert f"audit report: kassist runs report st-1 {where}" in resumed.stdout, resumed.stdout
    shown = kassist(
        "runs", "show", "st-1", "--tenant", "acme corp", "--database-url", url, "--json", cwd=tmp_path
    )
    counters = json.loads(shown.stdout)["counters"]
    assert counters["documents_seen"] == DOCS
    assert counters["documents_indexed"] + counters["documents_failed"] == DOCS
    assert not (tmp_path / ".kassist").exists()  # the default database was never opened


def test_the_printed_command_reaches_the_runs_database_and_never_prints_a_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("KASSIST_DATABASE_URL", raising=False)
    stage = JobStage("r-1", "acme", stored=True, database_url="postgresql://kim:s3cret@db.example:5432/kb")
    assert stage.after_ctrl_c() == (
        "the run keeps every batch it committed; finish it with: "
        "kassist runs resume r-1 --tenant acme --database-url 'postgresql://kim:***@db.example:5432/kb'"
    )
    # The URL the environment gives is the one the same shell's command opens: not repeated.
    monkeypatch.setenv("KASSIST_DATABASE_URL", "sqlite:///runs.db")
    assert JobStage("r-1", "acme", stored=True, database_url="sqlite:///runs.db").resume == (
        "kassist runs resume r-1 --tenant acme"
    )
    stopped = JobStage("r-1", "acme corp", stored=True, stopped=True, database_url="sqlite:///other.db")
    assert stopped.after_ctrl_c() == (
        "the run had stopped; kassist runs show r-1 --tenant 'acme corp' --database-url sqlite:///other.db says how"
    )
