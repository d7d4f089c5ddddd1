"""h27 s40 H27-4: ``kassist runs report R --out DIR`` stopped by SIGTERM (``timeout``, a CI job cancelled,
``docker stop``) while it writes leaves ``DIR/.audit-R@T.html.<random>.tmp`` behind: the report's whole
text (the tenant's documents quoted), mode 0600, a hidden file no later export removes, which a CI job
then uploads with its artifacts - and the command says nothing (killed, exit -15). Ctrl-C leaves nothing
(graph/ingestion/reports._replace_file's ``finally`` unlinks its temporary file): SIGTERM is Python's
default there, the process ends without running it; ``kassist ingest`` and ``runs resume`` turn SIGTERM
into the same stop as Ctrl-C (cli/job_stop.sigterm_as_interrupt), ``runs report`` does not.

A real ``kassist runs report`` child, held a moment before the first file's ``os.replace`` (its temporary
file written, the instant a busy disk or machine leaves it at), a real SIGTERM. SQLite, hashing, ~10 s."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ingest_harness import child_env, kassist

pytestmark = pytest.mark.timeout(600)

# `kassist ARGS`, held (sleeps of 0.1 s) just before the first report file replaces its place.
HOLD = r"""
import os, runpy, sys, time
MARK = os.environ["H27_HOLD_MARK"]
real, held = os.replace, []
def replace(src, dst, *args, **kwargs):
    if os.path.basename(str(dst)).startswith("audit-") and not held:
        held.append(True)
        open(MARK, "w").close()
        for _ in range(3000):
            time.sleep(0.1)
    real(src, dst, *args, **kwargs)
os.replace = replace
sys.argv = ["kassist", *sys.argv[1:]]
runpy.run_module("cli.main", run_name="__main__", alter_sys=True)
"""


def test_sigterm_during_runs_report_leaves_no_temporary_file_in_the_folder(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(4):
        (docs / f"policy-{i}.md").write_text(
            f"# Policy {i}\n\n## Rules\n\nEmployees must file form {i} within {i + 2} days.\n"
        )
    url = f"sqlite:///{tmp_path / 'runs.db'}"
    done = kassist("ingest", "docs", "--tenant", "acme", "--run-id", "r1", "--embedder", "hashing",
                   "--database-url", url, cwd=tmp_path, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    (tmp_path / "hold.py").write_text(HOLD)
    mark = tmp_path / "held"
    child = subprocess.Popen(
        [sys.executable, "-P", str(tmp_path / "hold.py"), "runs", "report", "r1", "--tenant", "acme", "--out",
         "reports", "--database-url", url],
        cwd=tmp_path, env={**child_env(), "PYTHONUNBUFFERED": "1", "H27_HOLD_MARK": str(mark)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        while not mark.exists():
            assert child.poll() is None, child.communicate()
            time.sleep(0.05)
        child.send_signal(signal.SIGTERM)
        _out, err = child.communicate(timeout=300)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    left = sorted(p.name for p in (tmp_path / "reports").iterdir())
    assert not [name for name in left if name.endswith(".tmp")], (left, child.returncode, err)
