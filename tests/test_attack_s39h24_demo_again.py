"""h24 s39 (the newcomer's first hour): ``kassist demo`` run again with another ``--docs`` or ``--embedder``
than the first ends "a bug in kassist".

README: ``make demo`` (``kassist demo``: 200 documents, the local model) may be run again, "it starts a
new run on the same corpus". ``kassist demo --help`` offers ``--docs`` and ``--embedder``, and docs/cli.md
quotes ``--docs`` in its example. Every demo indexes into one collection, ``demo_handbook``, so the next
demo with another count ingests ``.kassist/demo-corpus-<N>`` into a collection that mirrors the first
folder, and one with another embedder into a collection indexed with the first model; its ingest child is
refused before the kill, and the demo says ``error: unexpected RuntimeError: the ingest child stopped
before the kill (exit 1): ... (a bug in kassist; run again with KASSIST_DEBUG=1 ..., and report it)`` -
for another embedder with nothing after the colon at all. docs/cli.md: errors are one line saying what is
wrong and what to do, never "a bug" for something the user did.

Real ``kassist demo`` processes in one folder (its ``.kassist/``), as a newcomer runs them. SQLite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import zygote

ROOT = Path(__file__).resolve().parents[1]


def demo(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "KASSIST_DATABASE_URL"}
    # Forked by the worker's zygote (tests/zygote.py), as test_demo's demos and their own kassist
    # children are: the imports paid once.
    return zygote.run(
        [sys.executable, "-P", "-m", "cli.main", "demo", *args], cwd=cwd,
        env={**env, "COLUMNS": "200", "PYTHONPATH": str(ROOT)}, timeout=600,
    )  # fmt: skip


@pytest.mark.timeout(1200)
def test_a_second_demo_with_other_options_works_or_says_what_to_do(tmp_path: Path) -> None:
    first = demo(tmp_path, "--docs", "20", "--embedder", "hashing")
    assert first.returncode == 0, first.stdout[-2000:] + first.stderr

    for again in (["--docs", "21", "--embedder", "hashing"], ["--docs", "20", "--embedder", "local"]):
        done = demo(tmp_path, *again)
        said = done.stdout + done.stderr
        assert "unexpected" not in said and "a bug in kassist" not in said, (again, said[-1500:])
        if done.returncode != 0:  # refused: one line that says why and what to do
            lines = [line for line in done.stderr.splitlines() if line.strip()]
            assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) > 60, (again, lines)
