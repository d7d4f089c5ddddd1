"""The console re-opens a review whose decider was killed, as the runs API does (review s31 r1 #10: the
console's ``decide`` calls the same ``TenantJobStore.claim_first``, and had no test of its own).

A ``kassist runs approve`` killed before its decision committed leaves the run ``running`` in the jobs
table, its lease held by a process that is gone, while the run still waits for its review. Through the
console's real route (``POST /ui/runs/<run>/reject``, kassist serve's app in process, an admin's
signed-in session with its CSRF token): while the decider is alive the console refuses with the one
line of every door (``has a decision already``); once it is gone, the review waits again and the
console's reject is carried out (the run ends cancelled, "rejected by console:olga"). One SQLite file,
the world of tests/test_console.py (one ingestion run waiting for review)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_harness import World, make_world
from fastapi.testclient import TestClient
from test_console import sign_in, wait_status
from test_s31x_first_decision import _dead_holder

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.store_ops import new_holder
from server.keys import KeyTable
from server.langserve_app import create_app

APPROVE = {"decision": "approve", "by": "operator", "at": "2026-12-06 19:30 UTC"}  # the command line's shape


@pytest.fixture
def world(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[TestClient, World, str]]:
    monkeypatch.setenv("KASSIST_REPORTS_DIR", str(tmp_path / "reports"))
    made = make_world(sqlite_url, tmp_path)
    with TestClient(create_app(sqlite_url, KeyTable(keys={})), base_url="http://127.0.0.1") as client:
        yield client, made, sqlite_url


def error_of(page: Any) -> str:
    """The console's one error line on ``page`` (test_console's reader, HTML entities read back)."""
    found = re.search(r'id="error">(.*?)</p>', page.text, flags=re.S)
    return html.unescape(found.group(1) if found else page.text)


def _decider(url: str, tmp_path: Path, run: str, holder: str) -> None:
    """What a ``kassist runs approve`` started: the run's lease as ``holder``, the decision noted."""
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        runs = res.runs.for_tenant("acme")
        record = runs.get(run)
        assert record is not None
        if record.owner is not None:
            runs.release_lease(run, record.owner)
        assert runs.take_lease(run, holder, 60, lambda _: True) is None
        JobStore(res.runs).for_tenant("acme").start_decision(run, APPROVE)
    finally:
        res.close()


def test_the_console_reopens_a_review_whose_decider_was_killed(
    world: tuple[TestClient, World, str], tmp_path: Path
) -> None:
    client, w, url = world
    csrf = sign_in(client, w.admin)

    _decider(url, tmp_path, w.run_id, new_holder())  # a decider of this process: alive
    busy = client.post(f"/ui/runs/{w.run_id}/reject", data={"csrf": csrf}, follow_redirects=False)
    assert busy.status_code == 409, busy.text[:300]
    assert "has a decision already; only the first one is carried out" in error_of(busy)

    _decider(url, tmp_path, w.run_id, _dead_holder())  # killed before its decision committed
    rejected = client.post(f"/ui/runs/{w.run_id}/reject", data={"csrf": csrf}, follow_redirects=False)
    assert rejected.status_code == 303, error_of(rejected)
    assert "rejected by console:olga" in wait_status(client, w.run_id, "cancelled")
