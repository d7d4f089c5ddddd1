"""``make clean`` keeps the user's data (session 25, a newcomer's first hour walked on a fresh clone).

It removed ``.kassist/`` with the venv: the default database of every ``kassist`` command and of
``make demo`` (threads, memories, documents, API keys), so a newcomer tidying the venv away lost
everything the README had them make. Now it removes what make and the tools made, keeps
``.kassist/`` and says so in one line with the command that deletes it. Run on a copy of the Makefile.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _make_clean(project: Path) -> subprocess.CompletedProcess[str]:
    # As a newcomer types it: not a sub-make of `make test` (MAKELEVEL/MAKEFLAGS add "Entering" lines).
    env = {
        k: v for k, v in os.environ.items() if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES")
    }
    return subprocess.run(["make", "clean"], cwd=project, env=env, capture_output=True, text=True, timeout=60)


def test_make_clean_removes_the_venv_and_caches_and_keeps_the_database(tmp_path: Path) -> None:
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    made = [".venv/bin/python", ".pytest_cache/v", ".mypy_cache/x", ".ruff_cache/y"]
    kept = [".kassist/kassist.db", ".kassist/kassist.db-wal", ".kassist/demo-reports/r/audit.html"]
    for name in made + kept:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)

    done = _make_clean(tmp_path)

    assert done.returncode == 0, done.stderr
    assert [n for n in made if (tmp_path / n.split("/")[0]).exists()] == []
    assert [(tmp_path / n).read_text() for n in kept] == kept  # every file, unchanged
    assert done.stdout.splitlines()[-1] == (
        "kept .kassist/ (the default database of kassist and make demo: your threads, memories and "
        "documents); rm -rf .kassist deletes it"
    )


def test_make_clean_without_data_says_nothing_about_it(tmp_path: Path) -> None:
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / ".venv").mkdir()
    done = _make_clean(tmp_path)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / ".venv").exists()
    assert "kept" not in done.stdout
