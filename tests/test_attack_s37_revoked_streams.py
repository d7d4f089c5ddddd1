"""h18 s37 H18-1 (strict xfail): a thread's event stream opened with a key outlives the key's revocation.

docs/serving.md (managed keys): ``kassist keys revoke`` - "every server on this database refuses it
within a second"; the console's revoke "takes effect in this process at once". A key is revoked
because it leaked. But langgraph dev authenticates a stream once, when it opens: ``GET
/threads/{id}/stream`` (langgraph-api's thread stream, kept open by heartbeats for as long as the
client holds it; server/thread_streams.py checks the caller at the open only) keeps sending the
thread's events to the revoked key's holder. Live (session 37): maria's leaked key opens her thread's
stream; the operator revokes it (new requests with it: 401 within a second) and gives maria a new key;
maria's next turn on her thread, sent with the new key - her question, the answer, the memories and
passages it used - arrives on the revoked key's stream. The same holds for a run's stream and join
(``/threads/{id}/runs/{run_id}/stream``) and the ``/threads/{id}/stream/events`` WebSocket.

Expected: once the key is refused, its open streams end (or send nothing more). The shared
``langgraph dev`` (hashing flavour), a managed key of this file's tenant made and revoked in its
database as ``kassist keys create|revoke`` do; ~3 s."""

from __future__ import annotations

import threading
import time

import httpx
from shared_servers import SharedServer, file_tenants

from server.key_store import open_key_store

ME = file_tenants(__name__)
SECRET = "Maria here, on my new key: my salary is 91000 EUR and I am on sick leave; how many days do I have?"


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


def test_a_thread_stream_opened_with_a_key_sends_nothing_once_the_key_is_revoked(
    shared_dev_hashing: SharedServer,
) -> None:
    base, db_url = shared_dev_hashing.base, shared_dev_hashing.db_url
    leaked = _create(db_url, "maria")
    made = httpx.post(f"{base}/threads", json={}, headers={"x-api-key": leaked}, timeout=60)
    thread = made.json()["thread_id"]
    heard: list[str] = []
    opened, stop = threading.Event(), threading.Event()

    def listen() -> None:  # the leaked key's holder, listening to maria's thread
        try:
            with httpx.stream(
                "GET", f"{base}/threads/{thread}/stream", headers={"x-api-key": leaked}, timeout=60
            ) as stream:
                heard.append(f"status {stream.status_code}")
                opened.set()
                for line in stream.iter_lines():  # heartbeats come every few seconds: stop is seen
                    heard.append(line)
                    if stop.is_set():
                        return
        except httpx.HTTPError as exc:
            heard.append(f"ended: {exc!r}")
        finally:
            opened.set()

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    try:
        assert opened.wait(30) and heard[:1] == ["status 200"], heard[:3]
        _revoke(db_url, leaked)
        deadline = time.monotonic() + 10
        while httpx.get(f"{base}/threads/{thread}", headers={"x-api-key": leaked}, timeout=30).is_success:
            assert time.monotonic() < deadline, "the revoked key was still accepted after 10 s"
            time.sleep(0.2)
        fresh = _create(db_url, "maria")  # the operator's replacement: the same user, her thread
        turn = httpx.post(
            f"{base}/threads/{thread}/runs/wait",
            json={"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": SECRET}]}},
            headers={"x-api-key": fresh},
            timeout=120,
        )
        assert turn.status_code == 200, turn.text[:300]
        time.sleep(1)  # the turn's last events on their way
        said = "\n".join(heard)
        assert SECRET not in said, (
            "the revoked key's open stream of maria's thread received her turn sent with her new key: "
            + said[max(0, said.index(SECRET) - 200) : said.index(SECRET) + 200]
        )
    finally:
        stop.set()
        listener.join(timeout=15)
        httpx.delete(f"{base}/threads/{thread}", headers={"x-api-key": ME.admin_key}, timeout=60)
