"""Review s36 r1 F1 (of x11's H17-1 fix, strict xfail): a run killed after its receiver answered the
notification, before the ledger recorded the answer, still takes a cancel and ends ``cancelled``.

H17-1 (tests/test_attack_s36k_cancel_after_notify.py) killed the run after the ledger's "done" answer,
before the notify step's checkpoint; its fix reads the ledger's "done" as announced
(graph/ingestion/notify.announced). One statement earlier the receiver has answered 200 to "completed"
too, but the ledger still holds the sender's claim (state 'intent'): a kill there (SIGKILL, OOM, a
restart) leaves nothing ``announced`` reads, ``kassist runs cancel`` is accepted, and the re-run notify
node stops at the flag before it sends again: the receiver's "completed" and the run's "cancelled"
contradict each other for good - H17-1's outcome. The rule the fix needs is "may have told the
receiver": a notification whose call began and was never answered as refused or released (its claim's
worker died mid-call; notify.send's own docstring says such a call is sent again on resume).

The child is held in the window by the database: a trigger stalls the ledger's update to 'done' (a
long cross join, as tests/test_attack_s36k_cancel_after_notify.py does), and it is killed there.
SQLite, one child process, ~3 s of CPU."""

from __future__ import annotations

import signal
import sqlite3
from contextlib import closing
from pathlib import Path

from ingest_harness import kassist, receiver, spawn
from sqlite_stall import kill_in_window, stalled

TENANT, RUN = "acme", "told"
BEFORE_NOTIFY = 5  # begin, discover, one batch, audit, report, review: paused before notify
STALL = "kassist_test_stall_answer"


def test_a_run_killed_after_its_receiver_answered_refuses_a_cancel(tmp_path: Path) -> None:
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

        answer_recorded = "BEFORE UPDATE ON kassist_ingest_ledger WHEN NEW.state = 'done'"
        with stalled(path, STALL, answer_recorded):  # the ledger's 'done', once the receiver answered
            child = spawn("runs", "resume", RUN, "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
            out, err, _ = kill_in_window(child, path, lambda _: bool(hook.received))
        assert child.returncode == -signal.SIGKILL, out + err  # killed in the window, not finished
        assert len(hook.received) == 1 and hook.received[0][1]["status"] == "completed"

        with closing(sqlite3.connect(path)) as conn:
            states = [state for (state,) in conn.execute("SELECT state FROM kassist_ingest_ledger")]
        assert states == ["intent"], states  # the answer never recorded

        cancel = kassist("runs", "cancel", RUN, "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
        shown = kassist(
            "runs", "show", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path
        )
    # The receiver was told the run completed: the cancel is refused, as after the ledger's "done".
    assert cancel.returncode == 1, cancel.stdout + cancel.stderr
    assert "has told its notification receiver it completed" in cancel.stderr
    assert '"status": "cancelled"' not in shown.stdout, shown.stdout
