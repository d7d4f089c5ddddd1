"""Review s37 r2 (of ffc7cde, H16-5's fix; strict xfail): the uploader a document's replace is judged
by is whoever sent its run's LAST request, not who uploaded it.

ffc7cde reads a document's uploader from the run records (graph/ingestion/sql_* ``doc_uploaders``): the
last run that indexed it, and of that run ``kassist_ingest_jobs.requested_by`` - which every later
request of the run overwrites (``job_request``: a resume, a cancel; ``job_claim_decision``: an
admin's approve). So:

- maria's upload that needs a review, approved by olga (an admin), is "uploaded by another user" to
  maria: her corrected upload of her own leave.md is refused 409 (the lead's decision 7: "a member
  replaces only the documents she uploaded");
- maria's upload paused by ``max_steps``, resumed by erin (another member: a runs API run is every
  member's of its tenant to steer), is erin's: erin may replace maria's document, unreviewed, and
  maria may not.

The uploader is the run's creator (its first request's requester), which a later request does not
change. The runs API's service in process, its worker polled by hand, one SQLite file (~3 s of CPU
each)."""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

from review_support import KEY_DOC, OLGA, found

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

MARIA = Principal(identity="maria", tenant_id="acme", role="member")
ERIN = Principal(identity="erin", tenant_id="acme", role="member")


class _File:
    def __init__(self, name: str, text: str) -> None:
        self.filename = name
        self.file = io.BytesIO(text.encode())


def _settle(service: RunsService, who: Principal, run: str) -> str:
    deadline = time.monotonic() + 60
    while (view := service.view(who, run)).status in ("pending", "running") or view.queued:
        service.worker.poll_once()
        while service.worker.active():
            time.sleep(0.05)
        assert time.monotonic() < deadline, f"run {run} did not settle"
    return service.view(who, run).status


def _upload(service: RunsService, who: Principal, run: str, text: str, max_steps: int | None = None) -> str:
    """The upload of leave.md into hr by ``who``, carried out: its status, or its refusal."""
    options = RunOptions(embedder="hashing", max_steps=max_steps)
    try:
        asyncio.run(service.create_upload(who, [_File("leave.md", text)], "hr", run, options, None))
    except ApiError as refused:
        return f"{refused.status} {refused.detail}"
    return _settle(service, who, run)


def _leave(word: str) -> str:
    return f"# Leave\n\nEvery employee takes {word} days of leave.\n"


def _service(res: Resources, tmp_path: Path) -> RunsService:
    env = {"KASSIST_UPLOADS_DIR": str(tmp_path / "up"), "KASSIST_RUN_WORKERS": "1"}
    return RunsService(res, RunsConfig.from_env(env))


def test_a_members_upload_an_admin_approved_stays_hers(res: Resources, tmp_path: Path) -> None:
    service = _service(res, tmp_path)
    try:
        assert _upload(service, MARIA, "m1", _leave("zebracorn") + "\n" + KEY_DOC) == "needs_review"
        service.decide(OLGA, "m1", "approve", None)
        assert _settle(service, MARIA, "m1") == "completed"
        assert found(res, "zebracorn") == ["leave.md"]
        # Her corrected page, without the key: her own document, replaced by her.
        outcome = _upload(service, MARIA, "m2", _leave("quokkafish"))
        assert outcome == "completed", f"maria's replace of her own approved upload: {outcome}"
        assert found(res, "quokkafish") == ["leave.md"]
    finally:
        service.worker.stop()


def test_resuming_another_members_paused_upload_does_not_make_it_yours(
    res: Resources, tmp_path: Path
) -> None:
    service = _service(res, tmp_path)
    try:
        assert _upload(service, MARIA, "m1", _leave("zebracorn"), max_steps=1) == "paused"
        service.resume(ERIN, "m1", None, None)  # a runs API run is every member's of its tenant to steer
        assert _settle(service, ERIN, "m1") == "completed"
        assert found(res, "zebracorn") == ["leave.md"]
        refused = _upload(service, ERIN, "e1", _leave("quokkafish"))
        assert refused.startswith("409 'leave.md' in collection 'hr' was uploaded by another user"), (
            f"erin replaced maria's document after resuming maria's run: {refused}"
        )
        assert found(res, "zebracorn") == ["leave.md"] and found(res, "quokkafish") == []
    finally:
        service.worker.stop()
