"""Session 26's leftovers at the run's state boundary (/tmp/kassist-docs/s26/review-server.md finding 6,
/tmp/kassist-docs/s26/h9.md "Left"; session 27 probes, /tmp/h1s27/probes.md).

- An admin who remade a member's lost thread (``if_not_exists: "create"``, or ``POST /threads``)
  became its owner: the member's own thread id then answered 404. A remade thread keeps the owner
  its checkpoints or its accepted first run record (server/run_checks.check_thread_claim).
- A ``keep_latest`` prune, which langgraph dev's runtime refuses only after the threads' delete
  event, still dropped what their accepted runs were accepted with: a later run with other settings
  ran them. Now refused before any handler (server/body_keys.py). A cron with other settings on
  such a thread was stored, every firing then refused: now refused when it is made.
- ``kassist serve``'s runs API filtered another member's ``langgraph dev`` runs out of a page after
  reading it: a page held fewer than ``limit`` runs (none at all when the member's own were older).
- A ``kassist serve`` turn naming a ``langgraph dev`` thread whose first run was accepted but has not
  begun (queued, or lost in a kill: only the accepted-run record knows it) was a 200: another
  member's turn took the thread, and a turn on an ingestion run's thread became the checkpoint that
  run then began on. Now the record decides, as a checkpoint does (server/thread_owner.py).
- On ``langgraph dev`` itself, an assistant turn on an ingestion run stopped before ``begin`` (its
  input checkpointed, nothing registered) replaced the run's input (200, an admin's on a member's
  run too; the run's resume then 409 "holds a conversation"), as kassist serve's turn did before
  session 26 fixed it there. Now one rule for both servers: a thread whose head checkpoint is a job
  graph's, or whose accepted first run is a job's, is that run's (server/job_threads._job_thread)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import test_probe_first_instant_kill as in_process
from langgraph_sdk import Auth
from server_harness import (
    ACME_ADMIN_KEY,
    ACME_KEY,
    ERIN_KEY,
    WITH_ERIN,
    corpus_of,
    kassist_serve,
    langgraph_dev,
    tenant_corpus,
)

from server import auth as server_auth

RUN, QUESTION, FIRST = in_process.RUN, in_process.QUESTION, in_process.FIRST
served = in_process.served  # the fixture: this process serves a saver on a fresh database
Servers = tuple[str, str, str]


def auth_ctx(identity: str, role: str, action: str, resource: str = "threads") -> Auth.types.AuthContext:
    """The context langgraph-api hands a handler, for an acme key of ``identity`` and ``role``."""
    user = in_process._User({"identity": identity, "tenant_id": "acme", "role": role, "permissions": []})
    return Auth.types.AuthContext(user=user, permissions=[], resource=resource, action=action)  # type: ignore[arg-type]


async def test_an_admin_remaking_a_members_lost_thread_keeps_the_member_its_owner(
    served: tuple[str, Path],
) -> None:
    """The handlers on a real saver and accepted-runs table: alice's turn accepted, never begun (what
    a kill leaves); olga (admin) resumes it, or creates the thread id, and the thread stays alice's."""
    alice = {**in_process._run("assistant", QUESTION, {"context_budget": 600}), "run_id": "run-1"}
    await server_auth.thread_run(ctx=in_process._ctx(), value=alice)  # type: ignore[arg-type]
    assert alice["metadata"]["owner"] == "alice"
    resume = {**in_process._run("assistant", None), "run_id": "run-2"}
    await server_auth.thread_run(ctx=auth_ctx("olga", "admin", "create_run"), value=resume)  # type: ignore[arg-type]
    assert resume["kwargs"]["input"] == QUESTION  # the run it was accepted with
    assert resume["metadata"]["owner"] == "alice", resume["metadata"]  # was olga: alice's thread then 404
    made: dict[str, Any] = {"thread_id": RUN, "metadata": {"owner": "olga"}}
    await server_auth.thread_write(ctx=auth_ctx("olga", "admin", "create"), value=made)  # type: ignore[arg-type]
    assert made["metadata"]["owner"] == "alice", made["metadata"]
    # A thread nobody recorded is the admin's own, as before.
    fresh: dict[str, Any] = {"thread_id": str(uuid.uuid4()), "metadata": {}}
    await server_auth.thread_write(ctx=auth_ctx("olga", "admin", "create"), value=fresh)  # type: ignore[arg-type]
    assert fresh["metadata"]["owner"] == "olga"


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """``langgraph dev`` and ``kassist serve`` on one SQLite database; acme's folder is served by both."""
    tmp = tmp_path_factory.mktemp("s27-leftovers")
    keys = {"KASSIST_API_KEYS": json.dumps(WITH_ERIN)}  # erin: another member of acme
    with langgraph_dev(tmp, keys) as (dev, db_url):
        root = tenant_corpus(tmp)
        with kassist_serve(
            tmp_path_factory.mktemp("s27-leftovers-serve"),
            db_url,
            env={"KASSIST_INGEST_ROOT": str(root), **keys},
        ) as serve:
            yield dev, serve, str(corpus_of(tmp, "acme"))


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=600)


def _accepted(dev: str, graph: str, run_input: dict[str, Any]) -> str:
    """alice's run on a new thread, accepted and held (``after_seconds``): it has not begun."""
    thread = str(uuid.uuid4())
    body = {"assistant_id": graph, "input": run_input, "if_not_exists": "create", "after_seconds": 600}
    accepted = _client(dev, ACME_KEY).post(f"/threads/{thread}/runs", json=body)
    assert accepted.status_code == 200, accepted.text[:300]
    return thread


def test_a_refused_keep_latest_prune_keeps_what_the_run_was_accepted_with(servers: Servers) -> None:
    dev, _, files = servers
    settings = {"source": files, **FIRST}
    thread = _accepted(dev, "ingestion", {"settings": settings})
    alice = _client(dev, ACME_KEY)
    pruned = alice.post("/threads/prune", json={"thread_ids": [thread], "strategy": "keep_latest"})
    # The record stayed: other settings for the same thread are still refused, naming the first
    # (before: the refused prune had dropped it, and these settings were queued).
    other = alice.post(f"/threads/{thread}/runs", json={
        "assistant_id": "ingestion", "input": {"settings": {**settings, "collection": "other"}},
        "multitask_strategy": "enqueue",
    })  # fmt: skip
    assert other.status_code == 409 and "collection 'first'" in other.text, other.text[:300]
    # A cron there fires runs on the thread: the same 409 now, not at every firing (it was stored,
    # and each firing was refused with a traceback in the server's log).
    cron = alice.post(f"/threads/{thread}/runs/crons", json={
        "assistant_id": "ingestion", "schedule": "*/5 * * * *",
        "input": {"settings": {**settings, "collection": "other"}},
    })  # fmt: skip
    assert cron.status_code == 409 and "collection 'first'" in cron.text, cron.text[:300]
    assert pruned.status_code == 422, pruned.text[:300]
    assert "keep_latest" in pruned.json()["detail"] and '"strategy": "delete"' in pruned.json()["detail"]


def test_a_turn_on_kassist_serve_meets_a_thread_only_its_accepted_run_knows(servers: Servers) -> None:
    dev, serve, files = servers
    job = _accepted(dev, "ingestion", {"settings": {"source": files, **FIRST}})
    turn = _accepted(dev, "assistant", QUESTION)
    ask = {"input": {"messages": [["user", "What is the leave policy?"]]}}

    def invoke(key: str, thread: str) -> httpx.Response:
        body = {**ask, "config": {"configurable": {"thread_id": thread}}}
        return _client(serve, key).post("/assistant/invoke", json=body)

    for key in (ACME_KEY, ACME_ADMIN_KEY, ERIN_KEY):  # an ingestion run's thread is nobody's conversation
        refused = invoke(key, job)
        assert refused.status_code == 404 and refused.json() == {"detail": f"thread {job!r} not found"}
    refused = invoke(ERIN_KEY, turn)  # alice's conversation, before its first checkpoint
    assert refused.status_code == 404 and refused.json() == {"detail": f"thread {turn!r} not found"}
    for thread in (job, turn):  # nothing was written on either thread
        state = _client(dev, ACME_KEY).get(f"/threads/{thread}/state")
        assert state.status_code == 200 and not state.json()["values"], state.text[:300]


def test_a_runs_page_holds_limit_runs_the_member_reaches(servers: Servers) -> None:
    """erin's runs-API run, then two of alice's ``langgraph dev`` runs (newer): erin's page of one."""
    dev, serve, files = servers
    erin = _client(serve, ERIN_KEY)
    made = erin.post("/v1/runs", json={"path": "files", "collection": "erins"})
    assert made.status_code == 201, made.text[:300]
    mine = made.json()["run_id"]
    alice = _client(dev, ACME_KEY)
    theirs = []
    for collection in ("alice1", "alice2"):
        thread = str(uuid.uuid4())
        body = {
            "assistant_id": "ingestion", "if_not_exists": "create",
            "input": {"settings": {"source": files, "embedder": "hashing", "collection": collection}},
        }  # fmt: skip
        ran = alice.post(f"/threads/{thread}/runs/wait", json=body)
        assert ran.status_code == 200, ran.text[:300]
        theirs.append(thread)
    page = erin.get("/v1/runs", params={"limit": 1})
    assert page.status_code == 200, page.text[:300]
    assert [r["run_id"] for r in page.json()["runs"]] == [mine], page.json()  # was []
    # alice's own page of two, then the rest through the cursor: every run once.
    own = _client(serve, ACME_KEY)
    first = own.get("/v1/runs", params={"limit": 2}).json()
    assert [r["run_id"] for r in first["runs"]] == theirs[::-1], first
    seen = [r["run_id"] for r in first["runs"]]
    cursor = first["next_cursor"]
    while cursor:
        more = own.get("/v1/runs", params={"limit": 2, "cursor": cursor}).json()
        seen += [r["run_id"] for r in more["runs"]]
        cursor = more["next_cursor"]
    assert len(seen) == len(set(seen)) and mine in seen and set(theirs) <= set(seen), seen


def test_a_turn_on_langgraph_dev_cannot_replace_an_ingestion_run_not_begun(servers: Servers) -> None:
    dev, _, files = servers
    alice, olga = _client(dev, ACME_KEY), _client(dev, ACME_ADMIN_KEY)
    held = str(uuid.uuid4())
    stopped = alice.post(f"/threads/{held}/runs/wait", json={
        "assistant_id": "ingestion", "if_not_exists": "create", "interrupt_before": ["begin"],
        "input": {"settings": {"source": files, "embedder": "hashing", "collection": "held"}},
    })  # fmt: skip
    assert stopped.status_code == 200, stopped.text[:300]
    before = alice.get(f"/threads/{held}/state").json()
    assert before["next"] == ["begin"], before
    queued = _accepted(dev, "ingestion", {"settings": {"source": files, **FIRST}})
    for client in (alice, olga):  # the run's owner, and an admin of the tenant
        for thread in (held, queued):
            turn = client.post(
                f"/threads/{thread}/runs",
                json={"assistant_id": "assistant", "input": QUESTION, "multitask_strategy": "enqueue"},
            )
            assert turn.status_code == 409 and "is an ingestion run's" in turn.text, turn.text[:300]
    after = alice.get(f"/threads/{held}/state").json()
    assert after["checkpoint"] == before["checkpoint"] and after["values"] == before["values"], after
