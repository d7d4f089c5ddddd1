"""`kassist demo` in a folder this user may not write (session 36, n N2: a newcomer's mistake on purpose).

It said ``error: Read-only file system: .kassist`` (``Permission denied`` for another user's folder):
the OS's words, no way out, where ``kassist ingest`` in the same folder says what to check. Now the line
names the folder, why the demo needs it and what to do; nothing is written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import readonly_support

ROOT = Path(__file__).resolve().parents[1]


def test_the_demo_in_a_folder_it_cannot_write_says_what_to_do() -> None:
    with readonly_support.read_only_folder(lambda db: None) as (db, user):
        folder = db.parent
        env = {**os.environ, "COLUMNS": "200", "PYTHONPATH": str(ROOT)}
        env.pop("KASSIST_DATABASE_URL", None)  # the default, .kassist/kassist.db: what a newcomer runs
        done = subprocess.run(
            [*user, sys.executable, "-P", "-m", "cli.main", "demo"],
            capture_output=True, text=True, timeout=120, cwd=folder, env=env,
        )  # fmt: skip
        assert done.returncode == 1, (done.stdout, done.stderr)
        assert done.stderr.strip().splitlines() == [
            f"error: cannot make .kassist in {folder} (Permission denied): kassist demo writes its corpus, "
            "database and reports there; run it from a folder you can write (make demo runs it in the "
            "checkout)"
        ], done.stderr
        assert list(folder.iterdir()) == []
