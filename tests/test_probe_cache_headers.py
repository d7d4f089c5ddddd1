"""Answers that carry a tenant's data say they must not be cached (session 20 probes,
/tmp/kassist-docs/s20/h1-probes.md).

The console's pages sent ``Cache-Control: no-store``; the APIs behind them did not: ``GET /v1/runs``
and ``/v1/runs/{id}`` (read with the sign-in cookie in a browser), a LangServe thread's state, and
``langgraph dev``'s threads and their state came with no cache header at all, so a browser or a
proxy between the client and the server was free to keep a tenant's runs and conversations. Now
every answer without a policy of its own is ``no-store``; the console's static files keep theirs."""

from __future__ import annotations

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
KEY = {"x-api-key": ME.acme_key}


@pytest.fixture(scope="module")
def serve(shared_serve: SharedServer) -> str:
    return shared_serve.base


@pytest.fixture(scope="module")
def dev(shared_dev: SharedServer) -> str:
    return shared_dev.base


@pytest.mark.parametrize("path", ["/v1/runs", "/v1/runs/nope", "/assistant/threads/t-1/state", "/ok"])
def test_kassist_serve_answers_are_not_stored(serve: str, path: str) -> None:
    answer = httpx.get(serve + path, headers=KEY, timeout=30)
    assert answer.headers.get("cache-control") == "no-store", (path, answer.status_code, dict(answer.headers))


def test_static_files_keep_their_own_policy(serve: str) -> None:
    answer = httpx.get(serve + "/ui/static/console.js", timeout=30)
    assert answer.status_code == 200 and answer.headers.get("cache-control") == "max-age=300"


def test_langgraph_dev_answers_are_not_stored(dev: str) -> None:
    client = httpx.Client(base_url=dev, headers=KEY, timeout=60)
    thread = client.post("/threads", json={}).json()["thread_id"]
    for answer in (
        client.get(f"/threads/{thread}"),
        client.get(f"/threads/{thread}/state"),
        client.post("/threads/search", json={}),
    ):
        assert answer.status_code == 200, answer.text[:200]
        assert answer.headers.get("cache-control") == "no-store", (answer.url, dict(answer.headers))
