"""LangGraph's own command and state vocabulary sent by a client (session 28 probes, h2: /tmp/h2s28/probes.md).

- A ``command.resume`` answers a run that waits on its thread. On a thread with no checkpoint there is
  none (a new thread; a first run accepted, not begun, taken with ``multitask_strategy: "interrupt"``;
  one a kill took in its first instant): langgraph dev answered 200 carrying LangGraph's ``TypeError``
  and wrote a checkpoint of nothing, which hid the accepted first run (server/accepted_runs.py reads
  its record only before the first checkpoint): the run's resume with other settings ran them.
- A run without a thread runs with no checkpointer, and the "sync" durability the server forces on
  every ingestion run then failed inside LangGraph (``AttributeError '_put_checkpoint_fut'``).
- The ``checkpoint`` object of ``POST /threads/{id}/history`` and ``/state/checkpoint`` reached the
  saver as the read's config: a ``langgraph_auth_user`` of another tenant there read that tenant's
  checkpoints of the same thread id.
- A review decision the run does not wait for (decided already, paused elsewhere, an interrupt id it
  does not hold) answered 200 and decided nothing; one sent with ``after_seconds`` decided later as
  its admin, after that key was revoked."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph.graph import END, START, StateGraph
from server_harness import ACME_ADMIN_KEY, ACME_KEY, corpus_of, langgraph_dev
from typing_extensions import TypedDict

from checkpointer import TenantCheckpointer

Clients = tuple[httpx.Client, httpx.Client, Path, str]
SECRET_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)
DELAY = 3600  # the accepted first run stays queued for the whole test (cancelled at its end)


@pytest.fixture(scope="module")
def clients(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Clients]:
    tmp = tmp_path_factory.mktemp("probe-s28b-commands")
    secret = tmp / "ingest-root" / "acme" / "secret"  # a run over it waits for review
    secret.mkdir(parents=True)
    (secret / "deploy.md").write_text(SECRET_DOC)
    with langgraph_dev(tmp) as (base, db_url):
        member = httpx.Client(base_url=base, headers={"x-api-key": ACME_KEY}, timeout=120)
        admin = httpx.Client(base_url=base, headers={"x-api-key": ACME_ADMIN_KEY}, timeout=120)
        with member, admin:
            yield member, admin, corpus_of(tmp, "acme"), db_url


def _new_thread(client: httpx.Client) -> str:
    return str(client.post("/threads", json={}).json()["thread_id"])


def _no_internal_error(answer: httpx.Response) -> None:
    body: Any = (
        answer.json() if answer.headers.get("content-type", "").startswith("application/json") else None
    )
    assert not (isinstance(body, dict) and "__error__" in body), answer.text[:300]


def test_a_resume_on_a_thread_whose_first_run_has_not_begun_is_refused_and_keeps_its_settings(
    clients: Clients,
) -> None:
    member, admin, corpus, _db_url = clients
    thread = _new_thread(member)
    first = {"source": str(corpus), "collection": "first", "embedder": "hashing", "batch_size": 7}
    accepted = member.post(
        f"/threads/{thread}/runs",
        json={"assistant_id": "ingestion", "input": {"settings": first}, "after_seconds": DELAY},
    )
    assert accepted.status_code == 200, accepted.text
    try:
        resumed = admin.post(
            f"/threads/{thread}/runs/wait",
            json={
                "assistant_id": "ingestion",
                "command": {"resume": "approve"},
                "multitask_strategy": "interrupt",
            },
        )
        _no_internal_error(resumed)
        assert resumed.status_code == 422, resumed.text
        assert "command.resume" in resumed.json()["detail"], resumed.text
        # The first run's settings still decide the thread: others are 409 naming them.
        other = {**first, "collection": "other", "batch_size": 3}
        again = member.post(
            f"/threads/{thread}/runs/wait",
            json={"assistant_id": "ingestion", "input": {"settings": other}, "multitask_strategy": "enqueue"},
        )
        assert again.status_code == 409, again.text[:300]
        assert "'first'" in again.json()["detail"], again.text
    finally:
        member.post(f"/threads/{thread}/runs/{accepted.json()['run_id']}/cancel?wait=false")


@pytest.mark.parametrize(("graph", "resume"), [("assistant", "anything"), ("ingestion", "approve")])
def test_a_resume_on_a_new_thread_is_a_clear_422_and_writes_nothing(
    clients: Clients, graph: str, resume: str
) -> None:
    member, admin, _corpus, _db_url = clients
    thread = _new_thread(member)
    caller = admin if graph == "ingestion" else member  # a member's review decision is 403 first
    answer = caller.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": graph, "command": {"resume": resume}}
    )
    _no_internal_error(answer)
    assert answer.status_code == 422, answer.text
    assert "holds no run" in answer.json()["detail"], answer.text
    state = member.get(f"/threads/{thread}/state").json()
    assert state["next"] == [] and not state["values"], state


@pytest.mark.parametrize("graph", ["ingestion", "assistant"])
def test_a_run_without_a_thread_answers_whatever_durability_it_names(clients: Clients, graph: str) -> None:
    # A temporary thread (no thread id, on_completion "delete", the default): langgraph-api gives
    # such a run no checkpointer. The server forced "sync" on every ingestion run; a client may send
    # it with a turn. Both graphs: the rule that answers them must not be one of job graphs only.
    member, _admin, corpus, _db_url = clients
    run_input: dict[str, Any] = (
        {"settings": {"source": str(corpus), "collection": "threadless", "embedder": "hashing"}}
        if graph == "ingestion"
        else {"messages": [{"role": "user", "content": "How many days of leave do employees get?"}]}
    )
    answer = member.post("/runs/wait", json={"assistant_id": graph, "input": run_input, "durability": "sync"})
    assert answer.status_code == 200, answer.text[:300]
    _no_internal_error(answer)
    values = answer.json()
    if graph == "ingestion":
        assert values["status"] == "completed" and values["counters"]["documents_seen"] == 24, values
    else:
        assert values["messages"][-1]["type"] == "ai", values


class _Turns(TypedDict):
    messages: list[str]


def _globex_conversation(db_url: str, thread: str, words: str) -> None:
    """A conversation of globex's on ``thread``, written as any process on the database writes one
    (kassist serve's LangServe turns, ``kassist ask``): checkpoints under (globex, thread), which
    langgraph dev's thread registry does not hold."""
    builder: StateGraph[_Turns, None, _Turns, _Turns] = StateGraph(_Turns)
    builder.add_node("reply", lambda state: {"messages": [*state["messages"], "noted"]})
    builder.add_edge(START, "reply")
    builder.add_edge("reply", END)
    with TenantCheckpointer.from_url(db_url) as saver:
        graph = builder.compile(checkpointer=saver.for_tenant("globex"))
        graph.invoke({"messages": [words]}, {"configurable": {"thread_id": thread}})


@pytest.mark.parametrize("route", ["history", "state/checkpoint"])
def test_a_history_read_names_no_other_tenant(clients: Clients, route: str) -> None:
    member, _admin, _corpus, db_url = clients
    thread = str(uuid.uuid4())
    _globex_conversation(db_url, thread, "Globex secret: Project Zeus launches on 12 March")
    # The acme member's own thread of that id (its checkpoints, acme's, hold nothing yet).
    made = member.post("/threads", json={"thread_id": thread, "metadata": {"graph_id": "assistant"}})
    assert made.status_code == 200, made.text
    claimed = {"identity": "bob", "tenant_id": "globex", "role": "member"}
    body: dict[str, Any] = {"checkpoint": {"langgraph_auth_user": claimed}}
    read = member.post(f"/threads/{thread}/{route}", json=body)
    assert "Zeus" not in read.text, read.text[:300]
    # The door's answer (the saver's own 403 behind it: test_probe_s28m_decisions).
    assert read.status_code == 422, read.text[:300]
    assert read.json()["detail"].startswith(
        "checkpoint keys ['langgraph_auth_user'] are set by the server, not a client"
    ), read.text[:300]


def test_a_decision_is_taken_only_while_the_run_waits_for_it(clients: Clients) -> None:
    member, admin, corpus, _db_url = clients

    def run(thread: str, client: httpx.Client, **body: Any) -> httpx.Response:
        return client.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", **body})

    waiting = _new_thread(member)
    secret = {"source": str(corpus.parent / "secret"), "collection": "decided", "embedder": "hashing"}
    assert run(waiting, member, input={"settings": secret}).status_code == 200
    # An answer to an interrupt the run does not wait on (LangGraph ignores it).
    elsewhere = run(waiting, admin, command={"resume": {"0123456789abcdef0123456789abcdef": "approve"}})
    assert elsewhere.status_code == 409, elsewhere.text[:300]
    assert run(waiting, admin, command={"resume": "reject"}).status_code == 200
    again = run(waiting, admin, command={"resume": "approve"})
    assert again.status_code == 409 and "not waiting for a review" in again.json()["detail"], again.text[:300]
    assert member.get(f"/threads/{waiting}/state").json()["values"]["status"] == "cancelled"
    # A run paused before indexing (a client's interrupt_after): an "approve" is no decision there.
    paused = _new_thread(member)
    handbook = {"source": str(corpus), "collection": "paused", "embedder": "hashing"}
    assert run(paused, member, input={"settings": handbook}, interrupt_after=["discover"]).status_code == 200
    early = run(paused, admin, command={"resume": "approve"})
    assert early.status_code == 409, early.text[:300]
    assert member.get(f"/threads/{paused}/state").json()["next"] == ["ingest_batch"]
    # The decision for the interrupt the waiting run's state names is taken, once: a second one sent
    # while the first is queued or running (langgraph-api's default multitask_strategy "enqueue")
    # would run after it and decide nothing.
    named = _new_thread(member)
    assert run(named, member, input={"settings": {**secret, "collection": "named"}}).status_code == 200
    interrupt = member.get(f"/threads/{named}/state").json()["tasks"][0]["interrupts"][0]["id"]
    first = admin.post(
        f"/threads/{named}/runs",
        json={"assistant_id": "ingestion", "command": {"resume": {interrupt: "approve"}}},
    )
    assert first.status_code == 200, first.text[:300]
    second = run(named, admin, command={"resume": "reject"}, multitask_strategy="enqueue")
    assert second.status_code == 409, second.text[:300]
    assert second.json()["detail"].startswith(f"a decision for run '{named}' is in flight"), second.text[:300]
    admin.get(f"/threads/{named}/runs/{first.json()['run_id']}/join")
    decided = member.get(f"/threads/{named}/state").json()["values"]
    assert decided["status"] == "completed" and decided["review"].startswith("approved by"), decided


def test_a_review_decision_is_not_delayed(clients: Clients) -> None:
    member, admin, corpus, _db_url = clients
    thread = _new_thread(member)
    secret = {"source": str(corpus.parent / "secret"), "collection": "delayed", "embedder": "hashing"}
    waited = member.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": {"settings": secret}}
    )
    assert waited.status_code == 200, waited.text[:300]
    delayed = admin.post(
        f"/threads/{thread}/runs",
        json={"assistant_id": "ingestion", "command": {"resume": "approve"}, "after_seconds": DELAY},
    )
    if delayed.status_code == 200:  # queued: it must not decide later (the module ends first)
        admin.post(f"/threads/{thread}/runs/{delayed.json()['run_id']}/cancel?wait=false")
    assert delayed.status_code == 422, delayed.text[:300]
    assert "after_seconds" in delayed.json()["detail"], delayed.text


def test_a_run_of_a_key_revoked_before_it_starts_is_not_started(clients: Clients) -> None:
    """A run acts with its creator's current rights when it starts (session 29, h1): a delayed run of
    a managed key revoked before it starts is not started (nothing written), its error says why; so
    is a delayed run without a thread (no saver: its first node decides). Before, they ran as the
    revoked key. (A run queued behind a busy thread starts through the same saver read.)"""
    from server.key_store import open_key_store

    _member, admin, corpus, db_url = clients
    keys = open_key_store(db_url).for_tenant("acme")
    token, record = keys.create("dora", "member")
    with httpx.Client(base_url=str(admin.base_url), headers={"x-api-key": token}, timeout=120) as dora:
        thread = _new_thread(dora)
        settings = {"source": str(corpus), "collection": "revoked", "embedder": "hashing"}
        body = {"assistant_id": "ingestion", "input": {"settings": settings}, "after_seconds": 6}
        delayed = dora.post(f"/threads/{thread}/runs", json=body)
        assert delayed.status_code == 200, delayed.text
        with ThreadPoolExecutor(1) as pool:
            threadless = pool.submit(dora.post, "/runs/wait", json=body)
            # Accepted (authenticated) before the revocation, started after it: a /runs/wait names
            # its run only when it ends, so the margins are wide (2 s to be let in, 6 s to start).
            time.sleep(2)
            assert keys.revoke(record.prefix)
            assert "was revoked after it was sent" in threadless.result().text, threadless.result().text
    run = delayed.json()["run_id"]
    ended = admin.get(f"/threads/{thread}/runs/{run}/join").json()
    assert "was revoked after it was sent" in str(ended), ended
    assert admin.get(f"/threads/{thread}/runs/{run}").json()["status"] == "error"
    assert not admin.get(f"/threads/{thread}/state").json()["values"]  # nothing ran, nothing written


def test_a_run_queued_behind_a_busy_thread_is_decided_when_it_starts(clients: Clients) -> None:
    """The run queued behind a running one on its thread starts after the key that sent both was
    revoked: it is not started; the running one, decided when it started, is not stopped half-way
    (session 29, h1)."""
    from server.key_store import open_key_store

    _member, admin, corpus, db_url = clients
    many = corpus.parent / "many"
    many.mkdir(exist_ok=True)
    for i in range(60):  # a run busy for a few seconds, one document per batch
        (many / f"note-{i:03}.md").write_text(f"# Note {i}\n\nRoom {i} is booked on Mondays.\n")
    keys = open_key_store(db_url).for_tenant("acme")
    token, record = keys.create("dora", "member")
    with httpx.Client(base_url=str(admin.base_url), headers={"x-api-key": token}, timeout=120) as dora:
        thread = _new_thread(dora)
        settings = {"source": str(many), "collection": "busy", "embedder": "hashing", "batch_size": 1}
        body = {"assistant_id": "ingestion", "input": {"settings": settings}}
        first = dora.post(f"/threads/{thread}/runs", json=body).json()["run_id"]
        deadline = time.monotonic() + 60
        while dora.get(f"/threads/{thread}/runs/{first}").json()["status"] != "running":
            assert time.monotonic() < deadline, "the first run did not start"
            time.sleep(0.1)
        queued = dora.post(f"/threads/{thread}/runs", json={**body, "multitask_strategy": "enqueue"})
        assert queued.status_code == 200 and queued.json()["status"] == "pending", queued.text
        assert keys.revoke(record.prefix)
    ended = admin.get(f"/threads/{thread}/runs/{queued.json()['run_id']}/join").json()
    assert "was revoked after it was sent" in str(ended), ended
    assert admin.get(f"/threads/{thread}/runs/{first}").json()["status"] == "success"
