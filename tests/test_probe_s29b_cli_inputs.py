"""Session 29 probes (h2): what the command line reads from a path or a pipe an operator's script
names, with hostile values.

``kassist memory remember --value-file PATH`` (and ``--value -``) read the value whole before the
16,384-byte limit is checked: /dev/zero (or ``yes |``, an endless pipe) grew one process to 15.8 GB
of resident memory in 60 s on this machine, and the machine's other processes with it. The child
here runs under an address-space limit so that the unbounded read ends in a MemoryError at about
700 MB instead of taking the machine; a bounded read answers long before it.
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

from ingest_harness import ROOT, child_env

LIMIT = 700 * 2**20  # a normal `memory remember` peaks near 630 MB of address space here


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def test_an_endless_value_file_is_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-P", "-m", "cli.main", "memory", "remember", "--tenant", "acme", "--user", "asha",
         "--type", "setting", "--key", "tz", "--value-file", "/dev/zero", "--source", "user_explicit",
         "--database-url", f"sqlite:///{tmp_path}/kassist.db"],
        cwd=tmp_path, env={**child_env(), "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=120, preexec_fn=_limited,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr  # usage: a value that cannot be read
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("error: --value-file /dev/zero holds more than"), line


def test_an_endless_question_line_is_refused_in_one_line(tmp_path: Path) -> None:
    # `yes a | tr -d '\n'`: an endless line; the limit applies to the whole pipeline (yes and tr are tiny).
    chat = f"{sys.executable} -P -m cli.main chat --tenant acme --user asha --database-url sqlite:///{tmp_path}/k.db"
    done = subprocess.run(
        ["bash", "-c", f"yes a | tr -d '\\n' | {chat}"],
        cwd=tmp_path, env={**child_env(), "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=120, preexec_fn=_limited,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr[-500:]
    assert (
        done.stderr.strip().splitlines()[-1].startswith("error: a question line on standard input is longer")
    )
