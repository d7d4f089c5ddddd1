"""How many messages one assistant turn may carry, on both servers (session 22 probes,
/tmp/kassist-docs/s22/g5-probes.md).

A turn's input is the user's new message(s); the conversation before it is the thread's, kept by the
server. Nothing bounded their number but the body limit: 25,000 one-letter messages (850 KB) took
24 s of the one job worker on ``langgraph dev`` and 33 s on ``kassist serve``, and were stored in
the thread, so every later turn read them again. Now a turn carries at most
``server.turn_input.MAX_TURN_MESSAGES`` (100) messages; more is 422 naming the count and the limit."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_harness import kassist_serve
from shared_servers import SharedServer, file_tenants

from server.turn_input import MAX_TURN_MESSAGES, turn_refusal

pytestmark = pytest.mark.timeout(900)
ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY = ME.acme_key


def _messages(count: int) -> list[dict[str, str]]:
    return [{"role": "user", "content": f"line {i}"} for i in range(count)]


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory, shared_dev: SharedServer) -> Iterator[tuple[str, str]]:
    tmp: Path = tmp_path_factory.mktemp("probe-turn-messages")
    # Turns only (LangServe): no runs worker polling the shared database (shared_servers' rules).
    with kassist_serve(tmp, shared_dev.db_url, env={**ME.env, "KASSIST_RUN_WORKERS": "0"}) as serve:
        yield shared_dev.base, serve


def test_the_limit() -> None:
    assert MAX_TURN_MESSAGES == 100
    assert turn_refusal({"messages": _messages(MAX_TURN_MESSAGES)}) is None
    refused = turn_refusal({"messages": _messages(MAX_TURN_MESSAGES + 1)})
    assert refused is not None and "101 messages" in refused and "100" in refused


def test_a_turn_of_too_many_messages_is_refused_on_langgraph_dev(servers: tuple[str, str]) -> None:
    dev, _ = servers
    alice = httpx.Client(base_url=dev, headers={"x-api-key": ACME_KEY}, timeout=120)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    for path in (f"/threads/{thread}/runs/wait", "/runs/wait"):
        sent = alice.post(path, json={"assistant_id": "assistant", "input": {"messages": _messages(5000)}})
        assert sent.status_code == 422, (path, sent.status_code, sent.text[:300])
        assert "5000 messages" in sent.json()["detail"] and "100" in sent.json()["detail"]
    assert alice.get(f"/threads/{thread}/state").json()["values"] in ({}, None), "a refused turn ran"
    ok = alice.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": "assistant", "input": {"messages": _messages(3)}},
    )
    assert ok.status_code == 200, ok.text[:300]


def test_a_turn_of_too_many_messages_is_refused_on_kassist_serve(servers: tuple[str, str]) -> None:
    _, serve = servers
    alice = httpx.Client(base_url=serve, headers={"x-api-key": ACME_KEY}, timeout=120)
    config = {"configurable": {"thread_id": "turn-messages-1"}}
    sent = alice.post("/assistant/invoke", json={"input": {"messages": _messages(5000)}, "config": config})
    assert sent.status_code == 422, (sent.status_code, sent.text[:300])
    assert "100" in sent.text and "messages" in sent.text
    batch = alice.post(
        "/assistant/batch",
        json={"inputs": [{"messages": _messages(2)}, {"messages": _messages(101)}], "config": config},
    )
    assert batch.status_code == 422, (batch.status_code, batch.text[:300])
    ok = alice.post("/assistant/invoke", json={"input": {"messages": _messages(3)}, "config": config})
    assert ok.status_code == 200, ok.text[:300]
