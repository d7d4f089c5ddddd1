"""An upload's run is not carried out before its folder is in place (h19 s37; the residual H17-7's fix
5b68ddd named: "the worker may pick the run before the folder is in place").

``POST /v1/runs/uploads`` writes the files aside, stores the run (its request: wanted from that
commit on), then renames the folder into place and wakes its own worker. Every server polls the
requests of every tenant (server/runs/worker.py): a second ``kassist serve`` on the same database,
or this server's own poll loop woken by another run's end, that polls between the store and the
rename takes the run, finds no folder, and fails it at once - ``discover: NotADirectoryError:
ingestion root (the run's source folder) is not a directory`` - for an upload the client was told
was accepted (201, pending), its files a moment later where the run would have read them. The
client has to notice and resume it.

Two runs API services (two servers) in process on one SQLite file; the window is held open by
letting the second server's worker poll just before the rename (the real rename follows). ~3 s."""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

import pytest

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs import uploads
from server.runs.config import RunsConfig
from server.runs.models import RunOptions
from server.runs.service import RunsService

ADA = Principal(identity="ada", tenant_id="acme", role="admin")


class _File:
    def __init__(self, name: str, data: bytes) -> None:
        self.filename = name
        self.file = io.BytesIO(data)


def _idle(service: RunsService) -> None:
    deadline = time.monotonic() + 60
    while service.worker.active():
        assert time.monotonic() < deadline, "the worker did not carry the run out"
        time.sleep(0.05)


def test_an_upload_run_polled_before_its_folder_is_in_place_is_not_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    env = {"KASSIST_UPLOADS_DIR": str(tmp_path / "up"), "KASSIST_RUN_WORKERS": "1"}
    res_a = Resources.open(url, reports_dir=tmp_path / "reports-a")
    res_b = Resources.open(url, reports_dir=tmp_path / "reports-b")
    a = RunsService(res_a, RunsConfig.from_env(env))
    b = RunsService(res_b, RunsConfig.from_env(env))  # a second server on the same database
    place = uploads.place

    def second_server_polls_first(staging: Path, target: Path) -> None:
        b.worker.poll_once()  # as it may at any moment, on its own poll
        _idle(b)
        place(staging, target)

    try:
        monkeypatch.setattr(uploads, "place", second_server_polls_first)
        files = [_File("leave.md", b"# Leave\n\nEmployees get 25 days of leave a year.\n")]
        accepted = asyncio.run(a.create_upload(ADA, files, "c", "u1", RunOptions(embedder="hashing"), None))
        assert accepted.status == "pending"
        monkeypatch.setattr(uploads, "place", place)
        for service in (a, b, a):  # whichever server has the run to carry out carries it out
            service.worker.poll_once()
            _idle(service)
        view = a.view(ADA, "u1")
    finally:
        a.worker.stop()
        b.worker.stop()
        res_a.close()
        res_b.close()
    assert view.status == "completed", view.model_dump()["errors"]
