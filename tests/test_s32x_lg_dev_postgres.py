"""``langgraph dev`` on PostgreSQL (one server for the file, on a fresh database of the suite's
server, the hashing embedder and no language model): its routes answer a database it cannot use as
``kassist serve`` does, through the one middleware both run (server/db_refusals.py).

h8 s31 #14: with the database turned read-only under the running server (a failover to a standby;
here ``default_transaction_read_only`` and its sessions ended, so the pool reconnects read-only), a
run's creation (the auth handler's accepted-run record) and a store write were a 500 with a
traceback; now 503, Retry-After and one line naming the kind, and the same run goes through once the
database is writable again."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from databases import fresh_database
from server_harness import ACME_KEY, serving_langgraph_dev
from test_probe_s31b_serve_db import _read_only  # ALTER DATABASE ... read-only, sessions ended


@pytest.fixture(scope="module")
def dev(pg_server_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[httpx.Client, str]]:
    tmp: Path = tmp_path_factory.mktemp("s32x-lg-pg")
    with fresh_database(pg_server_url, "kassist_s32x_lg") as url:
        env = {
            "KASSIST_DATABASE_URL": url,
            "KASSIST_EMBEDDER": "hashing",
            "OPENAI_API_KEY": "",
            "OPENAI_BASE_URL": "",
        }
        with (
            serving_langgraph_dev(tmp, env) as served,
            httpx.Client(base_url=served.base, headers={"x-api-key": ACME_KEY}, timeout=60) as client,
        ):
            yield client, url


def _turn(client: httpx.Client, thread: str) -> httpx.Response:
    body = {
        "assistant_id": "assistant",
        "input": {"messages": [{"role": "user", "content": "What is the leave policy?"}]},
    }
    return client.post(f"/threads/{thread}/runs/wait", json=body)


def test_a_database_turned_read_only_is_503_one_line_on_every_route_and_the_run_goes_through_after(
    dev: tuple[httpx.Client, str], pg_server_url: str
) -> None:
    client, url = dev
    thread = client.post("/threads", json={}).json()["thread_id"]
    item = {
        "namespace": ["users", "alice", "notes"],
        "key": f"k-{uuid.uuid4().hex[:8]}",
        "value": {"text": "x"},
    }
    _read_only(pg_server_url, url, True)
    try:
        refused = {"run": _turn(client, thread), "store": client.put("/store/items", json=item)}
    finally:
        _read_only(pg_server_url, url, False)
    for door, answer in refused.items():
        assert answer.status_code == 503, (door, answer.text[:600])
        assert answer.headers.get("retry-after") == "10", (door, dict(answer.headers))
        detail = answer.json()["detail"]
        assert isinstance(detail, str) and "\n" not in detail and "read-only" in detail, (door, detail)
        assert "Traceback" not in answer.text and "kassist_s32x_lg" not in detail, (door, detail)
    again = _turn(client, thread)
    assert again.status_code == 200, again.text[:600]
    kinds = [m["type"] for m in again.json()["messages"]]
    assert kinds == ["human", "ai"], kinds  # nothing of the refused run was kept
    assert client.put("/store/items", json=item).status_code in (200, 204)
