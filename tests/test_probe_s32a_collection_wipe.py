"""A member's upload does not empty a collection another source filled (session 32 probes, h9:
/tmp/h9s32/findings.md #7; fixed in session 33: a collection mirrors one source, and an upload into
one filled from a folder is refused - knowledge/index/sources.py).

A collection mirrors the folder of the run that writes it: a run removes the collection's documents
whose file is not in its own source ("gone"). Session 29 left that two runs of two folders sharing a
collection remove each other's documents. Through the runs API that is a member's delete: alice
uploads one file into the tenant's handbook collection, filled from the server's folder, and the
run removes every other document of it (their chunks too) in its ingest step - no review asks
anyone (the review's bar counts failures and findings, not removals), while deleting the tenant's
documents is otherwise the operator's (``kassist kb documents delete``; the console has no such
action).

The runs API's routes as they call the service (``RunsService.create`` / ``create_upload``), each
request carried out as its worker does; one SQLite file, ~5 s CPU."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import pytest

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import RunOutcome, execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService


@dataclass
class Sent:
    """An uploaded file as Starlette hands it over (its name and its spooled file)."""

    filename: str
    file: BinaryIO


def test_a_members_upload_into_a_filled_collection_removes_none_of_its_documents(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "acme" / "handbook").mkdir(parents=True)
    for i in range(3):
        (root / "acme" / "handbook" / f"page{i}.md").write_text(f"# Page {i}\n\nLeave policy, part {i}.\n")
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    env = {"KASSIST_INGEST_ROOT": str(root), "KASSIST_UPLOADS_DIR": str(tmp_path / "up")}
    service = RunsService(res, RunsConfig.from_env(env))
    jobs = JobStore(res.runs).for_tenant("acme")

    def carried_out(run: str) -> RunOutcome:  # as the server's worker does it
        job = jobs.get(run)
        assert job is not None and job.settings is not None
        settings = Settings.model_validate(job.settings)
        return execute(res, "acme", run, settings=settings, on_finish=lambda _: jobs.done(run, job.seq))

    try:
        hashing = RunOptions(embedder="hashing")
        olga = Principal(identity="olga", tenant_id="acme", role="admin")
        service.create(
            olga, CreateRun(path="handbook", collection="handbook", run_id="h1", options=hashing), None
        )
        assert carried_out("h1").state.counters.documents_indexed == 3
        alice = Principal(identity="alice", tenant_id="acme", role="member")
        note = [Sent("notes.md", io.BytesIO(b"# Notes\n\nMy own notes.\n"))]
        # The collection mirrors folder handbook (knowledge/index/sources.py): the upload is refused
        # at the door, saying so, and no run of it exists to remove anything.
        with pytest.raises(ApiError) as refused:
            asyncio.run(service.create_upload(alice, note, "handbook", "mine", hashing, None))
        assert (refused.value.status, refused.value.detail) == (
            409,
            "collection 'handbook' mirrors folder 'handbook'; upload into another collection",
        )
        assert jobs.get("mine") is None
        kept = res.index("hashing").for_tenant("acme").documents("handbook")
        assert sorted(path for _, path in kept) == ["page0.md", "page1.md", "page2.md"], (
            f"alice's refused upload into collection 'handbook' left it {kept}"
        )
    finally:
        res.close()
