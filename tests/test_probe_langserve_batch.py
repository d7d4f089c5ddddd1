"""``kassist serve``'s ``/assistant/batch`` holds at most ``KASSIST_MAX_BATCH_RUNS`` inputs (session 19
probes, /tmp/kassist-docs/s19/h1-probes.md).

The LangGraph server refuses a ``/runs/batch`` of more than 50 runs (h6, session 17); LangServe's
``/batch`` had no bound: a member's one request of 200 turns held the server for 16 s, and the 1 MiB
body leaves room for thousands. Now both servers answer 422 over the bound, before any turn runs."""

from __future__ import annotations

import uuid

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY = ME.acme_key


@pytest.fixture(scope="module")
def serve(shared_serve: SharedServer) -> str:
    return shared_serve.base


def _batch(n: int) -> dict[str, object]:
    return {
        "inputs": [{"messages": [["user", "How many days of leave?"]]}] * n,
        "config": [{"configurable": {"thread_id": f"b-{uuid.uuid4().hex[:8]}-{i}"}} for i in range(n)],
    }


def test_a_batch_over_the_bound_is_refused_before_any_turn_runs(serve: str) -> None:
    client = httpx.Client(base_url=serve, headers={"x-api-key": ACME_KEY}, timeout=120)
    refused = client.post("/assistant/batch", json=_batch(51))
    assert refused.status_code == 422, refused.text[:300]
    assert "at most 50 per request (KASSIST_MAX_BATCH_RUNS)" in refused.json()["detail"]
    body = _batch(2)
    assert client.post("/assistant/batch", json=body).status_code == 200
    first = body["config"][0]["configurable"]["thread_id"]  # type: ignore[index]
    assert client.get(f"/assistant/threads/{first}/state").status_code == 200


def test_a_batch_over_the_bound_without_a_key_is_401(serve: str) -> None:
    assert httpx.post(f"{serve}/assistant/batch", json=_batch(51), timeout=60).status_code == 401
