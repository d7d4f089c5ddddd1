"""The first command a newcomer types, ``make demo``, on a machine that cannot make the venv: a
Python older than 3.11, or Debian's Python without ``python3-venv`` (no ensurepip, so ``python3 -m
venv`` printed ten lines and left a ``.venv`` without pip behind). Each is one line saying what to
do, before any venv or pip runs. Run on a copy of the Makefile (nothing is installed)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _project(tmp_path: Path) -> Path:
    for name in ("Makefile", "pyproject.toml", "constraints.txt"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def _script(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def _make(project: Path, python: str) -> subprocess.CompletedProcess[str]:
    # As a newcomer types it: not a sub-make of `make test` (whose MAKELEVEL/MAKEFLAGS would make
    # this make print "Entering directory" lines and name itself "make[1]").
    env = {
        k: v for k, v in os.environ.items() if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES")
    }
    return subprocess.run(
        ["make", f"PYTHON={python}", "demo"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _our_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode != 0 and "Traceback" not in done.stdout + done.stderr
    # Our line, then make's own "make: *** [Makefile:N: .venv/.installed] Error 1".
    [line] = done.stdout.splitlines()
    assert [e for e in done.stderr.splitlines() if not e.startswith("make: ***")] == [], done.stderr
    return line


def test_a_python_older_than_3_11_is_one_line_naming_it(tmp_path: Path) -> None:
    project = _project(tmp_path)
    old = _script(
        tmp_path / "py310", '#!/bin/sh\n[ "$1" = --version ] && echo "Python 3.10.12" && exit 0\nexit 1\n'
    )
    line = _our_line(_make(project, str(old)))
    assert line == (
        f"kassist needs Python 3.11 or newer; '{old}' is Python 3.10.12. Run: make PYTHON=python3.11 demo"
    )
    assert not (project / ".venv").exists()


def test_a_python_without_its_venv_module_names_the_debian_package(tmp_path: Path) -> None:
    project = _project(tmp_path)
    # Debian's python3.11 without python3.11-venv: the ensurepip package is missing.
    (tmp_path / "hide").mkdir()
    (tmp_path / "hide" / "ensurepip.py").write_text("raise ImportError('No module named ensurepip')\n")
    python = _script(
        tmp_path / "python3", f'#!/bin/sh\nPYTHONPATH={tmp_path / "hide"} exec {sys.executable} "$@"\n'
    )
    line = _our_line(_make(project, str(python)))
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert f"sudo apt install python{version}-venv, then make demo again" in line, line
    assert not (project / ".venv").exists()  # no half-made venv left for the next try to trip on
