"""A collection a previous release filled keeps its source rule after the upgrade (review s33 r1).

Index migration 3 (knowledge/index/sources.py) adds ``kassist_kb_documents.source``, NULL for every
document indexed before it, and reads NULL as "the folder's that runs next". On a database a
previous release wrote, that is every collection, so:

- a tenant's collection of uploads made before the upgrade refuses every later upload (409 "mirrors
  a folder (indexed before kassist recorded sources)": it held uploads), and
- a member's run of another folder into a collection an admin filled before the upgrade is let in
  and removes the admin's documents (h9 s32 #7, through the folder door instead of the upload one).

The old rows are made as x4's own test makes them (tests/test_x4_collection_source.py): written by
the current code through the runs API's service, then the column dropped and migration 3's record
removed, so the next open migrates them; the ingestion records of the runs that wrote them stay, as
they would on a real database. One SQLite file, the service called as its routes call it, each run
carried out as its worker does; ~3 s."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import pytest
from raw_sql import raw

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import RunOutcome, execute
from graph.ingestion.state import Settings
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
    """The runs service over one SQLite file; the tenant's folders ``handbook`` and ``wiki``."""

    def __init__(self, tmp_path: Path) -> None:
        self.db = tmp_path / "kassist.db"
        self.tmp = tmp_path
        root = tmp_path / "root"
        for folder in ("handbook", "wiki"):
            (root / "acme" / folder).mkdir(parents=True)
        for i in range(3):
            (root / "acme" / "handbook" / f"page{i}.md").write_text(f"# Page {i}\n\nLeave rule {i}.\n")
        (root / "acme" / "wiki" / "start.md").write_text("# Wiki\n\nThe wiki's own page.\n")
        self.env = {"KASSIST_INGEST_ROOT": str(root), "KASSIST_UPLOADS_DIR": str(tmp_path / "up")}
        self.open()

    def open(self) -> None:
        self.res = Resources.open(f"sqlite:///{self.db}", reports_dir=self.tmp / "reports")
        self.service = RunsService(self.res, RunsConfig.from_env(self.env))
        self.jobs = JobStore(self.res.runs).for_tenant("acme")

    def upgrade(self) -> None:
        """The database as the release before migration 3 left it, opened by this one."""
        self.res.close()
        url = f"sqlite:///{self.db}"
        raw(url, "ALTER TABLE kassist_kb_documents DROP COLUMN source")
        raw(url, "DELETE FROM kassist_schema_versions WHERE component = 'knowledge_index' AND version = 3")
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

    def upload(self, run: str, name: str, text: str, collection: str) -> RunOutcome:
        files = [Sent(name, io.BytesIO(text.encode()))]
        asyncio.run(self.service.create_upload(ALICE, files, collection, run, HASHING, None))
        return self.carried_out(run)

    def paths(self, collection: str) -> list[str]:
        return sorted(path for _, path in self.res.index("hashing").for_tenant("acme").documents(collection))


@pytest.fixture
def server(tmp_path: Path):  # type: ignore[no-untyped-def]
    s = Server(tmp_path)
    try:
        yield s
    finally:
        s.res.close()


def test_a_collection_of_uploads_from_before_the_upgrade_takes_uploads_after_it(server: Server) -> None:
    assert server.upload("u1", "a.md", "# A\n\nFirst upload.\n", "notes").state.status == "completed"
    server.upgrade()
    try:
        second = server.upload("u2", "b.md", "# B\n\nSecond upload.\n", "notes")
    except ApiError as exc:
        pytest.fail(
            f"an upload into the tenant's own uploads collection was refused: {exc.status} {exc.detail}"
        )
    assert second.state.status == "completed"
    assert server.paths("notes") == ["a.md", "b.md"]


def test_another_folder_never_removes_a_collection_filled_before_the_upgrade(server: Server) -> None:
    assert server.folder_run(OLGA, "h1", "handbook", "handbook").state.counters.documents_indexed == 3
    server.upgrade()
    try:
        server.folder_run(ALICE, "w1", "wiki", "handbook")
    except ApiError as exc:  # refused at the door, as for a collection filled after the upgrade
        assert exc.status == 409, exc.detail
    assert {"page0.md", "page1.md", "page2.md"} <= set(server.paths("handbook")), server.paths("handbook")
