"""A member's upload runs paused by their own ``max_steps`` keep their files on the server without bound
(h17 s36, after x11's H16-1 fix 2514d46; DECISION?).

H16-1: an upload-and-cancel loop filled the server's disk (a cancelled run waits no more, so the
waiting-runs bound never bit). 2514d46 removes an *ended* run's upload (completed, cancelled,
rejected) and keeps one "a run may still read". A run the runs API paused after ``max_steps``
(``options.max_steps``, a member's own choice, 1 is allowed) has not ended - it may be resumed - and
is no waiting run either (its request is carried out: ``seq == done_seq``), so the loop goes on with
``max_steps: 1``: each upload is accepted, its run paused after one step, its files kept, and
``KASSIST_MAX_WAITING_RUNS_PER_USER`` never counts it. Here the bound is 2 and a member's third paused
upload is accepted as the first two were: three folders kept (100 MB each at the default upload size).

The runs API's service in process, its own worker (``poll_once``), one SQLite file; ~3 s of CPU."""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

MARIA = Principal(identity="maria", tenant_id="acme", role="member")


class _File:
    def __init__(self, name: str, data: bytes) -> None:
        self.filename = name
        self.file = io.BytesIO(data)


def test_a_members_paused_upload_runs_are_bounded(tmp_path: Path) -> None:
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    env = {
        "KASSIST_UPLOADS_DIR": str(tmp_path / "up"),
        "KASSIST_RUN_WORKERS": "1",
        "KASSIST_MAX_WAITING_RUNS_PER_USER": "2",
    }
    service = RunsService(res, RunsConfig.from_env(env))
    accepted: list[str] = []
    try:
        for n in range(3):
            files = [_File(f"salaries-{n}.md", b"# Salaries\n\nMaria: 91,000 EUR.\n" * 50)]
            options = RunOptions(embedder="hashing", max_steps=1)
            try:
                asyncio.run(service.create_upload(MARIA, files, f"c{n}", f"loop-{n}", options, None))
            except ApiError as refused:
                assert refused.status == 409, refused.detail
                break
            accepted.append(f"loop-{n}")
            assert service.worker.poll_once() == [("acme", f"loop-{n}")]
            deadline = time.monotonic() + 60
            while service.worker.active():
                assert time.monotonic() < deadline, "the worker did not carry the run out"
                time.sleep(0.05)
            assert service.view(MARIA, f"loop-{n}").status == "paused"
        kept = sorted(p.name for p in (tmp_path / "up").rglob("*.md"))
    finally:
        service.worker.stop()
        res.close()
    # What a member may keep on the server is bounded: at most KASSIST_MAX_WAITING_RUNS_PER_USER
    # uploads whose runs may still read them (counted as waiting), or the paused ones' files go.
    assert len(kept) <= 2, (accepted, kept)
