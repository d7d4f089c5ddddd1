"""A command line kassist refuses (a mistyped option or command, a missing argument, a bad value)
is one ``error:`` line saying what to do and exit code 2, as every other error of the CLI: typer
drew it as a usage line, a hint line and a box of three lines or more (session 22, walking the
README as a newcomer: ``kassist demo --doc 40``). ``kassist kb`` alone still prints its help."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CASES = [
    (["demo", "--doc", "40"], "No such option: --doc; did you mean --docs?", "kassist demo --help"),
    (["kb", "search", "--tenat", "acme", "leave"], "did you mean --tenant?", "kassist kb search --help"),
    (["--verbose"], "No such option: --verbose", "kassist --help"),
    (["memroy", "list"], "Did you mean 'memory'", "kassist --help"),
    (["kb", "serch", "leave"], "Did you mean 'search'", "kassist kb --help"),
    (["kb", "search"], "Missing argument 'query'", "kassist kb search --help"),
    (["memory", "list"], "Missing option '--tenant'", "kassist memory list --help"),
    (["kb", "search", "leave", "--tenant", "acme", "--k", "many"], "Invalid value for '--k'", "--help"),
    (["checkpoints", "prune", "--older-than", "soon", "--tenant", "acme"], "cannot read 'soon'", "--help"),
]


# The installed command, as a newcomer types it (``python -m cli`` would name itself in the hints).
KASSIST = Path(sys.executable).with_name("kassist")


def _kassist(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(KASSIST), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "60"},  # narrow: the old box wrapped over more lines
    )


@pytest.mark.parametrize(("args", "says", "help_hint"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_a_refused_command_line_is_one_error_line(
    args: list[str], says: str, help_hint: str, tmp_path: Path
) -> None:
    done = _kassist(args, tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert says in lines[0] and help_hint in lines[0], lines[0]
    assert not list(tmp_path.iterdir())  # a refused command line creates nothing (no .kassist/)


def test_a_group_alone_still_prints_its_help(tmp_path: Path) -> None:
    done = _kassist(["kb"], tmp_path)
    assert done.returncode == 2 and "error:" not in done.stdout + done.stderr
    assert "search" in done.stdout + done.stderr and "Usage: kassist kb" in done.stdout + done.stderr
