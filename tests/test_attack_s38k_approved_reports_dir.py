"""The report files ``kassist ingest --reports-dir DIR`` wrote for a run waiting for its review are not
left saying "Needs review" once the printed approve command has approved it (h22 s38; H22-3's class).

A run that needs a review stops: ``kassist ingest`` writes DIR/audit-R@T.* as the report then is
("Needs review") and prints ``kassist runs approve R --tenant T --database-url U``. That command
approves the run, re-renders the stored report ("approved by ...") and finishes the run - and leaves
DIR as it was: the CI job's artifact, the file an auditor opens, says the run still waits for a
review. ``runs approve`` takes no ``--reports-dir`` and the printed line names none (452a9d5 gave one
to ``runs resume`` only).

Real processes, SQLite, hashing (the demo corpus with seed 5 holds two cloud access keys: review): ~20 s."""

from __future__ import annotations

import shlex
from pathlib import Path

from ingest_harness import kassist


def test_the_printed_approve_command_leaves_no_needs_review_report_in_the_reports_dir(tmp_path: Path) -> None:
    made = kassist("demo-corpus", "corpus", "--docs", "12", "--seed", "5", cwd=tmp_path, timeout=300)
    assert made.returncode == 0, made.stderr
    url = f"sqlite:///{tmp_path / 'runs.db'}"
    stopped = kassist(
        "ingest", "corpus", "--tenant", "acme", "--run-id", "ci-3", "--embedder", "hashing",
        "--reports-dir", "artifacts", "--database-url", url, cwd=tmp_path,
    )  # fmt: skip
    assert stopped.returncode == 5, stopped.stdout + stopped.stderr  # waiting for a review
    report = tmp_path / "artifacts" / "audit-ci-3@acme.md"
    assert "Needs review" in report.read_text()
    [line] = [s.strip() for s in stopped.stdout.splitlines() if s.strip().startswith("kassist runs approve ")]
    approved = kassist(*shlex.split(line.removeprefix("kassist ")), cwd=tmp_path, timeout=600)
    assert approved.returncode in (0, 3), approved.stdout + approved.stderr
    assert "Needs review" not in report.read_text(), approved.stdout[-400:]
