"""Review s33 r2 (strict xfail): a child forked by the test zygote under ``PYTHONUNBUFFERED=1`` writes its
standard output as an exec'd ``python -P -m cli.main`` does - unbuffered - and so in the order it wrote.

The zygote compares ``PYTHON*`` variables (a child whose value differs is exec'd), so a child that fits a
zygote started under ``PYTHONUNBUFFERED=1`` is forked; but tests/zygote_server.py ``_fresh_stdio`` rebuilds
the child's streams block-buffered whatever the interpreter's setting (``sys.__stdout__.write_through``):
the suite's environment here sets ``PYTHONUNBUFFERED=1``, so every forked child's stdout is buffered where
an exec'd one's is not. What a user of the test sees: in one stream (``2>&1``, ``stderr=STDOUT``) the lines
come in another order, and a child killed (SIGKILL, a timeout's kill) loses what it printed but had not
flushed - a failure message without the child's real output. ``kassist keys create`` prints the key with
``print`` and then its note to stderr: exec'd, the key comes first.

Fix: ``_fresh_stdio`` opens stdout/stderr with ``buffering=0`` and ``write_through=True`` when the zygote's
own ``sys.__stdout__.write_through`` says the interpreter runs unbuffered (CPython's create_stdio).
Cost: one exec'd and one forked child, one SQLite file each (a zygote start only when the worker's does not fit).
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

import pytest
import zygote
from ingest_harness import child_env

KASSIST = [sys.executable, "-P", "-m", "cli.main"]


def _create(db: Path) -> list[str]:
    return [
        *KASSIST,
        "keys",
        "create",
        "--tenant",
        "acme",
        "--identity",
        "alice",
        "--database-url",
        f"sqlite:///{db}",
    ]


@pytest.mark.skipif(not zygote.SUPPORTED, reason="every child is exec'd on this Python")
def test_a_forked_child_under_pythonunbuffered_writes_as_an_execd_one(tmp_path: Path) -> None:
    env = {**child_env(), "PYTHONUNBUFFERED": "1"}
    execd = subprocess.run(
        _create(tmp_path / "e.db"), cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, timeout=120,
    )  # fmt: skip
    assert execd.returncode == 0 and execd.stdout.startswith("kassist_"), (
        execd.stdout
    )  # the key, then the note
    # The worker's zygote when it was started under PYTHONUNBUFFERED=1 too, else one of the test's own.
    fits = zygote.zygote(child_env()).fits(env)
    with contextlib.ExitStack() as stack:
        if not fits:
            stack.enter_context(zygote.started(env))
        child = stack.enter_context(
            zygote.Child(_create(tmp_path / "f.db"), cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
        )  # fmt: skip
        assert child._zconn is not None  # forked, not exec'd
        forked = child.communicate(timeout=120)[0]
    assert child.returncode == 0, forked
    assert forked.startswith("kassist_"), forked
