"""An ingestion run's thread is its job's record: no client route forks it or erases it
(session 21 probes, /tmp/kassist-docs/s21/h1-probes.md).

- ``POST /threads/{id}/copy`` of a run in progress gave a second thread holding the same run
  (same run id, settings and next step); a run on the copy executed the job again beside the
  original (both indexed, notified and remembered).
- ``multitask_strategy: "rollback"`` on a new run of a thread whose run was in flight, and a
  cancel with ``action=rollback``, deleted every checkpoint the run had written: the registered
  run then showed ``documents 0``, next step ``discover``, while the documents it had indexed stayed
  in the collection (its record gone, its effects kept)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

pytestmark = pytest.mark.timeout(900)
ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, ACME_ADMIN_KEY, ERIN_KEY = ME.acme_key, ME.admin_key, ME.erin_key

TURN = {"messages": [{"role": "user", "content": "How many days of annual leave do we get?"}]}


@pytest.fixture(scope="module")
def served(shared_dev_hashing: SharedServer) -> Iterator[tuple[httpx.Client, dict[str, Any]]]:
    base = shared_dev_hashing.base
    with httpx.Client(base_url=base, headers={"x-api-key": ACME_KEY}, timeout=300) as alice:
        settings = {
            "source": str(shared_dev_hashing.corpus(ME.acme)),
            "collection": "jobs",
            "embedder": "hashing",
        }
        yield alice, {"settings": {**settings, "batch_size": 5}}


def _paused_run(alice: httpx.Client, run_input: dict[str, Any]) -> tuple[str, str]:
    """A registered run stopped before its first batch: (thread id, run id)."""
    thread = alice.post("/threads", json={}).json()["thread_id"]
    run = alice.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": "ingestion", "input": run_input, "interrupt_before": ["ingest_batch"]},
    )
    assert run.status_code == 200 and "__error__" not in run.text, run.text[:300]
    state = alice.get(f"/threads/{thread}/state").json()
    assert state["next"] == ["ingest_batch"] and state["values"]["run_id"] == thread, state
    runs = alice.get(f"/threads/{thread}/runs").json()
    return thread, runs[0]["run_id"]


def test_an_ingestion_runs_thread_cannot_be_copied(served: tuple[httpx.Client, dict[str, Any]]) -> None:
    alice, run_input = served
    thread, _ = _paused_run(alice, run_input)
    copied = alice.post(f"/threads/{thread}/copy")
    assert copied.status_code == 409, copied.text[:300]
    assert "copied" in copied.json()["detail"], copied.text[:300]
    admin = alice.post(f"/threads/{thread}/copy", headers={"x-api-key": ACME_ADMIN_KEY})
    assert admin.status_code == 409, admin.text[:300]
    # The run itself goes on, once.
    done = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": None})
    assert done.status_code == 200 and done.json()["counters"]["documents_indexed"] == 24, done.text[:300]


def test_a_conversation_can_still_be_copied(served: tuple[httpx.Client, dict[str, Any]]) -> None:
    alice, _ = served
    thread = alice.post("/threads", json={}).json()["thread_id"]
    turn = {"messages": [{"role": "user", "content": "How many days of annual leave do we get?"}]}
    assert alice.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "input": turn}
    ).is_success
    copied = alice.post(f"/threads/{thread}/copy")
    assert copied.status_code == 200, copied.text[:300]
    values = alice.get(f"/threads/{copied.json()['thread_id']}/state").json()["values"]
    assert len(values["messages"]) == 2


def test_rollback_of_an_ingestion_run_is_refused(served: tuple[httpx.Client, dict[str, Any]]) -> None:
    alice, run_input = served
    thread, run_id = _paused_run(alice, run_input)
    again = alice.post(
        f"/threads/{thread}/runs",
        json={"assistant_id": "ingestion", "input": None, "multitask_strategy": "rollback"},
    )
    assert again.status_code == 422 and "rollback" in again.json()["detail"], again.text[:300]
    cancel = alice.post(f"/threads/{thread}/runs/{run_id}/cancel", params={"action": "rollback"})
    assert cancel.status_code == 409 and "rollback" in cancel.json()["detail"], cancel.text[:300]
    bulk = alice.post("/runs/cancel", params={"action": "rollback"}, json={"status": "all"})
    assert bulk.status_code == 422 and "rollback" in bulk.json()["detail"], bulk.text[:300]
    history = alice.post(f"/threads/{thread}/history", json={"limit": 100}).json()
    assert len(history) >= 3  # the run's checkpoints are all there
    state = alice.get(f"/threads/{thread}/state").json()
    assert state["next"] == ["ingest_batch"], state


def test_cancelling_with_interrupt_still_works(served: tuple[httpx.Client, dict[str, Any]]) -> None:
    alice, run_input = served
    thread, run_id = _paused_run(alice, run_input)
    cancel = alice.post(f"/threads/{thread}/runs/{run_id}/cancel", params={"action": "interrupt"})
    assert cancel.status_code in (202, 204, 404, 409), cancel.text[:300]  # a finished run: nothing to cancel
    assert cancel.status_code != 409 or "rollback" not in cancel.text


def test_another_members_job_thread_is_answered_as_any_unreached_thread(
    served: tuple[httpx.Client, dict[str, Any]],
) -> None:
    # The refusal's words would tell alice that erin's thread exists and is an ingestion run.
    alice, run_input = served
    erin = httpx.Client(base_url=alice.base_url, headers={"x-api-key": ERIN_KEY}, timeout=300)
    thread, run_id = _paused_run(erin, run_input)
    unknown = "0b9d3c52-0000-4000-8000-000000000002"
    copied, other = alice.post(f"/threads/{thread}/copy"), alice.post(f"/threads/{unknown}/copy")
    # The same answer, but for the id the caller sent ("Thread with ID ... not found").
    assert (copied.status_code, copied.text.replace(thread, unknown)) == (other.status_code, other.text)
    cancel = alice.post(f"/threads/{thread}/runs/{run_id}/cancel", params={"action": "rollback"})
    other = alice.post(f"/threads/{unknown}/runs/{run_id}/cancel", params={"action": "rollback"})
    assert (cancel.status_code, cancel.json()) == (other.status_code, other.json()), cancel.text[:300]
    assert erin.post(f"/threads/{thread}/copy").status_code == 409  # erin's own: refused as a job


def test_only_the_ingestion_graph_runs_on_an_ingestion_runs_thread(
    served: tuple[httpx.Client, dict[str, Any]],
) -> None:
    # An assistant turn there wrote a checkpoint without the run's state; the same settings then
    # ran the whole finished job again (discover, every batch, audit, report, remember).
    alice, run_input = served
    thread = alice.post("/threads", json={}).json()["thread_id"]
    done = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": run_input})
    assert done.status_code == 200 and done.json()["status"] == "completed", done.text[:300]
    steps = len(alice.post(f"/threads/{thread}/history", json={"limit": 500}).json())
    for graph in ("assistant", "documents"):
        turn = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": graph, "input": TURN})
        assert turn.status_code == 409 and "ingestion" in turn.json()["detail"], turn.text[:300]
    again = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": run_input})
    assert again.status_code == 200 and again.json()["status"] == "completed", again.text[:300]
    # The input, its start and begin (which finds the run finished): not the job's 14 checkpoints.
    assert len(alice.post(f"/threads/{thread}/history", json={"limit": 500}).json()) <= steps + 3


def test_an_ingestion_run_needs_a_thread_of_its_own(served: tuple[httpx.Client, dict[str, Any]]) -> None:
    alice, run_input = served
    thread = alice.post("/threads", json={}).json()["thread_id"]
    assert alice.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "input": TURN}
    ).is_success
    run = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": run_input})
    assert run.status_code == 409 and "conversation" in run.json()["detail"], run.text[:300]
    values = alice.get(f"/threads/{thread}/state").json()["values"]
    assert len(values["messages"]) == 2 and "settings" not in values


def test_a_run_stopped_before_begin_keeps_its_first_settings(
    served: tuple[httpx.Client, dict[str, Any]],
) -> None:
    # Its input is checkpointed, nothing registered yet (a client's interrupt_before, or a kill in
    # that instant): other settings replaced the first ones and ran (collection 'second').
    alice, run_input = served
    first = {"settings": {**run_input["settings"], "collection": "first", "batch_size": 3}}
    thread = alice.post("/threads", json={}).json()["thread_id"]
    stopped = alice.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": "ingestion", "input": first, "interrupt_before": ["begin"]},
    )
    assert stopped.status_code == 200 and alice.get(f"/threads/{thread}/state").json()["next"] == ["begin"]
    other = {"settings": {**run_input["settings"], "collection": "second", "batch_size": 50}}
    refused = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": other})
    assert refused.status_code == 409, refused.text[:300]
    assert "collection 'first'" in refused.json()["detail"], refused.text[:300]
    same = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": first})
    assert same.status_code == 200 and same.json()["settings"]["collection"] == "first", same.text[:300]
    assert same.json()["status"] == "completed", same.text[:300]
