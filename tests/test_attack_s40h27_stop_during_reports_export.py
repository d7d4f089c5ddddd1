"""h27 s40 H27-3: ``kassist ingest --reports-dir DIR`` stopped (SIGTERM, Ctrl-C) while it writes the
report's files into DIR says ``interrupted (SIGTERM): the run had stopped; kassist runs show R ... says
how`` - and DIR holds one of the three files. ``runs show`` says "completed" and nothing of DIR; no
command the user is given writes the missing files, and a CI job's artifacts stay incomplete without a
word (README: "Given --reports-dir DIR, kassist ingest writes the report files there"; the line after a
stop names the command that finishes what the job was asked to do, H22-15/16).

The stop lands after the run's graph returned (stage.stopped) and inside _export_files, which is inside
the job's ctrl_c: the line words only the run. A real ``kassist ingest`` child, held a moment right after
the first report file is in place (os.replace of ``audit-*``: the instant a busy machine may leave it
at), a real signal, then the command the line names, pasted. SQLite, hashing, 4 plain documents (no
review), ~10 s each."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ingest_harness import child_env, kassist

pytestmark = pytest.mark.timeout(600)

# `kassist ARGS`, held (sleeps of 0.1 s) right after the first report file is replaced into place.
HOLD = r"""
import os, runpy, sys, time
MARK = os.environ["H27_HOLD_MARK"]
real, held = os.replace, []
def replace(src, dst, *args, **kwargs):
    real(src, dst, *args, **kwargs)
    if os.path.basename(str(dst)).startswith("audit-") and not held:
        held.append(True)
        open(MARK, "w").close()
        for _ in range(3000):
            time.sleep(0.1)
os.replace = replace
sys.argv = ["kassist", *sys.argv[1:]]
runpy.run_module("cli.main", run_name="__main__", alter_sys=True)
"""
FILES = ["audit-r1@acme.html", "audit-r1@acme.json", "audit-r1@acme.md"]


@pytest.mark.parametrize(
    ("sig", "said"), [(signal.SIGTERM, "interrupted (SIGTERM): "), (signal.SIGINT, "interrupted (Ctrl-C): ")]
)
def test_a_stop_while_the_reports_dir_is_written_names_the_command_that_writes_it(
    tmp_path: Path, sig: signal.Signals, said: str
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(4):  # plain policies: no finding holds the run for a review
        (docs / f"policy-{i}.md").write_text(
            f"# Policy {i}\n\n## Rules\n\nEmployees must file form {i} within {i + 2} days.\n"
        )
    url = f"sqlite:///{tmp_path / 'runs.db'}"
    (tmp_path / "hold.py").write_text(HOLD)
    mark = tmp_path / "held"
    child = subprocess.Popen(
        [sys.executable, "-P", str(tmp_path / "hold.py"), "ingest", "docs", "--tenant", "acme", "--run-id", "r1",
         "--embedder", "hashing", "--reports-dir", "artifacts", "--database-url", url],
        cwd=tmp_path, env={**child_env(), "PYTHONUNBUFFERED": "1", "H27_HOLD_MARK": str(mark)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # Ctrl-C as a terminal sends it
    )  # fmt: skip
    try:
        while not mark.exists():
            assert child.poll() is None, child.communicate()
            time.sleep(0.05)
        child.send_signal(sig)
        out, err = child.communicate(timeout=300)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    line = err.strip().splitlines()[-1]
    assert line.startswith(said), out + err
    # Every command the line names, as a user pastes it (each `kassist ...` up to "says how", ";", a
    # backquote or the end); then DIR holds the three files the job was asked for.
    commands = re.findall(r"kassist (.+?)(?= says how|;|`|$)", line)
    assert commands, line
    for command in commands:
        pasted = kassist(*shlex.split(command), cwd=tmp_path, timeout=300)
        assert pasted.returncode in (0, 3), pasted.stdout + pasted.stderr
    written = sorted(p.name for p in (tmp_path / "artifacts").glob("audit-*"))
    assert written == FILES, (line, written)
