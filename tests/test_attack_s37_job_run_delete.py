"""h18 s37 H18-4 (strict xfail): a client's ``DELETE /threads/{id}/runs/{run_id}`` removes an ingestion
run's checkpoints, and the thread then answers every run with an opaque 200.

docs/serving.md ("Who may write a run's state"): ``multitask_strategy: "rollback"`` for the ingestion
graph and a cancel with ``action=rollback`` of an ingestion run's thread are refused (422 / 409),
because "rollback deletes the checkpoints a run wrote, while what an ingestion run indexed stays"; a
run's state is the graph's to write. langgraph-api's run delete does the same (``adelete_for_runs``:
the checkpoints the run wrote) and no rule refuses it for a job: live (session 37), alice's completed
run, 10 checkpoints; ``DELETE /threads/{id}/runs/{run_id}``: 204, 0 checkpoints, ``GET .../state``
empty (status, counters, review, the report's formats gone) while its documents stay indexed. A run
waiting for its review loses the review the same way: its interrupt is a checkpoint.

Then every run on the thread answers HTTP 200 ``{"__error__": {"error": "RunNotFound", "message": "An
internal error occurred"}}`` - registration.checkpoints_gone's RunNotFound, whose line
docs/ingestion.md quotes for "langgraph dev's door" (``run 'R' has no checkpoint left ...; start a new
run id to ingest again``), hidden by langgraph-api as an internal error.

Expected: a client's delete of an ingestion run keeps its checkpoints (refused as rollback is), and a
thread whose run lost them says so in the documented line, not "An internal error occurred". The
shared ``langgraph dev`` (hashing), a one-document folder under this file's tenant folder; ~3 s."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)


@pytest.fixture
def job(shared_dev_hashing: SharedServer) -> Iterator[tuple[httpx.Client, str, dict[str, Any]]]:
    """Alice's completed ingestion run of a one-document folder: (her client, its thread, its body)."""
    folder = shared_dev_hashing.corpus(ME.acme).parent / "h18-tiny"
    folder.mkdir(exist_ok=True)
    (folder / "note.md").write_text("# Desk booking\n\nDesks are booked in the facilities app.\n")
    settings = {"source": str(folder), "collection": "h18tiny", "embedder": "hashing"}
    body: dict[str, Any] = {"assistant_id": "ingestion", "input": {"settings": settings}}
    with httpx.Client(
        base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=120
    ) as alice:
        thread = alice.post("/threads", json={}).json()["thread_id"]
        done = alice.post(f"/threads/{thread}/runs/wait", json=body)
        assert done.status_code == 200 and done.json().get("status") == "completed", done.text[:300]
        try:
            yield alice, thread, body
        finally:
            alice.delete(f"/threads/{thread}")


def _delete_its_run(alice: httpx.Client, thread: str) -> httpx.Response:
    [run] = alice.get(f"/threads/{thread}/runs").json()
    return alice.delete(f"/threads/{thread}/runs/{run['run_id']}")


def test_a_clients_run_delete_never_removes_an_ingestion_runs_state(
    job: tuple[httpx.Client, str, dict[str, Any]],
) -> None:
    alice, thread, _ = job
    gone = _delete_its_run(alice, thread)
    state = alice.get(f"/threads/{thread}/state").json()["values"]
    assert state.get("run_id") == thread and state.get("status") == "completed", (
        f"the run delete answered {gone.status_code} and the ingestion run's state is now {state!r}"
    )


def test_a_thread_whose_run_lost_its_checkpoints_says_so_in_the_documented_line(
    job: tuple[httpx.Client, str, dict[str, Any]],
) -> None:
    alice, thread, body = job
    _delete_its_run(alice, thread)  # refused or not: what the thread answers next is the point
    again = alice.post(f"/threads/{thread}/runs/wait", json=body)
    assert "internal error" not in again.text.lower(), (again.status_code, again.text[:300])
    if alice.get(f"/threads/{thread}/state").json()["values"] == {}:  # the checkpoints went after all
        assert again.status_code >= 400 and "has no checkpoint left" in again.text, (
            again.status_code,
            again.text[:300],
        )
