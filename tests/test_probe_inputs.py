"""Hostile input an outsider sent to real servers (session 17 probes, /tmp/kassist-docs/h6-probes.md):
each is refused with a 4xx and one line before anything runs, never a 500 nor a run that fails.

- ``langgraph dev``: a ``context_budget`` that is not a whole number (a string, a float such as
  ``1e30``) and an unknown ``compaction`` went through the auth handler and failed inside the run
  (200 with ``__error__``); so did a user message whose content is a number, and an empty
  ``messages`` list on a new thread.
- ``kassist serve``: ``"config": null`` reached LangServe's config parser (500), and an empty
  ``messages`` list on a new thread reached the graph (500)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from server_harness import ROOT
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
Server = tuple[str, str]
HI = {"messages": [{"role": "user", "content": "How many vacation days do I get?"}]}


def _one_line(answer: httpx.Response, status: int, says: str) -> None:
    assert answer.status_code == status, answer.text[:500]
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and says in detail and "\n" not in detail, detail
    assert "Traceback" not in answer.text and str(ROOT) not in answer.text


@pytest.fixture(scope="module")
def lg(shared_dev: SharedServer) -> Server:
    return shared_dev.base, shared_dev.db_url


@pytest.fixture(scope="module")
def serve(shared_serve: SharedServer) -> str:
    return shared_serve.base


def _client(base: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": ME.acme_key}, timeout=60)


@pytest.mark.parametrize(
    ("configurable", "says"),
    [
        ({"context_budget": "9"}, "context_budget must be a whole number of tokens"),
        ({"context_budget": 1e30}, "context_budget must be a whole number of tokens"),
        ({"context_budget": 4000.5}, "context_budget must be a whole number of tokens"),
        ({"context_budget": None}, "context_budget must be a whole number of tokens"),
        ({"compaction": {"a": 1}}, "compaction must be one of"),
        ({"compaction": "nope"}, "compaction must be one of"),
    ],
)
def test_langgraph_bad_options_are_422_before_the_run(
    lg: Server, configurable: dict[str, Any], says: str
) -> None:
    base, _ = lg
    acme = _client(base)
    thread = acme.post("/threads", json={}).json()["thread_id"]
    run = {"assistant_id": "assistant", "input": HI, "config": {"configurable": configurable}}
    _one_line(acme.post(f"/threads/{thread}/runs/wait", json=run), 422, says)
    _one_line(acme.post(f"/threads/{thread}/runs", json=run), 422, says)
    assert acme.get(f"/threads/{thread}/state").json()["values"] == {}  # nothing ran
    # An assistant of one's own cannot store them for every later run either.
    made = acme.post("/assistants", json={"graph_id": "assistant", "config": {"configurable": configurable}})
    _one_line(made, 422, says)


@pytest.mark.parametrize(
    ("run_input", "says"),
    [
        ({"messages": [{"role": "user", "content": 5}]}, "input.messages[0]"),
        ({"messages": [["user", {"a": 1}]]}, "input.messages[0]"),
        ({"messages": []}, "input.messages is empty"),
    ],
)
def test_langgraph_a_turn_without_a_question_is_422(lg: Server, run_input: Any, says: str) -> None:
    base, _ = lg
    acme = _client(base)
    thread = acme.post("/threads", json={}).json()["thread_id"]
    run = {"assistant_id": "assistant", "input": run_input}
    _one_line(acme.post(f"/threads/{thread}/runs/wait", json=run), 422, says)
    assert acme.get(f"/threads/{thread}/state").json()["values"] == {}
    # A list of text parts is a user message LangChain accepts: it is answered.
    parts = {"messages": [{"role": "user", "content": [{"type": "text", "text": "vacation days?"}]}]}
    answered = acme.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "input": parts})
    assert answered.status_code == 200 and "__error__" not in answered.json(), answered.text[:500]


@pytest.mark.parametrize("endpoint", ["invoke", "stream", "stream_log", "stream_events"])
def test_serve_a_null_config_is_422(serve: str, endpoint: str) -> None:
    acme = _client(serve)
    _one_line(acme.post(f"/assistant/{endpoint}", json={"input": HI, "config": None}), 422, "config")


def test_serve_an_empty_turn_on_a_new_thread_is_422(serve: str) -> None:
    acme = _client(serve)
    for endpoint in ("invoke", "stream"):
        body = {"input": {"messages": []}, "config": {"configurable": {"thread_id": f"empty-{endpoint}"}}}
        answer = acme.post(f"/assistant/{endpoint}", json=body)
        assert answer.status_code == 422, answer.text[:500]
        assert "Traceback" not in answer.text
    assert acme.get("/assistant/threads/empty-invoke/state").status_code == 404
    batch = {"inputs": [{"messages": []}], "config": [{"configurable": {"thread_id": "empty-batch"}}]}
    assert acme.post("/assistant/batch", json=batch).status_code == 422


@pytest.mark.parametrize("source", ["files/hr", "../globex/files", "files/../../globex/files", "~/files"])
def test_langgraph_a_relative_ingestion_source_is_422_not_500(lg: Server, source: str) -> None:
    # The check resolves the folder on disk; on the event loop langgraph dev failed it with a 500
    # (a blocking os.getcwd), for any relative source.
    base, _ = lg
    acme = _client(base)
    thread = acme.post("/threads", json={}).json()["thread_id"]
    run = {"assistant_id": "ingestion", "input": {"settings": {"source": source}}}
    for path in (f"/threads/{thread}/runs/wait", f"/threads/{thread}/runs"):
        _one_line(acme.post(path, json=run), 422, "settings.source must be a folder under")
    cron = acme.post("/runs/crons", json={**run, "schedule": "0 0 * * *"})
    _one_line(cron, 422, "settings.source must be a folder under")


@pytest.mark.parametrize("collection", ["../x", "x" * 10000, "a\x00b", "", 5])
def test_langgraph_a_bad_ingestion_collection_is_422_before_the_run(
    lg: Server, shared_dev: SharedServer, collection: Any
) -> None:
    # It failed at the run's ingest step (a failed run after discovery), not before it started.
    base, _ = lg
    acme = _client(base)
    thread = acme.post("/threads", json={}).json()["thread_id"]
    corpus = shared_dev.corpus(ME.acme)
    settings = {"source": str(corpus / "hr"), "collection": collection}
    run = {"assistant_id": "ingestion", "input": {"settings": settings}}
    answer = acme.post(f"/threads/{thread}/runs/wait", json=run)
    assert answer.status_code == 422, answer.text[:300]
    detail = answer.json()["detail"]
    assert "settings.collection" in detail and "\n" not in detail and len(detail) < 400, detail
    assert acme.get(f"/threads/{thread}/state").json()["values"] == {}


def test_langgraph_run_delay_webhook_and_tenant_in_a_checkpoint_body_are_refused(lg: Server) -> None:
    base, _ = lg
    acme = _client(base)
    thread = acme.post("/threads", json={}).json()["thread_id"]
    run = {"assistant_id": "assistant", "input": HI}
    # 10**12 seconds overflowed the run's start date inside langgraph-api: a 500.
    _one_line(
        acme.post(f"/threads/{thread}/runs", json={**run, "after_seconds": 10**12}), 422, "after_seconds"
    )
    # langgraph-api refuses only loopback webhooks: any other private address was called.
    says = "is not one this server notifies (KASSIST_NOTIFY_HOSTS)"
    for hook in ("http://10.0.0.1/x", "http://192.168.1.1/x", "http://[fd00::1]/x"):
        _one_line(acme.post(f"/threads/{thread}/runs", json={**run, "webhook": hook}), 422, says)
        cron = {**run, "schedule": "0 0 * * *", "webhook": hook}
        _one_line(acme.post("/runs/crons", json=cron), 422, says)
    assert acme.get(f"/threads/{thread}/runs").json() == []
    # A tenant_id in a checkpoint body (no auth handler sees it) is refused by the checkpointer: 403.
    assert acme.post(f"/threads/{thread}/runs/wait", json=run).status_code == 200
    body = {"checkpoint": {"thread_id": thread, "checkpoint_ns": "", "tenant_id": ME.globex}}
    _one_line(acme.post(f"/threads/{thread}/state/checkpoint", json=body), 403, "differs from")
    history = acme.post(f"/threads/{thread}/history", json={"checkpoint": {"tenant_id": ME.globex}})
    _one_line(history, 403, "differs from")


def test_langgraph_a_batch_of_more_runs_than_the_limit_is_refused(lg: Server) -> None:
    """``/runs/batch`` queued every run of one request (1,000 in an 83 KB body): one key could fill
    the workers' queue. Over ``KASSIST_MAX_BATCH_RUNS`` (default 50) it is refused before any run."""
    base, _ = lg
    acme = _client(base)
    run = {"assistant_id": "assistant", "input": HI}
    before = acme.post("/threads/search", json={"limit": 1000}).json()
    _one_line(acme.post("/runs/batch", json=[run] * 51), 422, "KASSIST_MAX_BATCH_RUNS")
    _one_line(acme.post("/runs/batch", json=[run] * 1000), 422, "at most 50 runs")
    assert acme.post("/threads/search", json={"limit": 1000}).json() == before  # nothing was queued
    small = acme.post("/runs/batch", json=[{**run, "input": {"messages": []}}])
    assert small.status_code == 422  # a batch within the limit reaches the server's own checks


def test_langgraph_an_assistant_run_with_no_input_on_a_new_thread_is_422(lg: Server) -> None:
    """No ``input`` (or ``{}``) on a thread with no conversation yet: before, the run started and
    failed inside ("the assistant needs a question"), a 200 carrying an ``__error__``."""
    base, _ = lg
    acme = _client(base)
    thread = acme.post("/threads", json={}).json()["thread_id"]
    says = "has no conversation yet"
    for body in ({"assistant_id": "assistant"}, {"assistant_id": "assistant", "input": {}}):
        _one_line(acme.post(f"/threads/{thread}/runs/wait", json=body), 422, says)
        _one_line(acme.post(f"/threads/{thread}/runs", json=body), 422, says)
        _one_line(acme.post("/runs/wait", json=body), 422, says)  # a thread of its own: always new
    assert acme.get(f"/threads/{thread}/runs").json() == []
    # Once the thread holds a conversation, a run without input is the client's to make.
    asked = acme.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "input": HI})
    assert asked.status_code == 200 and "__error__" not in asked.json(), asked.text[:500]
    again = acme.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant"})
    assert again.status_code == 200, again.text[:500]


def test_langgraph_a_run_from_a_checkpoint_the_thread_does_not_have_is_404(lg: Server) -> None:
    """A ``checkpoint_id`` naming no checkpoint of the thread started the run, which failed at its
    first write: 200 with a CheckpointConflict ``__error__`` (kassist serve already answers 404)."""
    base, _ = lg
    acme = _client(base)
    thread = acme.post("/threads", json={}).json()["thread_id"]
    run = {"assistant_id": "assistant", "input": HI}
    assert acme.post(f"/threads/{thread}/runs/wait", json=run).status_code == 200
    head = acme.get(f"/threads/{thread}/state").json()["checkpoint"]["checkpoint_id"]
    bogus = "1ef00000-0000-6000-8000-000000000000"
    for body in (
        {**run, "checkpoint_id": bogus},
        {**run, "config": {"configurable": {"checkpoint_id": "1"}}},
        {**run, "context": {"checkpoint_id": bogus}},
    ):
        _one_line(acme.post(f"/threads/{thread}/runs/wait", json=body), 404, "not found")
    # A checkpoint the thread has still starts a run.
    assert acme.post(f"/threads/{thread}/runs/wait", json={**run, "checkpoint_id": head}).status_code == 200


def test_langgraph_an_assistant_cron_with_no_input_and_no_thread_is_422(lg: Server) -> None:
    """A cron without a thread starts each run on a new thread: with no input every run would fail."""
    base, _ = lg
    acme = _client(base)
    cron = {"assistant_id": "assistant", "schedule": "0 0 * * *"}
    _one_line(acme.post("/runs/crons", json=cron), 422, "has no conversation yet")
    _one_line(acme.post("/runs/crons", json={**cron, "input": {}}), 422, "has no conversation yet")
    made = acme.post("/runs/crons", json={**cron, "input": HI})
    assert made.status_code == 200, made.text[:500]
    assert acme.delete(f"/runs/crons/{made.json()['cron_id']}").status_code in (200, 204)
