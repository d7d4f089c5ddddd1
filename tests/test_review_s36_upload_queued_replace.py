"""Review s36 r1 F8 (of ffc7cde, H16-5's fix; strict xfail): a member's upload still replaces another
user's uploaded document when both were accepted before either ran - the uploader is checked at the
door, the document is written when the run is carried out.

ffc7cde refuses, at POST /v1/runs/uploads, a member's upload of a path whose document another user
uploaded. A queued upload is judged against the collection as it is at that moment: maria and erin
each upload leave.md into hr while it holds no leave.md (both accepted: nobody's document yet), and
the runs are carried out later, in turn (a busy server's queue, the tenants' turns of 0ad6731): erin's
run, second, rewrites maria's document, unreviewed, and search finds only erin's - H16-5's outcome
(the lead's decision 7: "a member's upload that would change another user's uploaded document is
refused before anything is written"). The rule belongs where the document is written (the run's
ingest, or its start), as chunk settings are checked again at discover.

The runs API's service in process, its worker polled by hand, one SQLite file (~3 s of CPU)."""

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
from server.runs.service import RunsService

MARIA = Principal(identity="maria", tenant_id="acme", role="member")
ERIN = Principal(identity="erin", tenant_id="acme", role="member")


class _File:
    def __init__(self, name: str, text: str) -> None:
        self.filename = name
        self.file = io.BytesIO(text.encode())


def _accept(service: RunsService, who: Principal, run: str, word: str) -> None:
    files = [_File("leave.md", f"# Leave\n\nEvery employee takes {word} days of leave.\n")]
    asyncio.run(service.create_upload(who, files, "hr", run, RunOptions(embedder="hashing"), None))


def _carry_out(service: RunsService, who: Principal, run: str) -> str:
    deadline = time.monotonic() + 60
    while service.view(who, run).status in ("pending", "running"):
        service.worker.poll_once()
        while service.worker.active():
            time.sleep(0.05)
        assert time.monotonic() < deadline, f"run {run} did not settle"
    return service.view(who, run).status


def test_a_queued_upload_does_not_replace_another_members_document(res: Resources, tmp_path: Path) -> None:
    env = {"KASSIST_UPLOADS_DIR": str(tmp_path / "up"), "KASSIST_RUN_WORKERS": "1"}
    service = RunsService(res, RunsConfig.from_env(env))
    try:
        _accept(service, MARIA, "m1", "zebracorn")  # hr holds no leave.md yet: accepted
        _accept(service, ERIN, "e1", "quokkafish")  # nor now: accepted too
        assert _carry_out(service, MARIA, "m1") == "completed"
        assert found(res, "zebracorn") == ["leave.md"]
        _carry_out(service, ERIN, "e1")  # refused or failed is right; completed over maria's is not
        assert found(res, "zebracorn") == ["leave.md"] and found(res, "quokkafish") == []
    finally:
        service.worker.stop()
