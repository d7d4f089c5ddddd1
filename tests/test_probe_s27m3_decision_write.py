"""A review decision whose report write fails is reported by the next resume (session 27 review of
the ingestion change, finding 2).

``record_decision`` writes the committed decision into the stored report. It swallowed every error:
a failed write (a locked database, a dropped connection, here a trigger refusing the insert) cleared
the pending decision after a warning in the log, the run went on, and every server served "Needs
review" of a decided run for good. Now the write is retried as the other writing nodes are and then
fails the invocation; the decision stays committed and pending, and a resume writes it once.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from ingest_harness import kassist, show
from test_ingest_start_kill import RUN
from test_probe_s27b_review_kill import TENANT, resumed_report, waiting_run


def _refuse_report_writes(path: str, on: bool) -> None:
    with closing(sqlite3.connect(path)) as conn:
        if on:
            conn.execute(
                "CREATE TRIGGER refuse_report BEFORE INSERT ON kassist_ingest_reports "
                "BEGIN SELECT RAISE(ABORT, 'report writes refused by the test'); END"
            )
        else:
            conn.execute("DROP TRIGGER refuse_report")
        conn.commit()


def test_an_approval_whose_report_write_fails_is_reported_on_resume(tmp_path: Path) -> None:
    db_url = waiting_run(tmp_path)
    path = db_url.removeprefix("sqlite:///")
    _refuse_report_writes(path, True)
    done = kassist("runs", "approve", RUN, "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
    assert done.returncode != 0, done.stdout + done.stderr  # the report was not written: not done
    assert "Traceback" not in done.stderr, done.stderr
    shown = show(db_url, TENANT, RUN, tmp_path)
    assert shown["status"] == "running" and shown["review"].startswith("approved by"), shown

    _refuse_report_writes(path, False)
    report = resumed_report(db_url, tmp_path, 0, "completed")
    assert report.count("Review: approved by") == 1 and "Needs review" not in report, report
