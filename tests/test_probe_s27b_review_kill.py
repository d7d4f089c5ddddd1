"""A review decision killed before it is committed leaves no trace of itself (session 27 probes, h8,
/tmp/h8s27/probes.md).

``kassist runs approve`` of a run waiting for review, SIGKILLed after the decision was carried into
the graph but before its checkpoint committed (held there by the database: a trigger stalls that
checkpoint's insert, as in tests/test_ingest_start_kill.py). The review node re-rendered the stored
report with the decision before its checkpoint: the kill left the run waiting for review while the
report every server serves said "Review: approved by ...", a decision that never took effect (and
the run could then be rejected). The report now follows the committed decision, in the node after
it: killed anywhere, the report says what the run's state says, and a resume writes it once.
"""

from __future__ import annotations

import signal
import sqlite3
import time
from contextlib import closing
from pathlib import Path

from ingest_harness import kassist, show, spawn
from test_ingest_start_kill import RUN
from test_ingest_start_kill import _install_stall as install_stall
from test_ingest_start_kill import _remove_stall as remove_stall
from test_ingest_start_kill import _stalled as stalled

TENANT = "acme"  # RUN: the run the stall helpers of tests/test_ingest_start_kill.py watch
KEY_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)


def waiting_run(tmp: Path) -> str:
    docs = tmp / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run waits for a person
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    db_url = f"sqlite:///{tmp / 'kb.db'}"
    done = kassist(
        "ingest", str(docs), "--tenant", TENANT, "--run-id", RUN, "--collection", "c",
        "--embedder", "hashing", "--database-url", db_url, "--json", cwd=tmp,
    )  # fmt: skip
    assert done.returncode == 5, done.stdout + done.stderr  # 5: waiting for a review
    return db_url


def _checkpoints(path: str) -> int:
    with closing(sqlite3.connect(path)) as conn:
        sql = "SELECT count(*) FROM kassist_cp_checkpoints WHERE thread_id = ?"
        return int(conn.execute(sql, (RUN,)).fetchone()[0])


def stall_report_write(path: str) -> None:
    """Stall the next write of the run's stored report (the decision's), as install_stall stalls a
    checkpoint: a long cross join in a trigger holds SQLite's write lock."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE stall_report_rows (x INTEGER)")
        conn.executemany("INSERT INTO stall_report_rows VALUES (?)", [(i,) for i in range(3000)])
        conn.execute(
            "CREATE TRIGGER stall_report BEFORE INSERT ON kassist_ingest_reports BEGIN "
            "SELECT count(*) FROM stall_report_rows a, stall_report_rows b, stall_report_rows c; END"
        )
        conn.commit()


def kill_in_stall(db_url: str, tmp: Path, *args: str) -> None:
    child = spawn(*args, cwd=tmp)
    deadline = time.monotonic() + 120
    while not stalled(db_url):
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "the child never reached the stalled checkpoint"
    child.send_signal(signal.SIGKILL)
    child.wait()
    path = db_url.removeprefix("sqlite:///")
    with closing(sqlite3.connect(path)) as conn:
        if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'stall_report'").fetchone():
            conn.execute("DROP TRIGGER stall_report")
            conn.commit()
            return
    remove_stall(db_url)


def report_of(db_url: str, tmp: Path) -> str:
    out = tmp / f"report-{time.monotonic_ns()}"
    done = kassist(
        "runs", "report", RUN, "--tenant", TENANT, "--database-url", db_url, "--out", str(out), cwd=tmp
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return (out / f"audit-{RUN}@{TENANT}.md").read_text()


def resumed_report(db_url: str, tmp: Path, rc: int, status: str) -> str:
    """``kassist runs resume`` exits ``rc`` leaving ``status``; the stored report after it."""
    done = kassist("runs", "resume", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp)
    assert done.returncode == rc, done.stdout + done.stderr
    assert show(db_url, TENANT, RUN, tmp)["status"] == status
    return report_of(db_url, tmp)


def test_an_approval_killed_before_its_checkpoint_is_not_in_the_report(tmp_path: Path) -> None:
    db_url = waiting_run(tmp_path)
    path = db_url.removeprefix("sqlite:///")
    assert "Review: approved" not in report_of(db_url, tmp_path)
    install_stall(db_url, _checkpoints(path))  # the decision's own checkpoint
    kill_in_stall(db_url, tmp_path, "runs", "approve", RUN, "--tenant", TENANT, "--database-url", db_url)

    assert show(db_url, TENANT, RUN, tmp_path)["status"] == "needs_review"  # the decision was lost
    assert "approved by" not in report_of(db_url, tmp_path)  # and the report does not claim it

    done = kassist(
        "runs", "reject", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path
    )
    assert done.returncode == 6, done.stdout + done.stderr  # 6: cancelled or rejected
    report = report_of(db_url, tmp_path)
    assert "Review: rejected by" in report and "approved by" not in report


def test_an_approval_killed_after_its_checkpoint_is_reported_once_on_resume(tmp_path: Path) -> None:
    db_url = waiting_run(tmp_path)
    path = db_url.removeprefix("sqlite:///")
    stall_report_write(path)  # after the decision's checkpoint, in record_decision's report write
    kill_in_stall(db_url, tmp_path, "runs", "approve", RUN, "--tenant", TENANT, "--database-url", db_url)

    shown = show(db_url, TENANT, RUN, tmp_path)
    assert shown["status"] == "running" and shown["review"].startswith("approved by"), shown
    report = resumed_report(db_url, tmp_path, 0, "completed")
    assert report.count("Review: approved by") == 1 and "Needs review" not in report, report


def test_a_rejection_killed_after_its_checkpoint_is_reported_on_resume(tmp_path: Path) -> None:
    db_url = waiting_run(tmp_path)
    path = db_url.removeprefix("sqlite:///")
    stall_report_write(path)  # after the rejection's checkpoint, in record_decision's report write
    kill_in_stall(db_url, tmp_path, "runs", "reject", RUN, "--tenant", TENANT, "--database-url", db_url)

    assert show(db_url, TENANT, RUN, tmp_path)["status"] == "cancelled"  # the rejection committed
    report = resumed_report(db_url, tmp_path, 6, "cancelled")  # 6: still rejected, nothing else ran
    assert report.count("Review: rejected by") == 1 and "approved by" not in report, report
