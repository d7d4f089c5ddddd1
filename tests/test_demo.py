"""``kassist demo`` (what ``make demo`` runs) works on a fresh directory with the embedded default."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_demo_kills_resumes_and_reports_also_when_run_again(tmp_path: Path) -> None:
    """A second ``make demo`` in the same directory finds the first one's database and ledger: it
    must count only its own thread's side effects (it once killed its worker at once, seeing the
    earlier run's effects, and found no checkpoint)."""
    env = {k: v for k, v in os.environ.items() if k != "KASSIST_DATABASE_URL"}
    for _run in range(2):
        result = subprocess.run(
            [sys.executable, "-m", "kassist.cli", "demo"],
            cwd=tmp_path,
            env={**env, "COLUMNS": "160"},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        out = result.stdout
        assert "SIGKILL" in out and "tenant" in out and "acme" in out
        assert "resumed at step" in out and "documents processed" in out and "8 of 8" in out
        assert "OK" in out and "FAILED" not in out
        assert (tmp_path / ".kassist" / "kassist.db").is_file()  # the embedded default, under ./.kassist/
