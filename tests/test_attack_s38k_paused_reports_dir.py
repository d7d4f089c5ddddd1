"""The "resume with:" line of a paused (or failed) ``kassist ingest --reports-dir DIR`` repeats the
reports folder, as the SIGTERM line does since 452a9d5 (h22 s38; the rest of H22-3).

452a9d5 gave ``kassist runs resume`` a ``--reports-dir`` and made the interrupted job's line
(``finish it with: ...``) repeat it. A run that stops paused (``--max-steps``: a CI budget) or failed
(a notify receiver down, a database away) prints its own line, ``resume with: kassist runs resume R
--tenant T --database-url U`` (cli/ingest_output.print_outcome), which still leaves it out: pasted,
the run completes and DIR is never written - the files the command was asked for, without a word.

Real processes, SQLite, hashing: ~15 s."""

from __future__ import annotations

import shlex
from pathlib import Path

from ingest_harness import kassist


def test_the_resume_with_line_of_a_paused_run_writes_its_reports_dir(tmp_path: Path) -> None:
    made = kassist("demo-corpus", "corpus", "--docs", "8", "--seed", "5", cwd=tmp_path, timeout=300)
    assert made.returncode == 0, made.stderr
    url = f"sqlite:///{tmp_path / 'runs.db'}"
    paused = kassist(
        "ingest", "corpus", "--tenant", "acme", "--run-id", "ci-2", "--embedder", "hashing", "--max-steps", "2",
        "--reports-dir", "my artifacts", "--database-url", url, cwd=tmp_path,
    )  # fmt: skip
    assert paused.returncode == 8, paused.stdout + paused.stderr
    [line] = [s for s in paused.stdout.splitlines() if s.startswith("resume with: kassist ")]
    resumed = kassist(*shlex.split(line.removeprefix("resume with: kassist ")), cwd=tmp_path, timeout=600)
    assert resumed.returncode in (0, 3, 5), resumed.stdout + resumed.stderr  # 5: the audit's review
    reports = tmp_path / "my artifacts"
    written = sorted(p.name for p in reports.glob("audit-ci-2@acme.*")) if reports.is_dir() else []
    assert written == ["audit-ci-2@acme.html", "audit-ci-2@acme.json", "audit-ci-2@acme.md"], (line, written)
