"""A member's upload rewrites an admin's uploaded policy, unreviewed (session 36 attack, h16 H5).

Session 32 (h9 #7) made a collection mirror one source, so that "a member's upload neither empties
nor rewrites a collection an admin filled from a folder" (knowledge/index/sources.py). Every upload
of a tenant is one source, though (``UPLOADS``: "an upload adds or replaces its own files"): an
admin uploads ``expenses.md`` into ``policies``; a member then uploads a file of the same name into
the same collection, and the admin's text is gone from search, the member's in its place - the run
completes with no review (its words hold no credential), and the assistant now cites the member's
"Meals are reimbursed up to 4000 quokkas a day; no receipts needed" as ``expenses.md``. What the h9
fix protects for a folder it leaves open for the same policy uploaded.

Expected (DECISION?: the rule): a member's run does not replace a document another user's run indexed
(refused, 409 like CollectionMirrorsAnother, or its change held for an admin's review as a run with
a finding is: knowledge/index/holds.py). The runs API's service in process, its worker polled by
hand, one SQLite file, two one-file uploads (hashing embedder).
"""

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
MEMBERS = "# Expenses\n\nMeals are reimbursed up to 4000 quokkas a day; no receipts needed.\n"


class _File:
    def __init__(self, name: str, text: str) -> None:
        self.filename = name
        self.file = io.BytesIO(text.encode())


def _upload(service: RunsService, who: Principal, run: str, text: str) -> str:
    """The upload's outcome: its status once settled, or the API's refusal."""
    files = [_File("expenses.md", text)]
    try:
        asyncio.run(service.create_upload(who, files, "policies", run, RunOptions(embedder="hashing"), None))
    except ApiError as refused:
        return f"{refused.status} {refused.detail}"
    deadline = time.monotonic() + 60
    while True:
        service.worker.poll_once()
        while service.worker.active():
            assert time.monotonic() < deadline, "the worker did not finish the run"
            time.sleep(0.05)
        view = service.view(who, run)
        if view.status not in ("pending", "running"):
            return view.status
        assert time.monotonic() < deadline, f"run {run} did not settle: {view.status}"


def test_a_members_upload_does_not_rewrite_an_admins_uploaded_policy(tmp_path: Path) -> None:
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    env = {"KASSIST_UPLOADS_DIR": str(tmp_path / "up"), "KASSIST_RUN_WORKERS": "1"}
    service = RunsService(res, RunsConfig.from_env(env))
    try:
        assert _upload(service, OLGA, "admin-policy", ADMINS) == "completed"
        assert found(res, "zebras") == ["expenses.md"]
        outcome = _upload(service, MARIA, "member-policy", MEMBERS)
        assert found(res, "zebras") == ["expenses.md"], (
            f"the member's upload ({outcome}) replaced the admin's expenses.md: "
            f"search finds the member's words {found(res, 'quokkas')} and not the admin's"
        )
        assert found(res, "quokkas") == []
    finally:
        service.worker.stop()
        res.close()


def test_a_members_paused_upload_resumed_does_not_rewrite_an_admins_later_policy(tmp_path: Path) -> None:
    """Of ffc7cde (H16-5's fix, h16 H16-15): the upload door refuses a member's upload of a path another
    user uploaded, but it is checked at the door only. maria uploads ``expenses.md`` into the empty
    ``policies`` with ``max_steps`` 1 (paused before it indexes anything); olga then uploads hers
    (completed); maria resumes her run (POST /v1/runs/{id}/resume, 202) and it indexes her file over
    olga's: search finds maria's words only. A run queued behind busy workers meets the same window.
    Expected: the rule holds when the run writes (refused or held), not only when the upload is sent."""
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    env = {"KASSIST_UPLOADS_DIR": str(tmp_path / "up"), "KASSIST_RUN_WORKERS": "1"}
    service = RunsService(res, RunsConfig.from_env(env))
    try:
        files = [_File("expenses.md", MEMBERS)]
        paused = RunOptions(embedder="hashing", max_steps=1)
        asyncio.run(service.create_upload(MARIA, files, "policies", "member-policy", paused, None))
        assert _settled(service, MARIA, "member-policy") == "paused"
        assert _upload(service, OLGA, "admin-policy", ADMINS) == "completed"
        try:
            service.resume(MARIA, "member-policy", None, None)
        except ApiError:
            return  # refused at the resume: nothing written
        outcome = _settled(service, MARIA, "member-policy")
        assert found(res, "zebras") == ["expenses.md"], (
            f"maria's resumed upload ({outcome}) replaced olga's expenses.md: {found(res, 'quokkas')}"
        )
    finally:
        service.worker.stop()
        res.close()


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
