"""h18 s37 H18-5 (strict xfail): a deleted thread's resumable events are replayed to whoever makes a
thread of its id next, another tenant included.

docs/serving.md: thread ids are one namespace for every tenant; a thread's delete removes its
conversation (checkpoints, the accepted-run record, the session notes), and another tenant's thread is
"not found". langgraph dev keeps the events of every resumable run (``stream_resumable: true`` on a
run - langgraph_sdk's reconnecting streams; the event-streaming commands' ``run.start`` sets it on
every run) in memory under the thread id, for the server's lifetime; a thread's delete leaves them. So
after acme's alice deletes her conversation, globex's bob makes a thread of that id (free again) and
``GET /threads/{id}/stream`` with ``Last-Event-ID: 0-0`` replays alice's deleted turn: her question,
the answer, the passages it quoted from acme's knowledge base. Live (session 37): the replay carried
alice's words after her 204. (A non-resumable run keeps nothing: the same steps replay nothing.)

Expected: nothing of a deleted thread is replayed to the next thread of its id. The shared
``langgraph dev`` (hashing); ~3 s."""

from __future__ import annotations

import threading
import time
import uuid

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)
ALICE = "Alice here: my salary is 91000 EUR and I am leaving in May; how many leave days are left?"


def _replayed(base: str, thread: str, key: str, seconds: float = 3.0) -> str:
    """What ``GET /threads/{thread}/stream`` from the start (``Last-Event-ID: 0-0``) sends in ``seconds``."""
    heard: list[str] = []
    stop = threading.Event()

    def listen() -> None:
        headers = {"x-api-key": key, "last-event-id": "0-0"}
        try:
            with httpx.stream(
                "GET", f"{base}/threads/{thread}/stream", headers=headers, timeout=30
            ) as stream:
                heard.append(f"status {stream.status_code}")
                for line in stream.iter_lines():  # the replay comes at once, then heartbeats
                    heard.append(line)
                    if stop.is_set():
                        return
        except httpx.HTTPError as exc:
            heard.append(f"ended: {exc!r}")

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    time.sleep(seconds)
    stop.set()
    listener.join(timeout=15)
    return "\n".join(heard)


def test_a_deleted_threads_events_are_never_replayed_to_the_next_thread_of_its_id(
    shared_dev_hashing: SharedServer,
) -> None:
    base = shared_dev_hashing.base
    alice, bob = {"x-api-key": ME.acme_key}, {"x-api-key": ME.globex_key}
    thread = str(uuid.uuid4())
    assert (
        httpx.post(f"{base}/threads", json={"thread_id": thread}, headers=alice, timeout=60).status_code
        == 200
    )
    turn = httpx.post(
        f"{base}/threads/{thread}/runs/wait",
        json={
            "assistant_id": "assistant",
            "input": {"messages": [{"role": "user", "content": ALICE}]},
            "stream_resumable": True,
        },
        headers=alice,
        timeout=120,
    )
    assert turn.status_code == 200, turn.text[:300]
    gone = httpx.delete(f"{base}/threads/{thread}", headers=alice, timeout=60)
    assert gone.status_code in (200, 204), gone.text[:300]
    try:
        again = httpx.post(f"{base}/threads", json={"thread_id": thread}, headers=bob, timeout=60)
        assert again.status_code == 200, again.text[:300]  # the id is free: globex's thread now
        said = _replayed(base, thread, ME.globex_key)
        assert ALICE not in said, (
            "globex's bob, on his new thread of the id, replays acme's alice's deleted turn: "
            + said[max(0, said.index(ALICE) - 200) : said.index(ALICE) + 200]
        )
    finally:
        httpx.delete(f"{base}/threads/{thread}", headers=bob, timeout=60)
