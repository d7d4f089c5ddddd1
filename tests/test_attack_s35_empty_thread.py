"""A thread made on ``langgraph dev`` is its maker's on every door of the database from the moment it
is made, not only from its first run (h14 s35 H1).

``POST /threads`` stamps the thread's owner in langgraph dev's registry, which lives in that process's
memory. The other doors on the same database read a thread's owner from its checkpoints, or, before
the first one, from the record of its first accepted run (server/accepted_runs.py): a thread that was
made but holds no run yet has neither. So on ``kassist serve`` (the same database, the same keys) a
member who names another member's new thread is told nothing and starts a conversation there: the
turn is a 200 and its checkpoints go into the other member's thread. The thread's maker then reads
that conversation (her next turn continues it: its answer and her thread's state hold the other
member's words and what was recalled for them), and on ``kassist serve`` her own thread answers her
404 (its checkpoints now say it is the other member's). What should happen is what happens once the
thread holds a run: another member's turn is 404 ``thread '<id>' not found``, before anything runs.

One thread and one turn on the shared ``langgraph dev`` (hashing flavour), one turn through
``kassist serve``'s app in process on the shared database (no run worker: ``KASSIST_RUN_WORKERS=0``):
6.8 s user + 1.1 s sys of CPU for the file alone, the shared server's start and pytest's included."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from review_support import offline_turns, serve_app, serve_turn
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)


def test_another_members_turn_on_a_new_langgraph_dev_thread_is_not_found(
    shared_dev_hashing: SharedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    offline_turns(monkeypatch)  # no worker polling the shared database
    dev = httpx.Client(base_url=shared_dev_hashing.base, timeout=120)
    alice = {"x-api-key": ME.acme_key}
    made = dev.post("/threads", headers=alice, json={})
    assert made.status_code == 200, made.text
    thread = made.json()["thread_id"]

    app = serve_app(shared_dev_hashing.db_url, ME.keys)
    said = "Erin here: my sick leave starts Monday, the diagnosis is burnout."
    turn = serve_turn(app, ME.erin_key, thread, said)
    # The maker's next turn continues the conversation its thread holds: erin's, with her words.
    mine = dev.post(
        f"/threads/{thread}/runs/wait",
        headers=alice,
        json={
            "assistant_id": "assistant",
            "input": {"messages": [{"role": "user", "content": "What did I ask?"}]},
        },
    )
    assert mine.status_code == 200, mine.text[:300]
    assert "burnout" not in mine.text, mine.text[:300]
    assert turn.status_code == 404, turn.text[:300]
    assert turn.json() == {"detail": f"thread {thread!r} not found"}
