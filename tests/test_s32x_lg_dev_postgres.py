"""``langgraph dev`` on PostgreSQL: one server for the file (a fresh database of the suite's server,
the hashing embedder and no language model, ``RESUMABLE_STREAM_TTL_SECONDS`` of 1 s for H18-6), so the
three tests below pay one server start, not two (they were two files, each with its own server:
test_attack_s37_pg_dev.py, h18 s37, joined here in session 38).

h8 s31 #14: its routes answer a database it cannot use as ``kassist serve`` does, through the one
middleware both run (server/db_refusals.py). With the database turned read-only under the running
server (a failover to a standby; here ``default_transaction_read_only`` and its sessions ended, so the
pool reconnects read-only), a run's creation (the auth handler's accepted-run record) and a store write
were a 500 with a traceback; now 503, Retry-After and one line naming the kind, and the same run goes
through once the database is writable again.

H18-3 (fixed: 0064bd2): a thread deleted while its turn records the session note keeps the note.
docs/serving.md (the store row): "a thread's session note (key: the thread id) lives as long as its
thread: ``DELETE /threads/{id}`` ... delete the notes of it" - before session 28 a deleted
conversation's last question kept entering the user's later turns as an earlier session. The delete
forgets the notes in its ``threads:delete`` handler (server/thread_forget.forget_deleted), before
langgraph-api deletes the thread and cancels its run; a turn whose ``record_turn`` node is running
then (a node in an executor thread: the cancel does not stop it) writes the note after the forget,
and it stays for good. Live on SQLite (session 37): one delete in four or five, sent ~0.6-0.8 s into a
turn, left ``("assistant", "alice", "sessions")`` key <the deleted thread>: "Last question: ...".
Held open here on PostgreSQL: a trigger sleeps in the note's insert (its transaction uncommitted), the
thread is deleted meanwhile (204: the handler's delete finds no committed note), the insert commits.
Expected: no note of a deleted thread is left (the note's writer checks its thread still exists after
its write, or a delete leaves a mark the write reads).

H18-6 (fixed: 38cd1a7): a resumable run's events are kept in langgraph dev's memory for the server's
lifetime. langgraph-api's own setting says how long a resumable stream may be replayed
(``RESUMABLE_STREAM_TTL_SECONDS``, default 120 s); the in-memory runtime stores every event of every
run sent with ``stream_resumable: true`` (and of every run the event-streaming commands start: their
``run.start`` sets it) in ``message_stores[thread][run]`` and never drops one - no TTL, no delete (a
thread's delete neither: H18-5). Live (session 37): 12 turns of one member's thread grew the server by
~18-21 MB resumable, ~0.7 MB not; 30 turns ~90 MB, growing with the conversation (each ``values``
event holds it whole). Any member grows the one process every tenant is served by until it is killed
for memory. Here with ``RESUMABLE_STREAM_TTL_SECONDS=1``: a turn's events are still replayed from the
start (``Last-Event-ID: 0-0``) seconds after the window. Expected: not after the window."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from databases import fresh_database
from server_harness import ACME_KEY, serving_langgraph_dev
from test_probe_s31b_serve_db import _read_only  # ALTER DATABASE ... read-only, sessions ended

STALL_S = 4
REPLAY_WINDOW_S = 1


@pytest.fixture(scope="module")
def dev(pg_server_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[httpx.Client, str]]:
    tmp: Path = tmp_path_factory.mktemp("s32x-lg-pg")
    with fresh_database(pg_server_url, "kassist_s32x_lg") as url:
        env = {
            "KASSIST_DATABASE_URL": url,
            "KASSIST_EMBEDDER": "hashing",
            "OPENAI_API_KEY": "",
            "OPENAI_BASE_URL": "",
            "RESUMABLE_STREAM_TTL_SECONDS": str(REPLAY_WINDOW_S),  # H18-6's window; no other test streams
        }
        with (
            serving_langgraph_dev(tmp, env) as served,
            httpx.Client(base_url=served.base, headers={"x-api-key": ACME_KEY}, timeout=120) as client,
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


def _notes(client: httpx.Client) -> dict[str, object]:
    found = client.post(
        "/store/items/search", json={"namespace_prefix": ["assistant", "alice", "sessions"], "limit": 100}
    )
    assert found.status_code == 200, found.text[:300]
    return {item["key"]: item["value"] for item in found.json()["items"]}


def test_a_thread_deleted_while_its_turn_writes_its_note_leaves_no_note(
    dev: tuple[httpx.Client, str],
) -> None:
    client, url = dev
    warm = client.post("/threads", json={}).json()["thread_id"]  # the store's tables exist after a turn
    question = {
        "assistant_id": "assistant",
        "input": {"messages": [{"role": "user", "content": "Where is HR?"}]},
    }
    assert client.post(f"/threads/{warm}/runs/wait", json=question).status_code == 200
    thread = str(uuid.uuid4())
    assert client.post("/threads", json={"thread_id": thread}).status_code == 200
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "CREATE FUNCTION h18_stall() RETURNS trigger LANGUAGE plpgsql AS "
            f"$$ BEGIN PERFORM pg_sleep({STALL_S}); RETURN NEW; END $$"
        )
        conn.execute(
            "CREATE TRIGGER h18_stall BEFORE INSERT ON kassist_store_items FOR EACH ROW "
            f"WHEN (NEW.key = '{thread}') EXECUTE FUNCTION h18_stall()"
        )
        try:
            secret = "My diagnosis is burnout; how many sick days do I get?"
            body = {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": secret}]}}
            assert client.post(f"/threads/{thread}/runs", json=body).status_code == 200
            deadline = time.monotonic() + 60
            while not conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND query ILIKE %s",
                ("%kassist_store_items%",),
            ).fetchone()[0]:  # type: ignore[index]
                assert time.monotonic() < deadline, "the turn never reached its note's insert"
                time.sleep(0.05)
            gone = client.delete(f"/threads/{thread}")  # the note's insert is in flight, uncommitted
            assert gone.status_code in (200, 204), gone.text[:300]
            time.sleep(STALL_S + 2)  # the insert commits; the run is cancelled or ends
        finally:
            conn.execute("DROP TRIGGER IF EXISTS h18_stall ON kassist_store_items")
            conn.execute("DROP FUNCTION IF EXISTS h18_stall()")
    left = _notes(client)
    assert thread not in left, f"the deleted thread's session note is still the user's: {left.get(thread)!r}"


def _replayed(client: httpx.Client, thread: str, seconds: float = 3.0) -> str:
    """What ``GET /threads/{thread}/stream`` from the start (``Last-Event-ID: 0-0``) sends in ``seconds``."""
    heard: list[str] = []
    stop = threading.Event()

    def listen() -> None:
        try:
            with client.stream(
                "GET", f"/threads/{thread}/stream", headers={"last-event-id": "0-0"}
            ) as stream:
                heard.append(f"status {stream.status_code}")
                for line in stream.iter_lines():  # a replay comes at once, then heartbeats
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


def test_a_resumable_runs_events_are_not_replayed_after_the_replay_window(
    dev: tuple[httpx.Client, str],
) -> None:
    client, _ = dev
    thread = client.post("/threads", json={}).json()["thread_id"]
    asked = "Which office has the bike storage, and how many desks are there?"
    turn = client.post(
        f"/threads/{thread}/runs/wait",
        json={
            "assistant_id": "assistant",
            "input": {"messages": [{"role": "user", "content": asked}]},
            "stream_resumable": True,
        },
    )
    assert turn.status_code == 200, turn.text[:300]
    time.sleep(REPLAY_WINDOW_S + 2)  # past RESUMABLE_STREAM_TTL_SECONDS
    said = _replayed(client, thread)
    assert said.startswith("status 200"), said[:300]
    assert asked not in said, (
        f"the turn's events are replayed {REPLAY_WINDOW_S + 2} s after it ended: {said[:300]}"
    )
