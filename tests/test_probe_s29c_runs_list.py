"""Probe (session 29, h3): what one open console tab costs the server.

The console's runs page (``/ui/runs``) re-reads its list part (``/ui/fragments/runs``) every second,
and that part holds every run its tenant ever had, each read from its checkpoint (and its owner's
from the head: ``reaches_run``): the list has no page, and, unlike a run's own page, it never says
it is final (it shows new runs as they start), so the browser polls it for as long as the tab is
open, even when no run can change.
Measured in process on SQLite: 20 runs 24 ms of CPU a poll, 200 runs 67 ms and a 49 KB answer - a
tenant's history grows without bound (completed runs stay listed), so every member who leaves the
console open costs the server a share of a core. The runs API reads a bounded page (``limit``,
``next_cursor``).

In process (the console's ASGI app on one SQLite file; 152 runs registered, two of them completed).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from ingest_harness import opened

from graph.ingestion import registration
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import KeyTable, Principal
from server.langserve_app import create_app

MEMBER = "acme-member-0123456789abcdef"
REGISTERED = 150
POLL = {"x-api-key": MEMBER, "x-console-poll": "1"}


def _world(tmp: Path, registered: int) -> str:
    db_url = f"sqlite:///{tmp / 'kassist.db'}"
    docs = tmp / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nNew joiners get 25 days of annual leave.\n")
    settings = Settings(source=str(docs), collection="handbook", embedder="hashing")
    with opened(db_url, tmp / "reports") as res:
        for run in ("done-1", "done-2"):
            assert execute(res, "acme", run, settings=settings).state.status == "completed"
        for i in range(registered):  # registered, never started: each listed, each read
            registration.settle(res.runs, "acme", f"queued-{i:03d}", settings)
    return db_url


@pytest.fixture(scope="module")
def busy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The console of a tenant with a long history."""
    keys = KeyTable(keys={MEMBER: Principal(identity="ben", tenant_id="acme")})
    many = _world(tmp_path_factory.mktemp("runs-many"), REGISTERED)
    with TestClient(create_app(many, keys), base_url="http://127.0.0.1") as client:
        yield client


def test_the_runs_list_reads_a_bounded_page(busy: TestClient) -> None:
    part = busy.get("/ui/fragments/runs", headers=POLL)
    assert part.status_code == 200
    assert part.text.count("<tr data-run") <= 100, part.text.count("<tr data-run")
