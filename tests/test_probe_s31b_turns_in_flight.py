"""h8, session 31 #10: kassist serve bounds nobody's turns in flight. Measured live (kassist serve on
PostgreSQL): 400 concurrent turns of one member held another tenant's first turn 22-41 s (the whole
burst), and in one of three tries 398 of the 400 were 500s. langgraph dev refuses a user's runs past
``KASSIST_MAX_WAITING_RUNS_PER_USER`` (409, one line, at once); kassist serve's turns take no such
bound. Here the bound is 2 and one member sends 12 turns at once (in process, SQLite: each turn
holds the app for tens of milliseconds, so they overlap): some must be refused in one line naming
the setting, the rest answered, and another tenant's turn answered."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_harness import ACME_KEY, GLOBEX_KEY, KEYS

from graph.assistant.services import Services
from knowledge.embedders import HashingEmbedder
from server.keys import KeyTable
from server.langserve_app import create_app

BOUND = "KASSIST_MAX_WAITING_RUNS_PER_USER"


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(BOUND, "2")
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    services = Services.from_url(url, embedder=HashingEmbedder())
    with TestClient(create_app(url, KeyTable.model_validate({"keys": KEYS}), services=services)) as served:
        yield served


def _turn(thread: str) -> dict[str, object]:
    text = "What is the remote work policy, and who approves equipment requests? " * 3
    return {"input": {"messages": [["user", text]]}, "config": {"configurable": {"thread_id": thread}}}


def test_one_members_burst_of_turns_is_bounded_and_another_tenant_is_answered(client: TestClient) -> None:
    answers: list[Any] = []  # TestClient's responses
    start = threading.Barrier(12)

    def send(i: int) -> None:
        start.wait()
        answers.append(
            client.post("/assistant/invoke", headers={"x-api-key": ACME_KEY}, json=_turn(f"b-{i}"))
        )

    workers = [threading.Thread(target=send, args=(i,)) for i in range(12)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    codes = sorted(a.status_code for a in answers)
    refused = [a for a in answers if a.status_code != 200]
    assert refused and set(codes) <= {200, 409, 429}, codes
    for answer in refused:
        detail = answer.json()["detail"]
        assert isinstance(detail, str) and "\n" not in detail and BOUND in detail, detail
    other = client.post("/assistant/invoke", headers={"x-api-key": GLOBEX_KEY}, json=_turn("g-1"))
    assert other.status_code == 200, other.text
