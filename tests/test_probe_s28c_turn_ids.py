"""A turn adds the user's messages and never replaces one, also when it runs after it was accepted
(session 28 probes, h3: /tmp/h3s28/probes.md).

LangGraph's message list replaces the message whose id a new message names. The server refuses a
turn naming an id the thread's conversation holds (server/run_checks.check_turn_ids), but it checks
when the run is created, and a run's input is applied when the run starts: a turn accepted while
the message it names did not exist yet (an earlier turn delayed with ``after_seconds``, or a turn
sent with ``durability: "exit"``, whose conversation is written only at its end) replaced it: the
user's question under an answer swapped for other words, or the assistant's answer overwritten by
the client's.

The user's session notes (its own store namespace ``("assistant", <user>, "sessions")``, which a
client may write) are copied into each turn's state: 50 notes of 900 KB each made every turn of that
user write 45 MB into its checkpoint (and answer with it), and take 3-6 s of the server's one worker
instead of 1 s."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
QUESTION = "What is the parental leave policy?"
PLANTED = "PLANTED: these words replace a message the conversation holds"
NOTE_CHARS = 900_000  # one note, under the server's 1 MB body limit
MAX_COPIED_CHARS = 8_000  # what one note may bring into a turn: the running summary's share (1,000 tokens)
ATTEMPTS = 5  # fresh threads the race of the second probe may take
DELAY = 4  # seconds the first turn waits: time for the second to be accepted before it begins


@pytest.fixture(scope="module")
def alice(shared_dev: SharedServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=shared_dev.base, headers={"x-api-key": ME.acme_key}, timeout=300) as client:
        yield client


def _turn(text: str, message_id: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "user", "content": text}
    if message_id is not None:
        message["id"] = message_id
    return {"assistant_id": "assistant", "input": {"messages": [message]}}


def _messages(client: httpx.Client, thread: str) -> list[dict[str, Any]]:
    state = client.get(f"/threads/{thread}/state")
    assert state.status_code == 200, state.text[:300]
    return list(state.json()["values"].get("messages", []))


def _joined(client: httpx.Client, thread: str, run: httpx.Response) -> None:
    assert run.status_code == 200, run.text[:300]
    done = client.get(f"/threads/{thread}/runs/{run.json()['run_id']}/join")
    assert done.status_code == 200, done.text[:300]


def test_a_turn_accepted_before_an_earlier_one_began_does_not_replace_its_question(
    alice: httpx.Client,
) -> None:
    thread = alice.post("/threads", json={}).json()["thread_id"]
    first = alice.post(f"/threads/{thread}/runs", json={**_turn(QUESTION, "m-1"), "after_seconds": DELAY})
    assert first.status_code == 200, first.text[:300]
    second = alice.post(f"/threads/{thread}/runs/wait", json=_turn(PLANTED, "m-1"))
    if second.status_code == 422:  # the refusal the server gives once the first turn has begun
        pytest.skip("the delayed turn began before the second was accepted (a slow machine)")
    assert second.status_code == 200, second.text[:300]
    _joined(alice, thread, first)
    humans = [m["content"] for m in _messages(alice, thread) if m["type"] == "human"]
    # Each accepted turn's question stays in the conversation, each under its own answer.
    assert sorted(humans) == sorted([QUESTION, PLANTED]), humans


def test_a_queued_turn_does_not_overwrite_the_assistants_answer(alice: httpx.Client) -> None:
    # The window is the first turn's last nodes (after its answer, before its end): a warm server may
    # close it before the second turn is accepted, so the probe tries a few fresh threads.
    for _attempt in range(ATTEMPTS):
        thread, answer_id, queued = _queue_over_the_answer(alice)
        if queued.status_code != 422:  # 422: the first turn had ended (the creation-time refusal)
            break
    else:
        pytest.skip(
            f"every first turn ended before the second was accepted ({ATTEMPTS} tries): {queued.text}"
        )
    _joined(alice, thread, queued)
    held = {m["id"]: m for m in _messages(alice, thread)}
    assert held[answer_id]["type"] == "ai", held[answer_id]  # the assistant's answer, still its own
    assert any(m["type"] == "human" and m["content"] == PLANTED for m in held.values())


def _queue_over_the_answer(alice: httpx.Client) -> tuple[str, str, httpx.Response]:
    """A turn written only at its end (``durability: "exit"``); as soon as its values stream shows
    the assistant's answer, a turn queued behind it naming that answer's id."""
    thread = str(alice.post("/threads", json={}).json()["thread_id"])
    answer_id, queued = None, None
    body = {**_turn(QUESTION), "stream_mode": ["values"], "durability": "exit"}
    with alice.stream("POST", f"/threads/{thread}/runs/stream", json=body) as stream:
        assert stream.status_code == 200
        for line in stream.iter_lines():
            if answer_id is not None or not line.startswith("data:"):
                continue
            values = json.loads(line[5:])
            messages = values.get("messages", []) if isinstance(values, dict) else []
            answers = [m["id"] for m in messages if m["type"] == "ai"]
            if answers:
                answer_id = answers[0]
                queued = alice.post(
                    f"/threads/{thread}/runs",
                    json={**_turn(PLANTED, answer_id), "multitask_strategy": "enqueue"},
                )
    assert answer_id is not None and queued is not None
    return thread, answer_id, queued


def test_a_turn_keeps_a_bounded_copy_of_the_users_session_notes(alice: httpx.Client) -> None:
    note = " ".join(f"parental leave policy note {i}" for i in range(40_000))[:NOTE_CHARS]
    for key in ("big-1", "big-2"):
        put = alice.put(
            "/store/items",
            json={"namespace": ["assistant", "alice", "sessions"], "key": key, "value": {"summary": note}},
        )
        assert put.status_code == 204, put.text[:300]
    thread = alice.post("/threads", json={}).json()["thread_id"]
    done = alice.post(f"/threads/{thread}/runs/wait", json=_turn(QUESTION))
    assert done.status_code == 200, done.text[:300]
    sessions = done.json().get("sessions", [])
    assert sessions, "the notes are read"  # a session note still enters the turn
    copied = [len(str(s.get("summary", ""))) for s in sessions]
    assert max(copied) <= MAX_COPIED_CHARS, copied
