"""A LangServe batch counts as many turns in flight as it holds inputs (h14 s35 H6).

``kassist serve`` bounds the assistant turns one user (``KASSIST_MAX_WAITING_RUNS_PER_USER``, default
100) and one tenant (``..._PER_TENANT``, 1000) has in flight (server/turn_limits.py; docs/serving.md's
limits table: "assistant turns in flight (kassist serve: any POST /assistant/...)"), since one member's
burst of 400 concurrent turns held another tenant's first turn 22-41 s (h8 s31 #10). But the bound
counts requests: ``/assistant/batch`` with up to ``KASSIST_MAX_BATCH_RUNS`` (50) inputs takes one
place, and LangServe runs the batch's turns at once. So a member keeps 100 x 50 = 5,000 turns in
flight (the 400 of h8's burst in 8 requests), where langgraph dev counts a batch whole ("a batch
counts whole: one whose runs would cross the limit is refused and none of its runs is queued").

Here the bound is 2 turns per user and one batch holds 3: it should be refused (409) before any of
its turns runs; on HEAD all three run (200). The LangServe app in process on a SQLite file, three
one-line turns with the hashing embedder and the extractive responder: 4.7 s user + 0.9 s sys of CPU
for the file alone, pytest's start included."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_harness import ACME_KEY, KEYS

from checkpointer import TenantCheckpointer
from graph.assistant.services import Services
from knowledge.embedders import HashingEmbedder
from server.keys import KeyTable
from server.langserve_app import create_app


def test_a_batch_over_the_turns_in_flight_bound_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):  # the offline extractive responder
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KASSIST_MAX_WAITING_RUNS_PER_USER", "2")
    monkeypatch.setenv("KASSIST_RUN_WORKERS", "0")
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    app = create_app(
        url,
        KeyTable.model_validate({"keys": KEYS}),
        services=Services.from_url(url, embedder=HashingEmbedder()),
    )
    threads = ("b-1", "b-2", "b-3")
    body = {
        "inputs": [
            {"messages": [{"type": "human", "content": "Where is the Amsterdam office?"}]} for _ in threads
        ],
        "config": [{"configurable": {"thread_id": thread}} for thread in threads],
    }
    with TestClient(app) as client:
        batch = client.post("/assistant/batch", json=body, headers={"x-api-key": ACME_KEY})
    with TenantCheckpointer.from_url(url) as saver:
        ran = [t for t in threads if saver.for_tenant("acme").get_tuple({"configurable": {"thread_id": t}})]
    assert batch.status_code == 409, (batch.status_code, batch.text[:300], ran)
    assert "in flight" in batch.json()["detail"] and ran == [], batch.text[:300]
