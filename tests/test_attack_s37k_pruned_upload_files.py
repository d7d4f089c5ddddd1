"""An upload whose run retention removed does not keep the tenant's files on the server for good
(h19 s37; "pruned upload runs keep folder", left open in session 36).

An upload's files live as long as a run that may still read them (server/runs/upload_ends.py, the
lead's decision 1 of session 36): an ended run's folder goes when its worker finishes it, and a
server's start sweeps the folders of runs that ended elsewhere. A run that has not ended - paused by
its own ``max_steps``, failed, waiting for a review - keeps them for its resume. ``kassist checkpoints
prune --strategy delete`` then deletes the idle run's checkpoints and its records (the manifest, the
ledger, the registry row: graph/ingestion/retention.py): no run can read the folder any more, no
listing shows it, and the sweep leaves a folder "whose run is not found" as it is. The member's
uploaded documents stay on the server after retention removed everything else of the run, for good
(and count against no bound: H17-9's bound counts runs).

The runs API's service and its worker in process, the prune command in process, the server start's
sweep (``upload_ends.sweep``) called as a start calls it; one SQLite file, ~5 s."""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app
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


def test_an_upload_whose_run_retention_removed_keeps_no_files(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    uploads = tmp_path / "up"
    service = RunsService(
        res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(uploads), "KASSIST_RUN_WORKERS": "1"})
    )
    try:
        files = [_File("salaries-2026.md", b"# Salaries\n\nMaria: 91,000 EUR.\n")]
        options = RunOptions(embedder="hashing", max_steps=1)
        asyncio.run(service.create_upload(MARIA, files, "hr", "paused-upload", options, None))
        assert service.worker.poll_once() == [("acme", "paused-upload")]
        deadline = time.monotonic() + 60
        while service.worker.active():
            assert time.monotonic() < deadline, "the worker did not carry the run out"
            time.sleep(0.05)
        assert service.view(MARIA, "paused-upload").status == "paused"
        assert _kept(uploads) == ["salaries-2026.md"]  # kept for the resume, as decided
    finally:
        service.worker.stop()
    time.sleep(1.1)  # the run is older than the prune's age below
    pruned = CliRunner().invoke(app, [
        "checkpoints", "prune", "--database-url", url, "--tenant", "acme", "--older-than", "1s",
        "--strategy", "delete",
    ])  # fmt: skip
    assert pruned.exit_code == 0, pruned.output
    assert res.runs.for_tenant("acme").get("paused-upload") is None  # retention removed the run
    try:
        upload_ends.sweep(res, uploads)  # what a server's start does
    finally:
        res.close()
    assert _kept(uploads) == [], "the pruned run's uploaded files are still on the server"


def test_a_waiting_uploads_files_stay_and_another_databases_server_leaves_them(tmp_path: Path) -> None:
    """The sweep's "nothing of the run is left" is read in the database that placed the folder: a run
    accepted and not started keeps its files, and a server of another database sharing the uploads
    folder (the default .kassist/uploads of one working directory) does not take them for pruned."""
    uploads = tmp_path / "up"
    first = Resources.open(f"sqlite:///{tmp_path / 'a.db'}", reports_dir=tmp_path / "reports")
    other = Resources.open(f"sqlite:///{tmp_path / 'b.db'}", reports_dir=tmp_path / "reports-b")
    try:
        service = RunsService(
            first, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(uploads), "KASSIST_RUN_WORKERS": "0"})
        )
        files = [_File("salaries-2026.md", b"# Salaries\n\nMaria: 91,000 EUR.\n")]
        asyncio.run(
            service.create_upload(MARIA, files, "hr", "waiting", RunOptions(embedder="hashing"), None)
        )
        assert upload_ends.sweep(first, uploads) == []  # accepted, waiting for a worker
        assert upload_ends.sweep(other, uploads) == []  # not this database's folder
        assert _kept(uploads) == ["salaries-2026.md"]
    finally:
        first.close()
        other.close()


def test_an_uploads_folder_filled_before_its_owner_was_recorded_is_claimed_only_by_a_database_knowing_it(
    tmp_path: Path,
) -> None:
    """A folder without the owner file (its uploads placed by a kassist before it recorded one): another
    database's server neither claims it nor removes what it does not know; its own database's server,
    knowing every run folder in it, claims it."""
    uploads = tmp_path / "up"
    first = Resources.open(f"sqlite:///{tmp_path / 'a.db'}", reports_dir=tmp_path / "reports")
    other = Resources.open(f"sqlite:///{tmp_path / 'b.db'}", reports_dir=tmp_path / "reports-b")
    try:
        service = RunsService(
            first, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(uploads), "KASSIST_RUN_WORKERS": "0"})
        )
        files = [_File("salaries-2026.md", b"# Salaries\n\nMaria: 91,000 EUR.\n")]
        asyncio.run(
            service.create_upload(MARIA, files, "hr", "waiting", RunOptions(embedder="hashing"), None)
        )
        (uploads / upload_ends.OWNER).unlink()  # as a kassist before the owner file left it
        assert upload_ends.sweep(other, uploads) == []
        assert not (uploads / upload_ends.OWNER).exists()  # b.db does not know the run: no claim
        assert upload_ends.sweep(first, uploads) == []
        assert "a.db" in (uploads / upload_ends.OWNER).read_text()  # a.db knows every run folder
        assert _kept(uploads) == ["salaries-2026.md"]
    finally:
        first.close()
        other.close()
