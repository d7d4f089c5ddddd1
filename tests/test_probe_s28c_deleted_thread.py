"""A deleted conversation leaves no session note behind (session 28 probes, h3: /tmp/h3s28/probes.md row 197).

Each turn writes the thread's session note (``("assistant", <user>, "sessions", <thread id>)``: its last question and
summary), which the user's later turns on other threads read as an "earlier session". After ``DELETE /threads/{id}``
the note stayed, and the deleted conversation's question kept entering the user's answers."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, GLOBEX_KEY, ACME_ADMIN_KEY = ME.acme_key, ME.globex_key, ME.admin_key
QUESTION = "My salary negotiation with Globex: what is the relocation bonus policy?"


@pytest.fixture(scope="module")
def alice(shared_dev: SharedServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=shared_dev.base, headers={"x-api-key": ACME_KEY}, timeout=300) as client:
        yield client


def test_a_deleted_thread_leaves_no_session_note(alice: httpx.Client) -> None:
    thread = alice.post("/threads", json={}).json()["thread_id"]
    turn = {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": QUESTION}]}}
    assert alice.post(f"/threads/{thread}/runs/wait", json=turn).status_code == 200
    note = {"namespace": "assistant.alice.sessions", "key": thread}
    assert QUESTION in alice.get("/store/items", params=note).text  # what later turns read
    assert alice.delete(f"/threads/{thread}").status_code == 204
    assert alice.get("/store/items", params=note).json() is None
    later = alice.post("/threads", json={}).json()["thread_id"]
    asked = {
        **turn,
        "input": {"messages": [{"role": "user", "content": "What did I ask about the relocation bonus?"}]},
    }
    answer = alice.post(f"/threads/{later}/runs/wait", json=asked)
    assert answer.status_code == 200 and QUESTION not in answer.text, answer.text[:300]


def test_a_delete_or_prune_forgets_the_owners_note_in_its_tenant_only(alice: httpx.Client) -> None:
    """An admin's delete of a member's thread forgets the member's note; a member's prune its own; a
    caller who does not reach the thread (another tenant's: 404) forgets nothing, and another tenant's
    note under the same key stays. Notes written directly (the user's own namespace), no turns."""
    olga = httpx.Client(base_url=alice.base_url, headers={"x-api-key": ACME_ADMIN_KEY}, timeout=300)
    bob = httpx.Client(base_url=alice.base_url, headers={"x-api-key": GLOBEX_KEY}, timeout=300)
    a, b, c = (alice.post("/threads", json={}).json()["thread_id"] for _ in range(3))

    def note(client: httpx.Client, user: str, thread: str) -> object:
        return client.get(
            "/store/items", params={"namespace": f"assistant.{user}.sessions", "key": thread}
        ).json()

    for thread in (a, b, c):
        put = {
            "namespace": ["assistant", "alice", "sessions"],
            "key": thread,
            "value": {"summary": "Last question: x"},
        }
        assert alice.put("/store/items", json=put).status_code == 204
    put = {"namespace": ["assistant", "bob", "sessions"], "key": a, "value": {"summary": "bob's"}}
    assert bob.put("/store/items", json=put).status_code == 204

    assert bob.delete(f"/threads/{a}").status_code == 404
    assert bob.post("/threads/prune", json={"thread_ids": [c], "strategy": "delete"}).status_code == 404
    assert all(note(alice, "alice", t) is not None for t in (a, b, c))

    assert olga.delete(f"/threads/{a}").status_code == 204
    assert note(alice, "alice", a) is None
    assert note(bob, "bob", a) is not None  # globex's, under the same key

    assert alice.post("/threads/prune", json={"thread_ids": [b], "strategy": "delete"}).status_code == 200
    assert note(alice, "alice", b) is None and note(alice, "alice", c) is not None
    olga.close()
    bob.close()


def test_every_users_note_of_a_deleted_thread_goes_in_its_tenant_only(alice: httpx.Client) -> None:
    """An admin's turn on a member's thread writes the admin's own note of it (session 29, h1): the
    thread's delete by its owner forgets every user's note of it in the tenant, never another
    tenant's under the same key. Notes written directly, no turns."""
    olga = httpx.Client(base_url=alice.base_url, headers={"x-api-key": ACME_ADMIN_KEY}, timeout=300)
    bob = httpx.Client(base_url=alice.base_url, headers={"x-api-key": GLOBEX_KEY}, timeout=300)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    notes = {"alice": alice, "olga": olga, "bob": bob}
    for user, client in notes.items():
        put = {"namespace": ["assistant", user, "sessions"], "key": thread, "value": {"summary": user}}
        assert client.put("/store/items", json=put).status_code == 204

    def note(user: str) -> object:
        params = {"namespace": f"assistant.{user}.sessions", "key": thread}
        return notes[user].get("/store/items", params=params).json()

    assert alice.delete(f"/threads/{thread}").status_code == 204
    assert note("alice") is None and note("olga") is None
    assert note("bob") is not None  # globex's, under the same key
    olga.close()
    bob.close()
