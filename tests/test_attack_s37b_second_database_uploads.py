"""h20 s37 H20-5 (strict xfail, of 9bbe10c, R2-4's fix): the uploads folder's owner database, at its
server's next start, removes the live uploads another database's server placed there after it.

9bbe10c makes the database that places the first run folder the uploads folder's owner (upload_ends.
claim, the owner file ``.kassist-database``) and lets only the owner's sweep remove a run folder whose
run its database does not know (a run retention removed). A second database's server on the same
folder (two kassist serve in one working directory sharing the default .kassist/uploads - R2-4's
case) still accepts uploads and places them there: its claim finds the file (FileExistsError: kept,
nothing said) and its run folders sit in the owner's folder, where the owner's sweep reads every run
its database does not know as pruned. R2-4's test covers the later server removing the first one's;
this is the same loss the other way round: a.db places first (owner), b.db accepts maria's upload
(201, waiting for a worker), a.db's server restarts - b.db's upload's files are gone, its run fails
at discover.

Expected: an upload b.db accepted keeps its files (or b.db refuses to place uploads in a folder another
database owns, saying to give each database its own KASSIST_UPLOADS_DIR, before it answers 201). In
process, two SQLite files; ~1 s."""

from __future__ import annotations

import asyncio
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


def test_an_upload_another_database_accepted_keeps_its_files_when_the_owner_restarts(tmp_path: Path) -> None:
    uploads = tmp_path / "up"
    env = {"KASSIST_UPLOADS_DIR": str(uploads), "KASSIST_RUN_WORKERS": "0"}
    first = Resources.open(f"sqlite:///{tmp_path / 'a.db'}", reports_dir=tmp_path / "reports")
    other = Resources.open(f"sqlite:///{tmp_path / 'b.db'}", reports_dir=tmp_path / "reports-b")
    try:
        hashing = RunOptions(embedder="hashing")
        owner = RunsService(first, RunsConfig.from_env(env))
        files = [_File("desk-booking.md", b"# Desks\n\nDesks are booked in the facilities app.\n")]
        asyncio.run(owner.create_upload(MARIA, files, "facilities", "a-run", hashing, None))
        second = RunsService(other, RunsConfig.from_env(env))
        files = [_File("salaries-2026.md", b"# Salaries\n\nMaria: 91,000 EUR.\n")]
        try:
            asyncio.run(second.create_upload(MARIA, files, "hr", "b-run", hashing, None))
        except ApiError:
            return  # refused before it was accepted: nothing of b.db's is left to lose
        assert "salaries-2026.md" in _kept(uploads)  # b.db's upload, accepted, waiting for a worker
        removed = upload_ends.sweep(first, uploads)  # a.db's server starts again
        assert "salaries-2026.md" in _kept(uploads), (
            f"a.db's server removed b.db's accepted upload as a pruned run's: {removed}"
        )
    finally:
        first.close()
        other.close()
