"""The assistant's state: the conversation, its working memory and its running summary, per thread.

Everything here is checkpointed by the thread's checkpointer, so a conversation continues in another
process. Per-turn fields (``hits``, ``memories``, ``context`` ...) are overwritten at every turn.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any, NotRequired

from langchain_core.messages import (
    AnyMessage,
    BaseMessage,
    MessageLikeRepresentation,
    RemoveMessage,
    convert_to_messages,
)
from langgraph.graph.message import Messages, add_messages
from typing_extensions import TypedDict


def _listed(messages: Messages) -> list[BaseMessage]:
    return convert_to_messages(messages if isinstance(messages, list) else [messages])


def add_turn_messages(left: Messages, right: Messages) -> Messages:
    """LangGraph's ``add_messages``, except that a message naming the id of one the conversation
    already holds is added under a new id, never put in that one's place. A client's turn may name
    its messages' ids (LangGraph Studio does), and LangGraph applies a run's input when the run
    starts: a turn accepted before the message it names existed (an earlier turn delayed, or one
    whose conversation is written only at its end) replaced the user's question under an answer, or
    the assistant's answer, with the client's words (session 28). The graph's own nodes only add new
    messages or remove old ones (compaction's ``RemoveMessage``), which still removes."""
    held = {m.id for m in _listed(left) if m.id}
    added: list[MessageLikeRepresentation] = [
        m
        if isinstance(m, RemoveMessage) or m.id not in held
        else m.model_copy(update={"id": str(uuid.uuid4())})
        for m in _listed(right)
    ]
    return add_messages(left, added)


class WorkingItem(TypedDict):
    """A document (or memory) the last turns used, with its ids: what "it" can refer to."""

    kind: str  # "document" | "memory"
    id: str  # chunk_id or memory id
    doc_id: str | None
    title: str
    source_path: str | None
    turn: int
    heading: NotRequired[str | None]  # the cited passage's section: what "it" is about within the document


class Citation(TypedDict):
    doc_id: str
    chunk_id: str
    title: str
    path: str


class AssistantState(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_turn_messages]
    turn: int
    working_memory: list[WorkingItem]
    focus: WorkingItem | None
    # The focus outlived a new question that found nothing: it holds again only for a follow-up
    # it answers well ("what about cats?" after "can I bring my dog to the Tokyo office?" is not
    # about the document before).
    focus_stale: bool
    topic: str  # the last question as it was searched: what an ellipsis or a correction continues
    summary: dict[str, Any]  # RunningSummary.model_dump()
    # this turn's work
    query: str
    reading: dict[str, str]  # working.Reading of the question: new, continues, ellipsis or redirects
    remembered: list[dict[str, Any]]  # what remember_explicit decided (action, key, value)
    memories: list[dict[str, Any]]  # MemoryRecord dumps with their relevance
    sessions: list[dict[str, Any]]  # summaries of the user's other threads (episodic)
    hits: list[dict[str, Any]]  # SearchHit dumps
    verdict: dict[str, Any]  # answering.Verdict: whether the hits answer the question, the closest titles
    context: list[AnyMessage]  # what the responder sends to the model
    context_tokens: int
    context_report: list[dict[str, Any]]
    citations: list[Citation]
    memories_used: list[str]


class AssistantInput(TypedDict):
    messages: list[AnyMessage]
