"""A thread's event streams, and a run's stream and join, open only on what the caller reaches
(session 25 probes, /tmp/kassist-docs/s25/h1.md), on a real ``langgraph dev``.

langgraph-api checked who may read a thread's streams only once the stream had begun: another
tenant's thread, another member's or an unknown id answered ``GET /threads/{id}/stream`` and
``GET /threads/{id}/runs/{run_id}/stream`` with a 200 carrying an ``error`` event, ``POST
/threads/{id}/stream/events`` with an empty 200, and its WebSocket was accepted, then closed with
1011; the SSE route and the socket wrote an error traceback to the server's log each time. Nothing
of the thread leaked; now each is a 404 before the stream opens (server/thread_streams.py)."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_harness import ACME_KEY, ERIN_KEY, GLOBEX_KEY, WITH_ERIN, langgraph_dev

TURN = {"messages": [{"role": "user", "content": "How many days of annual leave do we get?"}]}
SUBSCRIBE = {"id": 1, "method": "subscription.subscribe", "params": {"channels": ["values"]}}
ORIGIN = {"origin": "http://localhost:3000"}
Served = tuple[str, Path]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    tmp: Path = tmp_path_factory.mktemp("probe-s25-streams")
    keys = WITH_ERIN
    with langgraph_dev(tmp, env={"KASSIST_API_KEYS": json.dumps(keys)}) as (base, _):
        yield base, tmp / "langgraph_dev.log"


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=60)


def _conversation(alice: httpx.Client) -> tuple[str, str]:
    thread = alice.post("/threads", json={}).json()["thread_id"]
    done = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "input": TURN})
    assert done.status_code == 200, done.text[:300]
    return str(thread), str(alice.get(f"/threads/{thread}/runs").json()[0]["run_id"])


def _socket_status(base: str, thread: str, key: str) -> int | str:
    """The HTTP status refusing the event WebSocket of ``thread``, or the first answer once open."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    async def talk() -> int | str:
        url = base.replace("http://", "ws://") + f"/threads/{thread}/stream/events"
        try:
            async with connect(url, additional_headers={"x-api-key": key}, open_timeout=60) as ws:
                await ws.send(json.dumps(SUBSCRIBE))
                return str(await asyncio.wait_for(ws.recv(), timeout=60))
        except InvalidStatus as refused:
            return int(refused.response.status_code)

    return asyncio.run(talk())


def test_a_threads_streams_are_not_found_for_a_caller_who_does_not_reach_it(served: Served) -> None:
    base, log = served
    alice = _client(base, ACME_KEY)
    thread, run_id = _conversation(alice)
    unknown = str(uuid.uuid4())
    for key, target in ((GLOBEX_KEY, thread), (ERIN_KEY, thread), (ACME_KEY, unknown)):
        caller = _client(base, key)
        answers = (
            caller.get(f"/threads/{target}/stream"),
            caller.get(f"/threads/{target}/runs/{run_id}/stream"),
            caller.post(f"/threads/{target}/stream/events", json={"channels": ["values"]}),
            caller.post(f"/threads/{target}/commands", json=SUBSCRIBE),  # the socket's frames over HTTP
        )
        for answer in answers:
            assert answer.status_code == 404, (key, answer.text[:300])
            assert answer.json() == {"detail": f"Thread with ID {target} not found"}, answer.text[:300]
        # Every GET route answers HEAD: it opened the stream (a 200 text/event-stream) unchecked.
        for path in (f"/threads/{target}/stream", f"/threads/{target}/runs/{run_id}/join"):
            headed = caller.head(path)
            assert headed.status_code == 404, (key, path, headed.headers)
        assert _socket_status(base, target, key) == 404
    text = log.read_text()
    assert "protocol thread stream failed" not in text and "Error streaming response" not in text


def test_a_refused_stream_answers_cors_and_is_logged_as_the_request_sent(served: Served) -> None:
    """The 404 was built in front of langgraph-api's CORS: a browser's request got no
    access-control header (an opaque failure where a plain read's 404 is readable), and the access
    log named the thread's GET, a request the client never sent, not the stream it asked for."""
    base, log = served
    bob = _client(base, GLOBEX_KEY)
    unknown = str(uuid.uuid4())
    plain = bob.get(f"/threads/{uuid.uuid4()}", headers=ORIGIN)
    assert plain.status_code == 404 and plain.headers["access-control-allow-origin"], plain.headers
    refused = bob.get(f"/threads/{unknown}/stream", headers=ORIGIN)
    assert refused.status_code == 404, refused.text[:300]
    cors = {k: v for k, v in refused.headers.items() if k.startswith("access-control-")}
    assert cors == {k: v for k, v in plain.headers.items() if k.startswith("access-control-")}
    line = f"GET /threads/{unknown}/stream 404"
    deadline = time.monotonic() + 60  # the server writes the line after the answer: wait for it
    while line not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert line in log.read_text()
    assert f"GET /threads/{unknown} 404" not in log.read_text()


def test_a_runs_stream_and_join_of_a_run_not_of_the_thread_are_not_found(served: Served) -> None:
    """On one's own thread, a run id of another tenant's thread (or no run's) was a 200 carrying
    "404: Run not found" (a stream's ``error`` event, a join's ``__error__`` body); now the stream
    and the join answer as ``GET /threads/{id}/runs/{run_id}`` does."""
    base, _ = served
    _, theirs = _conversation(_client(base, ACME_KEY))
    bob = _client(base, GLOBEX_KEY)
    mine = bob.post("/threads", json={}).json()["thread_id"]
    for run_id in (theirs, str(uuid.uuid4())):
        read = bob.get(f"/threads/{mine}/runs/{run_id}")
        assert read.status_code == 404, read.text[:300]
        for route in ("stream", "join"):
            answer = bob.get(f"/threads/{mine}/runs/{run_id}/{route}")
            assert (answer.status_code, answer.json()) == (404, read.json()), answer.text[:300]


def test_the_owner_still_streams_and_a_missing_key_is_still_401(served: Served) -> None:
    base, _ = served
    alice = _client(base, ACME_KEY)
    thread, run_id = _conversation(alice)
    assert alice.get(f"/threads/{thread}/runs/{run_id}/stream").status_code == 200  # a finished run
    joined = alice.get(f"/threads/{thread}/runs/{run_id}/join")
    assert joined.status_code == 200 and joined.json()["messages"][-1]["type"] == "ai", joined.text[:300]
    with alice.stream("POST", f"/threads/{thread}/stream/events", json={"channels": ["values"]}) as opened:
        assert opened.status_code == 200
        assert opened.headers["content-type"].startswith("text/event-stream")
    answer = json.loads(str(_socket_status(base, thread, ACME_KEY)))
    assert answer["type"] == "success" and answer["id"] == 1, answer
    keyless = httpx.post(f"{base}/threads/{thread}/stream/events", json={"channels": ["values"]}, timeout=60)
    assert keyless.status_code == 401, keyless.text[:300]
