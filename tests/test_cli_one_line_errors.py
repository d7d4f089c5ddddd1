"""Operational errors are one ``error:`` line and a documented exit code, never a traceback (issue
26 item 7): a read-only SQLite file with a leftover WAL printed 67-76 lines from the first write;
a PostgreSQL server that stops a statement (a statement_timeout) printed psycopg's traceback. And
``kassist --help`` lists every exit code a command returns (issue 28 item 8: it stopped at 4 while
``ingest`` returns 5-8), as docs/cli.md does.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import readonly_support
import zygote
from typer.testing import CliRunner

from cli.kit import ExitCode
from cli.main import app

ROOT = Path(__file__).resolve().parents[1]
KASSIST = [sys.executable, "-P", "-m", "cli.main"]
REMEMBER = ["memory", "remember", "--tenant", "acme", "--user", "asha", "--type", "preference",
            "--key", "response_language", "--source", "user_explicit"]  # fmt: skip


def _run(
    args: list[str], cwd: Path, *, user: list[str] | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    # Every command names its database, and runs in a folder of the test's own: nothing of the
    # user's (the checkout's .kassist/) is read or written. A real process, forked from the worker's
    # zygote (tests/zygote.py; the harness's PYTHONPATH, as ingest_harness.child_env gives it); exec'd
    # when it runs as another user (setpriv).
    return zygote.run(
        [*(user or []), *KASSIST, *args],
        timeout=120,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", **(env or {})},
    )


def _one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    lines = done.stderr.strip().splitlines()
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert len(lines) == 1, done.stderr[-3000:]
    assert lines[0].startswith("error: "), lines
    return lines[0]


# ---- a read-only SQLite file with a leftover WAL ----------------------------------------------


@pytest.fixture(scope="module")
def read_only_db() -> Iterator[tuple[Path, list[str]]]:
    """A SQLite file with data, a -wal and a -shm left by a killed writer, that the commands under
    test may read but not write: its files and folder are read-only (run as ``nobody`` when the
    tests run as root). The commands run in this folder too: they can write nothing there. One for
    the module: every write is refused, and each test reads the data back whole after its own."""

    def killed_writer(db: Path) -> None:
        url = f"sqlite:///{db}"
        assert _run([*REMEMBER, "--value", '"Bengali"', "--database-url", url], db.parent).returncode == 0
        # A writer killed with its WAL open: the -wal and -shm files stay behind.
        killed = subprocess.run(
            [sys.executable, "-c",
             "import os, signal, sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
             "c.execute('CREATE TABLE IF NOT EXISTS left_behind (x)'); "
             "c.execute('INSERT INTO left_behind VALUES (1)'); c.commit(); "
             "os.kill(os.getpid(), signal.SIGKILL)", str(db)],
            capture_output=True,
        )  # fmt: skip
        assert killed.returncode == -signal.SIGKILL
        assert (db.parent / "kassist.db-wal").exists() and (db.parent / "kassist.db-shm").exists()

    with readonly_support.read_only_folder(killed_writer) as made:
        yield made


WRITES = {
    "memory remember": [*REMEMBER, "--value", '"Dutch"'],
    "memory forget": ["memory", "forget", "--tenant", "acme", "--user", "asha"],
    "ingest": [
        "ingest",
        str(ROOT / "knowledge" / "corpus" / "files"),
        "--tenant",
        "acme",
        "--embedder",
        "hashing",
    ],
    "runs resume": ["runs", "resume", "r1", "--tenant", "acme"],
}


@pytest.mark.parametrize("command", list(WRITES))
def test_a_write_to_a_read_only_database_is_one_line_naming_the_file_and_the_fix(
    read_only_db: tuple[Path, list[str]], command: str
) -> None:
    db, user = read_only_db
    done = _run([*WRITES[command], "--database-url", f"sqlite:///{db}"], db.parent, user=user)
    line = _one_error_line(done)
    assert done.returncode == ExitCode.FAILED
    assert f"the database {db} is read-only" in line
    assert "writable copy" in line  # what to do
    # A read still works on the same file (nothing was damaged, nothing half-written).
    listed = _run(["memory", "list", "--tenant", "acme", "--user", "asha", "--json",
                   "--database-url", f"sqlite:///{db}"], db.parent, user=user)  # fmt: skip
    assert listed.returncode == 0, listed.stderr
    assert '"Bengali"' in listed.stdout


# ---- a statement the PostgreSQL server stops ----------------------------------------------------


def test_a_statement_the_server_cancels_is_one_line_with_its_reason(pg_url: str, tmp_path: Path) -> None:
    # A real server setting, not a fake error: every statement of this database may run 1 ms.
    with psycopg.connect(pg_url, autocommit=True) as conn:
        name = conn.info.dbname
        conn.execute(f"ALTER DATABASE {name} SET statement_timeout = '1ms'")
    done = _run([*REMEMBER, "--value", '"Dutch"', "--database-url", pg_url], tmp_path)
    line = _one_error_line(done)
    assert done.returncode == ExitCode.FAILED
    assert "PostgreSQL stopped the operation (SQLSTATE 57014)" in line
    assert "statement timeout" in line


def test_kassist_debug_lets_the_traceback_through_for_a_bug_report(pg_url: str, tmp_path: Path) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"ALTER DATABASE {conn.info.dbname} SET statement_timeout = '1ms'")
    done = _run(
        [*REMEMBER, "--value", '"Dutch"', "--database-url", pg_url], tmp_path, env={"KASSIST_DEBUG": "1"}
    )
    assert done.returncode == 1
    assert "Traceback" in done.stderr and "QueryCanceled" in done.stderr


# ---- the exit codes, in --help and in docs/cli.md ----------------------------------------------


def test_help_and_docs_list_every_exit_code_the_commands_use() -> None:
    shown = CliRunner(env={"COLUMNS": "400"}).invoke(app, ["--help"])
    assert shown.exit_code == 0
    text = " ".join(shown.output.split())
    listed = {int(n) for n in re.findall(r"\b(\d+) (?:ok|failed|bad command line|partial|refused|needs "
                                         r"review|stopped|busy|paused|interrupted|terminated)\b", text)}  # fmt: skip
    assert listed == {int(code) for code in ExitCode}, text
    docs = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    table = {int(n) for n in re.findall(r"^\| (\d+) \| ", docs, flags=re.MULTILINE)}
    assert table == {int(code) for code in ExitCode}


# ---- paths that are not what the URL says --------------------------------------------------------


def test_a_directory_given_as_the_database_is_named_as_a_directory(tmp_path: Path) -> None:
    # It used to say "does not exist" to a read (the folder is there) and differ for a write.
    runner = CliRunner(env={"COLUMNS": "400"})
    for args in (["kb", "stats", "--tenant", "acme"], [*REMEMBER, "--value", '"Dutch"']):
        done = runner.invoke(app, [*args, "--database-url", f"sqlite:///{tmp_path}"])
        assert done.exit_code == ExitCode.FAILED, done.output
        assert done.output.strip().splitlines() == [
            f"error: the SQLite path {tmp_path} is a directory; name a file in it, e.g. "
            f"sqlite:///{tmp_path / 'kassist.db'}"
        ]


def test_an_import_from_a_file_that_is_not_sqlite_names_the_source(tmp_path: Path) -> None:
    source = tmp_path / "notes.db"
    source.write_text("not a database, just notes\n" * 100, encoding="utf-8")
    target = tmp_path / "kassist.db"
    done = CliRunner(env={"COLUMNS": "400"}).invoke(
        app,
        ["checkpoints", "import", "--from", f"sqlite:///{source}", "-t", "acme",
         "--database-url", f"sqlite:///{target}"],
    )  # fmt: skip
    assert done.exit_code == ExitCode.FAILED, done.output
    assert done.output.strip().splitlines() == [
        f"error: cannot read --from sqlite:///{source}: file is not a database; give the database "
        "file a stock langgraph SqliteSaver wrote"
    ]
    assert not target.exists()  # a bad source creates nothing


def test_serve_on_a_port_in_use_is_one_line_before_anything_starts(tmp_path: Path) -> None:
    # It used to start, log uvicorn's bind error between start-up and shut-down lines, and exit 3
    # ("partial" in the table) with no error: line.
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _run(
            [
                "serve",
                "--port",
                str(port),
                "--allow-no-keys",
                "--database-url",
                f"sqlite:///{tmp_path / 's.db'}",
            ],
            tmp_path,
        )
    line = _one_error_line(done)
    assert done.returncode == ExitCode.FAILED
    assert line.startswith(f"error: cannot listen on 127.0.0.1:{port} (Address already in use)")
    assert not (tmp_path / "s.db").exists()  # nothing was opened


def test_a_write_lock_held_past_the_busy_timeout_names_the_file_and_stays_retryable(tmp_path: Path) -> None:
    from graph.ingestion.errors import is_transient
    from kassist.db import open_database, release
    from kassist.db.connect_sqlite import DatabaseBusy
    from memory.manager import MemoryManager

    path = tmp_path / "kassist.db"
    url = f"sqlite:///{path}"
    db = open_database(url, busy_timeout_s=0.2)  # (the CLI waits 30 s: the same error, later)
    try:
        with MemoryManager.from_url(url) as manager:
            memory = manager.for_tenant("acme")
            memory.remember("asha", "preference", "response_language", "Bengali", "user_explicit")
            other = sqlite3.connect(
                path, isolation_level=None
            )  # another process's writer, as far as SQLite knows
            try:
                other.execute("BEGIN IMMEDIATE")
                with pytest.raises(DatabaseBusy) as raised:
                    memory.remember("asha", "preference", "response_language", "Dutch", "user_explicit")
            finally:
                other.execute("ROLLBACK")
                other.close()
            # Was a bare sqlite3.OperationalError "database is locked": no file, no remedy.
            assert f"the database {path} stayed locked by another writer (database is locked)" in str(
                raised.value
            )
            assert is_transient(raised.value)  # the ingestion's batches still retry it
            assert memory.remember("asha", "preference", "response_language", "Dutch", "user_explicit").memory
    finally:
        release(db)


def test_an_embedding_endpoint_that_does_not_answer_is_one_line_naming_it(tmp_path: Path) -> None:
    # A real closed port (nothing listens on it): the OpenAI client's connection error used to
    # escape as a traceback through `kb search`.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"sqlite:///{tmp_path / 'kb.db'}"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nNew joiners accrue 2 days a month.\n", encoding="utf-8")
    ingested = _run(
        ["kb", "ingest", str(docs), "--tenant", "acme", "--embedder", "hashing", "--database-url", url],
        tmp_path,
    )
    assert ingested.returncode in (0, 5), ingested.stderr  # (5: waits for review, which is fine here)
    env = {"OPENAI_BASE_URL": f"http://127.0.0.1:{port}/v1", "OPENAI_API_KEY": "sk-test"}
    done = _run(
        ["kb", "search", "leave", "--tenant", "acme", "--embedder", "openai", "--database-url", url],
        tmp_path,
        env=env,
    )
    line = _one_error_line(done)
    assert done.returncode == ExitCode.FAILED
    assert line.startswith(f"error: a remote service at http://127.0.0.1:{port}/v1/embeddings did not answer")
