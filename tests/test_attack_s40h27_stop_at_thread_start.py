"""h27 s40 H27-1: ``kassist ingest`` stopped (SIGTERM, Ctrl-C) while its look-ahead starts a helper
thread prints its one line and then never exits - session 39's ci2 hang of
tests/test_attack_s38k_resume_reports_dir.py (SIGTERM right after "run ci-1 ... new", not ended in 300 s).

graph/ingestion/batches_ahead.py keeps two ThreadPoolExecutors for the process's life (``ingest-load``,
``ingest-embed``), never shut down: at exit Python's concurrent.futures hook wakes and joins the
threads it knows of. An executor's thread is known only once ``_adjust_thread_count`` has registered
it, after ``Thread.start()`` returns; ``start()`` waits for the new thread to run, so a main thread
descheduled there (a busy machine) is where the signal is handled: KeyboardInterrupt / Terminated
leaves a started, idle, unregistered worker. Nothing ever wakes it, and the interpreter's last step
(threading._shutdown, joining every non-daemon thread) waits for it forever - after the
``interrupted (...)`` line, so the user sees the line and a shell that never comes back (``timeout``
and ``docker stop`` then SIGKILL). Found by 150 SIGTERMs at random instants under load (1 hang in 43;
stacks: the main thread in threading._shutdown, one idle concurrent.futures worker).

Deterministic here: the child is the real ``kassist ingest`` (a real process, a real signal, SQLite,
hashing), its ``threading.Thread.start`` held for a moment right after the named thread has started (the
main thread descheduled at that instant, as a loaded CI machine does); the signal lands there. A healthy
process ends within a second or two of printing its line; the bound below is far past that. ~15 s
each when fixed (the strict xfail waits out the bound)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

import pytest
from ingest_harness import child_env, kassist

pytestmark = pytest.mark.timeout(600)

# The child: `kassist ARGS` with the main thread held right after it starts the thread named
# H27_STALL_THREAD, until a signal's handler raises there (sleeps of 0.1 s: a signal delivered to
# another thread is still handled by the main thread within 0.1 s).
HOLD = r"""
import os, runpy, sys, threading, time
NAME, MARK = os.environ["H27_STALL_THREAD"], os.environ["H27_STALL_MARK"]
real = threading.Thread.start
def start(self):
    real(self)
    if self.name == NAME and threading.current_thread() is threading.main_thread():
        open(MARK, "w").close()
        for _ in range(3000):
            time.sleep(0.1)
threading.Thread.start = start
sys.argv = ["kassist", *sys.argv[1:]]
runpy.run_module("cli.main", run_name="__main__", alter_sys=True)
"""
AFTER_LINE_S = 45.0  # a healthy exit after the line takes ~1 s; a hung one never ends


def _read(stream: IO[str] | None, into: list[str]) -> None:
    assert stream is not None
    for line in stream:
        into.append(line)


@pytest.mark.parametrize(
    ("thread", "sig", "said", "code"),
    [
        ("ingest-load_0", signal.SIGTERM, "interrupted (SIGTERM): ", 143),
        ("ingest-embed_0", signal.SIGINT, "interrupted (Ctrl-C): ", 130),
    ],
)
def test_a_signal_while_the_look_ahead_starts_its_thread_still_ends_the_process(
    tmp_path: Path, thread: str, sig: signal.Signals, said: str, code: int
) -> None:
    made = kassist("demo-corpus", "corpus", "--docs", "12", "--seed", "5", cwd=tmp_path, timeout=300)
    assert made.returncode == 0, made.stderr
    (tmp_path / "hold.py").write_text(HOLD)
    mark = tmp_path / "held"
    url = f"sqlite:///{tmp_path / 'runs.db'}"
    env = {**child_env(), "PYTHONUNBUFFERED": "1", "H27_STALL_THREAD": thread, "H27_STALL_MARK": str(mark)}
    # SIGINT as Ctrl-C delivers it; Python's own handler (a child of a non-interactive shell may
    # inherit SIGINT ignored: restored to the default here).
    child = subprocess.Popen(
        [sys.executable, "-P", "-X", "faulthandler", str(tmp_path / "hold.py"), "ingest", "corpus", "--tenant",
         "acme", "--run-id", "ci-1", "--embedder", "hashing", "--batch-size", "1", "--reports-dir",
         str(tmp_path / "artifacts"), "--database-url", url],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    lines: list[str] = []
    readers = [
        threading.Thread(target=_read, args=(f, lines), daemon=True) for f in (child.stdout, child.stderr)
    ]
    for reader in readers:
        reader.start()
    try:
        while not mark.exists():
            assert child.poll() is None, lines
            time.sleep(0.05)
        child.send_signal(sig)
        signalled = time.monotonic()
        while not any(said in line for line in lines) and child.poll() is None:  # the run let go
            assert time.monotonic() - signalled < 300, lines
            time.sleep(0.05)
        try:
            child.wait(timeout=AFTER_LINE_S)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGABRT)  # faulthandler: every thread's stack
            child.wait(timeout=60)
            for reader in readers:
                reader.join(10)
            pytest.fail(
                f"kassist ingest printed {said!r}... and never ended; its threads:\n{''.join(lines)[-3000:]}"
            )
        for reader in readers:
            reader.join(10)
        assert child.returncode == code, lines
        assert any(said in line for line in lines), lines
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
