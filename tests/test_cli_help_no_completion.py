"""Every command's --help shows the same options a newcomer reads at the top: the shell-completion
installers are off for the whole command line (``add_completion=False``), so no single command
(``demo``, ``ingest``, ``ask``...) offers ``--install-completion`` of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = ["demo", "demo-corpus", "ingest", "ask", "chat", "context", "kb", "runs", "serve"]


@pytest.mark.parametrize("command", COMMANDS)
def test_no_command_offers_shell_completion(command: str) -> None:
    done = subprocess.run(
        [sys.executable, "-P", "-m", "cli.main", command, "--help"],
        capture_output=True, text=True, timeout=120, check=False, env={**os.environ, "COLUMNS": "100", "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "completion" not in done.stdout, done.stdout
