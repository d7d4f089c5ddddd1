"""Probe (session 34, h13 C6): a failing language model's error body reaches every member's answer.

When the chat model fails (graph/assistant/responders/openai_chat.respond), the member still gets the
offline answer, with a note: "the language model at <where> could not answer (<reason>)". ``where``
is careful (scheme, host, port, path; never a user, password or query: "the note reaches every
client and the thread's checkpoint"), but ``reason`` is ``str(exc)`` of the OpenAI client's error, up
to 200 characters: for an HTTP error, the upstream's response body verbatim. Gateways and proxies
answer a refused key with a body that names it ("Invalid API key: sk-..."): the server's model key
then sits in a member's answer and in the thread's checkpoint.

In process: a one-route HTTP server on 127.0.0.1 (a thread) that refuses every key by echoing it,
the knowledge assistant over LangServe's ASGI app on a SQLite file with one small document; ~2-4 s.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from ingest_harness import opened
from review_support import serving
from server_harness import ACME_KEY, KEYS

from graph.assistant.services import Services
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from knowledge.embedders import HashingEmbedder
from server.keys import KeyTable
from server.langserve_app import create_app

MODEL_KEY = "sk-proj-h13ServerSideModelKey0123456789"


class Refusing(BaseHTTPRequestHandler):
    """A gateway that refuses the key it was given, naming it (as proxies do)."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        given = (self.headers.get("authorization") or "").removeprefix("Bearer ")
        body = json.dumps(
            {"error": {"message": f"Invalid API key: {given}", "type": "invalid_request_error"}}
        )
        self.send_response(401)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body.encode())

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def gateway() -> Iterator[str]:
    with serving(Refusing) as base:
        yield f"{base}/v1"


def test_a_refused_model_key_reaches_no_member(
    gateway: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "bot.md").write_text(
        "# Build bot\n\nThe zebracorn build bot posts the release notes every night.\n"
    )
    with opened(url, tmp_path / "reports") as res:
        settings = Settings(source=str(docs), collection="kb", embedder="hashing")
        assert execute(res, "acme", "r1", settings=settings).state.status == "completed"
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "KASSIST_CHAT_MODEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KASSIST_CHAT_BASE_URL", gateway)
    monkeypatch.setenv("KASSIST_CHAT_API_KEY", MODEL_KEY)
    services = Services.from_url(url, embedder=HashingEmbedder())
    body = {
        "input": {"messages": [["user", "What does the zebracorn build bot do every night?"]]},
        "config": {"configurable": {"thread_id": "t1"}},
    }
    with TestClient(create_app(url, KeyTable.model_validate({"keys": KEYS}), services=services)) as client:
        done = client.post("/assistant/invoke", json=body, headers={"x-api-key": ACME_KEY})
    assert done.status_code == 200, done.text
    answer = json.dumps(done.json()["output"])
    assert "could not answer" in answer and "zebracorn" in answer, answer  # the offline answer, noted ...
    assert MODEL_KEY not in answer, answer  # ... naming no key of the server's
