"""``kassist runs cancel`` that fails on a busy database after its cancel was recorded does not say
"nothing was written" (h22 s38; the H22-10 pattern on the command line).

``runs cancel`` records the cancel (``request_cancel``, one commit), then carries the paused run to
its stop (``execute``: the lease, begin, ...). When the second part meets SQLite locked past the busy
timeout (another writer: a prune, a server, an ingest) - or PostgreSQL restarting - the command fails
with the driver's words, ``the database ... stayed locked by another writer (...); nothing was
written``, exit 1. But the cancel was written: the operator, told nothing happened, resumes the run
(or leaves it for its owner to resume), and it ends "cancelled before the ingest step" - the cancel
they were told had not been recorded.

The command line in process (CliRunner, as tests/test_attack_s37k_notify_answer_lost.py), SQLite with
a half-second busy timeout (the process's one database object); another connection takes the write
lock right after the real ``request_cancel`` commits and keeps it 2 s. ~6 s."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from graph.ingestion.store import TenantRunStore
from kassist.db.shared import open_database, release


def test_a_cancel_that_failed_busy_after_recording_the_cancel_does_not_say_nothing_was_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kassist.db"
    url = f"sqlite:///{path}"
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(4):
        (docs / f"p{i}.md").write_text(f"# Policy {i}\n\nEmployees file form {i} within {i + 2} days.\n")
    shared = open_database(url, busy_timeout_s=0.5)  # the process's database object: a short busy wait
    holder = sqlite3.connect(path, timeout=0, check_same_thread=False)
    freed = threading.Event()
    try:
        res = Resources.open(url, reports_dir=tmp_path / "reports")
        try:
            settings = Settings(source=str(docs), collection="c", embedder="hashing", batch_size=1)
            assert execute(res, "acme", "r1", settings=settings, max_steps=2).state.status == "paused"
        finally:
            res.close()
        recorded = TenantRunStore.request_cancel

        def cancel_then_another_writer(self: TenantRunStore, run: str) -> bool:
            done = recorded(self, run)
            holder.execute("BEGIN EXCLUSIVE")  # another writer for 2 s, right after the commit

            def free() -> None:
                holder.rollback()
                freed.set()

            threading.Timer(2.0, free).start()
            return done

        monkeypatch.setattr(TenantRunStore, "request_cancel", cancel_then_another_writer)
        cancel = CliRunner().invoke(app, ["runs", "cancel", "r1", "--tenant", "acme", "--database-url", url])
        assert freed.wait(30)
    finally:
        release(shared)
        holder.close()
    said = cancel.output
    assert cancel.exit_code != 0, said  # the busy database: the command did not finish
    assert "nothing was written" not in said, said
    assert "the cancel of run 'r1' is recorded (the run stops at its next start)" in said, said
    assert "kassist runs cancel r1 --tenant acme --database-url" in said, said
