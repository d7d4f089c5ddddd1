"""h20 s37 H20-6 (strict xfail, of 38c0f1c, H20-2's fix): a document's uploader is still misread when
the run that wrote it last had recorded its plan before a failure and wrote it on its resume.

38c0f1c orders a document's 'indexed' manifest rows by ``recorded_at``, the time the batch's plan was
recorded (pipeline.run_batch: "intent first ... first write wins: a redo after a kill keeps it"). The
plan is recorded before the batch embeds and writes; a batch that fails in between (the disk full, the
database cut, the process killed) is redone at the run's resume with the plan - and its time - as first
recorded. So: olga (admin) uploads ``expenses.md`` into the empty ``policies``; her batch records its
plan and the write fails (here a real SQLite error at the chunks' insert, the server's "DiskFull ...
resume the run once it is back"); maria (member) uploads her ``expenses.md`` (completed: hers); the
disk has room again, olga resumes: her run replaces maria's text (an admin may). maria's row was
recorded after olga's, so the document still reads as maria's, and maria's next upload replaces
olga's policy unreviewed - H20-2's outcome, one failure away.

Expected: maria's second upload is refused (409, or the run fails UploadedByAnother) and olga's text
stays. The runs API's service in process, one SQLite file, hashing; ~6 s."""

from __future__ import annotations

import asyncio
import io
import sqlite3
import time
from pathlib import Path

from review_support import found

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

OLGA = Principal(identity="olga", tenant_id="acme", role="admin")
MARIA = Principal(identity="maria", tenant_id="acme", role="member")
ADMINS = "# Expenses\n\nMeals are reimbursed up to 40 zebras a day, with receipts.\n"
MEMBERS = "# Expenses\n\nMeals are reimbursed up to 50 pandas a day, with receipts.\n"
MEMBERS_AGAIN = "# Expenses\n\nMeals are reimbursed up to 4000 quokkas a day; no receipts needed.\n"


class _File:
    def __init__(self, name: str, text: str) -> None:
        self.filename = name
        self.file = io.BytesIO(text.encode())


def _settled(service: RunsService, who: Principal, run: str) -> str:
    deadline = time.monotonic() + 60
    while True:
        service.worker.poll_once()
        while service.worker.active():
            assert time.monotonic() < deadline, "the worker did not finish the run"
            time.sleep(0.05)
        view = service.view(who, run)
        if not view.queued and not view.active:
            return f"{view.status} {view.errors}" if view.status == "failed" else view.status
        assert time.monotonic() < deadline, f"run {run} did not settle: {view.status}"


def _upload(service: RunsService, who: Principal, run: str, name: str, text: str, collection: str) -> str:
    files = [_File(name, text)]
    try:
        asyncio.run(service.create_upload(who, files, collection, run, RunOptions(embedder="hashing"), None))
    except ApiError as refused:
        return f"{refused.status} {refused.detail}"
    return _settled(service, who, run)


def test_a_document_an_admins_resumed_batch_wrote_is_not_the_members_to_replace(tmp_path: Path) -> None:
    db = tmp_path / "kassist.db"
    res = Resources.open(f"sqlite:///{db}", reports_dir=tmp_path / "reports")
    env = {"KASSIST_UPLOADS_DIR": str(tmp_path / "up"), "KASSIST_RUN_WORKERS": "1"}
    service = RunsService(res, RunsConfig.from_env(env))
    try:
        # The index's tables exist once a first run wrote (another collection).
        assert (
            _upload(service, OLGA, "warm", "warm.md", "# Warm\n\nThe canteen opens at 8.\n", "warm")
            == "completed"
        )
        with sqlite3.connect(db) as conn:  # no room for the chunks of the next write
            conn.execute(
                "CREATE TRIGGER h20_full BEFORE INSERT ON kassist_kb_chunks "
                "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
            )
        try:
            outcome = _upload(service, OLGA, "admin-policy", "expenses.md", ADMINS, "policies")
        finally:
            with sqlite3.connect(db) as conn:  # room again
                conn.execute("DROP TRIGGER IF EXISTS h20_full")
        assert outcome.startswith("failed") and "DiskFull" in outcome, outcome
        assert _upload(service, MARIA, "member-policy", "expenses.md", MEMBERS, "policies") == "completed"
        assert found(res, "pandas") == ["expenses.md"]  # maria's
        service.resume(OLGA, "admin-policy", None, None)
        assert _settled(service, OLGA, "admin-policy") == "completed"
        assert found(res, "zebras") == ["expenses.md"] and found(res, "pandas") == []  # olga's now
        again = _upload(service, MARIA, "member-again", "expenses.md", MEMBERS_AGAIN, "policies")
        assert found(res, "zebras") == ["expenses.md"], (
            f"maria's second upload ({again}) replaced olga's expenses.md, which olga's resumed run wrote "
            f"last: search finds {found(res, 'quokkas')} with maria's words"
        )
    finally:
        service.worker.stop()
        res.close()
