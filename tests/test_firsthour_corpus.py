"""The demo corpus's ground truth lives beside the folder (``<dir>.manifest.json``, so that
ingesting the folder reads only documents), and the evaluation finds it there: the commands
docs/audit.md gives, run as written in real processes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import zygote

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # A real process; a kassist command ('-m cli.main') is forked from the worker's zygote (tests/zygote.py:
    # with the harness's PYTHONPATH, as ingest_harness.child_env gives it), any other is exec'd.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return zygote.run([sys.executable, "-P", *args], cwd=cwd, env=env, timeout=300)


def test_evaluate_reads_the_ground_truth_beside_the_corpus(tmp_path: Path) -> None:
    made = _run("-m", "cli.main", "demo-corpus", "corpus", "--docs", "40", "--seed", "11", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "corpus.manifest.json").is_file() and not (
        tmp_path / "corpus" / "manifest.json"
    ).exists()
    scored = _run("-m", "knowledge.corpus.evaluate", "corpus", "--json", cwd=tmp_path)
    assert scored.returncode == 0, scored.stderr
    scores = json.loads(scored.stdout)
    assert {"personal_data", "secret", "broken"} <= set(scores)
    planted = sum(s["true_positives"] + s["false_negatives"] for s in scores.values())
    assert planted > 0 and all(0.0 <= s["recall"] <= 1.0 for s in scores.values())
    table = _run("-m", "knowledge.corpus.evaluate", "corpus", cwd=tmp_path)
    assert table.returncode == 0 and table.stdout.startswith("40 documents, seed 11"), table.stderr


def test_evaluate_without_a_ground_truth_says_where_it_looked(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n\ntext\n")
    done = _run("-m", "knowledge.corpus.evaluate", "docs", cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "no ground truth for the corpus docs" in done.stderr
    assert "docs.manifest.json" in done.stderr and "kassist demo-corpus docs" in done.stderr


def test_the_summary_line_is_whole_on_a_narrow_terminal(tmp_path: Path) -> None:
    """README's first command: the count, time and seed on one line (as a table title it wrapped at the
    table's width: "200 documents (0.8 s, seed" / "7)")."""
    made = zygote.run(
        [sys.executable, "-P", "-m", "cli.main", "demo-corpus", "corpus", "--docs", "20", "--seed", "7"],
        cwd=tmp_path, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"},
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    first = made.stdout.splitlines()[0]
    assert re.fullmatch(r"20 documents \(\d+\.\d s, seed 7\)", first), made.stdout
