"""The model responder: ``ChatOpenAI`` with two tools, knowledge search and memory recall.

Used when a chat endpoint is configured (``KASSIST_CHAT_BASE_URL`` / ``KASSIST_CHAT_API_KEY``, or
``OPENAI_BASE_URL`` / ``OPENAI_API_KEY``: any OpenAI-compatible server). Tool results enter the
conversation as labelled data blocks, like retrieved passages in the context; a tool call and its
results are appended together, so compaction never separates them.

The abstention rule of the offline path guards this one too: the system prompt says to answer only
from the context and to say when nothing relevant was found, and after the model answers, a turn
the offline judgement refused (:func:`graph.assistant.answering.judge`: relevance bar without name
bonuses, names present, no off-topic office page), with no memory bearing on it and no tool passage
that passes the same judgement for the user's question, gets the "nothing relevant found" answer
instead of whatever the model wrote. An
endpoint that cannot be reached, or refuses the request, gives the offline extractive answer with a
one-line note, never a traceback.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.tools import BaseTool, StructuredTool

from graph.assistant import working
from graph.assistant.answering import Verdict, judge, not_found_text
from graph.assistant.responders.base import Reply, Turn
from graph.assistant.responders.extractive import ExtractiveResponder
from graph.assistant.services import AssistantResources, ChatEndpoint
from graph.assistant.state import Citation
from memory.context.render import render_document, render_memory

MAX_TOOL_ROUNDS = 3
log = logging.getLogger(__name__)


def openai_configured(env: Mapping[str, str] | None = None) -> bool:
    """Whether a chat endpoint is configured (see :class:`ChatEndpoint`)."""
    return ChatEndpoint.from_env(env).configured


def make_tools(res: AssistantResources, found: list[dict[str, Any]]) -> list[BaseTool]:
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

    if res.guest:
        # An admin's turn on a member's thread: the thread's state (and so every tool result in it)
        # is the member's to read, so the guest's own memory is not offered (as load_memories).
        return [StructuredTool.from_function(knowledge_search)]
    return [StructuredTool.from_function(knowledge_search), StructuredTool.from_function(memory_recall)]


class OpenAIResponder:
    name = "openai"

    def __init__(self, model: str | None = None) -> None:
        self.model = model

    def _llm(self, model: str) -> Any:
        from langchain_openai import ChatOpenAI

        endpoint = ChatEndpoint.from_env()
        # Local OpenAI-compatible servers ignore the key, but the client refuses to start without one.
        key = endpoint.api_key or ("unused-local" if endpoint.base_url else None)
        return ChatOpenAI(
            model=model,
            base_url=endpoint.base_url,
            api_key=key,  # type: ignore[arg-type]
            streaming=True,
            max_retries=1,
            timeout=60,
        )

    def respond(self, turn: Turn) -> Reply:
        import openai

        try:
            return self._respond(turn)
        except openai.APIError as exc:
            # Unreachable, refusing or broken: the user still gets an answer, from the offline path.
            where = ChatEndpoint.from_env().where
            log.warning("language model at %s failed: %s", where, " ".join(str(exc).split())[:200])
            # The note reaches every client and the thread's checkpoint: the kind of failure, never the
            # upstream's body (a gateway refusing a key names it: session 34, h13 C6). The log has it.
            status = getattr(exc, "status_code", None)
            reason = f"HTTP {status}" if status is not None else " ".join(str(exc).split())[:80]
            if status is None and not isinstance(exc, openai.APIConnectionError):
                reason = type(exc).__name__
            reply = ExtractiveResponder().respond(turn)
            note = f"Note: the language model at {where} could not answer ({reason}); offline answer instead, quoting the most relevant sources."
            answer = reply.messages[-1]
            body = str(answer.content).split("\n", 1)[1]  # the extractive notice says no model is configured
            reply.messages[-1] = AIMessage(f"{note}\n{body}", name=answer.name)
            return reply

    def _respond(self, turn: Turn) -> Reply:
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
        seen = turn.hits + found
        judged = turn.verdict or Verdict(True)
        # The tools' passages pass the same judgement as the context's (relevance bar, names, an
        # office page off the question's topic), for the user's question, not the model's query.
        by_tools = (
            bool(found)
            and judge(
                turn.query,
                _best_first(found),
                embedder=turn.resources.kb.embedder_name,
                # The acronyms the turn's first judgement looked up are not looked up again.
                uses=judged.uses(turn.resources.kb.uses),
            ).answerable
        )
        if not turn.memories and (not seen or (not judged.answerable and not by_tools)):
            # Checked after: nothing the model saw bears on the question, whatever it wrote.
            verdict = Verdict(
                False,
                judged.reason,
                judged.closest or list(dict.fromkeys(h["title"] for h in seen))[:3],
                said=judged.said,  # a premise or a detail the passages do not state: what they do say
            )
            new[-1] = AIMessage(not_found_text(verdict), name="kassist")
            return Reply(new, [])
        return Reply(new, _citations(seen, _text(new[-1])))


def _best_first(hits: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Passages of several tool calls, the most relevant first (each call's list is reranked alone)."""
    return sorted(hits, key=lambda h: -float(h.get("relevance") or 0.0))


def _text(message: BaseMessage) -> str:
    return message.content if isinstance(message.content, str) else json.dumps(message.content)


def _citations(hits: list[dict[str, Any]], answer: str) -> list[Citation]:
    """Passages the answer names (by doc_id or chunk_id); all the context's passages when it names none."""
    named = [h for h in hits if h["chunk_id"] in answer or h["doc_id"] in answer]
    out: dict[str, Citation] = {}
    for h in named or hits:
        out.setdefault(h["chunk_id"], working.as_citation(h))
    return list(out.values())
