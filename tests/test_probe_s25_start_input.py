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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_harness import ACME_KEY, GLOBEX_KEY, corpus_of, langgraph_dev

pytestmark = pytest.mark.timeout(900)

EMPTY: list[Any] = [None, {}, {"goal": "index the handbook"}]
SAYS = "an ingestion run starts with its settings"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    tmp: Path = tmp_path_factory.mktemp("probe-s25-start")
    with langgraph_dev(tmp, env={"KASSIST_EMBEDDER": "hashing"}) as (base, _):
        settings = {"source": str(corpus_of(tmp, "acme")), "collection": "start", "embedder": "hashing"}
        yield base, {"settings": {**settings, "batch_size": 5}}


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
