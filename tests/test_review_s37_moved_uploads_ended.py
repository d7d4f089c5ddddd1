"""Review s37 r2 (of 3116066, R2-7's fix; strict xfail): a moved project folder whose uploads have all
ended - the usual state: an ended run's folder is removed (2514d46) - still refuses kassist serve's start.

3116066 re-names the uploads folder for this database when it holds run folders this database all
knows, "at least one". A folder whose uploads all ended holds none but the owner file: moved with its
project (mv ~/kb ~/kb-2026), the same database is refused ('holds the uploads of another database'),
where claiming it would lose nothing. kassist serve's runs service in process on one SQLite file, its
upload carried out by the worker polled by hand, the folder then moved; ~3 s."""

from __future__ import annotations

import asyncio
import io
import shutil
import time
from pathlib import Path

from server.keys import Principal
from server.runs.models import RunOptions
from server.runs.service import RunsService

MARIA = Principal(identity="maria", tenant_id="acme", role="member")


class _File:
    def __init__(self, name: str, data: bytes) -> None:
        self.filename = name
        self.file = io.BytesIO(data)


def _open(folder: Path) -> RunsService:
    env = {"KASSIST_UPLOADS_DIR": str(folder / "uploads"), "KASSIST_RUN_WORKERS": "1",
           "KASSIST_REPORTS_DIR": str(folder / "reports")}  # fmt: skip
    return RunsService.open(f"sqlite:///{folder / 'kassist.db'}", env)


def test_a_moved_project_folder_whose_uploads_ended_still_starts(tmp_path: Path) -> None:
    before, after = tmp_path / "kb", tmp_path / "kb-2026"
    before.mkdir()
    service = _open(before)
    try:
        files = [_File("leave.md", b"# Leave\n\n28 days.\n")]
        asyncio.run(service.create_upload(MARIA, files, "hr", "done", RunOptions(embedder="hashing"), None))
        deadline = time.monotonic() + 60
        while (view := service.view(MARIA, "done")).status in ("pending", "running") or view.queued:
            service.worker.poll_once()
            while service.worker.active():
                time.sleep(0.05)
            assert time.monotonic() < deadline
        assert service.view(MARIA, "done").status == "completed"
    finally:
        service.stop()
    shutil.move(before, after)  # mv ~/kb ~/kb-2026: the same database; its uploads folder holds no run folder
    moved = _open(after)
    try:
        assert moved.view(MARIA, "done").status == "completed"
    finally:
        moved.stop()
