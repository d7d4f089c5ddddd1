"""h20 s37 H20-8 (strict xfail, of the one-folder-one-database fix of H20-4/H20-5): an uploads folder
from before the owner file (no ``.kassist-database``) holding one database's live uploads is taken by
the other database's first upload, whose next start then removes them.

The lead's decision on H20-4/H20-5: one uploads folder belongs to one database; the runs API's start
claims it (upload_ends.own: an empty folder, or one whose run folders its database all knows) and a
server of another database refuses to start on it; an upload into another database's folder is
refused. A folder written before 67a9814/9bbe10c has no owner file. The other database's server
starting on it finds run folders it does not know: it claims nothing and starts. Its first upload
then claims the folder (upload_ends.claim writes the owner file where none is, whatever the folder
holds), and from then on the folder is that database's: its next start's sweep takes the first
database's accepted upload for a pruned run's and removes its files (and the first database's server
no longer starts).

Here: a.db's upload accepted and waiting, its folder as one from before the owner file (the file
removed); kassist serve on b.db starts (RunsService.open); maria's upload there; b.db's server starts
again (its sweep, as the start runs it). Expected: a.db's waiting upload keeps its files (b.db's
upload refused, or the folder left unclaimed). In process, two SQLite files; ~2 s."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs import upload_ends
from server.runs.config import RunsConfig
from server.runs.models import RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

MARIA = Principal(identity="maria", tenant_id="acme", role="member")


class _File:
    def __init__(self, name: str, data: bytes) -> None:
        self.filename = name
        self.file = io.BytesIO(data)


def _kept(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.is_file() and p.name != upload_ends.OWNER)


def test_an_unmarked_folder_with_another_databases_uploads_is_not_taken_by_an_upload(tmp_path: Path) -> None:
    uploads = tmp_path / "up"
    env = {"KASSIST_UPLOADS_DIR": str(uploads), "KASSIST_RUN_WORKERS": "0"}
    hashing = RunOptions(embedder="hashing")
    first = Resources.open(f"sqlite:///{tmp_path / 'a.db'}", reports_dir=tmp_path / "reports")
    try:
        files = [_File("salaries-2026.md", b"# Salaries\n\nMaria: 91,000 EUR.\n")]
        asyncio.run(
            RunsService(first, RunsConfig.from_env(env)).create_upload(
                MARIA, files, "hr", "a-run", hashing, None
            )
        )
        (uploads / upload_ends.OWNER).unlink()  # a folder from before the owner file
        assert _kept(uploads) == ["salaries-2026.md"]  # a.db's upload, accepted, waiting for a worker
        other = RunsService.open(f"sqlite:///{tmp_path / 'b.db'}", env)  # kassist serve on b.db starts
        try:
            files = [_File("desk-booking.md", b"# Desks\n\nDesks are booked in the facilities app.\n")]
            with contextlib.suppress(ApiError):  # refused: the folder is not b.db's to take
                asyncio.run(other.create_upload(MARIA, files, "facilities", "b-run", hashing, None))
            removed = upload_ends.sweep(other.res, uploads)  # b.db's server starts again
        finally:
            other.stop()
        assert "salaries-2026.md" in _kept(uploads), (
            f"b.db's server took the unmarked folder with its first upload and removed a.db's waiting "
            f"upload as a pruned run's: {removed}"
        )
    finally:
        first.close()
