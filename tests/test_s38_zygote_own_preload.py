"""The tests' zygote preloads our own modules (session 38): what a forked child shares with the
zygote must not make it differ from an exec'd one. Our modules' state a fork would share (the retry
jitter's random generator) is reseeded in the child by the product itself, as any preloading server
that forks its workers needs; the terminal's width (COLUMNS) is the child's own, as a fresh
process's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import zygote
from ingest_harness import child_env

KASSIST = [sys.executable, "-P", "-m", "cli.main"]

# Imports the retry module once, then forks twice: each process draws its backoff jitter after the
# forks. Without a reseed at fork the three would draw one sequence (a Random seeded at import).
FORKED_DRAWS = """
import json, os, sys
from checkpointer.retry import Backoff

def draws():
    return [Backoff(base=1.0, cap=1.0).delay(1) for _ in range(8)]

children = []
for _ in range(2):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        os.write(w, json.dumps(draws()).encode())
        os._exit(0)
    os.close(w)
    children.append((pid, r))
out = {"parent": draws(), "children": []}
for pid, r in children:
    with os.fdopen(r) as f:
        out["children"].append(json.loads(f.read()))
    os.waitpid(pid, 0)
print(json.dumps(out))
"""


def test_a_forked_child_draws_its_own_retry_jitter(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-P", "-c", FORKED_DRAWS], cwd=tmp_path, env=child_env(),
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    parent, first, second = out["parent"], *out["children"]
    assert len({tuple(parent), tuple(first), tuple(second)}) == 3, out
    assert all(0 <= d <= 1.0 for d in [*parent, *first, *second])


def test_a_child_whose_columns_differ_from_the_zygotes_prints_as_an_execd_one(tmp_path: Path) -> None:
    """The width a child prints at is its own COLUMNS, not the zygote's: no import (third-party or
    ours) keeps it (rich reads it when a console is made, in the child); were one to read it at
    import, the zygote would have noted it and exec'd this child. Either way: an exec'd child's output."""
    z = zygote.zygote(child_env())
    outputs = {}
    for columns in (child_env()["COLUMNS"], "64"):
        env = {**child_env(), "COLUMNS": columns}
        assert z.fits(env) is (columns == child_env()["COLUMNS"] or "COLUMNS" not in z.read)
        with zygote.Child([*KASSIST, "ingest", "--help"], cwd=tmp_path, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:  # fmt: skip
            forked = proc._zconn is not None
            out, err = proc.communicate(timeout=120)
        assert forked is z.fits(env)
        execd = subprocess.run([*KASSIST, "ingest", "--help"], cwd=tmp_path, env=env,
                               capture_output=True, text=True, timeout=120)  # fmt: skip
        assert (proc.returncode, out, err) == (execd.returncode, execd.stdout, execd.stderr)
        assert proc.returncode == 0 and "Usage" in out
        outputs[columns] = out
    narrow = max(len(line) for line in outputs["64"].splitlines())
    assert narrow <= 64 < max(len(line) for line in outputs[child_env()["COLUMNS"]].splitlines())
