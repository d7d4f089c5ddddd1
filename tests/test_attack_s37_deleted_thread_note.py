"""h18 s37 H18-3 (strict xfail): a thread deleted while its turn records the session note keeps the note.

docs/serving.md (the store row): "a thread's session note (key: the thread id) lives as long as its
thread: ``DELETE /threads/{id}`` ... delete the notes of it" - before session 28 a deleted
conversation's last question kept entering the user's later turns as an earlier session. The delete
forgets the notes in its ``threads:delete`` handler (server/accepted_runs.forget_deleted), before
langgraph-api deletes the thread and cancels its run; a turn whose ``record_turn`` node is running
then (a node in an executor thread: the cancel does not stop it) writes the note after the forget,
and it stays for good. Live on SQLite (session 37): one delete in four or five, sent ~0.6-0.8 s into a
turn, left ``("assistant", "alice", "sessions")`` key <the deleted thread>: "Last question: ...".

Held open here on PostgreSQL: a trigger sleeps in the note's insert (its transaction uncommitted), the
thread is deleted meanwhile (204: the handler's delete finds no committed note), the insert commits.
Expected: no note of a deleted thread is left (forget after the thread's runs are stopped, or the
note's writer checks its thread still exists in the same transaction). A ``langgraph dev`` of the
file's own on a fresh database of the suite's PostgreSQL (hashing, no model); ~15 s wall."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from databases import fresh_database
from server_harness import ACME_KEY, serving_langgraph_dev

STALL_S = 4


@pytest.fixture(scope="module")
def dev(pg_server_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[httpx.Client, str]]:
    tmp: Path = tmp_path_factory.mktemp("s37-note-race")
    with fresh_database(pg_server_url, "kassist_s37_note") as url:
        env = {
            "KASSIST_DATABASE_URL": url,
            "KASSIST_EMBEDDER": "hashing",
            "OPENAI_API_KEY": "",
            "OPENAI_BASE_URL": "",
        }
        with (
            serving_langgraph_dev(tmp, env) as served,
            httpx.Client(base_url=served.base, headers={"x-api-key": ACME_KEY}, timeout=120) as client,
        ):
            yield client, url


def _notes(client: httpx.Client) -> dict[str, object]:
    found = client.post(
        "/store/items/search", json={"namespace_prefix": ["assistant", "alice", "sessions"], "limit": 100}
    )
    assert found.status_code == 200, found.text[:300]
    return {item["key"]: item["value"] for item in found.json()["items"]}


@pytest.mark.xfail(
    strict=True, reason="H18-3: a thread deleted while its turn writes the session note keeps the note"
)
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
