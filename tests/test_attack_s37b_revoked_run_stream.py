"""h20 s37 H20-1 (strict xfail): a run's stream opened by the run's create itself outlives its key's
revocation (the door next to 9f1c1d0's fix of H18-1).

docs/serving.md: a revoked key is refused by every server within a second, and since 9f1c1d0 an open
stream ends once its caller no longer reaches what it reads (server/thread_streams.py: ``GET
/threads/{id}/stream``, ``GET /threads/{id}/runs/{run_id}/stream`` and ``/join``, the
``/stream/events`` socket and ``/commands``). The routes that create a run and stream it in the same
request - ``POST /threads/{id}/runs/stream`` (what ``langgraph_sdk``'s ``client.runs.stream`` sends),
``/threads/{id}/runs/wait``, and the threadless ``/runs/stream`` and ``/runs/wait`` - are not in
``_STREAMS``: such a stream is checked at its open only, and goes on sending the run's events (here an
ingestion run's progress: the tenant's document names and counters; an assistant turn's: the answer
and the passages it quoted) to the revoked key's holder for as long as the run lasts, while the same
run's stream opened by ``GET /threads/{id}/runs/{run_id}/stream`` is ended within a second.

Expected: once the key is refused, no event of the stream is sent (allowing the fix's one-second
re-check). The shared ``langgraph dev`` (hashing), a managed key of this file's tenant made and revoked
in its database as ``kassist keys create|revoke`` do, an ingestion run of 600 small notes; ~10 s."""

from __future__ import annotations

import json
import threading
import time

import httpx
from shared_servers import SharedServer, file_tenants

from server.key_store import open_key_store

ME = file_tenants(__name__)
GRACE_S = 2.5  # the key cache's second plus the stream's one-second re-check, and some slack


def _create(db_url: str, identity: str) -> str:
    store = open_key_store(db_url)
    try:
        token, _ = store.for_tenant(ME.acme).create(identity, "member")
    finally:
        store.close()
    return token


def _revoke(db_url: str, token: str) -> None:
    store = open_key_store(db_url)
    try:
        assert store.for_tenant(ME.acme).revoke(token.split("_")[1])
    finally:
        store.close()


def test_a_run_streamed_by_its_create_sends_nothing_once_its_key_is_revoked(
    shared_dev_hashing: SharedServer,
) -> None:
    base, db_url = shared_dev_hashing.base, shared_dev_hashing.db_url
    folder = shared_dev_hashing.corpus(ME.acme).parent / "h20-many"
    folder.mkdir(exist_ok=True)
    for n in range(600):
        (folder / f"note-{n:03}.md").write_text(
            f"# Note {n}\n\nRoom {n} is booked in the facilities app by the desk team, floor {n % 7}.\n"
        )
    settings = {"source": str(folder), "collection": "h20many", "embedder": "hashing"}
    leaked = _create(db_url, "maria")
    thread = httpx.post(f"{base}/threads", json={}, headers={"x-api-key": leaked}, timeout=60).json()[
        "thread_id"
    ]
    heard: list[tuple[float, str]] = []
    first, done = threading.Event(), threading.Event()

    def listen() -> None:  # the leaked key's holder, streaming the run it created
        body = {"assistant_id": "ingestion", "input": {"settings": settings}, "stream_mode": ["updates"]}
        try:
            with httpx.stream(
                "POST", f"{base}/threads/{thread}/runs/stream", json=body,
                headers={"x-api-key": leaked}, timeout=120,
            ) as stream:  # fmt: skip
                heard.append((time.monotonic(), f"status {stream.status_code}"))
                for line in stream.iter_lines():
                    if line.startswith("data:"):
                        heard.append((time.monotonic(), line))
                        first.set()
        except httpx.HTTPError as exc:
            heard.append((time.monotonic(), f"ended: {exc!r}"))
        finally:
            first.set()
            done.set()

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    try:
        assert first.wait(60) and heard[:1] and heard[0][1] == "status 200", heard[:3]
        _revoke(db_url, leaked)
        deadline = time.monotonic() + 10
        while httpx.get(f"{base}/threads/{thread}", headers={"x-api-key": leaked}, timeout=30).is_success:
            assert time.monotonic() < deadline, "the revoked key was still accepted after 10 s"
            time.sleep(0.1)
        refused = time.monotonic()
        done.wait(60)
        late = [line for at, line in heard if at > refused + GRACE_S]
        assert not late, (
            f"{len(late)} events of the run's stream reached the revoked key's holder more than "
            f"{GRACE_S} s after the key was refused, the last: {json.dumps(late[-1])[:300]}"
        )
    finally:
        done.wait(60)
        listener.join(timeout=15)
        httpx.delete(f"{base}/threads/{thread}", headers={"x-api-key": ME.admin_key}, timeout=60)
