"""The language model is configured apart from the embeddings (``KASSIST_CHAT_*``), and a chat endpoint
that cannot answer never costs the user an answer: against a real OpenAI-compatible HTTP server the
test starts on 127.0.0.1, and against a closed port.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
import zygote
from assistant_support import TENANT, ask, assistant, embedder
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, StreamingResponse
from server_harness import free_port

from graph.assistant.answering import NOT_FOUND
from graph.assistant.responders import OpenAIResponder, select_responder
from graph.assistant.services import assistant_embedder
from knowledge.corpus import demo_corpus_path
from knowledge.embedders import LocalMiniLMEmbedder, OpenAIEmbedder
from knowledge.index import KnowledgeIndex
from knowledge.ingest import ingest_directory

ROOT = Path(__file__).resolve().parents[1]
HANDBOOK = "hr/leave-policy-handbook-2026.md"


@pytest.fixture
def handbook_db(tmp_path: Path) -> str:
    root = tmp_path / "docs"
    (root / "hr").mkdir(parents=True)
    shutil.copy(demo_corpus_path() / HANDBOOK, root / "hr")
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        ingest_directory(index.for_tenant(TENANT), root, collection="handbook")
    return url


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "KASSIST_CHAT_BASE_URL", "KASSIST_CHAT_API_KEY",
                 "KASSIST_EMBEDDER"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def closed_port_url() -> str:
    return f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there


def test_the_chat_endpoint_never_chooses_the_embedder() -> None:
    chat_only = {"KASSIST_CHAT_BASE_URL": "http://127.0.0.1:9/v1"}
    legacy = {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "OPENAI_API_KEY": "sk-local"}
    for env in (chat_only, legacy):
        chosen, reason = assistant_embedder(env)
        assert isinstance(chosen, LocalMiniLMEmbedder), reason
        assert select_responder(env).name == "openai"
    asked, _ = assistant_embedder(
        {**legacy, "KASSIST_EMBEDDER": "openai", "KASSIST_OPENAI_EMBEDDING_DIMENSIONS": "8"}
    )
    assert isinstance(asked, OpenAIEmbedder)  # OpenAI embeddings only when named
    assert select_responder({}).name == "extractive"


def test_an_unreachable_chat_endpoint_gives_the_extractive_answer_with_a_note(
    clean_env: pytest.MonkeyPatch, handbook_db: str
) -> None:
    url = closed_port_url()
    clean_env.setenv("KASSIST_CHAT_BASE_URL", url)
    with assistant(handbook_db, responder=OpenAIResponder()) as graph:
        result = ask(graph, "How many days of paid annual leave do full-time employees get?", "down-1")
    answer = str(result["messages"][-1].content)
    first = answer.splitlines()[0]
    assert (
        first.startswith(f"Note: the language model at {url} could not answer (")
        and "offline answer" in first
    )
    assert "28 days of paid annual leave" in answer
    assert result["citations"][0]["path"] == HANDBOOK


def test_kassist_ask_with_an_unreachable_endpoint_prints_no_traceback(handbook_db: str) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("OPENAI_", "KASSIST_CHAT_", "KASSIST_EMBEDDER"))
    }
    # The setup: the OpenAI client's variables pointed at a local server that is down.
    env.update(OPENAI_BASE_URL=closed_port_url(), PYTHONPATH=str(ROOT))
    done = zygote.run(  # a real process, forked from the worker's zygote (tests/zygote.py)
        [sys.executable, "-P", "-m", "cli.main", "ask", "How many days of paid annual leave do I get?",
         "--tenant", TENANT, "--user", "olga", "--thread", "down-cli", "--database-url", handbook_db],
        cwd=ROOT, env=env, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) <= 2, done.stderr
    assert "could not answer" in done.stdout and "28 days" in done.stdout


def _direct_answer_server(text: str, requests: list[dict[str, Any]]) -> FastAPI:
    """A model that answers at once, without tools, whatever it was given."""
    app = FastAPI()

    @app.post("/v1/chat/completions")
    async def completions(request: Request) -> Any:
        body = await request.json()
        requests.append(body)
        if body.get("stream"):
            chunk = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 0, "model": "local",
                     "choices": [{"index": 0, "delta": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}  # fmt: skip
            return StreamingResponse(iter([f"data: {json.dumps(chunk)}\n\n", "data: [DONE]\n\n"]),
                                     media_type="text/event-stream")  # fmt: skip
        return JSONResponse({
            "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "local",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        })  # fmt: skip

    return app


@pytest.fixture
def guessing_model(clean_env: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    requests: list[dict[str, Any]] = []
    port = free_port()
    app = _direct_answer_server("Dogs are welcome in the Tokyo office on Fridays.", requests)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the local OpenAI-compatible server did not start"
        time.sleep(0.05)
    clean_env.setenv("KASSIST_CHAT_BASE_URL", f"http://127.0.0.1:{port}/v1")
    try:
        yield requests
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_the_model_is_told_to_say_not_found_and_checked_after(
    guessing_model: list[dict[str, Any]], handbook_db: str
) -> None:
    with assistant(handbook_db, responder=OpenAIResponder()) as graph:
        result = ask(graph, "Can I bring my dog to the Tokyo office?", "guess-1")
    system = guessing_model[0]["messages"][0]
    assert system["role"] == "system" and "nothing relevant was found" in system["content"]
    answer = str(result["messages"][-1].content)
    assert answer.startswith(NOT_FOUND) and "Dogs are welcome" not in answer
    assert result["citations"] == []
    assert json.dumps(guessing_model[0]["model"]) == '"gpt-4o-mini"'
