"""Session 29 probes (h2): who else on the machine can read what kassist writes.

The default database (``./.kassist/kassist.db``) holds every tenant's documents and chunks, the
assistant's memories (names, managers, time zones: personal data), audit reports and the API keys'
hashes; ``kassist serve`` keeps uploaded documents beside it (``.kassist/uploads``). kassist already
refuses a ``.kassist`` folder another user owns "because that user could read what kassist writes"
(kassist/dburl.check_default_folder); the folder and the file it creates itself are another local
user's to read under the usual umask 022. One real ``kassist`` process, in a folder of its own.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from ingest_harness import ROOT, child_env


def _mode(path: Path) -> str:
    return oct(stat.S_IMODE(path.stat().st_mode))


@pytest.fixture(scope="module")
def default_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A key created with no --database-url, under umask 022 (most systems' default)."""
    cwd = tmp_path_factory.mktemp("s29b_modes")
    done = subprocess.run(
        [sys.executable, "-P", "-m", "cli.main", "keys", "create", "--tenant", "acme", "--identity", "ops"],
        cwd=cwd, env={**child_env(), "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=120, preexec_fn=lambda: os.umask(0o022),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return cwd / ".kassist"


def test_the_default_database_is_not_readable_by_other_users(default_database: Path) -> None:
    files = [default_database / "kassist.db", *default_database.glob("kassist.db-*")]
    modes = {p.name: _mode(p) for p in [default_database, *files]}
    assert all(stat.S_IMODE(p.stat().st_mode) & 0o077 == 0 for p in [default_database, *files]), modes
