"""``kassist ask`` from another folder than the ``kb ingest`` (session 25, a newcomer's mistakes).

The default database is ``.kassist/kassist.db`` of the working directory, so an ``ask`` typed in
another folder opened a new, empty one and said "tenant 'acme' has no documents yet", pointing at a
``kb ingest knowledge/corpus/files`` that does not exist there either: nothing said which database
was asked. The note now names it and why it may not be the one meant (a URL of absolute path, or
PostgreSQL, keeps the note as it was: tests/test_firsthour_chat.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTION = "How many days of annual leave do I get?"


def _ask(cwd: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "KASSIST_DATABASE_URL"}  # ./.kassist/kassist.db
    env.update(COLUMNS="200", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [
            sys.executable,
            "-P",
            "-m",
            "cli.main",
            "ask",
            QUESTION,
            "--tenant",
            "acme",
            "--user",
            "asha",
            *extra,
        ],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_note_names_the_default_database_and_its_folder(tmp_path: Path) -> None:
    done = _ask(tmp_path, "--thread", "t-1")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == (
        "note: tenant 'acme' has no documents yet; add the shipped handbook with: kassist kb ingest "
        f"knowledge/corpus/files --tenant acme --collection handbook; the database is .kassist/kassist.db "
        f"in {tmp_path} (a relative path: run where you ingested, or set KASSIST_DATABASE_URL)"
    )
