"""h18 s37 H18-2 (strict xfail): a thread's event stream outlives its thread's delete and then carries
another tenant's conversation under the same id.

docs/serving.md: thread ids are "one namespace for every tenant"; while acme's thread holds an id,
globex's create of it is 409, and every read of another tenant's thread is "not found". A stream is
checked once, when it opens (server/thread_streams.py). So: alice (acme) makes a thread with an id of
her choosing (``POST /threads`` takes any UUID), opens ``GET /threads/{id}/stream`` and deletes the
thread: the stream stays open (heartbeats), and when globex's bob makes a thread of that id (a client
that derives its ids - uuid5 of a session name - picks it again; the id is free once deleted) his
question and the answer from globex's knowledge base arrive on alice's stream. Live (session 37):
204 for the delete, the stream still open, bob's 200s, his words on alice's stream.

Not H18-1's case: alice's key stays valid; what changed is whose thread the id names. Expected: a
thread's open streams end when it is deleted (``DELETE /threads/{id}``, a prune), or never carry a
thread the caller does not reach. The shared ``langgraph dev`` (hashing flavour); ~3 s."""

from __future__ import annotations

import threading
import time
import uuid

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)
BOB = "Bob of globex here: our merger with Initech closes on Friday; what is my notice period?"


def test_a_deleted_threads_stream_never_carries_another_tenants_thread_of_the_same_id(
    shared_dev_hashing: SharedServer,
) -> None:
    base = shared_dev_hashing.base
    alice, bob = {"x-api-key": ME.acme_key}, {"x-api-key": ME.globex_key}
    thread = str(uuid.uuid4())
    made = httpx.post(f"{base}/threads", json={"thread_id": thread}, headers=alice, timeout=60)
    assert made.status_code == 200, made.text[:300]
    heard: list[str] = []
    opened, stop = threading.Event(), threading.Event()

    def listen() -> None:
        try:
            with httpx.stream("GET", f"{base}/threads/{thread}/stream", headers=alice, timeout=60) as stream:
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
        gone = httpx.delete(f"{base}/threads/{thread}", headers=alice, timeout=60)
        assert gone.status_code in (200, 204), gone.text[:300]
        again = httpx.post(f"{base}/threads", json={"thread_id": thread}, headers=bob, timeout=60)
        assert again.status_code == 200, again.text[:300]  # the id is free: globex's thread now
        turn = httpx.post(
            f"{base}/threads/{thread}/runs/wait",
            json={"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": BOB}]}},
            headers=bob,
            timeout=120,
        )
        assert turn.status_code == 200, turn.text[:300]
        time.sleep(1)  # the turn's last events on their way
        said = "\n".join(heard)
        assert BOB not in said, (
            "acme's alice's stream of her deleted thread received globex's bob's turn on his thread of that id: "
            + said[max(0, said.index(BOB) - 200) : said.index(BOB) + 200]
        )
    finally:
        stop.set()
        listener.join(timeout=15)
        httpx.delete(f"{base}/threads/{thread}", headers=bob, timeout=60)
