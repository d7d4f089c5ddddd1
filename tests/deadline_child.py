"""A piece of work timed in a child process from after its imports, killed at a deadline.

Session 38's attacks on loads and audits whose time grew with the square of the input (reST, HTML
tables, e-mail lines, near-duplicates) each check that a page is handled within seconds. The work runs
in a child so that a regression costs the deadline, not the minutes the parse would take; the child
prints ``ready`` once its imports (and any set-up) are done, then its result, and the deadline counts
from ``ready`` only."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEADLINE_S = 8.0
IMPORTS_S = 60.0
WAITS = "(an ingestion worker, and every tenant's run behind it, waits that long)"


def output_within(
    code: str, *args: str, what: str, waits: str = WAITS, deadline_s: float = DEADLINE_S
) -> str:
    """The stdout of ``python -c code args`` after its ``ready`` line, or the test fails saying that
    ``what`` took more than ``deadline_s`` (and who ``waits``)."""
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        ready = child.stdout.readline()  # the imports are done: the deadline is the work's alone
        assert ready.strip() == "ready", ready + child.communicate(timeout=IMPORTS_S)[1][-2000:]
        try:
            out, err = child.communicate(timeout=deadline_s)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{what} took more than {deadline_s:.0f} s {waits}", pytrace=False)
        assert child.returncode == 0, err[-2000:]
        return out
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
