"""After the upgrade to recorded sources, a collection keeps the source it had (review s33 r1 F1).

Index migration 3 left every document a previous release indexed without a source record; the runs'
doors now give each the source of the run that last wrote it (graph/ingestion/adoption.py: the
ingestion records in the same database), an upload run of that release included (its registration
has no upload mark: its folder lies under KASSIST_UPLOADS_DIR). A document whose writer is unknown
(its runs pruned) belongs to no run: a folder run removes none, an upload into its collection is
refused. An upload run queued before the upgrade is an upload when it runs after it.

The runs API's service as its routes call it, each run carried out as its worker does; the old
database as the review's test makes it (the column dropped, migration 3's record removed). SQLite
and PostgreSQL (the adoption's own statement differs in placeholders)."""

from __future__ import annotations

import asyncio
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import pytest
from raw_sql import raw

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import RunOutcome, execute
from graph.ingestion.state import Settings
from knowledge.index.sources import UPLOADS
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

HASHING = RunOptions(embedder="hashing")
OLGA = Principal(identity="olga", tenant_id="acme", role="admin")
ALICE = Principal(identity="alice", tenant_id="acme", role="member")


@dataclass
class Sent:
    filename: str
    file: BinaryIO


class Server:
    """The runs service over ``url``; the tenant's folders ``handbook`` (3 pages) and ``wiki``."""

    def __init__(self, url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.url, self.tmp = url, tmp_path
        self.root = tmp_path / "root"
        for folder in ("handbook", "wiki"):
            (self.root / "acme" / folder).mkdir(parents=True)
        for i in range(3):
            (self.root / "acme" / "handbook" / f"page{i}.md").write_text(f"# Page {i}\n\nLeave rule {i}.\n")
        (self.root / "acme" / "wiki" / "start.md").write_text("# Wiki\n\nThe wiki's own page.\n")
        self.env = {"KASSIST_INGEST_ROOT": str(self.root), "KASSIST_UPLOADS_DIR": str(tmp_path / "up")}
        monkeypatch.setenv("KASSIST_UPLOADS_DIR", self.env["KASSIST_UPLOADS_DIR"])  # the worker's own
        self.open()

    def open(self) -> None:
        self.res = Resources.open(self.url, reports_dir=self.tmp / "reports")
        self.service = RunsService(self.res, RunsConfig.from_env(self.env))
        self.jobs = JobStore(self.res.runs).for_tenant("acme")

    def upgrade(self) -> None:
        """The database as the release before migration 3 left it (no upload mark in the runs'
        registrations either), opened by this one."""
        self.res.close()
        raw(self.url, "ALTER TABLE kassist_kb_documents DROP COLUMN source")
        raw(
            self.url,
            "DELETE FROM kassist_schema_versions WHERE component = 'knowledge_index' AND version = 3",
        )
        for table in ("kassist_ingest_runs", "kassist_ingest_jobs"):
            for run, text in raw(
                self.url, f"SELECT run_id, settings FROM {table} WHERE settings IS NOT NULL"
            ):
                old = {k: v for k, v in json.loads(text).items() if k != "uploaded"}
                raw(self.url, f"UPDATE {table} SET settings = %s WHERE run_id = %s", (json.dumps(old), run))
        self.open()

    def carried_out(self, run: str) -> RunOutcome:  # as the server's worker does it
        job = self.jobs.get(run)
        assert job is not None and job.settings is not None
        settings = Settings.model_validate(job.settings)
        return execute(
            self.res, "acme", run, settings=settings, on_finish=lambda _: self.jobs.done(run, job.seq)
        )

    def folder_run(self, who: Principal, run: str, path: str, collection: str) -> RunOutcome:
        self.service.create(
            who, CreateRun(path=path, collection=collection, run_id=run, options=HASHING), None
        )
        return self.carried_out(run)

    def queue_upload(self, run: str, name: str, collection: str) -> None:
        files = [Sent(name, io.BytesIO(f"# {name}\n\nUploaded {name}.\n".encode()))]
        asyncio.run(self.service.create_upload(ALICE, files, collection, run, HASHING, None))

    def sources(self, collection: str) -> dict[str, str | None]:
        rows = raw(
            self.url,
            "SELECT source_path, source FROM kassist_kb_documents WHERE collection = %s",
            (collection,),
        )
        return {str(path): source for path, source in rows}


@pytest.fixture
def server(db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    s = Server(db_url, tmp_path, monkeypatch)
    try:
        yield s
    finally:
        s.res.close()


def test_each_document_gets_its_writers_source_and_an_unknown_one_belongs_to_no_run(server: Server) -> None:
    handbook = str((server.root / "acme" / "handbook").resolve())
    assert server.folder_run(OLGA, "h1", "handbook", "handbook").state.status == "completed"
    server.queue_upload("u1", "a.md", "notes")
    server.queue_upload("u2", "b.md", "notes")  # queued at the upgrade, carried out after it
    assert server.carried_out("u1").state.status == "completed"
    assert server.folder_run(OLGA, "o1", "wiki", "old").state.status == "completed"
    server.upgrade()
    # o1's records pruned: nothing says who wrote start.md.
    for table in ("kassist_ingest_manifest", "kassist_ingest_runs", "kassist_ingest_jobs"):
        raw(server.url, f"DELETE FROM {table} WHERE run_id = 'o1'")

    # The queued upload is an upload: it joins a.md (adopted as an upload's) and removes nothing.
    assert server.carried_out("u2").state.status == "completed"
    assert server.sources("notes") == {"a.md": UPLOADS, "b.md": UPLOADS}
    # The admin's pages are the handbook folder's: another folder's run is refused at the door.
    with pytest.raises(ApiError) as refused:
        server.folder_run(ALICE, "w1", "wiki", "handbook")
    assert refused.value.status == 409 and "mirrors folder 'handbook'" in str(refused.value.detail)
    assert server.sources("handbook") == dict.fromkeys(["page0.md", "page1.md", "page2.md"], handbook)

    # Unknown: an upload may not replace it; a folder run is let in and removes none of it.
    with pytest.raises(ApiError) as upload:
        server.queue_upload("u3", "start.md", "old")
    assert upload.value.status == 409, upload.value.detail
    assert "no known source" in str(upload.value.detail) and "upload into another collection" in str(
        upload.value.detail
    )
    assert server.folder_run(OLGA, "h2", "handbook", "old").state.counters.documents_removed == 0
    assert server.sources("old") == {
        "start.md": None,
        **dict.fromkeys(["page0.md", "page1.md", "page2.md"], handbook),
    }
