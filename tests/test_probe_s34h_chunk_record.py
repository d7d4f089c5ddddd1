"""h12 s34 #14 (of b0b9a40, #10's fix): the runs API records an admin's new chunk settings on the
collection when the run is accepted, before it runs; cancelled before it ran, the collection's record
says 64/0 while every chunk it holds is 256/32, and a member's run with the collection's real
settings is refused (409 "collection 'hb' is chunked at 64/0 tokens ..."); a member who follows the
record re-chunks the whole collection to what no run ever wrote.

The runs API's door in process (``RunsService.create`` / ``cancel``), the first run carried out as
its worker does. One SQLite file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService

OLGA = Principal(identity="olga", tenant_id="acme", role="admin")
ALICE = Principal(identity="alice", tenant_id="acme")


def test_a_cancelled_rechunk_leaves_the_collection_as_its_chunks_are(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    docs = root / "acme" / "hr"
    docs.mkdir(parents=True)
    (docs / "a.md").write_text("# A\n\n" + "Alpha text about the leave policy. " * 50)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    service = RunsService(res, RunsConfig.from_env(os.environ))
    service.create(
        OLGA, CreateRun(path="hr", collection="hb", run_id="r1", options=RunOptions(embedder="hashing")), None
    )
    first = Settings(source=str(docs), collection="hb", embedder="hashing")
    assert execute(res, "acme", "r1", settings=first, within=docs.parent).state.status == "completed"

    rechunk = RunOptions(embedder="hashing", chunk_tokens=64, overlap_tokens=0)
    service.create(OLGA, CreateRun(path="hr", collection="hb", run_id="r2", options=rechunk), None)
    service.cancel(OLGA, "r2", None)  # before any worker ran it: no chunk of 64 tokens was written

    # A member's run with the settings every chunk of the collection has.
    service.create(
        ALICE,
        CreateRun(path="hr", collection="hb", run_id="m1", options=RunOptions(embedder="hashing")),
        None,
    )
