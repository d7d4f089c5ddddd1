"""Doors of ``langgraph dev`` that earlier probes had not tried (session 22 probes,
/tmp/kassist-docs/s22/g5-probes.md).

- **The Studio scheme header**: langgraph-api's dev server let any request carrying
  ``x-auth-scheme: langsmith`` skip this server's ``authenticate`` and act as a ``StudioUser``
  with no key at all (LangSmith Studio's own sign-in, which ``langgraph dev`` does not check). Our
  handlers then refused it for lacking a tenant (403), but ``GET /threads/{id}/stream`` answered
  200 and ``/mcp`` 500. Now ``langgraph.json`` sets ``auth.disable_studio_auth``: the header is
  nothing, a key is needed (401 without one), and with a key the caller is the key's user.
- **MCP and A2A** (``/mcp``, ``/a2a/{assistant}``, ``/.well-known/agent-card.json``): two more
  protocols langgraph-api 0.16.7 serves by default, which this project neither documents nor tests.
  ``/mcp`` answered every refused run (an input key the rules refuse, a folder outside the
  tenant's) and a refused tool listing with a 500 and a traceback. Closed in ``langgraph.json``
  (``http.disable_mcp``, ``http.disable_a2a``): 404 for every caller."""

from __future__ import annotations

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

pytestmark = pytest.mark.timeout(900)
ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, GLOBEX_KEY = ME.acme_key, ME.globex_key

STUDIO = {"x-auth-scheme": "langsmith"}
SSE = {"accept": "application/json, text/event-stream"}
ASSISTANT = "453d1cbf-0bdd-5d35-a224-394f372c0502"  # the built-in assistant of graph "assistant"
SAID = "My locker code is 4471."


@pytest.fixture(scope="module")
def lg(shared_dev: SharedServer) -> str:
    return shared_dev.base


@pytest.fixture(scope="module")
def alices_thread(lg: str) -> str:
    alice = httpx.Client(base_url=lg, headers={"x-api-key": ACME_KEY}, timeout=120)
    thread = str(alice.post("/threads", json={}).json()["thread_id"])
    turn = {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": SAID}]}}
    assert alice.post(f"/threads/{thread}/runs/wait", json=turn).status_code == 200
    return thread


def test_the_studio_scheme_header_is_no_key(lg: str, alices_thread: str) -> None:
    nobody = httpx.Client(base_url=lg, headers=STUDIO, timeout=60)
    answers = [
        nobody.post("/threads/search", json={}),
        nobody.get(f"/threads/{alices_thread}/state"),
        nobody.get(f"/threads/{alices_thread}/stream", headers=SSE),
        nobody.post("/assistants/search", json={}),
        nobody.post("/store/items/search", json={"namespace_prefix": []}),
        nobody.post("/runs/wait", json={"assistant_id": "assistant", "input": {"messages": []}}),
    ]
    for answer in answers:
        assert answer.status_code == 401, (answer.request.url, answer.status_code, answer.text[:300])
        assert "API key" in answer.json()["detail"]
        assert SAID not in answer.text
    # With a key, the header changes nothing: the caller is the key's user, in the key's tenant.
    globex = httpx.Client(base_url=lg, headers={**STUDIO, "x-api-key": GLOBEX_KEY}, timeout=60)
    assert globex.get(f"/threads/{alices_thread}/state").status_code == 404
    alice = httpx.Client(base_url=lg, headers={**STUDIO, "x-api-key": ACME_KEY}, timeout=60)
    assert SAID in alice.get(f"/threads/{alices_thread}/state").text


@pytest.mark.parametrize("key", [None, ACME_KEY])
def test_mcp_and_a2a_are_closed(lg: str, key: str | None) -> None:
    client = httpx.Client(base_url=lg, headers={**SSE, **({"x-api-key": key} if key else {})}, timeout=60)
    rpc = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    message = {"role": "user", "parts": [{"kind": "text", "text": "hi"}], "messageId": "m1"}
    answers = [
        client.post("/mcp", json=rpc),
        client.post("/mcp/", json=rpc),
        client.get("/mcp"),
        client.post(
            f"/a2a/{ASSISTANT}",
            json={"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": message}},
        ),
        client.get(f"/a2a/{ASSISTANT}/.well-known/agent-card.json"),
        client.get("/.well-known/agent-card.json"),
    ]
    for answer in answers:
        expected = (401, 404) if key is None else (404,)
        assert answer.status_code in expected, (answer.request.url, answer.status_code, answer.text[:300])


def test_a_store_request_past_its_bounds_is_a_422_not_a_500(lg: str) -> None:
    """An ``index`` naming a field twice (UNIQUE constraint inside the store) and a ``filter`` of
    1,000 conditions (SQLite: expression tree too large) were 500s with a traceback."""
    alice = httpx.Client(base_url=lg, headers={"x-api-key": ACME_KEY}, timeout=60)
    item = {"namespace": ["notes"], "key": "k", "value": {"t": "x", "u": "y"}}
    twice = alice.put("/store/items", json={**item, "index": ["t", "u", "t"]})
    assert twice.status_code == 422 and "'t'" in twice.json()["detail"], twice.text[:300]
    many = alice.put("/store/items", json={**item, "index": [f"f{i}" for i in range(101)]})
    assert many.status_code == 422 and "100" in many.json()["detail"], many.text[:300]
    assert alice.put("/store/items", json={**item, "index": ["t", "u"]}).status_code in (200, 204)
    search = {"namespace_prefix": ["notes"], "filter": {f"k{i}": i for i in range(1000)}}
    wide = alice.post("/store/items/search", json=search)
    assert wide.status_code == 422 and "100" in wide.json()["detail"], wide.text[:300]
    found = alice.post("/store/items/search", json={"namespace_prefix": ["notes"], "filter": {"t": "x"}})
    assert found.status_code == 200 and [i["key"] for i in found.json()["items"]] == ["k"], found.text[:300]


def test_a_list_limit_in_the_query_is_bounded_like_the_body(lg: str, alices_thread: str) -> None:
    """``GET /threads/{id}/history?limit=`` took any whole number: 10**20 reached the checkpointer
    (SQLite: int too large, a 500); ``POST .../history`` already allows 1 to 1,000."""
    alice = httpx.Client(base_url=lg, headers={"x-api-key": ACME_KEY}, timeout=60)
    for path in (
        f"/threads/{alices_thread}/history?limit=99999999999999999999",
        f"/threads/{alices_thread}/history?limit=0",
        f"/threads/{alices_thread}/runs?limit=x",
        f"/threads/{alices_thread}/runs?offset=-5",
    ):
        answer = alice.get(path)
        assert answer.status_code == 422, (path, answer.status_code, answer.text[:300])
        detail = answer.json()["detail"]
        assert ("limit" in detail or "offset" in detail) and "whole number" in detail, detail
    assert SAID in alice.get(f"/threads/{alices_thread}/history?limit=1000").text
    assert alice.get(f"/threads/{alices_thread}/runs?limit=5&offset=0").status_code == 200


def test_a_thread_search_by_values_is_refused_not_a_500(lg: str, alices_thread: str) -> None:
    """langgraph dev's in-memory registry compares ``values`` with every thread's, and a thread
    without state yet (values null) raised a TypeError: a 500 with a traceback for any caller who
    has an empty thread. Searching by values is refused on this server (422 saying what to use)."""
    alice = httpx.Client(base_url=lg, headers={"x-api-key": ACME_KEY}, timeout=60)
    assert alice.post("/threads", json={}).status_code == 200  # a thread with no state yet
    for path in ("/threads/search", "/threads/count"):
        answer = alice.post(path, json={"values": {"messages": [{"content": SAID}]}})
        assert answer.status_code == 422, (path, answer.status_code, answer.text[:300])
        assert "values" in answer.json()["detail"] and "metadata" in answer.json()["detail"]
    assert alices_thread in alice.post("/threads/search", json={"values": {}, "limit": 100}).text


def test_a_prune_names_at_most_100_threads(lg: str) -> None:
    """``POST /threads/prune`` looks each id up by scanning every thread of the server (all tenants'),
    before any is refused: 24,000 ids (under 1 MB) held the event loop, and every tenant's requests,
    for seconds, growing with the server's threads. At most 100 ids per request (422 naming it)."""
    alice = httpx.Client(base_url=lg, headers={"x-api-key": ACME_KEY}, timeout=60)
    ids = [f"00000000-0000-0000-0000-{i:012d}" for i in range(101)]
    many = alice.post("/threads/prune", json={"thread_ids": ids, "strategy": "delete"})
    assert many.status_code == 422, (many.status_code, many.text[:300])
    assert "101" in many.json()["detail"] and "100" in many.json()["detail"]
    own = [alice.post("/threads", json={}).json()["thread_id"] for _ in range(2)]
    pruned = alice.post("/threads/prune", json={"thread_ids": own, "strategy": "delete"})
    assert pruned.status_code == 200, pruned.text[:300]
    assert all(alice.get(f"/threads/{t}").status_code == 404 for t in own)


def test_a_cancel_names_its_runs(lg: str) -> None:
    """``POST /runs/cancel`` by ``status`` gathers every pending or running run of the server, all
    tenants', and looks each one's thread up by scanning every thread: with 3,000 runs waiting (one
    member's delayed runs, made in 6 s) each such cancel by another key held the event loop for 2 s,
    and cancelled nothing of the caller's. A cancel names its thread and runs (422 otherwise)."""
    alice = httpx.Client(base_url=lg, headers={"x-api-key": ACME_KEY}, timeout=60)
    for status in ("all", "pending", "running"):
        bulk = alice.post("/runs/cancel", json={"status": status})
        assert bulk.status_code == 422, (status, bulk.status_code, bulk.text[:300])
        assert "thread_id" in bulk.json()["detail"] and "run_ids" in bulk.json()["detail"]
    thread = alice.post("/threads", json={}).json()["thread_id"]
    later = {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": "hi"}]}}
    run = alice.post(f"/threads/{thread}/runs", json={**later, "after_seconds": 3600}).json()["run_id"]
    named = alice.post("/runs/cancel", json={"thread_id": thread, "run_ids": [run]})
    assert named.status_code in (200, 204), named.text[:300]
    assert alice.get(f"/threads/{thread}/runs/{run}").json()["status"] != "pending"


def test_metadata_and_names_kept_in_the_servers_memory_are_bounded(lg: str) -> None:
    """langgraph dev keeps threads, runs, assistants and crons in its memory, each with the metadata
    the client sent: 150 threads with 900 KB of metadata each (2.7 s) grew the server by 136 MB, so
    one member could exhaust its memory in minutes. Metadata (an object's, a run's ``config.metadata``)
    is at most 16 KiB of JSON, an assistant's name 1 KiB and description 16 KiB (422 naming it)."""
    alice = httpx.Client(base_url=lg, headers={"x-api-key": ACME_KEY}, timeout=60)
    big = {"blob": "x" * 20_000}
    turn = {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": "hi"}]}}
    thread = alice.post("/threads", json={}).json()["thread_id"]
    for answer in (
        alice.post("/threads", json={"metadata": big}),
        alice.patch(f"/threads/{thread}", json={"metadata": big}),
        alice.post("/runs", json={**turn, "metadata": big, "after_seconds": 3600}),
        alice.post("/runs", json={**turn, "config": {"metadata": big}, "after_seconds": 3600}),
        alice.post("/runs/crons", json={**turn, "schedule": "0 0 1 1 *", "metadata": big}),
        alice.post("/assistants", json={"graph_id": "assistant", "metadata": big}),
        alice.post("/assistants", json={"graph_id": "assistant", "name": "n" * 2000}),
        alice.post("/assistants", json={"graph_id": "assistant", "description": "d" * 20_000}),
    ):
        assert answer.status_code == 422, (answer.request.url, answer.status_code, answer.text[:300])
        detail = answer.json()["detail"]
        assert "KiB" in detail and ("metadata" in detail or "name" in detail or "description" in detail), (
            detail
        )
    small = {"ticket": "T-1", "note": "x" * 10_000}
    made = alice.post("/threads", json={"metadata": small})
    assert made.status_code == 200 and made.json()["metadata"]["ticket"] == "T-1", made.text[:300]
    named = alice.post(
        "/assistants", json={"graph_id": "assistant", "name": "Alice's helper", "metadata": small}
    )
    assert named.status_code == 200, named.text[:300]
