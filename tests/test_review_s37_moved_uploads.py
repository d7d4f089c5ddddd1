"""Review s37 r2 (of 0e984d3, one uploads folder per database; strict xfail): a kassist serve whose
working directory was moved (or copied) does not start on its own uploads.

0e984d3 refuses the start of a runs API whose uploads folder's owner file names another database, and
names a SQLite database by its file's absolute path (upload_ends._database). The default database and
uploads folder both live in the working directory (.kassist/kassist.db, .kassist/uploads): a project
folder moved or renamed (``mv ~/kb ~/kb-2026``), copied to a new machine or mounted at another path in a
container is the same database with the same uploads - and the server now refuses to start on them,
telling the operator to point KASSIST_UPLOADS_DIR elsewhere (which strands the waiting and paused runs'
files). The same database is told as another. kassist serve's runs service opened in process on one
SQLite file, its folder then moved; ~2 s."""

from __future__ import annotations

import asyncio
import io
import shutil
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
    env = {"KASSIST_UPLOADS_DIR": str(folder / "uploads"), "KASSIST_RUN_WORKERS": "0",
           "KASSIST_REPORTS_DIR": str(folder / "reports")}  # fmt: skip
    return RunsService.open(f"sqlite:///{folder / 'kassist.db'}", env)


def test_a_moved_project_folder_still_serves_its_own_uploads(tmp_path: Path) -> None:
    before, after = tmp_path / "kb", tmp_path / "kb-2026"
    before.mkdir()
    service = _open(before)
    try:
        files = [_File("leave.md", b"# Leave\n\n28 days.\n")]
        asyncio.run(
            service.create_upload(MARIA, files, "hr", "waiting", RunOptions(embedder="hashing"), None)
        )
    finally:
        service.stop()
    shutil.move(before, after)  # mv ~/kb ~/kb-2026: the same database, the same uploads
    moved = _open(after)  # refused since 0e984d3: 'holds the uploads of another database'
    try:
        assert moved.view(MARIA, "waiting").status == "pending"
    finally:
        moved.stop()
