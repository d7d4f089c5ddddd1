"""What a responder gets (the assembled context and its evidence) and gives back (new messages, citations)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from langchain_core.messages import BaseMessage

from graph.assistant.answering import Verdict
from graph.assistant.services import AssistantResources
from graph.assistant.state import Citation


@dataclass
class Turn:
    query: str
    context: list[BaseMessage]
    hits: list[dict[str, Any]]  # passages that made it into the context, best first
    memories: list[dict[str, Any]]  # memories that made it into the context (with "relevance")
    preferences: dict[str, str]
    resources: AssistantResources
    verdict: Verdict | None = None  # whether the hits answer the question (None: not judged)


@dataclass
class Reply:
    messages: list[BaseMessage]  # appended to the thread: tool calls, their results, the answer
    citations: list[Citation] = field(default_factory=list)


class Responder(Protocol):
    name: str

    def respond(self, turn: Turn) -> Reply: ...
