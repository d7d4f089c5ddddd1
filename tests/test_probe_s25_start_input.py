"""An ingestion run with no settings on a thread that holds no run is 422 before it exists (session 25
probes, /tmp/kassist-docs/s25/h1.md), on a real ``langgraph dev``.

Before, such a run passed every check and failed inside, a 200 carrying an ``__error__``: no input
was LangGraph's ``EmptyInputError``, an input without ``settings`` the graph's ``NoSettings`` ("An
internal error occurred"), the same without a thread an ``AttributeError`` from inside LangGraph,
and a cron so made was stored to fail at every firing. It is also what a client meets when it
resumes a run that langgraph dev accepted and lost in a kill before writing anything of it (the
server's run queue is in memory): the answer now says the thread holds no run. A run without
settings still continues the run its thread holds; a thread the caller does not reach is answered
as an unknown one (``server/run_checks.check_start_input``)."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

pytestmark = pytest.mark.timeout(900)
ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, GLOBEX_KEY = ME.acme_key, ME.globex_key

EMPTY: list[Any] = [None, {}, {"goal": "index the handbook"}]
SAYS = "an ingestion run starts with its settings"


@pytest.fixture(scope="module")
def served(shared_dev_hashing: SharedServer) -> tuple[str, dict[str, Any]]:
    source = str(shared_dev_hashing.corpus(ME.acme))
    settings = {"source": source, "collection": "start", "embedder": "hashing"}
    return shared_dev_hashing.base, {"settings": {**settings, "batch_size": 5}}


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=300)


def _refused(answer: httpx.Response, where: str) -> None:
    assert answer.status_code == 422, answer.text[:300]
    detail = answer.json()["detail"]
    assert SAYS in detail and where in detail and "\n" not in detail, detail


def test_an_ingestion_run_without_settings_on_a_thread_with_no_run_is_422(
    served: tuple[str, dict[str, Any]],
) -> None:
    base, _ = served
    alice = _client(base, ACME_KEY)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    for run_input in EMPTY:
        body = {"assistant_id": "ingestion", "input": run_input}
        _refused(alice.post(f"/threads/{thread}/runs/wait", json=body), "this thread holds no run yet")
        _refused(alice.post(f"/threads/{thread}/runs", json=body), "this thread holds no run yet")
        made = {**body, "if_not_exists": "create"}
        _refused(alice.post(f"/threads/{uuid.uuid4()}/runs/wait", json=made), "this thread holds no run yet")
        _refused(alice.post("/runs/wait", json=body), "a run without a thread starts a new one")
        # A cron's schema takes no null input (langgraph-api's 422): it leaves the input out.
        cron = {"assistant_id": "ingestion", "schedule": "0 3 * * *"}
        cron.update({} if run_input is None else {"input": run_input})
        _refused(alice.post("/runs/crons", json=cron), "a run without a thread starts a new one")
    assert alice.get(f"/threads/{thread}/runs").json() == []
    assert alice.post("/runs/crons/search", json={}).json() == []
    omitted = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion"})
    _refused(omitted, "this thread holds no run yet")


def test_a_run_without_settings_continues_the_run_its_thread_holds(
    served: tuple[str, dict[str, Any]],
) -> None:
    base, run_input = served
    alice = _client(base, ACME_KEY)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    first = alice.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": "ingestion", "input": run_input, "interrupt_before": ["ingest_batch"]},
    )
    assert first.status_code == 200 and "__error__" not in first.text, first.text[:300]
    done = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": None})
    assert done.status_code == 200, done.text[:300]
    assert done.json()["status"] == "completed" and done.json()["counters"]["documents_indexed"] == 24


def test_another_tenants_thread_is_answered_as_an_unknown_one(served: tuple[str, dict[str, Any]]) -> None:
    base, _ = served
    alice, bob = _client(base, ACME_KEY), _client(base, GLOBEX_KEY)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    unknown = str(uuid.uuid4())
    body = {"assistant_id": "ingestion", "input": None}
    theirs, nobodys = (bob.post(f"/threads/{t}/runs/wait", json=body) for t in (thread, unknown))
    assert theirs.status_code == nobodys.status_code == 404, (theirs.text[:300], nobodys.text[:300])
    assert theirs.text.replace(thread, unknown) == nobodys.text
    assert json.dumps(alice.get(f"/threads/{thread}/runs").json()) == "[]"


def test_a_cron_on_a_thread_with_no_run_or_an_update_dropping_the_settings_is_422(
    served: tuple[str, dict[str, Any]],
) -> None:
    """Only a new threadless cron was checked (review of session 25, F4): a cron made on a thread
    with no run, and a PATCH setting a threadless cron's input without settings, were 200s, every
    firing then failing inside. A PATCH that leaves the input out keeps the checked one."""
    base, run_input = served
    alice = _client(base, ACME_KEY)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    sends: list[dict[str, Any]] = [{}, {"input": {}}, {"input": {"goal": "index the handbook"}}]
    for sent in sends:
        cron = {"assistant_id": "ingestion", "schedule": "0 3 * * *", **sent}
        _refused(alice.post(f"/threads/{thread}/runs/crons", json=cron), "this thread holds no run yet")
    made = alice.post(
        "/runs/crons", json={"assistant_id": "ingestion", "schedule": "0 3 * * *", "input": run_input}
    )
    assert made.status_code == 200, made.text[:300]
    cron_id = made.json()["cron_id"]
    try:
        for dropped in ({}, {"goal": "index the handbook"}):
            patched = alice.patch(f"/runs/crons/{cron_id}", json={"input": dropped})
            _refused(patched, "a run without a thread starts a new one")
        kept = alice.patch(f"/runs/crons/{cron_id}", json={"schedule": "0 4 * * *"})
        assert kept.status_code == 200 and kept.json()["payload"]["input"] == run_input, kept.text[:300]
        assert [c["cron_id"] for c in alice.post("/runs/crons/search", json={}).json()] == [cron_id]
    finally:  # the shared server outlives this file: a daily ingestion left here would fire in another's
        deleted = alice.delete(f"/runs/crons/{cron_id}")
    assert deleted.status_code in (200, 204), deleted.text[:300]


def test_a_run_without_settings_behind_a_first_run_not_yet_begun_is_told_to_wait(
    served: tuple[str, dict[str, Any]],
) -> None:
    """A thread whose first run is accepted but not begun (queued, or sent with after_seconds) has
    no checkpoint yet: a run without settings sent behind it was told "this thread holds no run yet"
    (review of session 25, F5), and a client re-sent settings already on their way."""
    base, run_input = served
    alice = _client(base, ACME_KEY)
    for graph, first, says in (
        ("ingestion", run_input, "this thread's first run has not started yet"),
        ("assistant", {"messages": [{"role": "user", "content": "Hello"}]}, "first turn has not started yet"),
    ):
        thread = alice.post("/threads", json={}).json()["thread_id"]
        later = {"assistant_id": graph, "input": first, "after_seconds": 3600}
        queued = alice.post(f"/threads/{thread}/runs", json=later)
        assert queued.status_code == 200, queued.text[:300]
        behind = {"assistant_id": graph, "input": None, "multitask_strategy": "enqueue"}
        answer = alice.post(f"/threads/{thread}/runs", json=behind)
        assert answer.status_code == 422 and says in answer.json()["detail"], answer.text[:300]
        cancel = alice.post(f"/threads/{thread}/runs/{queued.json()['run_id']}/cancel")
        assert cancel.status_code in (200, 202, 204), cancel.text[:300]
