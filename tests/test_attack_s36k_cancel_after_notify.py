"""A run killed after its notification was answered, before the notify step's checkpoint, still
refuses a cancel: the receiver was told it completed (h17 s36).

tests/test_ingest_cancel_announced.py covers the cancel sent after the notify step's checkpoint: every
door refuses it (``AgentRunState.announced``). But ``announced`` reads the committed checkpoint only,
and the notification's answer is committed first, in the ledger (``notify.send``: ``ledger_finish``
"done"), the node's checkpoint after it. A run killed in between (SIGKILL, OOM, a restart) has told
its receiver "completed" and its ledger knows it, yet ``kassist runs cancel`` takes the run, the
re-run notify node sees the flag before it looks at the ledger and the run ends ``cancelled``, for
good: the receiver's "completed" and the run's "cancelled" contradict each other, and the run's
memory step never runs.

The child is held in the window by the database: triggers stall the step's writes and checkpoint once the
ledger holds a done answer (a long cross join, as tests/test_ingest_start_kill.py does), and it is
killed there. SQLite, one child process, ~3 s of CPU."""

from __future__ import annotations

import signal
import sqlite3
import time
from contextlib import closing
from pathlib import Path

from ingest_harness import kassist, receiver, spawn

TENANT, RUN = "acme", "told"
BEFORE_NOTIFY = 5  # begin, discover, one batch, audit, report, review: paused before notify
STALL = "kassist_test_stall_notified"
TABLES = ("kassist_cp_checkpoints", "kassist_cp_writes")


def test_a_run_killed_after_its_notification_was_answered_refuses_a_cancel(tmp_path: Path) -> None:
    from graph.ingestion import resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    path = tmp_path / "kb.db"
    db_url = f"sqlite:///{path}"
    with receiver() as hook:
        with resources.installed(resources.Resources.open(db_url)) as res:
            settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=hook.url)
            paused = execute(res, TENANT, RUN, settings=settings, max_steps=BEFORE_NOTIFY).state
            assert paused.status == "paused" and not paused.announced and not hook.received

        with closing(sqlite3.connect(path)) as conn:
            conn.execute(f"CREATE TABLE {STALL}_rows (x INTEGER)")
            conn.executemany(f"INSERT INTO {STALL}_rows VALUES (?)", [(i,) for i in range(3000)])
            for table in TABLES:  # the step's writes and its checkpoint: whichever LangGraph puts first
                conn.execute(
                    f"CREATE TRIGGER {STALL}_{table} BEFORE INSERT ON {table} WHEN EXISTS "
                    "(SELECT 1 FROM kassist_ingest_ledger WHERE state = 'done') BEGIN "
                    f"SELECT count(*) FROM {STALL}_rows a, {STALL}_rows b, {STALL}_rows c; END"
                )
            conn.commit()

        child = spawn("runs", "resume", RUN, "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
        done, locked_since = False, None
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and child.poll() is None:
                with closing(sqlite3.connect(path, timeout=0)) as conn:
                    try:
                        [[answered]] = conn.execute(
                            "SELECT count(*) FROM kassist_ingest_ledger WHERE state = 'done'"
                        ).fetchall()
                    except sqlite3.OperationalError:  # locked for a moment: look again
                        answered = 0
                    done = done or answered > 0
                    try:  # the child holds the write lock: stalled in the checkpoint's insert
                        conn.execute("BEGIN IMMEDIATE")
                        conn.rollback()
                        locked_since = None
                    except sqlite3.OperationalError:
                        locked_since = locked_since or time.monotonic()
                if done and locked_since is not None and time.monotonic() - locked_since > 1.0:
                    break
                time.sleep(0.02)
        finally:
            child.send_signal(signal.SIGKILL)
            out, err = child.communicate()
        assert child.returncode == -signal.SIGKILL, out + err  # killed in the window, not finished
        assert done and len(hook.received) == 1  # the receiver was told "completed"
        assert hook.received[0][1]["status"] == "completed"

        with closing(sqlite3.connect(path)) as conn:
            for table in TABLES:
                conn.execute(f"DROP TRIGGER {STALL}_{table}")
            conn.commit()

        cancel = kassist("runs", "cancel", RUN, "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
        shown = kassist(
            "runs", "show", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path
        )
    # The receiver was told the run completed: the cancel is refused, as after the notify checkpoint.
    assert cancel.returncode == 1, cancel.stdout + cancel.stderr
    assert "has told its notification receiver it completed" in cancel.stderr
    assert '"status": "cancelled"' not in shown.stdout, shown.stdout
