"""Probe (session 29, h3): an admin's turn on a member's conversation, read back by the member.

docs/serving.md: threads are per member, "an admin of the tenant reads and continues it, and the
member stays its owner"; the store keeps every user's assistant memory their own ("a member cannot
read, search, list or delete another user's" - 403). But a turn loads the memories and session
notes of the key's user into the thread's state, and the thread is the member's: when the admin
continues it, the admin's own memories (a fact the admin asked the assistant to keep) and the last
questions of the admin's other conversations are written into the member's conversation, where
the member reads them with ``GET /assistant/threads/{id}/state`` (and in the answer's quotes).
Seen live on `kassist serve`: the admin's "my bank PIN hint is ..." question from a private thread
and the admin's home address, in the member's state.

In process (LangServe's ASGI app, one SQLite file, the hashing embedder, the offline responder).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_harness import ACME_ADMIN_KEY, ACME_KEY, KEYS

from graph.assistant.services import Services
from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryManager
from server.keys import KeyTable
from server.langserve_app import create_app

ADDRESS = "Olga lives at 12 Keizersgracht, Amsterdam"
PRIVATE_QUESTION = "My confidential salary review with the board: what is the relocation bonus policy?"


def _turn(client: TestClient, key: str, thread: str, text: str) -> dict[str, Any]:
    body = {"input": {"messages": [["user", text]]}, "config": {"configurable": {"thread_id": thread}}}
    done = client.post("/assistant/invoke", json=body, headers={"x-api-key": key})
    assert done.status_code == 200, done.text
    return dict(done.json())


@pytest.fixture(scope="module")
def member_views(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The member's own reads of her threads after the admin continued them, by the route the admin
    used (``invoke``; ``batch``, whose inputs LangServe configures one by one), as JSON text."""
    tmp: Path = tmp_path_factory.mktemp("admin-turns")
    url = f"sqlite:///{tmp / 'kassist.db'}"
    with MemoryManager.from_url(url) as manager:
        kept = manager.for_tenant("acme").remember("olga", "fact", "home_address", ADDRESS, "user_explicit")
    assert kept.action.value == "added"
    mp = pytest.MonkeyPatch()
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):  # the offline extractive responder
        mp.delenv(name, raising=False)
    services = Services.from_url(url, embedder=HashingEmbedder())
    try:
        with TestClient(
            create_app(url, KeyTable.model_validate({"keys": KEYS}), services=services)
        ) as client:
            _turn(client, ACME_ADMIN_KEY, "olga-private", PRIVATE_QUESTION)  # the admin's own conversation
            _turn(client, ACME_KEY, "alice-thread", "What is the parental leave policy?")
            _turn(client, ACME_KEY, "alice-batched", "What is the parental leave policy?")
            _turn(client, ACME_ADMIN_KEY, "alice-thread", "Where in Amsterdam is the relocation bonus paid?")
            batch = {
                "inputs": [{"messages": [["user", "Where in Amsterdam is the relocation bonus paid?"]]}],
                "config": [{"configurable": {"thread_id": "alice-batched"}}],
            }
            done = client.post("/assistant/batch", json=batch, headers={"x-api-key": ACME_ADMIN_KEY})
            assert done.status_code == 200, done.text
            views = {}
            for route, thread in (("invoke", "alice-thread"), ("batch", "alice-batched")):
                state = client.get(f"/assistant/threads/{thread}/state", headers={"x-api-key": ACME_KEY})
                assert state.status_code == 200, state.text
                views[route] = json.dumps(state.json(), ensure_ascii=False)
            yield views
    finally:
        mp.undo()


def test_the_member_does_not_read_the_admins_other_conversations(member_views: dict[str, str]) -> None:
    assert PRIVATE_QUESTION not in member_views["invoke"]


def test_the_member_does_not_read_the_admins_memories(member_views: dict[str, str]) -> None:
    assert "Keizersgracht" not in member_views["invoke"]


def test_an_admins_batched_turn_writes_none_of_the_admins_memory_either(member_views: dict[str, str]) -> None:
    assert PRIVATE_QUESTION not in member_views["batch"]
    assert "Keizersgracht" not in member_views["batch"]
