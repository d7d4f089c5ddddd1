"""Session 24 probes of ``langgraph dev`` (/tmp/kassist-docs/s24/h1-probes.md), each failing on 587b98d:

- A ``POST /runs/batch`` refused by a rule other than a count limit part-way (run 2 of 4 naming a
  configurable key its graph does not take, an input key the server writes, another tenant's
  assistant, a resume without a thread) answered 4xx while the runs that passed before it stayed
  queued (langgraph-api authorizes a batch's runs one by one). Now every run's rules are checked
  before any is queued: the refusal names the run, and nothing of the batch is queued.
- The thread and assistant limits were per user only: many members (or many keys) of one tenant
  could still fill the server's memory. Now a tenant keeps at most
  ``KASSIST_MAX_THREADS_PER_TENANT`` threads and ``KASSIST_MAX_ASSISTANTS_PER_TENANT`` assistants.
- A run through a client's own assistant was checked against no input list (``topic`` passed the
  door), and a cron's PATCH against no graph (its input kept ``topic``, refused then at every
  firing). Both now meet the graph's input keys.

The server here runs with low limits (4 threads a user, 6 a tenant; 2 assistants a user, 3 a
tenant; 3 waiting runs a user, 4 a tenant)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path

import httpx
import pytest
from server_harness import (
    ACME_KEY,
    ERIN_KEY,
    GLOBEX_KEY,
    WITH_ERIN,
    langgraph_dev,
    langgraph_dev_refusing,
)

pytestmark = pytest.mark.timeout(900)

ENV = {
    "KASSIST_MAX_THREADS_PER_USER": "4",
    "KASSIST_MAX_THREADS_PER_TENANT": "6",
    "KASSIST_MAX_ASSISTANTS_PER_USER": "2",
    "KASSIST_MAX_ASSISTANTS_PER_TENANT": "3",
    "KASSIST_MAX_WAITING_RUNS_PER_USER": "3",
    "KASSIST_MAX_WAITING_RUNS_PER_TENANT": "4",
}
QUESTION = {"messages": [{"role": "user", "content": "What is the travel policy?"}]}
LATER = {"assistant_id": "assistant", "input": QUESTION, "after_seconds": 3600}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    keys = WITH_ERIN
    env = {**ENV, "KASSIST_API_KEYS": json.dumps(keys)}
    with langgraph_dev(tmp_path_factory.mktemp("probe-batch-whole"), env=env) as (base, db_url):
        yield base, db_url


@pytest.fixture(scope="module")
def lg(served: tuple[str, str]) -> str:
    return served[0]


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=120)


def _queued(client: httpx.Client) -> list[str]:
    """The caller's runs, every thread of its."""
    threads = client.post("/threads/search", json={"limit": 100}).json()
    return [r["run_id"] for t in threads for r in client.get(f"/threads/{t['thread_id']}/runs").json()]


def _clean(client: httpx.Client) -> None:
    for thread in client.post("/threads/search", json={"limit": 100}).json():
        for run in client.get(f"/threads/{thread['thread_id']}/runs").json():
            client.post(f"/threads/{thread['thread_id']}/runs/{run['run_id']}/cancel")
        client.delete(f"/threads/{thread['thread_id']}")


@pytest.mark.parametrize(
    ("bad", "status", "said"),
    [
        ({**LATER, "config": {"configurable": {"nope": 1}}}, 422, "configurable keys ['nope']"),
        ({**LATER, "input": {**QUESTION, "topic": "forged"}}, 422, "input keys ['topic']"),
        ({**LATER, "command": {"resume": "approve"}, "input": None}, 400, "cannot resume"),
        ({**LATER, "metadata": {"x": "y" * 20_000}}, 422, "metadata"),
    ],
    ids=["configurable", "input-key", "resume", "metadata"],
)
def test_a_batch_refused_part_way_queues_none_of_its_runs(
    lg: str, bad: dict[str, object], status: int, said: str
) -> None:
    bob = _client(lg, GLOBEX_KEY)
    _clean(bob)
    answer = bob.post("/runs/batch", json=[LATER, LATER, bad])
    assert answer.status_code == status, (answer.status_code, answer.text[:300])
    detail = answer.json()["detail"]
    assert detail.startswith("run 2 of the batch: ") and said in detail, detail
    assert "none of this batch was queued" in detail, detail
    assert _queued(bob) == []


def test_a_batch_naming_another_tenants_assistant_queues_none_of_its_runs(lg: str) -> None:
    alice, bob = _client(lg, ACME_KEY), _client(lg, GLOBEX_KEY)
    _clean(bob)
    made = alice.post("/assistants", json={"graph_id": "assistant", "name": "acme's"})
    assert made.status_code == 200, made.text[:300]
    theirs = made.json()["assistant_id"]
    answer = bob.post("/runs/batch", json=[LATER, {**LATER, "assistant_id": theirs}])
    assert answer.status_code == 404, (answer.status_code, answer.text[:300])
    assert answer.json()["detail"].startswith("run 1 of the batch: assistant "), answer.text[:300]
    assert _queued(bob) == []
    missing = "00000000-0000-4000-8000-00000000beef"
    answer = bob.post("/runs/batch", json=[LATER, {**LATER, "assistant_id": missing}])
    assert answer.status_code == 404, (answer.status_code, answer.text[:300])
    assert _queued(bob) == []
    fits = bob.post("/runs/batch", json=[LATER, LATER])
    assert fits.status_code == 200, fits.text[:300]
    assert len(_queued(bob)) == 2
    _clean(bob)
    assert alice.delete(f"/assistants/{theirs}").status_code in (200, 204)


def test_a_tenant_keeps_at_most_its_limit_of_threads_whoever_makes_them(lg: str) -> None:
    alice, erin, bob = _client(lg, ACME_KEY), _client(lg, ERIN_KEY), _client(lg, GLOBEX_KEY)
    _clean(alice)
    _clean(erin)
    mine = [alice.post("/threads", json={}).json()["thread_id"] for _ in range(4)]
    assert [erin.post("/threads", json={}).status_code for _ in range(2)] == [200, 200]
    refused = erin.post("/threads", json={})  # erin keeps 2 of her 4; the tenant 6 of 6
    assert refused.status_code == 409, (refused.status_code, refused.text[:300])
    detail = refused.json()["detail"]
    assert "KASSIST_MAX_THREADS_PER_TENANT" in detail and "6" in detail and "DELETE /threads/" in detail, (
        detail
    )
    # A run that would make a thread is the same door.
    assert erin.post("/runs", json=LATER).status_code == 409
    assert bob.post("/threads", json={}).status_code == 200  # another tenant's count is its own
    assert alice.delete(f"/threads/{mine[0]}").status_code == 204
    assert erin.post("/threads", json={}).status_code == 200
    _clean(alice)
    _clean(erin)
    _clean(bob)


def test_a_tenant_keeps_at_most_its_limit_of_assistants(lg: str) -> None:
    alice, erin = _client(lg, ACME_KEY), _client(lg, ERIN_KEY)
    body = {"graph_id": "assistant", "name": "helper"}
    made = [alice.post("/assistants", json=body) for _ in range(2)]
    assert [m.status_code for m in made] == [200, 200], [m.text[:200] for m in made]
    assert erin.post("/assistants", json=body).status_code == 200
    refused = erin.post("/assistants", json=body)
    assert refused.status_code == 409, (refused.status_code, refused.text[:300])
    detail = refused.json()["detail"]
    assert "KASSIST_MAX_ASSISTANTS_PER_TENANT" in detail and "3" in detail, detail
    assert "DELETE /assistants/" in detail, detail
    assert alice.delete(f"/assistants/{made[0].json()['assistant_id']}").status_code in (200, 204)
    assert erin.post("/assistants", json=body).status_code == 200
    for client, who in ((alice, "alice"), (erin, "erin")):
        for assistant in client.post("/assistants/search", json={"metadata": {"owner": who}}).json():
            assert client.delete(f"/assistants/{assistant['assistant_id']}").status_code in (200, 204)


def test_a_run_through_ones_own_assistant_takes_only_its_graphs_input_keys(lg: str) -> None:
    bob = _client(lg, GLOBEX_KEY)
    made = bob.post("/assistants", json={"graph_id": "assistant", "name": "mine"})
    assert made.status_code == 200, made.text[:300]
    own = made.json()["assistant_id"]
    forged = {**QUESTION, "topic": "forged", "working_memory": ["forged"]}
    answer = bob.post("/runs", json={**LATER, "assistant_id": own, "input": forged})
    assert answer.status_code == 422, (answer.status_code, answer.text[:300])
    assert "input keys ['topic', 'working_memory']" in answer.json()["detail"], answer.text[:300]
    assert bob.delete(f"/assistants/{own}").status_code in (200, 204)
    _clean(bob)


def test_a_crons_patch_meets_its_graphs_input_keys(lg: str) -> None:
    bob = _client(lg, GLOBEX_KEY)
    thread = bob.post("/threads", json={}).json()["thread_id"]
    body = {"assistant_id": "assistant", "schedule": "0 0 * * *", "input": QUESTION}
    cron = bob.post(f"/threads/{thread}/runs/crons", json=body)
    assert cron.status_code == 200, cron.text[:300]
    cron_id = cron.json()["cron_id"]
    patched = bob.patch(f"/runs/crons/{cron_id}", json={"input": {**QUESTION, "topic": "forged"}})
    assert patched.status_code == 422, (patched.status_code, patched.text[:300])
    assert "input keys ['topic']" in patched.json()["detail"], patched.text[:300]
    stored = bob.get(f"/runs/crons/{cron_id}").json()
    assert "topic" not in json.dumps(stored["payload"].get("input")), stored
    fine = bob.patch(
        f"/runs/crons/{cron_id}", json={"input": {"messages": [{"role": "user", "content": "Hi?"}]}}
    )
    assert fine.status_code == 200, fine.text[:300]
    assert bob.delete(f"/runs/crons/{cron_id}").status_code in (200, 204)
    _clean(bob)


def test_the_tenant_limits_are_read_from_the_environment(tmp_path: Path) -> None:
    from server.object_limits import DEFAULT_TENANT_ASSISTANTS, DEFAULT_TENANT_THREADS, tenant_object_limits

    assert tenant_object_limits({}) == (DEFAULT_TENANT_THREADS, DEFAULT_TENANT_ASSISTANTS) == (10_000, 1000)
    assert tenant_object_limits({"KASSIST_MAX_ASSISTANTS_PER_TENANT": "7"}) == (10_000, 7)
    for variable in ("KASSIST_MAX_THREADS_PER_TENANT", "KASSIST_MAX_ASSISTANTS_PER_TENANT"):
        with pytest.raises(ValueError, match=variable):
            tenant_object_limits({variable: "0"})
    from server.run_limits import DEFAULT_TENANT_WAITING_RUNS, tenant_waiting_runs_limit

    assert tenant_waiting_runs_limit({}) == DEFAULT_TENANT_WAITING_RUNS == 1000
    with pytest.raises(ValueError, match="KASSIST_MAX_WAITING_RUNS_PER_TENANT"):
        tenant_waiting_runs_limit({"KASSIST_MAX_WAITING_RUNS_PER_TENANT": "-1"})
    log = langgraph_dev_refusing(tmp_path, {"KASSIST_MAX_THREADS_PER_TENANT": "lots"})
    assert "KASSIST_MAX_THREADS_PER_TENANT must be a whole number of threads" in log


def test_a_key_of_the_identity_system_makes_no_assistant_every_tenant_reads(served: tuple[str, str]) -> None:
    """An acme admin's key for the identity ``system`` (the console made one) stamped its assistants
    ``created_by: system``, langgraph-api's mark of the built-ins: globex listed, read and ran them.
    Such a key is refused now (tests/test_server_reserved_identity.py); one stored before the rule
    no longer authenticates."""
    import time

    from server.key_store import create, new_token, open_key_store

    base, db_url = served
    store = open_key_store(db_url)
    try:
        token, prefix = new_token()
        store._handle.run(create(store._q, "acme", "system", "admin", token, prefix, time.time()), write=True)
    finally:
        store.close()
    system = _client(base, token)
    made = system.post("/assistants", json={"graph_id": "assistant", "name": "acme only"})
    assert made.status_code == 401, (made.status_code, made.text[:300])
    bob = _client(base, GLOBEX_KEY)
    listed = bob.post("/assistants/search", json={"limit": 100}).json()
    assert "acme only" not in [a["name"] for a in listed], listed


def test_the_event_streaming_commands_take_only_what_a_run_takes(lg: str) -> None:
    """``POST /threads/{id}/commands`` (langgraph-api's event-streaming protocol) turns ``run.start``
    and ``input.respond`` params into a run's body itself: ``langsmith_tracer`` picked the
    operator's tracing project, and ``config.configurable`` kept ``__langsmith_project__``,
    ``user_id`` and ``langgraph_request_id`` as sent, keys the REST routes refuse."""
    bob = _client(lg, GLOBEX_KEY)
    thread = bob.post("/threads", json={}).json()["thread_id"]

    def command(method: str, params: Mapping[str, object]) -> httpx.Response:
        return bob.post(f"/threads/{thread}/commands", json={"id": 1, "method": method, "params": params})

    start = {"assistant_id": "assistant", "input": QUESTION}
    tracer = command("run.start", {**start, "langsmith_tracer": {"project_name": "the-operators"}})
    assert tracer.status_code == 422, (tracer.status_code, tracer.text[:300])
    assert "['langsmith_tracer']" in tracer.json()["detail"], tracer.text[:300]
    for key in ("__langsmith_project__", "user_id", "langgraph_request_id"):
        sent = command("run.start", {**start, "config": {"configurable": {key: "forged"}}})
        assert sent.status_code == 422, (key, sent.status_code, sent.text[:300])
        assert f"configurable keys ['{key}'] are set by the server" in sent.json()["detail"], sent.text[:300]
    respond = {"interrupt_id": "x", "response": "approve", "config": {"configurable": {"user_id": "x"}}}
    assert command("input.respond", respond).status_code == 422
    assert bob.get(f"/threads/{thread}/runs").json() == []  # nothing of the above made a run
    fine = command("run.start", start)
    assert fine.status_code == 200 and fine.json()["type"] == "success", fine.text[:300]
    _clean(bob)


def test_the_commands_websocket_takes_only_what_a_run_takes(lg: str) -> None:
    """The same commands on ``/threads/{id}/stream/events``'s WebSocket: ``run.start`` with
    ``langsmith_tracer`` made a run whose configurable kept ``__langsmith_project__``."""
    import asyncio

    from websockets.asyncio.client import connect

    bob = _client(lg, GLOBEX_KEY)
    thread = bob.post("/threads", json={}).json()["thread_id"]
    url = lg.replace("http://", "ws://") + f"/threads/{thread}/stream/events"
    start = {"assistant_id": "assistant", "input": QUESTION}
    frames = [
        {"id": 1, "method": "run.start", "params": {**start, "langsmith_tracer": {"project_name": "ops"}}},
        {"id": 2, "method": "run.start", "params": {**start, "config": {"configurable": {"user_id": "x"}}}},
        {"id": 3, "method": "run.start", "params": start},
    ]

    async def talk() -> list[dict[str, object]]:
        answers: list[dict[str, object]] = []
        async with connect(url, additional_headers={"x-api-key": GLOBEX_KEY}, open_timeout=60) as ws:
            for frame in frames:
                await ws.send(json.dumps(frame))
                while True:  # the protocol's answers carry the command's id; events do not
                    answer = json.loads(await asyncio.wait_for(ws.recv(), timeout=60))
                    if answer.get("id") == frame["id"]:
                        answers.append(answer)
                        break
        return answers

    answers = asyncio.run(talk())
    assert [a["type"] for a in answers] == ["error", "error", "success"], answers
    assert "['langsmith_tracer']" in str(answers[0]["message"]), answers[0]
    assert "['user_id'] are set by the server" in str(answers[1]["message"]), answers[1]
    runs = bob.get(f"/threads/{thread}/runs").json()
    assert len(runs) == 1, runs  # only the third made a run
    assert "__langsmith_project__" not in json.dumps(runs[0]["kwargs"]), runs[0]["kwargs"]
    _clean(bob)


def test_a_tenant_has_at_most_its_limit_of_waiting_runs_whoever_queues_them(lg: str) -> None:
    """Per user alone, an admin's many keys (or many members) queued runs without end, each to hold
    the one job worker in turn."""
    alice, erin = _client(lg, ACME_KEY), _client(lg, ERIN_KEY)
    _clean(alice)
    _clean(erin)
    mine, hers = (client.post("/threads", json={}).json()["thread_id"] for client in (alice, erin))
    queued = [alice.post(f"/threads/{mine}/runs", json=LATER) for _ in range(3)]
    assert [q.status_code for q in queued] == [200, 200, 200], [q.text[:200] for q in queued]
    assert alice.post(f"/threads/{mine}/runs", json=LATER).status_code == 409  # her own limit
    assert erin.post(f"/threads/{hers}/runs", json=LATER).status_code == 200
    refused = erin.post(f"/threads/{hers}/runs", json=LATER)  # erin has 1 of her 3; the tenant 4 of 4
    assert refused.status_code == 409, (refused.status_code, refused.text[:300])
    detail = refused.json()["detail"]
    assert "KASSIST_MAX_WAITING_RUNS_PER_TENANT" in detail and "4" in detail and "cancel" in detail, detail
    run_id = queued[0].json()["run_id"]
    assert alice.post(f"/threads/{mine}/runs/{run_id}/cancel").status_code in (200, 202, 204)
    assert erin.post(f"/threads/{hers}/runs", json=LATER).status_code == 200
    _clean(alice)
    _clean(erin)
