"""`kassist ingest --reports-dir` where the report's files cannot go (h7, session 31, #5).

The report's files are written after the run stops. A ``--reports-dir`` that is a file (or lies under
one) ran the whole ingest, then said ``error: File exists: out`` / ``error: [Errno 20] Not a
directory: 'out/sub'`` and exited 1 - a run that completed, told as a failure, with neither what the
folder is for nor what to do (seen the same with the folder on a full disk: ``error: No space left
on device``). ``kassist runs report --out`` refuses such a folder in one line before anything.

Real CLI, real SQLite file; a one-document folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import kassist


@pytest.mark.parametrize("where", ["taken", "taken/sub"])
def test_a_reports_dir_that_cannot_be_a_folder_is_refused_before_the_run(tmp_path: Path, where: str) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.md").write_text("# A\n\nAnnual leave is 25 days.\n")
    (tmp_path / "taken").write_text("an operator's file\n")
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    done = kassist(
        "ingest", str(src), "--tenant", "acme", "--embedder", "hashing", "--run-id", "r1",
        "--reports-dir", where, "--database-url", url, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 2, (done.returncode, done.stdout[-1000:], done.stderr)
    assert done.stderr.splitlines() == [
        f"error: --reports-dir {where}: taken is a file; give a folder (it is created if missing)"
    ]
    assert not (tmp_path / "kassist.db").exists()  # refused before the run: nothing ran, nothing stored


@pytest.mark.parametrize("where", ["taken", "taken/sub"])
def test_a_report_out_folder_that_cannot_be_a_folder_is_refused_in_the_same_line(
    tmp_path: Path, where: str
) -> None:
    """`kassist runs report --out` takes the same check (cli.kit.check_output_folder): a folder under a
    file was 'cannot write into ...: Not a directory' after reading the run."""
    (tmp_path / "taken").write_text("an operator's file\n")
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    done = kassist(
        "runs", "report", "r1", "--tenant", "acme", "--out", where, "--database-url", url, cwd=tmp_path
    )
    assert done.returncode == 2, (done.returncode, done.stdout[-1000:], done.stderr)
    assert done.stderr.splitlines() == [
        f"error: --out {where}: taken is a file; give a folder (it is created if missing)"
    ]
    assert not (tmp_path / "kassist.db").exists()  # refused before the database is opened
