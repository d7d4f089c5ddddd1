"""`make clean` also removes what pip's builds leave in the checkout (n1, session 34).

`make venv` (an editable install) writes `kassist.egg-info/`, and README's "Install into your
project" (`pip install /path/to/kassist`) writes `build/` (and the egg-info) into the checkout; on a
fresh clone walked through the README, `make clean` left both behind (git ignores them, so nothing
said so). `.kassist/` stays (tests/test_newcomer_s25_make_clean.py). Run on a copy of the Makefile."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def test_make_clean_removes_pips_build_leftovers_and_keeps_the_database(tmp_path: Path) -> None:
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    made = ["build/lib/kassist/__init__.py", "build/bdist.linux-x86_64/x", "kassist.egg-info/PKG-INFO"]
    kept = [".kassist/kassist.db"]
    for name in made + kept:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    env = {
        k: v for k, v in os.environ.items() if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES")
    }
    done = subprocess.run(
        ["make", "clean"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert [n for n in made if (tmp_path / n.split("/")[0]).exists()] == []
    assert [(tmp_path / n).read_text() for n in kept] == kept
