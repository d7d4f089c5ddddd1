"""An upload whose last write meets a busy or restarting database is carried out, or leaves nothing and
its run id free - not a run stored for good that no worker takes, while the client is told "nothing
was written" (h22 s38; of e978406, "stored not wanted until placed").

Since e978406 ``create_upload`` stores the run not wanted (``placing``), moves its folder into place,
then makes it wanted (``TenantJobStore.placed``) - outside the ``try`` whose cleanup covers a failed
place. When that last statement fails - SQLite locked past the busy timeout by another writer (a
prune, another server), PostgreSQL restarting (``DatabaseUnavailable``: H19-3's case) - the error
reaches the client (503: "the database ... stayed locked by another writer ...; nothing was
written"), yet the run is stored and its files are in place: pending, never queued, no poll takes it,
and the client's retry with its run id is 409 "a run 'u1' exists already". The tenant's files stay
with a run nobody will carry out (until retention), the client told they were not kept.

The runs API's service in process (as tests/test_attack_s37k_upload_before_place.py), SQLite with a
half-second busy timeout; another connection takes the write lock the moment the folder is in place
(the real ``uploads.place``, then the lock) and keeps it 2 s. ~5 s."""

from __future__ import annotations

import asyncio
import io
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from graph.ingestion.resources import Resources
from kassist.db.shared import open_database, release
from kassist.dburl import DatabaseUnavailable
from server.keys import Principal
from server.runs import uploads
from server.runs.config import RunsConfig
from server.runs.models import RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

ADA = Principal(identity="ada", tenant_id="acme", role="admin")


class _File:
    def __init__(self, name: str, data: bytes) -> None:
        self.filename = name
        self.file = io.BytesIO(data)


def _upload(service: RunsService) -> None:
    files = [_File("leave.md", b"# Leave\n\nEmployees get 25 days of leave a year.\n")]
    asyncio.run(service.create_upload(ADA, files, "c", "u1", RunOptions(embedder="hashing"), None))


def _carried_out(service: RunsService) -> str:
    service.worker.poll_once()
    deadline = time.monotonic() + 60
    while service.worker.active():
        assert time.monotonic() < deadline, "the worker did not carry the run out"
        time.sleep(0.05)
    return service.view(ADA, "u1").status


def test_an_upload_whose_last_write_meets_a_busy_database_is_not_stranded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kassist.db"
    url = f"sqlite:///{path}"
    shared = open_database(url, busy_timeout_s=0.5)  # the process's database object: a short busy wait
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    service = RunsService(res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up")}))
    place = uploads.place
    holder = sqlite3.connect(path, timeout=0, check_same_thread=False)
    freed = threading.Event()

    def placed_then_another_writer(staging: Path, target: Path) -> None:
        place(staging, target)
        holder.execute("BEGIN EXCLUSIVE")  # another writer (a prune, another server) for 2 s

        def free() -> None:
            holder.rollback()
            freed.set()

        threading.Timer(2.0, free).start()

    try:
        monkeypatch.setattr(uploads, "place", placed_then_another_writer)
        try:
            _upload(service)
            told_failed = False
        except DatabaseUnavailable:  # DatabaseBusy: the client's 503, "nothing was written"
            told_failed = True
        monkeypatch.setattr(uploads, "place", place)
        assert freed.wait(30)
        if told_failed:  # nothing was kept, it said: the client sends the upload again, same run id
            _upload(service)
        status = _carried_out(service)
    finally:
        service.worker.stop()
        res.close()
        release(shared)
        holder.close()
    assert status == "completed", (told_failed, status)


def test_an_upload_not_queued_after_its_retries_says_so_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database busy longer than the retries (shortened to 1 s here): the client's 503 says the
    run is stored with its files and how to start it, and that start carries it out (x14's fix)."""
    path = tmp_path / "kassist.db"
    url = f"sqlite:///{path}"
    shared = open_database(url, busy_timeout_s=0.2)
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    service = RunsService(res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up")}))
    place = uploads.place
    holder = sqlite3.connect(path, timeout=0, check_same_thread=False)

    def placed_then_another_writer(staging: Path, target: Path) -> None:
        place(staging, target)
        holder.execute("BEGIN EXCLUSIVE")  # held past the retries

    try:
        monkeypatch.setattr(uploads, "PLACED_RETRY_S", 1.0)
        monkeypatch.setattr(uploads, "place", placed_then_another_writer)
        with pytest.raises(ApiError) as told:
            _upload(service)
        holder.rollback()
        assert told.value.status == 503, told.value.detail
        assert "'u1' is stored with its files" in told.value.detail
        assert "POST /v1/runs/u1/resume" in told.value.detail, told.value.detail
        assert str(tmp_path) not in told.value.detail  # no server path (the database's own words)
        service.resume(ADA, "u1", None, None)
        status = _carried_out(service)
    finally:
        service.worker.stop()
        res.close()
        release(shared)
        holder.close()
    assert status == "completed"
