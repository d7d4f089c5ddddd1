"""h20 s37 H20-4 (strict xfail, of 9bbe10c, R2-4's fix): an uploads folder that exists but holds no
run folder yet is claimed by the first server to sweep it, and that server - another database's -
then removes the placing database's live uploads.

9bbe10c: "the uploads folder's owner is the database that places its first run folder, not the first
server to sweep it"; a sweep claims a folder without the owner file only "when its database knows the
run of every run folder in it" - and with no run folder in it, every one is known (``all([])``): the
sweeping server writes its own database as the owner. An uploads folder made before its first upload
(a volume mounted at KASSIST_UPLOADS_DIR, an operator's mkdir, or one whose earlier uploads all ended
and were swept before 67a9814's mark existed) is then the first sweeper's. The database that places
runs there later finds the owner file written (upload_ends.claim: FileExistsError, kept), and the
other server's next start takes its accepted upload for a pruned run's and removes its files.

Here: an empty uploads folder; kassist serve on b.db starts (its sweep); the runs API on a.db accepts
maria's upload (waiting for a worker); b.db's server starts again. Expected: a.db's upload keeps its
files. In process, SQLite, ~2 s (the review test's shape)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs import upload_ends
from server.runs.config import RunsConfig
from server.runs.models import RunOptions
from server.runs.service import RunsService
from server.startup import ConfigError

MARIA = Principal(identity="maria", tenant_id="acme", role="member")


class _File:
    def __init__(self, name: str, data: bytes) -> None:
        self.filename = name
        self.file = io.BytesIO(data)


def _kept(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.is_file() and p.name != upload_ends.OWNER)


def test_an_empty_uploads_folder_is_not_claimed_by_another_databases_first_sweep(tmp_path: Path) -> None:
    uploads = tmp_path / "up"
    uploads.mkdir()  # made before any upload: a mounted volume, an operator's mkdir
    first = Resources.open(f"sqlite:///{tmp_path / 'a.db'}", reports_dir=tmp_path / "reports")
    other = Resources.open(f"sqlite:///{tmp_path / 'b.db'}", reports_dir=tmp_path / "reports-b")
    try:
        assert upload_ends.sweep(other, uploads) == []  # kassist serve on b.db starts
        service = RunsService(
            first, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(uploads), "KASSIST_RUN_WORKERS": "0"})
        )
        files = [_File("salaries-2026.md", b"# Salaries\n\nMaria: 91,000 EUR.\n")]
        asyncio.run(
            service.create_upload(MARIA, files, "hr", "waiting", RunOptions(embedder="hashing"), None)
        )
        assert _kept(uploads) == ["salaries-2026.md"]  # a.db's upload, accepted, waiting for a worker
        removed = upload_ends.sweep(other, uploads)  # b.db's server starts again
        assert _kept(uploads) == ["salaries-2026.md"], (
            f"b.db's server, which swept the empty folder first, removed a.db's accepted upload as a "
            f"pruned run's: {removed} (owner file: {(uploads / upload_ends.OWNER).read_text().strip()!r})"
        )
        # The lead's decision (H20-4, H20-5): one uploads folder belongs to one database - a.db's, whose
        # upload placed the first run folder; b.db's kassist serve does not start on it now.
        env = {"KASSIST_UPLOADS_DIR": str(uploads), "KASSIST_RUN_WORKERS": "0"}
        with pytest.raises(ConfigError, match="set KASSIST_UPLOADS_DIR to a folder of this server's own"):
            RunsService.open(f"sqlite:///{tmp_path / 'b.db'}", env)
    finally:
        first.close()
        other.close()
