"""Review s34 r1 F4 (of b0b9a40, h12 s34 #10's fix): a collection made before index migration 6 keeps
no chunk settings (NULL), and the first run into it records its own - a member's too. On every
database upgraded to this release each existing collection is NULL, so #10's harm (a member's run of
the folder an admin's collection mirrors re-chunks it live: every answer from it fragmentary, every
vector embedded again) is open once per collection: the member's run with 64/0 is accepted and its
settings become the collection's, which then refuses the admin's own 256/32.

The runs API's door in process (``RunsService.create``), the first run carried out as its worker
does; the collection made NULL as migration 6 leaves one made before it. One SQLite file; ~5 s."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from review_support import admin_collection

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError

ALICE = Principal(identity="alice", tenant_id="acme")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """conftest's ``res`` file."""
    return tmp_path / "kassist.db"


def test_a_member_cannot_rechunk_a_collection_made_before_the_chunk_record(
    res: Resources, db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = admin_collection(res, tmp_path, monkeypatch)
    with sqlite3.connect(db) as conn:  # as a collection made before index migration 6 is
        conn.execute("UPDATE kassist_kb_collections SET chunk_tokens = NULL, overlap_tokens = NULL")

    rechunk = RunOptions(embedder="hashing", chunk_tokens=64, overlap_tokens=0)
    with pytest.raises(ApiError) as refused:
        service.create(ALICE, CreateRun(path="hr", collection="hb", run_id="m1", options=rechunk), None)
    assert refused.value.status == 409, refused.value
