"""An uploaded run's files outlive the run (session 36 attack, h16 H1).

``POST /v1/runs/uploads`` keeps the files under ``KASSIST_UPLOADS_DIR/t-<tenant>/<run>.<token>/``
(server/runs/uploads.py) and nothing ever removes that folder: not when the run is cancelled before
it read a file, not when it ends. There is no route to delete a run or its upload, and the only
bounds are one upload's size (``KASSIST_UPLOAD_MAX_BYTES``, 100 MB) and the runs a user has waiting
(100). So a member who uploaded the wrong folder (the salaries, another client's contract) and
cancelled at once has those files on the server for good, and a member who uploads and cancels in a
loop fills the server's disk 100 MB per request: every tenant's uploads are then 507 and the SQLite
database beside them (``.kassist/``) cannot grow.

The runs API's service in process, its own worker carrying out the cancel (``poll_once``), one
SQLite file: a pending upload run is cancelled before it read anything; its files should be gone.
"""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs import upload_ends
from server.runs.config import RunsConfig
from server.runs.models import RunOptions
from server.runs.service import RunsService

MARIA = Principal(identity="maria", tenant_id="acme", role="member")


class _File:
    def __init__(self, name: str, data: bytes) -> None:
        self.filename = name
        self.file = io.BytesIO(data)


def _kept(folder: Path) -> list[str]:
    """The uploaded files under ``folder`` (the server's own upload_ends.OWNER file is none)."""
    return sorted(p.name for p in folder.rglob("*") if p.is_file() and p.name != upload_ends.OWNER)


def test_a_cancelled_upload_runs_files_are_not_kept(tmp_path: Path) -> None:
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    env = {"KASSIST_UPLOADS_DIR": str(tmp_path / "up"), "KASSIST_RUN_WORKERS": "1"}
    service = RunsService(res, RunsConfig.from_env(env))
    try:
        files = [_File("salaries-2026.md", b"# Salaries\n\nMaria: 91,000 EUR.\n")]
        options = RunOptions(embedder="hashing")
        asyncio.run(service.create_upload(MARIA, files, "wrong", "oops", options, None))
        assert _kept(tmp_path / "up") == ["salaries-2026.md"]
        service.cancel(MARIA, "oops", None)  # before any worker took it: nothing was read
        assert service.worker.poll_once() == [("acme", "oops")]
        deadline = time.monotonic() + 60
        while service.worker.active():
            assert time.monotonic() < deadline, "the worker did not carry out the cancel"
            time.sleep(0.05)
        assert service.view(MARIA, "oops").status == "cancelled"
        assert _kept(tmp_path / "up") == [], "the cancelled run's uploaded files are still on the server"
    finally:
        service.worker.stop()
        res.close()
