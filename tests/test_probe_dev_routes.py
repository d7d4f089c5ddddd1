"""``langgraph dev``'s own testing and deploy routes, closed (session 18 probes,
/tmp/kassist-docs/s18/h8-probes.md).

langgraph-api's in-memory runtime (what ``langgraph dev`` runs) adds routes that no auth handler
sees: ``GET /internal/debug/thread/{id}`` answered ANY caller, without a key, with another tenant's
whole thread (its metadata and latest values: the conversation, the memories the assistant used);
``POST /internal/truncate`` let a caller without a key wipe every tenant's threads, runs,
assistants and crons from the server's registry; ``/deploy`` started ``langgraph deploy`` (with the
operator's LangSmith key, if set) for a caller without a key. This server closes them (404, as
any unknown route) in front of every route (server/http_limits.py), for every caller."""

from __future__ import annotations

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_ADMIN_KEY, GLOBEX_KEY = ME.admin_key, ME.globex_key
SECRET = "my salary is 91234 and my manager is Rex"


@pytest.fixture(scope="module")
def lg(shared_dev: SharedServer) -> str:
    return shared_dev.base


@pytest.fixture(scope="module")
def globex_thread(lg: str) -> str:
    globex = httpx.Client(base_url=lg, headers={"x-api-key": GLOBEX_KEY}, timeout=120)
    thread = str(globex.post("/threads", json={}).json()["thread_id"])
    turn = {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": SECRET}]}}
    assert globex.post(f"/threads/{thread}/runs/wait", json=turn).status_code == 200
    return thread


@pytest.mark.parametrize("key", [None, ACME_ADMIN_KEY, GLOBEX_KEY])
def test_the_dev_servers_internal_and_deploy_routes_are_closed(
    lg: str, globex_thread: str, key: str | None
) -> None:
    client = httpx.Client(base_url=lg, headers={"x-api-key": key} if key else {}, timeout=60)
    evil = {"origin": "https://evil.example"}  # a POST /deploy without it would start a deploy
    answers = [
        client.get(f"/internal/debug/thread/{globex_thread}"),
        client.post("/internal/truncate", json={"runs": True, "threads": True, "store": True}),
        client.get("/deploy"),
        client.post("/deploy", json={}, headers=evil),
        client.get("/deploy/0123456789ab/stream"),
        client.get("/INTERNAL/debug/thread/x"),
        client.get("/internal/../internal/debug/thread/x"),
    ]
    for answer in answers:
        assert answer.status_code == 404, (answer.request.url, answer.text[:300])
        assert SECRET not in answer.text and "globex" not in answer.text
    # Nothing was wiped: globex's thread and its conversation are still there for globex.
    globex = httpx.Client(base_url=lg, headers={"x-api-key": GLOBEX_KEY}, timeout=60)
    state = globex.get(f"/threads/{globex_thread}/state")
    assert state.status_code == 200 and SECRET in state.text


def test_the_documented_public_routes_stay_open(lg: str) -> None:
    for path in ("/ok", "/info", "/openapi.json", "/docs"):
        assert httpx.get(f"{lg}{path}", timeout=30).status_code == 200, path
