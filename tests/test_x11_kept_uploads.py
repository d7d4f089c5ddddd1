"""A member's upload run counts against the waiting-runs bound until it has ended (h17 s36 H17-9, the
lead's decision 9; x11): paused or failed it keeps its files for a resume, so a loop of uploads paused
by their own max_steps kept files without bound. h17's test drives the runs API on SQLite; here the
count itself on both backends: carried out and paused, an upload still takes its place; ended, it
frees it; a path run carried out frees it at once (~1 s of CPU + PostgreSQL)."""

from __future__ import annotations

import json

import pytest

from graph.ingestion.jobs import JobStore, TooManyWaiting, WaitingBound
from graph.ingestion.store import RunStore

BOUND = WaitingBound(per_user=1, per_tenant=10)


def _request(uploaded: bool) -> dict[str, object]:
    settings = {"source": "/srv/up/t-acme/u.0123456789abcdef", "collection": "c", "uploaded": uploaded}
    return {"settings": json.loads(json.dumps(settings)), "goal": "", "by": "maria"}


def test_an_upload_run_takes_its_place_until_it_has_ended(db_url: str) -> None:
    store = RunStore.from_url(db_url)
    try:
        acme = JobStore(store).for_tenant("acme")
        assert acme.create("u1", "/srv/up", "c", _request(True), BOUND)
        job = acme.get("u1")
        assert job is not None
        acme.done("u1", job.seq)
        acme.note_status("u1", "paused")  # carried out, not ended: its upload is kept
        with pytest.raises(TooManyWaiting):
            acme.create("u2", "/srv/up", "c", _request(True), BOUND)
        acme.note_status("u1", "completed")  # ended: its upload goes, its place with it
        assert acme.create("p1", "/srv/x", "c", _request(False), BOUND)
        job = acme.get("p1")
        assert job is not None
        acme.done("p1", job.seq)
        acme.note_status("p1", "paused")  # a path run keeps no files: carried out, its place is free
        assert acme.create("u2", "/srv/up", "c", _request(True), BOUND)
    finally:
        store.close()
