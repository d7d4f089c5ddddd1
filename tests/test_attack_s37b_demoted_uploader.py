"""h20 s37 H20-3 (strict xfail): an admin's upload resumed after her key was lowered to a member's
still replaces another member's document (the case next to 42398af and a56e1be).

Decision 7 (graph/ingestion/upload_owner.py): a member's upload replaces only the documents she
uploaded; an admin's replaces any. 42398af checks it where the run writes, with the uploader's role
as the create recorded it (kassist_ingest_jobs.created_role). Every other right of a run is its
creator's *now*: the start rule (a paused run's resume is a new start: its requester's rights now),
a56e1be's re-chunk right (the creator's key asked at the start, "its rights now"), langgraph dev's
run_creator ("a run acts with its creator's current rights": a key lowered from admin to member
starts no run sent as an admin). Here olga, an admin, uploads ``expenses.md`` over maria's (allowed)
with ``max_steps: 1`` (paused before it writes); the operator lowers olga to a member (the key table
changed, the server restarted); olga, now a member, resumes her run: it completes and maria's
document is replaced by a member's upload, unreviewed.

Expected: the run writes with its creator's rights now - refused (UploadedByAnother, maria's text
stays), as a member's upload of that name is at the door. The runs API's service in process (a
restart = a second service on the same SQLite file with the changed key table), hashing; ~5 s."""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

from review_support import found

from graph.ingestion.resources import Resources
from server.keys import KeyResolver, KeyTable, Principal
from server.runs.config import RunsConfig
from server.runs.models import RunOptions
from server.runs.service import RunsService

OLGA_KEY, MARIA_KEY = "acme-olga-key-0123456789abcdef", "acme-maria-key-0123456789abcdef"
MARIAS = "# Expenses\n\nMeals are reimbursed up to 50 pandas a day, with receipts.\n"
OLGAS = "# Expenses\n\nMeals are reimbursed up to 4000 quokkas a day; no receipts needed.\n"


def _keys(olga_role: str) -> KeyResolver:
    return KeyResolver(
        KeyTable.model_validate(
            {
                "keys": {
                    OLGA_KEY: {"identity": "olga", "tenant_id": "acme", "role": olga_role},
                    MARIA_KEY: {"identity": "maria", "tenant_id": "acme"},
                }
            }
        )
    )


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


def test_an_upload_resumed_after_its_admin_was_lowered_to_member_replaces_no_other_members_document(
    tmp_path: Path,
) -> None:
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    config = RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up"), "KASSIST_RUN_WORKERS": "1"})
    maria = Principal(identity="maria", tenant_id="acme", role="member")
    hashing, paused = RunOptions(embedder="hashing"), RunOptions(embedder="hashing", max_steps=1)
    before = RunsService(res, config, _keys("admin"))
    try:
        files = [_File("expenses.md", MARIAS)]
        asyncio.run(before.create_upload(maria, files, "policies", "marias", hashing, None))
        assert _settled(before, maria, "marias") == "completed"
        olga = Principal(identity="olga", tenant_id="acme", role="admin")
        files = [_File("expenses.md", OLGAS)]
        asyncio.run(before.create_upload(olga, files, "policies", "olgas", paused, None))
        assert _settled(before, olga, "olgas") == "paused"
        assert found(res, "pandas") == ["expenses.md"]
    finally:
        before.worker.stop()
    after = RunsService(res, config, _keys("member"))  # olga lowered to a member; the server restarted
    try:
        olga = Principal(identity="olga", tenant_id="acme", role="member")
        after.resume(olga, "olgas", None, None)
        outcome = _settled(after, olga, "olgas")
        assert found(res, "pandas") == ["expenses.md"], (
            f"olga's upload, resumed by her as a member ({outcome}), replaced maria's expenses.md: "
            f"search finds {found(res, 'quokkas')} with olga's words"
        )
    finally:
        after.worker.stop()
        res.close()
