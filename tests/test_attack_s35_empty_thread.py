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
from fastapi.testclient import TestClient
from shared_servers import SharedServer, file_tenants

from graph.assistant.services import Services
from knowledge.embedders import HashingEmbedder
from server.keys import KeyTable
from server.langserve_app import create_app

ME = file_tenants(__name__)


def test_another_members_turn_on_a_new_langgraph_dev_thread_is_not_found(
    shared_dev_hashing: SharedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):  # the offline extractive responder
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KASSIST_RUN_WORKERS", "0")  # no worker polling the shared database
    dev = httpx.Client(base_url=shared_dev_hashing.base, timeout=120)
    alice = {"x-api-key": ME.acme_key}
    made = dev.post("/threads", headers=alice, json={})
    assert made.status_code == 200, made.text
    thread = made.json()["thread_id"]

    url = shared_dev_hashing.db_url
    app = create_app(
        url,
        KeyTable.model_validate({"keys": ME.keys}),
        services=Services.from_url(url, embedder=HashingEmbedder()),
    )
    said = "Erin here: my sick leave starts Monday, the diagnosis is burnout."
    with TestClient(app) as serve:
        turn = serve.post(
            "/assistant/invoke",
            headers={"x-api-key": ME.erin_key},
            json={
                "input": {"messages": [{"type": "human", "content": said}]},
                "config": {"configurable": {"thread_id": thread}},
            },
        )
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
