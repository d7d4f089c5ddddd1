"""A member's upload replaces only the documents she uploaded (h16 s36 H16-5, the lead's decision 7;
x11): her own again is accepted, another member's or an admin's is refused 409 before anything is
kept, an admin replaces any; on both backends (the uploaders' statement: graph/ingestion/sql_*
doc_uploaders). h16's test covers the admin's policy on SQLite. The runs API's service in process, its
worker polled by hand (~6 s of CPU a backend)."""

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
ERIN = Principal(identity="erin", tenant_id="acme", role="member")


class _File:
    def __init__(self, name: str, text: str) -> None:
        self.filename = name
        self.file = io.BytesIO(text.encode())


def _upload(service: RunsService, who: Principal, run: str, word: str) -> str:
    files = [_File("leave.md", f"# Leave\n\nEvery employee takes {word} days of leave.\n")]
    try:
        asyncio.run(service.create_upload(who, files, "hr", run, RunOptions(embedder="hashing"), None))
    except ApiError as refused:
        return f"{refused.status} {refused.detail}"
    deadline = time.monotonic() + 60
    while service.view(who, run).status in ("pending", "running"):
        service.worker.poll_once()
        while service.worker.active():
            time.sleep(0.05)
        assert time.monotonic() < deadline, f"run {run} did not settle"
    return service.view(who, run).status


def test_a_member_replaces_only_her_own_uploads(db_url: str, tmp_path: Path) -> None:
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    env = {"KASSIST_UPLOADS_DIR": str(tmp_path / "up"), "KASSIST_RUN_WORKERS": "1"}
    service = RunsService(res, RunsConfig.from_env(env))
    try:
        assert _upload(service, MARIA, "m1", "twenty") == "completed"
        assert _upload(service, MARIA, "m2", "thirty") == "completed"  # her own: replaced
        assert found(res, "thirty") == ["leave.md"]
        refused = _upload(service, ERIN, "e1", "ninety")
        assert refused.startswith("409 'leave.md' in collection 'hr' was uploaded by another user"), refused
        assert found(res, "thirty") == ["leave.md"] and found(res, "ninety") == []
        assert _upload(service, OLGA, "o1", "forty") == "completed"  # an admin replaces any
        assert _upload(service, MARIA, "m3", "fifty").startswith("409 "), "the admin's document is not hers"
    finally:
        service.worker.stop()
        res.close()
