"""A conversation turn on ``kassist serve`` never lands on a ``langgraph dev`` ingestion run's thread
when both servers share one database (session 26 second-attacker probes, /tmp/h9/probes.md 81-83).

A run's thread id names its checkpoint thread on both servers. ``kassist serve`` refused a turn on an
ingestion run's thread only when the thread's checkpoints recorded no owner (the runs API's and the
command line's runs), but ``langgraph dev``'s ingestion checkpoints record their owner. So member
alice's ``POST /assistant/invoke`` naming her own run waiting for an admin's review was a 200: the
turn was written over the run's head checkpoint, the review's interrupt was gone (the state empty,
nothing next), and every later run on the thread was 409 "holds a conversation" - nobody could
approve or reject it any more. An admin's turn did the same to a member's run stopped before
``begin`` (nothing registered yet). Now a thread whose head checkpoint is a job graph's, or that is a
registered or requested run, is "not found" to every role's turn, and the command line's ``kassist ask`` refuses it in one line
(it wrote its turn there too: /tmp/h9/probes.md 89). The runs API and the console treat such a run
as its thread: another member's is "not found" (probe 95)."""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import zygote
from server_harness import kassist_serve
from shared_servers import SharedServer, file_tenants

ROOT = Path(__file__).resolve().parents[1]
ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, ACME_ADMIN_KEY, ERIN_KEY = ME.acme_key, ME.admin_key, ME.erin_key
Servers = tuple[str, str, str, str]


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory, shared_dev: SharedServer) -> Iterator[Servers]:
    files = shared_dev.corpus(ME.acme)
    root = files.parents[1]  # the shared server's KASSIST_INGEST_ROOT
    # Findings at any severity want a person: the run stops at its review.
    (files.parent / "rules.toml").write_text('needs_review_severity = "low"\n')
    with kassist_serve(
        tmp_path_factory.mktemp("s26b-shared-serve"),
        shared_dev.db_url,
        # erin: another member of acme. The file queues no run on the runs API (it reads, and a
        # cancel is refused): no worker polling the shared database (shared_servers' rules).
        env={"KASSIST_INGEST_ROOT": str(root), **ME.env, "KASSIST_RUN_WORKERS": "0"},
    ) as serve:
        yield shared_dev.base, serve, str(files), shared_dev.db_url


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=600)


def _turns_refused(serve: str, thread: str, db_url: str) -> None:
    turn = {"input": {"messages": [["user", "What is the leave policy?"]]}}
    for key in (ACME_KEY, ACME_ADMIN_KEY):
        client = _client(serve, key)
        answer = client.post(
            "/assistant/invoke", json={**turn, "config": {"configurable": {"thread_id": thread}}}
        )
        assert answer.status_code == 404, answer.text[:300]
        assert answer.json() == {"detail": f"thread {thread!r} not found"}
        batch = client.post(
            "/assistant/batch",
            json={"inputs": [turn["input"]], "config": {"configurable": {"thread_id": thread}}},
        )
        assert batch.status_code == 404, batch.text[:300]
    # The command line on the same database (any --user: it is the operator's tool) says the same.
    env = {
        **os.environ,
        "KASSIST_EMBEDDER": "hashing",
        "OPENAI_API_KEY": "",
        "OPENAI_BASE_URL": "",
        "COLUMNS": "400",
        "PYTHONPATH": str(ROOT),  # the harness's, as ingest_harness.child_env gives it: the zygote's fits
    }
    # In the test's own folder (conftest's sandbox): nothing of the checkout's or the shared server's.
    # A real process, forked from the worker's zygote (tests/zygote.py).
    asked = zygote.run(
        [sys.executable, "-P", "-m", "cli.main", "ask", "What is the leave policy?", "--tenant", ME.acme,
         "--user", "alice", "--thread", thread, "--database-url", db_url],
        timeout=300, env=env,
    )  # fmt: skip
    assert asked.returncode != 0, asked.stdout[-500:]
    assert asked.stderr.strip().splitlines() == [
        f"error: thread {thread!r} holds an ingestion run, not a conversation: leave --thread out to start "
        "a new conversation (or give one of your conversations' threads)"
    ], asked.stderr[-2000:]


def test_a_turn_cannot_replace_a_run_waiting_for_review(servers: Servers) -> None:
    dev, serve, files, db_url = servers
    alice, olga = _client(dev, ACME_KEY), _client(dev, ACME_ADMIN_KEY)
    thread = str(uuid.uuid4())
    rules = files.removesuffix("/files") + "/rules.toml"
    settings = {"source": files, "embedder": "hashing", "collection": "reviewed", "audit_rules": rules}
    run = alice.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": "ingestion", "input": {"settings": settings}, "if_not_exists": "create"},
    )
    assert run.status_code == 200, run.text[:300]
    waiting = alice.get(f"/threads/{thread}/state").json()
    assert waiting["values"]["status"] == "needs_review" and waiting["next"] == ["await_review"]
    _turns_refused(serve, thread, db_url)
    still = alice.get(f"/threads/{thread}/state").json()
    assert still["checkpoint"] == waiting["checkpoint"] and still["next"] == ["await_review"]
    # The review is still the admin's to decide, and it decides the run.
    approved = olga.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "command": {"resume": "approve"}}
    )
    assert approved.status_code == 200, approved.text[:300]
    assert alice.get(f"/threads/{thread}/state").json()["values"]["status"] == "completed"
    # On kassist serve the run is its langgraph dev thread's: another member's is not found there
    # either (the runs API and the console showed it to erin, its report, and let erin cancel it).
    erin = _client(serve, ERIN_KEY)
    for path in (f"/v1/runs/{thread}", f"/v1/runs/{thread}/report?format=json", f"/ui/runs/{thread}"):
        assert erin.get(path).status_code == 404, path
    assert erin.post(f"/v1/runs/{thread}/cancel").status_code == 404
    assert erin.post(f"/ui/runs/{thread}/cancel").status_code == 404
    assert thread not in erin.get("/v1/runs").text and thread not in erin.get("/ui/runs").text
    for key in (ACME_KEY, ACME_ADMIN_KEY):  # its owner and the tenant's admins
        mine = _client(serve, key)
        assert mine.get(f"/v1/runs/{thread}").json()["status"] == "completed"
        assert thread in mine.get("/v1/runs").text and thread in mine.get("/ui/runs").text


def test_a_turn_cannot_replace_a_run_not_begun(servers: Servers) -> None:
    """Stopped before ``begin``: nothing is registered, only the head checkpoint says it is a job."""
    dev, serve, files, db_url = servers
    alice = _client(dev, ACME_KEY)
    thread = str(uuid.uuid4())
    body = {
        "assistant_id": "ingestion", "if_not_exists": "create", "interrupt_before": ["begin"],
        "input": {"settings": {"source": files, "embedder": "hashing", "collection": "held"}},
    }  # fmt: skip
    assert alice.post(f"/threads/{thread}/runs/wait", json=body).status_code == 200
    before = alice.get(f"/threads/{thread}/state").json()
    assert before["next"] == ["begin"]
    _turns_refused(serve, thread, db_url)
    resumed = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": None})
    assert resumed.status_code == 200, resumed.text[:300]
    # The run it was accepted with ran, its settings its own.
    done = alice.get(f"/threads/{thread}/state").json()["values"]
    assert done["settings"]["collection"] == "held" and done["status"] == "completed"
