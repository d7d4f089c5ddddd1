"""h12 s34 #14 (of b0b9a40, #10's fix): the runs API records an admin's new chunk settings on the
collection when the run is accepted, before it runs; cancelled before it ran, the collection's record
says 64/0 while every chunk it holds is 256/32, and a member's run with the collection's real
settings is refused (409 "collection 'hb' is chunked at 64/0 tokens ..."); a member who follows the
record re-chunks the whole collection to what no run ever wrote.

The runs API's door in process (``RunsService.create`` / ``cancel``), the first run carried out as
its worker does. One SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import OLGA, admin_collection

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.models import CreateRun, RunOptions

ALICE = Principal(identity="alice", tenant_id="acme")


def test_a_cancelled_rechunk_leaves_the_collection_as_its_chunks_are(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = admin_collection(res, tmp_path, monkeypatch)

    rechunk = RunOptions(embedder="hashing", chunk_tokens=64, overlap_tokens=0)
    service.create(OLGA, CreateRun(path="hr", collection="hb", run_id="r2", options=rechunk), None)
    service.cancel(OLGA, "r2", None)  # before any worker ran it: no chunk of 64 tokens was written

    # A member's run with the settings every chunk of the collection has.
    service.create(
        ALICE,
        CreateRun(path="hr", collection="hb", run_id="m1", options=RunOptions(embedder="hashing")),
        None,
    )
