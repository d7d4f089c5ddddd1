"""The command a paused ``kassist ingest --reports-dir DIR`` prints to go on writes the report's files
into DIR, as the command itself would have (r3 s38; of 452a9d5, H22-3's fix).

452a9d5 gave ``kassist runs resume`` a ``--reports-dir`` and made the line Ctrl-C and SIGTERM print
(``finish it with: ...``, cli/job_stop.JobStage) repeat it. A run that stops paused - ``--max-steps``
used up, the same run's other way to stop part-way - prints its own line, ``resume with: kassist
runs resume R --tenant T [--database-url U]`` (cli/ingest_output.finish), which still names no
``--reports-dir``: pasted, the run completes (or waits for its review) and DIR stays empty, without a
word that the files the command was asked for were never written.

A real process each (zygote children), SQLite, hashing, 6 documents: ~10 s."""

from __future__ import annotations

import shlex
from pathlib import Path

from ingest_harness import kassist


def test_the_paused_runs_resume_line_writes_the_reports_dir_the_run_was_started_with(tmp_path: Path) -> None:
    made = kassist("demo-corpus", "corpus", "--docs", "6", "--seed", "5", cwd=tmp_path, timeout=300)
    assert made.returncode == 0, made.stderr
    url = f"sqlite:///{tmp_path / 'runs.db'}"
    reports = tmp_path / "artifacts"
    paused = kassist(
        "ingest", "corpus", "--tenant", "acme", "--run-id", "ci-1", "--embedder", "hashing",
        "--batch-size", "1", "--max-steps", "3", "--reports-dir", str(reports), "--database-url", url,
        cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert paused.returncode == 8, paused.stdout + paused.stderr  # paused: its step budget used
    lines = [line for line in paused.stdout.splitlines() if line.startswith("resume with: kassist ")]
    assert len(lines) == 1, paused.stdout[-800:]

    args = shlex.split(lines[0].split("resume with: kassist ", 1)[1])
    resumed = kassist(*args, cwd=tmp_path, timeout=600)
    assert resumed.returncode in (0, 3, 5), resumed.stdout + resumed.stderr  # 5: the audit's review
    written = sorted(p.name for p in reports.glob("audit-ci-1@acme.*")) if reports.is_dir() else []
    assert written == ["audit-ci-1@acme.html", "audit-ci-1@acme.json", "audit-ci-1@acme.md"], (
        written, resumed.stdout[-600:],
    )  # fmt: skip
