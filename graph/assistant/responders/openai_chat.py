"""The model responder: ``ChatOpenAI`` with two tools, knowledge search and memory recall.

Used when ``OPENAI_API_KEY`` or ``OPENAI_BASE_URL`` is set (any OpenAI-compatible server). Tool
results enter the conversation as labelled data blocks, like retrieved passages in the context; a
tool call and its results are appended together, so compaction never separates them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.tools import BaseTool, StructuredTool

from graph.assistant import working
from graph.assistant.responders.base import Reply, Turn
from graph.assistant.services import RunResources
from graph.assistant.state import Citation
from memory.context.render import render_document, render_memory

MAX_TOOL_ROUNDS = 3


def openai_configured(env: Mapping[str, str] | None = None) -> bool:
    environ = os.environ if env is None else env
    return bool(environ.get("OPENAI_API_KEY") or environ.get("OPENAI_BASE_URL"))


def make_tools(res: RunResources, found: list[dict[str, Any]]) -> list[BaseTool]:
    """The tools, bound to the run's tenant and user; passages they return are collected in ``found``."""

    def knowledge_search(query: str) -> str:
        """Search the company knowledge base; returns passages with title, doc_id and chunk_id."""
        hits = [h.model_dump(mode="json") for h in res.kb.search(query, k=res.settings.k)]
        found.extend(hits)
        return "\n\n".join(
            render_document(h["text"], title=h["title"], doc_id=h["doc_id"], chunk_id=h["chunk_id"],
                            source_path=h["source_path"], superseded=h["superseded"])
            for h in hits
        ) or "no passages found"  # fmt: skip

    def memory_recall(query: str) -> str:
        """Recall what is remembered about the user (preferences, facts, earlier events) for a query."""
        records = res.memory.recall(res.user, query=query, k=5)
        return "\n\n".join(render_memory(r) for r in records) or "nothing remembered"

    return [StructuredTool.from_function(knowledge_search), StructuredTool.from_function(memory_recall)]


class OpenAIResponder:
    name = "openai"

    def __init__(self, model: str | None = None) -> None:
        self.model = model

    def _llm(self, model: str) -> Any:
        from langchain_openai import ChatOpenAI

        base_url = os.environ.get("OPENAI_BASE_URL") or None
        # Local OpenAI-compatible servers ignore the key, but the client refuses to start without one.
        key = os.environ.get("OPENAI_API_KEY") or ("unused-local" if base_url else None)
        return ChatOpenAI(model=model, base_url=base_url, api_key=key, streaming=True)  # type: ignore[arg-type]

    def respond(self, turn: Turn) -> Reply:
        found: list[dict[str, Any]] = []
        tools = make_tools(turn.resources, found)
        by_name = {t.name: t for t in tools}
        llm = self._llm(self.model or turn.resources.settings.chat_model).bind_tools(tools)
        new: list[BaseMessage] = []
        for _ in range(MAX_TOOL_ROUNDS):
            answer = llm.invoke([*turn.context, *new])
            new.append(answer)
            if not isinstance(answer, AIMessage) or not answer.tool_calls:
                break
            for call in answer.tool_calls:
                tool = by_name.get(call["name"])
                output = tool.invoke(call["args"]) if tool is not None else f"unknown tool {call['name']!r}"
                new.append(ToolMessage(str(output), tool_call_id=str(call["id"]), name=call["name"]))
        else:
            # Out of rounds with calls pending: answer without tools rather than leave calls unanswered.
            new.append(
                self._llm(self.model or turn.resources.settings.chat_model).invoke([*turn.context, *new])
            )
        return Reply(new, _citations(turn.hits + found, _text(new[-1])))


def _text(message: BaseMessage) -> str:
    return message.content if isinstance(message.content, str) else json.dumps(message.content)


def _citations(hits: list[dict[str, Any]], answer: str) -> list[Citation]:
    """Passages the answer names (by doc_id or chunk_id); all the context's passages when it names none."""
    named = [h for h in hits if h["chunk_id"] in answer or h["doc_id"] in answer]
    out: dict[str, Citation] = {}
    for h in named or hits:
        out.setdefault(h["chunk_id"], working.as_citation(h))
    return list(out.values())
