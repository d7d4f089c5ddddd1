"""The folder a served run reads, one rule for the runs API's worker and the command line
(graph/ingestion/folders.py), and the runs API's own environment for the upload-folder test of a run
registered before the upload mark (RunsService.open(env=...), not the process's).

Pure checks of the rule, then one SQLite file through the runs service as its routes call it; ~2 s."""

from __future__ import annotations

import asyncio
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import pytest
from raw_sql import raw

from graph.ingestion.folders import registered_folder, served_run_folder, source_record, tenant_folder
from graph.ingestion.jobs import JobStore
from graph.ingestion.runner import execute
from graph.ingestion.served import ServedRunRefused
from graph.ingestion.sql_sqlite import RUNS
from graph.ingestion.state import Settings
from knowledge.index.sources import UPLOADS
from server.keys import Principal
from server.runs.models import RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

ALICE = Principal(identity="alice", tenant_id="acme", role="member")


def _env(tmp_path: Path, **more: str) -> dict[str, str]:
    return {
        "KASSIST_INGEST_ROOT": str(tmp_path / "root"),
        "KASSIST_UPLOADS_DIR": str(tmp_path / "up"),
        **more,
    }


def test_one_folder_for_a_served_run_whoever_carries_it_on(tmp_path: Path) -> None:
    env = _env(tmp_path)
    (tmp_path / "root" / "acme" / "docs").mkdir(parents=True)
    root = (tmp_path / "root" / "acme").resolve()
    upload = tenant_folder((tmp_path / "up").resolve(), "acme") / "r1.0123"
    cases = {
        "a folder of the tenant's": (Settings(source=str(root / "docs")), root),
        "an upload": (Settings(source=str(upload), uploaded=True), upload),
        # Queued before the upload mark: told by its folder in the tenant's uploads folder.
        "an upload before the mark": (Settings(source=str(upload)), upload),
    }
    for case, (settings, folder) in cases.items():
        assert served_run_folder(settings, env, "acme") == folder, case
        assert registered_folder(settings, env, "acme") == folder, case
    # Another tenant's upload folder is no upload of acme's: its tenant's folder of the root, which
    # the rules then refuse it (served_again.served_refusal); the command line cannot tell a folder.
    other = tenant_folder((tmp_path / "up").resolve(), "globex") / "r2.0123"
    assert served_run_folder(Settings(source=str(other)), env, "acme") == root
    assert registered_folder(Settings(source=str(other)), env, "acme") is None
    # No root configured: none for a folder, the upload still its own.
    bare = {"KASSIST_UPLOADS_DIR": env["KASSIST_UPLOADS_DIR"]}
    assert served_run_folder(Settings(source=str(root / "docs")), bare, "acme") is None
    assert registered_folder(Settings(source=str(upload)), bare, "acme") == upload
    (tmp_path / "root" / "Acme").mkdir()
    with pytest.raises(ServedRunRefused, match="no folder of its own"):
        served_run_folder(Settings(source=str(root / "docs")), env, "ACME")


def test_an_upload_before_the_mark_is_told_by_the_uploads_folder_given(tmp_path: Path) -> None:
    up = tmp_path / "up"
    folder = str(tenant_folder(up, "acme") / "r1.0123")
    assert source_record(folder, uploaded=False, env={"KASSIST_UPLOADS_DIR": str(up)}) == UPLOADS
    elsewhere = {"KASSIST_UPLOADS_DIR": str(tmp_path / "other")}
    assert source_record(folder, uploaded=False, env=elsewhere) != UPLOADS


@dataclass
class Sent:
    filename: str
    file: BinaryIO


def test_the_runs_service_tells_an_unmarked_upload_by_its_own_uploads_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The process's KASSIST_UPLOADS_DIR is another folder than the service's own (RunsService.open's env).
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "process-uploads"))
    (tmp_path / "root" / "acme").mkdir(parents=True)
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    service = RunsService.open(url, env=_env(tmp_path))
    hashing = RunOptions(embedder="hashing")
    jobs = JobStore(service.res.runs).for_tenant("acme")
    try:

        def upload(run: str, name: str) -> None:
            files = [Sent(name, io.BytesIO(f"# {name}\n\nUploaded.\n".encode()))]
            asyncio.run(service.create_upload(ALICE, files, "notes", run, hashing, None))
            job = jobs.get(run)
            assert job is not None and job.settings is not None
            settings = Settings.model_validate(job.settings)
            outcome = execute(
                service.res, "acme", run, settings=settings, within=service.served_folder(job),
                on_finish=lambda _: jobs.done(run, job.seq),
            )  # fmt: skip
            assert outcome.state.status == "completed", outcome.state.last_error

        upload("u1", "a.md")
        # As a release before the upload mark registered it and before sources were recorded: the
        # run's settings without the mark, its document of no recorded source (adopted at the door).
        (settings_text,) = raw(url, f"SELECT settings FROM {RUNS} WHERE run_id = 'u1'")[0]
        unmarked = {k: v for k, v in json.loads(settings_text).items() if k != "uploaded"}
        raw(url, f"UPDATE {RUNS} SET settings = %s WHERE run_id = 'u1'", (json.dumps(unmarked),))
        raw(url, "UPDATE kassist_kb_documents SET source = NULL")
        try:
            upload("u2", "b.md")
        except ApiError as exc:
            pytest.fail(
                f"the tenant's upload into its collection of uploads was refused: {exc.status} {exc.detail}"
            )
        recorded = raw(url, "SELECT DISTINCT source FROM kassist_kb_documents")
        assert recorded == [(UPLOADS,)]
    finally:
        service.res.close()
