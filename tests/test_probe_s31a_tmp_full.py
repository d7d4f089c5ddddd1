"""An assistant turn on a machine whose temporary folder has no room (h7, session 31, #4).

The assistant tells a question's language with py3langid's model, loaded on a process's first
question. py3langid's loader inflates the model (4.6 MB packed, 68 MB inflated) into a temporary
file: with the temporary folder full, or a file-size limit below 68 MB (``ulimit -f``), every turn
failed - ``kassist ask`` with ``error: No space left on device`` / ``error: File too large`` (naming
neither the file nor what to do), ``kassist serve`` with a 500 - while the database had room.

The child is the real CLI on a fresh SQLite file, with a 16 MB file-size limit (SIGXFSZ ignored, so
a write past it fails with EFBIG as a full disk fails with ENOSPC): room for the database, not for
the inflated model.
"""

from __future__ import annotations

import resource
import signal
import subprocess
import sys
from pathlib import Path

from ingest_harness import child_env

LIMIT = 16 * 2**20


def _limited() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


def test_a_turn_needs_no_room_in_the_temporary_folder(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-P", "-m", "cli.main", "ask", "How many days of annual leave do new employees get?",
         "--tenant", "acme", "--user", "asha", "--database-url", f"sqlite:///{tmp_path / 'kassist.db'}"],
        cwd=tmp_path, env=child_env(), capture_output=True, text=True, timeout=120, preexec_fn=_limited,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "has no documents yet" in done.stdout + done.stderr  # the turn ran to its answer
