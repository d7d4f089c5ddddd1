"""Session 29 probes (h2): ``--database-url`` naming a SQLite file that is not kassist's.

docs/cli.md: "Commands that only read (list, show, search, stats, history, review, audit) ... never
create a database": a mistyped path must not answer from a new empty file. A mistyped path that
names ANOTHER application's SQLite database (an operator's script, a copy-paste from a neighbouring
config) was written to by those same commands: ``kassist memory list`` set kassist's schema up in it
(28 tables and indexes; ``kb stats``, ``runs list``, ``keys list`` after it: 78) and answered an
empty list. One real ``kassist`` process.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import zygote
from ingest_harness import ROOT, child_env


def _schema(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return sorted(row[0] for row in conn.execute("SELECT name FROM sqlite_master"))


def test_a_read_only_command_leaves_another_applications_database_alone(tmp_path: Path) -> None:
    app = tmp_path / "crm.db"
    with sqlite3.connect(app) as conn:
        conn.execute("CREATE TABLE customers (name TEXT, phone TEXT)")
        conn.execute("INSERT INTO customers VALUES ('Globex', '555-0100')")
    conn.close()
    before = _schema(app)

    done = zygote.run(  # a real process, forked from the worker's zygote (tests/zygote.py)
        [sys.executable, "-P", "-m", "cli.main", "memory", "list", "--tenant", "acme", "--user", "asha",
         "--database-url", f"sqlite:///{app}"],
        cwd=tmp_path, env={**child_env(), "PYTHONPATH": str(ROOT)}, timeout=120,
    )  # fmt: skip

    assert _schema(app) == before  # nothing of kassist's written into it
    assert done.returncode == 1, done.stdout
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"error: {app} is a SQLite database without kassist's tables"), line


def test_a_planted_default_folder_is_refused_in_the_projects_one_line(tmp_path: Path) -> None:
    elsewhere = tmp_path / "another-users-folder"
    elsewhere.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    (work / ".kassist").symlink_to(elsewhere)  # planted in a shared working folder

    done = zygote.run(
        [sys.executable, "-P", "-m", "cli.main", "memory", "list", "--tenant", "acme", "--user", "asha"],
        cwd=work, env={**child_env(), "PYTHONPATH": str(ROOT)}, timeout=120,
    )  # fmt: skip

    assert done.returncode == 1 and not any(elsewhere.iterdir())
    [line] = done.stderr.strip().splitlines()
    # docs/cli.md: "unexpected <Error>: ... (a bug in kassist ...)" is for bugs; this is a refusal.
    assert line.startswith("error: ./.kassist is a symbolic link;"), line
