"""h27 s40 H27-2: Ctrl-C (or SIGTERM) while a checkpoint value is being decoded is reported as a damaged
database: ``error: cannot decode write '__interrupt__' of checkpoint ... ValueError: ext_hook failed. The
stored bytes are damaged or were written with another serializer/key; restore the row from a backup or
delete the thread.`` (exit 1) - about a run that is whole (``runs show`` reads it a moment later, and the
same command again finishes it). The advice deletes the user's run.

LangGraph's serializer decodes with ormsgpack, which calls a Python ``ext_hook`` for every stored object;
a signal handled inside it (Python runs handlers between bytecodes, the hook included) raises
KeyboardInterrupt (or cli/job_stop's Terminated) there, and ormsgpack turns ANY exception of its hook
into ``ValueError('ext_hook failed')``: the interrupt is gone, and checkpointer/codec.loads names the
ValueError damage (CorruptCheckpoint). Seen at random: 1 of 3 first-instant Ctrl-Cs of ``kassist runs
approve`` (/tmp/s40/h27/doors.py); every door that reads a stored interrupt, message or model has it
(ingest's end, runs resume/approve/reject/show, kassist ask/chat's thread).

Deterministic here: the real ``kassist`` in a child process, held a moment as LangGraph's ext_hook starts
the first time ormsgpack calls it (the main thread inside the hook when the signal comes, as a busy
machine leaves it); a real signal. SQLite, hashing, ~20 s each."""

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

# `kassist ARGS`, held a moment at the start of LangGraph's ext_hook (its frame, inside ormsgpack's
# decode) the first time ormsgpack calls it, until a signal's handler raises there (sleeps of 0.1 s).
HOLD = r"""
import os, runpy, sys, time
import ormsgpack
MARK = os.environ["H27_HOLD_MARK"]
real, held = ormsgpack.unpackb, []
def at_hook(frame, event, arg):
    if event == "call" and frame.f_code.co_name == "ext_hook" and not held:
        held.append(True)
        open(MARK, "w").close()
        for _ in range(3000):
            time.sleep(0.1)
def unpackb(*args, **kwargs):
    if held or kwargs.get("ext_hook") is None:
        return real(*args, **kwargs)
    sys.setprofile(at_hook)
    try:
        return real(*args, **kwargs)
    finally:
        sys.setprofile(None)
ormsgpack.unpackb = unpackb
sys.argv = ["kassist", *sys.argv[1:]]
runpy.run_module("cli.main", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize(
    ("door", "sig", "code"), [("approve", signal.SIGINT, 130), ("ingest", signal.SIGTERM, 143)]
)
def test_an_interrupt_while_a_checkpoint_decodes_is_an_interrupt_not_damage(
    tmp_path: Path, door: str, sig: signal.Signals, code: int
) -> None:
    made = kassist("demo-corpus", "corpus", "--docs", "12", "--seed", "5", cwd=tmp_path, timeout=300)
    assert made.returncode == 0, made.stderr
    url = f"sqlite:///{tmp_path / 'runs.db'}"
    ingest = ["ingest", "corpus", "--tenant", "acme", "--run-id", "r1", "--embedder", "hashing",
              "--batch-size", "4", "--database-url", url]  # fmt: skip
    approve = ["runs", "approve", "r1", "--tenant", "acme", "--database-url", url]
    if door == "approve":  # the seeded corpus's secrets: the run waits for a review (exit 5)
        first = kassist(*ingest, cwd=tmp_path, timeout=300)
        assert first.returncode == 5, first.stdout + first.stderr
    (tmp_path / "hold.py").write_text(HOLD)
    mark = tmp_path / "held"
    child = subprocess.Popen(
        [sys.executable, "-P", str(tmp_path / "hold.py"), *(approve if door == "approve" else ingest)],
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
    # The run is whole: a moment later it reads as waiting for its review.
    shown = kassist("runs", "show", "r1", "--tenant", "acme", "--database-url", url, "--json", cwd=tmp_path)
    assert shown.returncode == 0 and '"needs_review"' in shown.stdout, shown.stdout + shown.stderr
    assert "damaged" not in err and "delete the thread" not in err, err
    assert child.returncode == code, out + err
