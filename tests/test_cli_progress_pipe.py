"""``kassist ingest`` draws its progress bar only on a terminal (issue 28 item 4, docs/cli.md):
into a pipe or a log its stderr carries no bar and no control codes; ``KASSIST_PROGRESS=1`` asks
for the bar anyway (a CI log that wants it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

KASSIST = Path(sys.executable).with_name("kassist")  # the installed command, as a user runs it


def ingest(url: str, source: Path, run_id: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "KASSIST_PROGRESS"}
    environ.update(env, COLUMNS="120", KASSIST_DATABASE_URL=url)
    args = [
        str(KASSIST),
        "ingest",
        str(source),
        "--tenant",
        "acme",
        "--run-id",
        run_id,
        "--embedder",
        "hashing",
    ]
    return subprocess.run(args, env=environ, capture_output=True, text=True, timeout=300, cwd=source.parent)


def test_progress_only_on_a_terminal_or_when_asked(tmp_path: Path, sqlite_url: str) -> None:
    source = tmp_path / "policies"
    source.mkdir()
    for i in range(3):
        (source / f"policy-{i}.md").write_text(f"# Policy {i}\n\nNew joiners accrue {i} days of leave.\n")
    piped = ingest(sqlite_url, source, "piped")
    assert piped.returncode == 0, piped.stdout + piped.stderr
    assert "\x1b" not in piped.stderr and "\x1b" not in piped.stdout  # no control codes in a pipe
    assert "3/3" not in piped.stderr and "━" not in piped.stderr  # no bar at all
    asked = ingest(sqlite_url, source, "asked", KASSIST_PROGRESS="1")
    assert asked.returncode == 0, asked.stdout + asked.stderr
    assert "3/3 docs" in asked.stderr  # the bar, drawn because it was asked for
