"""The model responder against a real OpenAI-compatible HTTP server on 127.0.0.1 that the test starts.

The server is scripted: with tools offered and no tool result yet, it calls ``knowledge_search``;
once the result is back, it streams an answer naming the chunk it was given. Everything between the
graph and the socket is the real client (ChatOpenAI over HTTP, server-sent events).
"""

from __future__ import annotations

import json
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from assistant_support import COLLECTION, TENANT, config, embedder
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, StreamingResponse
from langchain_core.messages import AIMessage, AIMessageChunk, HumanMessage, ToolMessage
from server_harness import free_port

from checkpointer import TenantCheckpointer
from graph.assistant.graph import build_graph
from graph.assistant.responders import OpenAIResponder, select_responder
from graph.assistant.services import Services
from knowledge.corpus import demo_corpus_path
from knowledge.index import KnowledgeIndex
from knowledge.ingest import ingest_directory
from memory import MemoryStore


def _chunk(delta: dict[str, Any], finish: str | None = None) -> str:
    body = {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "local",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return f"data: {json.dumps(body)}\n\n"


def scripted_server(requests: list[dict[str, Any]]) -> FastAPI:
    app = FastAPI()

    @app.post("/v1/chat/completions")
    async def completions(request: Request) -> Any:
        body = await request.json()
        requests.append(body)
        tool_results = [m for m in body["messages"] if m["role"] == "tool"]
        if body.get("tools") and not tool_results:
            call = {
                "index": 0,
                "id": "call_1",
                "type": "function",
                "function": {
                    "name": "knowledge_search",
                    "arguments": json.dumps({"query": "earned leave probationary hires"}),
                },
            }
            pieces = [
                _chunk({"role": "assistant", "content": None, "tool_calls": [call]}),
                _chunk({}, "tool_calls"),
            ]
            message = {
                "role": "assistant",
                "content": None,
                "tool_calls": [{k: v for k, v in call.items() if k != "index"}],
            }
        else:
            text = tool_results[-1]["content"] if tool_results else ""
            chunk_id = text.split('chunk_id="', 1)[1].split('"', 1)[0] if 'chunk_id="' in text else "none"
            answer = f"Probationary hires earn leave from day one (chunk_id {chunk_id})."
            words = answer.split(" ")
            pieces = [_chunk({"role": "assistant", "content": ""})]
            pieces += [
                _chunk({"content": w + (" " if i < len(words) - 1 else "")}) for i, w in enumerate(words)
            ]
            pieces.append(_chunk({}, "stop"))
            message = {"role": "assistant", "content": answer}
        if body.get("stream"):
            return StreamingResponse(iter([*pieces, "data: [DONE]\n\n"]), media_type="text/event-stream")
        return JSONResponse(
            {
                "id": "chatcmpl-1",
                "object": "chat.completion",
                "created": 0,
                "model": "local",
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            }
        )

    return app


@pytest.fixture
def openai_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    requests: list[dict[str, Any]] = []
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(scripted_server(requests), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the local OpenAI-compatible server did not start"
        time.sleep(0.05)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{port}/v1")
    try:
        yield requests
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture
def handbook_db(tmp_path: Path) -> str:
    root = tmp_path / "docs"
    (root / "hr").mkdir(parents=True)
    shutil.copy(demo_corpus_path() / "hr" / "leave-policy-handbook-2026.md", root / "hr")
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        ingest_directory(index.for_tenant(TENANT), root, collection=COLLECTION)
    return url


@contextmanager
def _model_graph(handbook_db: str) -> Iterator[Any]:
    """The assistant graph on ``handbook_db``, its responder chosen by the environment (the scripted
    OpenAI-compatible server of ``openai_server``)."""
    services = Services.from_url(handbook_db, embedder=embedder())
    try:
        with (
            TenantCheckpointer.from_url(handbook_db) as saver,
            MemoryStore.from_url(handbook_db, tenant_from_namespace=True) as store,
        ):
            saver.setup()
            store.setup()
            yield build_graph(services).compile(checkpointer=saver, store=store)
    finally:
        services.close()


def _model_turn(handbook_db: str, thread: str, question: str) -> dict[str, Any]:
    with _model_graph(handbook_db) as graph:
        state: dict[str, Any] = graph.invoke(
            {"messages": [HumanMessage(question)]}, config(thread, chat_model="gpt-4o-mini")
        )
    return state


def test_openai_responder_runs_a_tool_call_round_trip_and_streams_the_answer(
    openai_server: list[dict[str, Any]], handbook_db: str
) -> None:
    assert isinstance(select_responder(), OpenAIResponder)  # chosen by OPENAI_BASE_URL alone
    with _model_graph(handbook_db) as graph:
        cfg = config("openai-1", chat_model="gpt-4o-mini")
        tokens: list[str] = []
        for message, meta in graph.stream(
            {"messages": [HumanMessage("What about earned leave for probationary hires?")]},
            cfg,
            stream_mode="messages",
        ):
            if (
                isinstance(message, AIMessageChunk)
                and meta["langgraph_node"] == "respond"
                and message.content
            ):
                tokens.append(str(message.content))
        state = graph.get_state(cfg).values

    # The round trip: the model asked for a search, got passages as data blocks, answered from them.
    first, second = openai_server[0], openai_server[-1]
    assert {t["function"]["name"] for t in first["tools"]} == {"knowledge_search", "memory_recall"}
    assert first["model"] == "gpt-4o-mini" and first["stream"] is True
    tool_result = next(m for m in second["messages"] if m["role"] == "tool")
    assert tool_result["tool_call_id"] == "call_1"
    assert tool_result["content"].startswith(
        '<data source="knowledge base" title="Leave Policy Handbook 2026"'
    )
    assert second["messages"][0]["role"] == "system"

    messages = state["messages"]
    call, result, answer = messages[-3], messages[-2], messages[-1]
    assert isinstance(call, AIMessage) and call.tool_calls[0]["name"] == "knowledge_search"
    assert isinstance(result, ToolMessage) and result.tool_call_id == "call_1"
    assert isinstance(answer, AIMessage)
    # Streamed: the answer arrived in several chunks that add up to the stored message.
    assert len(tokens) > 3 and "".join(tokens) == answer.content
    chunk_id = answer.content.split("chunk_id ", 1)[1].rstrip(").")
    assert [c["chunk_id"] for c in state["citations"]] == [chunk_id]
    assert state["citations"][0]["path"] == "hr/leave-policy-handbook-2026.md"


def test_an_admins_turn_on_a_members_thread_offers_the_model_no_recall_of_the_admins_memory(
    openai_server: list[dict[str, Any]], handbook_db: str
) -> None:
    # The servers stamp the thread's owner (metadata.owner and configurable.owner); olga, an admin,
    # continues alice's conversation: whatever a tool returns is checkpointed in alice's thread.
    cfg = config("alice-thread", user="olga")
    cfg["configurable"]["owner"] = "alice"
    with _model_graph(handbook_db) as graph:
        graph.invoke({"messages": [HumanMessage("What about earned leave for probationary hires?")]}, cfg)
    assert {t["function"]["name"] for t in openai_server[0]["tools"]} == {"knowledge_search"}


def test_a_model_answer_from_tool_passages_that_do_not_bear_on_the_question_becomes_not_found(
    openai_server: list[dict[str, Any]], handbook_db: str
) -> None:
    """The scripted model searches for leave rules whatever it is asked and answers from them; for
    a question about a place no passage names, the tools' passages (relevant to the model's own
    query) fail the judgement for the user's question, and the turn says nothing was found."""
    from graph.assistant.answering import NOT_FOUND

    state = _model_turn(
        handbook_db, "openai-uncovered", "Who is the fire warden on the third floor in Lisbon?"
    )
    assert any(m["role"] == "tool" for m in openai_server[-1]["messages"])  # the model did search
    assert NOT_FOUND in str(state["messages"][-1].content)
    assert state["citations"] == []


def test_a_model_answer_built_on_a_premise_the_passages_contradict_becomes_not_found(
    openai_server: list[dict[str, Any]], handbook_db: str
) -> None:
    """The same premise check guards the model path (session 23): the scripted model answers from
    the leave passages it finds; the handbook says sabbaticals are unpaid, so the turn says nothing
    was found and quotes what the closest passage does say, with no citation."""
    from graph.assistant.answering import NOT_FOUND

    state = _model_turn(
        handbook_db,
        "openai-premise",
        "Since sabbaticals are paid now, how many months of sabbatical can I take?",
    )
    answer = str(state["messages"][-1].content)
    assert NOT_FOUND in answer
    assert "unpaid sabbatical" in answer
    assert state["citations"] == []


def test_a_model_answer_to_a_phone_number_the_passages_do_not_give_becomes_not_found(
    openai_server: list[dict[str, Any]], handbook_db: str
) -> None:
    """The answer-type check guards the model path (session 24): the handbook names the occupational
    health service but gives no telephone number for it, so the turn says nothing was found and
    names the closest documents, with no citation, whatever the scripted model answers."""
    from graph.assistant.answering import NOT_FOUND

    state = _model_turn(
        handbook_db, "openai-phone", "Which phone number do I ring to reach occupational health?"
    )
    answer = str(state["messages"][-1].content)
    assert NOT_FOUND in answer
    assert "The closest documents are" in answer
    assert state["citations"] == []
