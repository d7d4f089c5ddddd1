"""``kassist ask`` from another folder than the ``kb ingest`` (session 25, a newcomer's mistakes).

The default database is ``.kassist/kassist.db`` of the working directory, so an ``ask`` typed in
another folder opened a new, empty one and said "tenant 'acme' has no documents yet", pointing at a
``kb ingest knowledge/corpus/files`` that does not exist there either: nothing said which database
was asked. The note now names it and why it may not be the one meant (a URL of absolute path, or
PostgreSQL, keeps the note as it was: tests/test_firsthour_chat.py).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from ingest_harness import kassist

QUESTION = "How many days of annual leave do I get?"


def _ask(cwd: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    # The harness's child: no KASSIST_DATABASE_URL, so the default ./.kassist/kassist.db of cwd.
    return kassist("ask", QUESTION, "--tenant", "acme", "--user", "asha", *extra, cwd=cwd, timeout=300)


def test_the_note_names_the_default_database_and_its_folder(tmp_path: Path) -> None:
    done = _ask(tmp_path, "--thread", "t-1")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == (
        "note: tenant 'acme' has no documents yet; add the shipped handbook with: kassist kb ingest "
        f"knowledge/corpus/files --tenant acme --collection handbook; the database is "
        f"{tmp_path}/.kassist/kassist.db (a relative path: run where you ingested, or give an absolute one)"
    )
