"""h20 s37 H20-2 (strict xfail): a document's uploader is read as the uploader of the run created
last among those that indexed it, not of the run that indexed it last (the case next to 42398af).

The lead's decision 7 (session 36; graph/ingestion/upload_owner.py): a member's upload adds documents
and replaces only the ones she uploaded; an admin's replaces any. Who uploaded a document is "who sent
the create of the last run that indexed it" (TenantJobStore.uploaders), but the query
(doc_uploaders, both backends) orders the document's indexing runs by the runs' ``created_at`` (when
each run was first registered) and takes the last: a run paused before it indexes and resumed later
writes after a run registered after it, and is then not "the last". Here: olga (admin) sends
``expenses.md`` into ``policies`` with ``max_steps: 1`` (paused, nothing indexed); maria (member)
uploads her ``expenses.md`` (completed: the collection's only document, hers); olga resumes, and her
run replaces maria's text (an admin may). The document is olga's now - but the rule reads maria's
run as the last, so maria's next upload of ``expenses.md`` is accepted and replaces olga's policy,
unreviewed: search finds maria's words, not olga's.

Expected: maria's second upload is refused (409 at the door, or the run fails UploadedByAnother) and
olga's text stays. The runs API's service in process, its worker polled by hand, one SQLite file
(hashing embedder); ~3 s."""

from __future__ import annotations

import asyncio
import io
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
            return view.status
        assert time.monotonic() < deadline, f"run {run} did not settle: {view.status}"


def _upload(service: RunsService, who: Principal, run: str, text: str, options: RunOptions) -> str:
    try:
        asyncio.run(service.create_upload(who, [_File("expenses.md", text)], "policies", run, options, None))
    except ApiError as refused:
        return f"{refused.status} {refused.detail}"
    status = _settled(service, who, run)
    return f"{status} ({service.view(who, run).errors})" if status == "failed" else status


def test_a_document_an_admins_resumed_upload_replaced_is_not_the_members_to_replace(tmp_path: Path) -> None:
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    env = {"KASSIST_UPLOADS_DIR": str(tmp_path / "up"), "KASSIST_RUN_WORKERS": "1"}
    service = RunsService(res, RunsConfig.from_env(env))
    hashing = RunOptions(embedder="hashing")
    try:
        paused = RunOptions(embedder="hashing", max_steps=1)
        assert _upload(service, OLGA, "admin-policy", ADMINS, paused).startswith("paused")
        assert _upload(service, MARIA, "member-policy", MEMBERS, hashing) == "completed"
        assert found(res, "pandas") == ["expenses.md"]
        service.resume(OLGA, "admin-policy", None, None)
        assert _settled(service, OLGA, "admin-policy") == "completed"
        assert found(res, "zebras") == ["expenses.md"] and found(res, "pandas") == []  # olga's now
        outcome = _upload(service, MARIA, "member-again", MEMBERS_AGAIN, hashing)
        assert found(res, "zebras") == ["expenses.md"], (
            f"maria's second upload ({outcome}) replaced olga's expenses.md, which olga's resumed run "
            f"wrote last: search finds {found(res, 'quokkas')} with maria's words"
        )
    finally:
        service.worker.stop()
        res.close()
