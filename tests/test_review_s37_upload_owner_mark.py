"""Review s37 r2 (of 67a9814, H19-5's fix; strict xfail): the first server to start after the uploads
folder exists takes it for its database's, and removes another server's live uploads.

67a9814 lets a server's start remove a run folder whose run has no checkpoint, request or registry row
(a run retention removed), in the uploads folder of "the database that placed the folders" only: the
folder's mark (upload_ends.OWNER) names it - written by the first sweep that finds the folder. A server
started before any upload finds no folder (its sweep returns at once), so no mark is written then;
its members' uploads make the folder. The next server to start on that folder - another database's,
sharing the default .kassist/uploads of one working directory, the case the mark is for - writes ITS
database as the owner and takes the first server's live uploads for pruned runs: an accepted upload
waiting for a worker, and a paused one kept for its resume, lose their files.

The runs API's service in process on a.db, started before any upload as kassist serve starts it; an
upload accepted, not started; then the start's sweep of a server of b.db on the same uploads folder
(``upload_ends.sweep``, as a start calls it); SQLite, ~2 s."""

from __future__ import annotations

import asyncio
import io
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
    return sorted(p.name for p in folder.rglob("*") if p.is_file() and p.name != upload_ends.OWNER)


def test_another_databases_server_started_later_leaves_the_first_servers_uploads(tmp_path: Path) -> None:
    uploads = tmp_path / "up"
    first = Resources.open(f"sqlite:///{tmp_path / 'a.db'}", reports_dir=tmp_path / "reports")
    other = Resources.open(f"sqlite:///{tmp_path / 'b.db'}", reports_dir=tmp_path / "reports-b")
    try:
        assert upload_ends.sweep(first, uploads) == []  # kassist serve on a.db starts: no uploads folder yet
        service = RunsService(
            first, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(uploads), "KASSIST_RUN_WORKERS": "0"})
        )
        files = [_File("salaries-2026.md", b"# Salaries\n\nMaria: 91,000 EUR.\n")]
        asyncio.run(
            service.create_upload(MARIA, files, "hr", "waiting", RunOptions(embedder="hashing"), None)
        )
        assert _kept(uploads) == ["salaries-2026.md"]  # accepted, waiting for a worker
        removed = upload_ends.sweep(other, uploads)  # kassist serve on b.db starts, same uploads folder
        assert _kept(uploads) == ["salaries-2026.md"], (
            f"b.db's server removed a.db's accepted upload as a pruned run's: {removed}"
        )
    finally:
        first.close()
        other.close()
