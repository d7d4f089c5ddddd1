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
from pathlib import Path

from ingest_harness import kassist, receiver, spawn
from sqlite_stall import before_checkpoint, counted, kill_in_window, stalled

TENANT, RUN = "acme", "told"
BEFORE_NOTIFY = 5  # begin, discover, one batch, audit, report, review: paused before notify
STALL = "kassist_test_stall_notified"


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

        answered = "EXISTS (SELECT 1 FROM kassist_ingest_ledger WHERE state = 'done')"
        with stalled(path, STALL, *before_checkpoint(answered)):  # notify's checkpoint, once answered
            child = spawn("runs", "resume", RUN, "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
            done_answer = counted("SELECT count(*) FROM kassist_ingest_ledger WHERE state = 'done'")
            out, err, done = kill_in_window(child, path, done_answer)
        assert child.returncode == -signal.SIGKILL, out + err  # killed in the window, not finished
        assert done and len(hook.received) == 1  # the receiver was told "completed"
        assert hook.received[0][1]["status"] == "completed"

        cancel = kassist("runs", "cancel", RUN, "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
        shown = kassist(
            "runs", "show", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path
        )
    # The receiver was told the run completed: the cancel is refused, as after the notify checkpoint.
    assert cancel.returncode == 1, cancel.stdout + cancel.stderr
    assert "has told its notification receiver it completed" in cancel.stderr
    assert '"status": "cancelled"' not in shown.stdout, shown.stdout
