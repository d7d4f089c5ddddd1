"""Opening a SQLite file in a process out of file descriptors (h7, session 31, #7).

A process at its descriptor limit (``ulimit -n``; a server with many connections open) could not
open the database, and the one line said ``cannot open the SQLite file ...: [Errno 24] Too many open
files: ...; check that its directory can be created and written to`` - sending the operator to the
folder's permissions, which were never the trouble. The line names what is out and what to do.

A child process: its descriptor limit lowered to 64 and every descriptor under it taken (the real
EMFILE), then kassist's one way of opening a SQLite file, for a new file and an existing one.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from ingest_harness import child_env

CHILD = """
import os, resource, sys
from pathlib import Path
from kassist.db.connect_sqlite import open_sqlite
from kassist.dburl import DatabaseUnavailable
resource.setrlimit(resource.RLIMIT_NOFILE, (64, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
held = []
try:
    while True:
        held.append(os.open(os.devnull, os.O_RDONLY))
except OSError:
    pass
for name in sys.argv[1:]:
    try:
        open_sqlite(Path(name))
        print("opened")
    except DatabaseUnavailable as exc:
        print(exc)
"""


def test_out_of_descriptors_is_named_with_what_to_do(tmp_path: Path) -> None:
    existing = tmp_path / "existing.db"
    sqlite3.connect(existing).close()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path / "new.db"), str(existing)],
        env=child_env(), capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert len(lines) == 2, done.stdout + done.stderr[-2000:]
    for line in lines:
        assert "too many files open" in line and "ulimit -n" in line, line
        assert "directory can be created" not in line, line
