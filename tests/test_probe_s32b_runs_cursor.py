"""Probe (session 32, h10): what a member learns of another member's ``langgraph dev`` ingestion runs
through kassist serve's runs pages.

A ``langgraph dev`` ingestion run records its owner in its checkpoints, and on the runs API and the
console another member's such run is "not found" (server/thread_owner.reaches_run, session 26): its
id answers 404 and it is never listed. But a page of ``GET /v1/runs`` reads past the runs a member
does not reach at most ``PAGE_SCAN`` x ``limit`` rows (100 at least), and when it stops there its
``next_cursor`` is the last row it read - base64 of ``[created_at, run_id]`` of the other member's run
(h10 s32 #1). And the console's runs list tells a member "the newest N of this tenant's T runs",
T counting every registered run, those it may not see included (#2).

In process (kassist serve's app on one SQLite file): erin's one run, then 137 runs of alice's
``langgraph dev`` threads (registered, each with a head checkpoint naming alice as its owner, as
langgraph dev's run handler stamps it).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from langgraph.checkpoint.base import empty_checkpoint

from checkpointer import TenantCheckpointer
from graph.ingestion import registration
from graph.ingestion.state import Settings
from graph.ingestion.store import RunStore
from server.keys import KeyTable, Principal
from server.langserve_app import create_app

ERIN = "erin-s32b-cursor-key-0123456789"
ALICE = "alice-s32b-cursor-key-0123456789"
ALICES_RUNS = 137
"""Past the 100 rows one page of limit 1 reads (server/runs/service.PAGE_SCAN x limit, 100 at least)."""
ERINS_RUN = "erin-own-run"


def _alices(i: int) -> str:
    return f"alice-private-run-{i:03d}"


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch_module: pytest.MonkeyPatch
) -> Iterator[TestClient]:
    tmp = tmp_path_factory.mktemp("s32b-cursor")
    db_url = f"sqlite:///{tmp / 'kassist.db'}"
    monkeypatch_module.setenv("KASSIST_EMBEDDER", "hashing")
    settings = Settings(source=str(tmp), collection="handbook", embedder="hashing")
    runs = RunStore.from_url(db_url)
    saver = TenantCheckpointer.from_url(db_url)
    try:
        saver.setup()
        acme = saver.for_tenant("acme")
        registration.settle(runs, "acme", ERINS_RUN, settings)  # the oldest: found on a later page
        for i in range(ALICES_RUNS):
            registration.settle(runs, "acme", _alices(i), settings)
            config = {"configurable": {"thread_id": _alices(i), "checkpoint_ns": ""}}
            metadata = {"owner": "alice", "source": "input", "step": -1}
            acme.put(config, empty_checkpoint(), metadata, {})  # type: ignore[arg-type,typeddict-item]
    finally:
        runs.close()
        saver.close()
    keys = KeyTable(
        keys={
            ERIN: Principal(identity="erin", tenant_id="acme"),
            ALICE: Principal(identity="alice", tenant_id="acme"),
        }
    )
    with TestClient(create_app(db_url, keys), base_url="http://127.0.0.1") as client:
        yield client


@pytest.fixture(scope="module")
def monkeypatch_module() -> Iterator[pytest.MonkeyPatch]:
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_the_world_holds_what_the_probe_says(served: TestClient) -> None:
    """Not the defect: alice's runs are hers (listed for her), and erin's answer for one is 404."""
    assert served.get(f"/v1/runs/{_alices(5)}", headers={"x-api-key": ERIN}).status_code == 404
    assert served.get(f"/v1/runs/{_alices(5)}", headers={"x-api-key": ALICE}).status_code == 200


def test_a_runs_page_cursor_names_no_run_the_member_cannot_reach(served: TestClient) -> None:
    cursor: str | None = None
    listed: list[str] = []
    named: list[str] = []
    for _ in range(10):  # 138 rows, at least 100 read a page: two or three pages
        params: dict[str, str | int] = {"limit": 1, **({"cursor": cursor} if cursor else {})}
        page = served.get("/v1/runs", params=params, headers={"x-api-key": ERIN})
        assert page.status_code == 200, page.text
        listed += [run["run_id"] for run in page.json()["runs"]]
        cursor = page.json()["next_cursor"]
        if cursor is None:
            break
        named.append(base64.urlsafe_b64decode(cursor).decode("utf-8", "replace"))
    assert listed == [ERINS_RUN]  # paging still reaches erin's own run
    leaked = [text for text in named if "alice-private-run" in text]
    assert not leaked, f"erin's cursors name alice's runs: {leaked[:3]}"


def test_the_console_counts_no_run_the_member_cannot_reach(served: TestClient) -> None:
    part = served.get("/ui/fragments/runs", headers={"x-api-key": ERIN, "x-console-poll": "1"})
    assert part.status_code == 200, part.text
    assert part.text.count("<tr data-run") == 1
    tenant_total = str(ALICES_RUNS + 1)
    assert tenant_total not in part.text, json.dumps(part.text[-300:])
