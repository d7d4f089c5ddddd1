"""``POST /threads/{id}/copy`` of a thread the caller does not reach is "not found" (session 25 probes,
/tmp/kassist-docs/s25/h1.md), on a real ``langgraph dev``.

langgraph-api answers a copy whose source it does not find with 409 "Conflict": the same for an
unknown id, another tenant's thread and another member's, so nothing leaked, but "not found" (404)
is this server's rule for what a caller does not reach, and a 409 tells a client to retry or
resolve a conflict that does not exist. The copy's "create" handler (server/job_threads.check_copy)
now answers 404 naming the id unless the thread registry holds the source as a thread the caller
reaches, before langgraph-api looks."""

from __future__ import annotations

import uuid

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, GLOBEX_KEY, ACME_ADMIN_KEY, ERIN_KEY = ME.acme_key, ME.globex_key, ME.admin_key, ME.erin_key
TURN = {"messages": [{"role": "user", "content": "How many days of annual leave do we get?"}]}


@pytest.fixture(scope="module")
def base(shared_dev: SharedServer) -> str:
    return shared_dev.base


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=120)


def _conversation(client: httpx.Client) -> str:
    thread = client.post("/threads", json={}).json()["thread_id"]
    done = client.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "input": TURN})
    assert done.status_code == 200, done.text[:300]
    return str(thread)


def test_a_copy_of_a_thread_the_caller_does_not_reach_is_not_found(base: str) -> None:
    alice, bob, erin = (_client(base, key) for key in (ACME_KEY, GLOBEX_KEY, ERIN_KEY))
    thread = _conversation(alice)
    unknown = str(uuid.uuid4())
    for caller, source in ((bob, thread), (erin, thread), (alice, unknown)):
        copied = caller.post(f"/threads/{source}/copy")
        assert copied.status_code == 404, copied.text[:300]
        assert copied.json() == {"detail": f"Thread with ID {source} not found"}, copied.text[:300]
    # Nothing was made in the callers' lists, and the source is as it was.
    for caller in (bob, erin):
        assert caller.post("/threads/search", json={"limit": 100}).json() == []
    values = alice.get(f"/threads/{thread}/state").json()["values"]
    assert len(values["messages"]) == 2


def test_a_copy_of_ones_own_thread_still_works(base: str) -> None:
    alice = _client(base, ACME_KEY)
    thread = _conversation(alice)
    copied = alice.post(f"/threads/{thread}/copy")
    assert copied.status_code == 200, copied.text[:300]
    values = alice.get(f"/threads/{copied.json()['thread_id']}/state").json()["values"]
    assert [m["type"] for m in values["messages"]] == ["human", "ai"]
    # An admin reaches a member's thread (to read it), and a copy would keep its owner: still 403.
    admin = _client(base, ACME_ADMIN_KEY).post(f"/threads/{thread}/copy")
    assert admin.status_code == 403, admin.text[:300]
