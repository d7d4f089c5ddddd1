"""A member's conversations are its own on ``langgraph dev`` (session 18 probes,
/tmp/kassist-docs/s18/h8-probes.md).

The store keeps a user's assistant memory from the tenant's other members (403), but threads were
filtered by tenant only: alice (member) listed erin's threads, read erin's conversation and the
memories recalled for erin in its state, ran turns on it and deleted it. Now a member reaches only
the threads it created (another member's: "not found", as another tenant's), an admin every
thread of its tenant; a thread's ``owner`` is the creating key's identity, whatever the client
writes, and a metadata update cannot hand a thread to another user."""

from __future__ import annotations

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, ACME_ADMIN_KEY, ERIN_KEY = ME.acme_key, ME.admin_key, ME.erin_key
SAID = "My manager is Rex and I prefer answers in Bengali."


@pytest.fixture(scope="module")
def lg(shared_dev: SharedServer) -> str:
    return shared_dev.base


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=120)


@pytest.fixture(scope="module")
def erins_thread(lg: str) -> str:
    erin = _client(lg, ERIN_KEY)
    thread = str(erin.post("/threads", json={"metadata": {"owner": "alice"}}).json()["thread_id"])
    turn = {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": SAID}]}}
    assert erin.post(f"/threads/{thread}/runs/wait", json=turn).status_code == 200
    # Naming another owner on create or on update does not hand the thread over.
    assert erin.patch(f"/threads/{thread}", json={"metadata": {"owner": "alice"}}).status_code == 200
    return thread


def test_a_member_does_not_reach_another_members_thread(lg: str, erins_thread: str) -> None:
    alice = _client(lg, ACME_KEY)
    t = erins_thread
    turn = {
        "assistant_id": "assistant",
        "input": {"messages": [{"role": "user", "content": "What did I say?"}]},
    }
    answers = {
        "state": alice.get(f"/threads/{t}/state"),
        "thread": alice.get(f"/threads/{t}"),
        "history": alice.post(f"/threads/{t}/history", json={"limit": 5}),
        "run": alice.post(f"/threads/{t}/runs/wait", json=turn),
        "runs list": alice.get(f"/threads/{t}/runs"),
        "patch": alice.patch(f"/threads/{t}", json={"metadata": {"x": "1"}}),
        "delete": alice.delete(f"/threads/{t}"),
    }
    for what, answer in answers.items():
        assert answer.status_code == 404, (what, answer.status_code, answer.text[:300])
        assert "Rex" not in answer.text, what
    listed = alice.post("/threads/search", json={"limit": 100}).json()
    assert t not in {x["thread_id"] for x in listed}
    assert alice.post("/threads", json={"thread_id": t, "if_exists": "do_nothing"}).status_code == 409
    # Erin still has it, whole, and it is hers.
    erin = _client(lg, ERIN_KEY)
    state = erin.get(f"/threads/{t}/state")
    assert state.status_code == 200 and "Rex" in state.text
    assert erin.get(f"/threads/{t}").json()["metadata"]["owner"] == "erin"


def test_an_admin_reaches_every_thread_of_its_tenant(lg: str, erins_thread: str) -> None:
    olga = _client(lg, ACME_ADMIN_KEY)
    assert olga.get(f"/threads/{erins_thread}/state").status_code == 200
    assert erins_thread in {x["thread_id"] for x in olga.post("/threads/search", json={"limit": 100}).json()}
