"""``kassist demo`` (what ``make demo`` runs): the real ingestion job on the embedded default, killed
with SIGKILL part-way and resumed from where it stopped, then the audit summary and the exported
report's paths."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import zygote


def test_demo_kills_resumes_and_reports_also_when_run_again(tmp_path: Path) -> None:
    """A second ``make demo`` in the same directory finds the first one's database and corpus: its
    own run must still be killed part-way and resumed, not confused with the first."""
    env = {k: v for k, v in os.environ.items() if k != "KASSIST_DATABASE_URL"}
    for _run in range(2):
        # A real process forked by the worker's zygote (tests/zygote.py), as are its own kassist children
        # (the corpus, the ingest it kills, the resume, the runs commands): imports paid once.
        result = zygote.run(
            # The hashing embedder keeps the test fast; `make demo` uses the local model.
            [sys.executable, "-P", "-m", "cli.main", "demo", "--embedder", "hashing"],
            cwd=tmp_path,
            env={**env, "COLUMNS": "200", "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
            timeout=300,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        out = result.stdout
        killed = re.search(r"SIGKILL child pid \d+: committed (\d+) of (\d+) batches", out)
        assert killed and 0 < int(killed[1]) < int(killed[2]), out
        resumed = re.search(r"resuming run demo-\S+ from batch (\d+) of (\d+)", out)
        assert resumed and int(resumed[1]) == int(killed[1]) + 1, out  # where it stopped, not from zero
        # The generated corpus plants secrets: the audit may ask for a review (and says how).
        assert re.search(r"status\s*│ (completed|needs_review)", out), out
        assert "OK" in out and "FAILED" not in out
        if "needs_review" in out:
            assert "kassist runs approve demo-" in out
        # The report is exported from the database into the demo's own folder, each path whole.
        report = re.search(r"report \(json\):\n(\S+)\n", out)
        assert report and Path(report[1]).is_file(), out
        assert Path(report[1]).parent.parent == tmp_path / ".kassist" / "demo-reports", out
        assert (tmp_path / ".kassist" / "kassist.db").is_file()  # the embedded default, under ./.kassist/
