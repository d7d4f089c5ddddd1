"""Review s33 r2 (strict xfail): a forked kassist child given a relative ``cwd`` runs where an exec'd one
does - relative to the test's working directory at the spawn, as ``subprocess`` resolves it.

tests/zygote.py ``Child._execute_child`` sends ``os.fspath(cwd)`` as given, and the zygote's child
``chdir``s to it from the zygote's own working directory (the worker's when the zygote started): after a
test moved (``monkeypatch.chdir``), ``cwd="sub"`` names another folder - a FileNotFoundError where
``subprocess`` runs the child, or, where that folder exists, a child writing its default database and
files into another test's or the checkout's folder. No test passes a relative ``cwd`` today; the next one
would meet it only on the forked path. Fix: send ``os.path.abspath(cwd)`` (resolved in the test's process).
Cost: one forked ``kassist keys create`` on one SQLite file, no server.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import zygote
from ingest_harness import child_env


@pytest.mark.skipif(not zygote.SUPPORTED, reason="every child is exec'd on this Python")
def test_a_relative_cwd_is_the_tests_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    zygote.zygote(child_env())  # the worker's zygote, started where the worker stands
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path)
    args = [sys.executable, "-P", "-m", "cli.main", "keys", "create", "--tenant", "acme", "--identity", "alice",
            "--database-url", "sqlite:///k.db"]  # fmt: skip
    with zygote.Child(
        args, cwd="sub", env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as c:
        assert c._zconn is not None  # forked
        _, err = c.communicate(timeout=120)
    assert c.returncode == 0, err
    assert (tmp_path / "sub" / "k.db").exists()  # where subprocess would have run it
