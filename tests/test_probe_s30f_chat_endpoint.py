"""h6 (session 30): a language model that cannot answer gives the extractive answer opened by a note
(docs/assistant.md). On a server that note goes to a remote client and into the thread's checkpoint,
and it quoted ``KASSIST_CHAT_BASE_URL`` whole: a URL carrying credentials
(``https://user:token@llm.internal/v1``, or a gateway's ``?api-key=``) was told to every user of every
tenant. Configuration stays on the server (the ingestion root is never named to a client either)."""

from __future__ import annotations

from pathlib import Path

import pytest
from runs_api_harness import ADMIN, env_for, serving

SECRET = "s3cret-gateway-token"


def test_the_fallback_note_tells_a_client_no_credential_of_the_chat_endpoint(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KASSIST_EMBEDDER", "hashing")  # no model load: the note is what is tested
    url = f"http://kassist:{SECRET}@127.0.0.1:9/v1?api-key={SECRET}"
    env = env_for(tmp_path, None, KASSIST_CHAT_BASE_URL=url)
    turn = {
        "input": {"messages": [{"type": "human", "content": "How many days of annual leave?"}]},
        "config": {"configurable": {"thread_id": "t1"}},
    }
    with serving(sqlite_url, monkeypatch, env) as client:
        answer = client.post("/assistant/invoke", json=turn, headers=ADMIN)
    assert answer.status_code == 200, answer.text[:300]
    assert "could not answer" in answer.text  # the note is there: the fallback happened
    assert SECRET not in answer.text, answer.text[:600]
