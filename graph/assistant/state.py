"""The assistant's state: the conversation, its working memory and its running summary, per thread.

Everything here is checkpointed by the thread's checkpointer, so a conversation continues in another
process. Per-turn fields (``hits``, ``memories``, ``context`` ...) are overwritten at every turn.
"""

from __future__ import annotations

from typing import Annotated, Any, NotRequired

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages
from typing_extensions import TypedDict


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
    messages: Annotated[list[AnyMessage], add_messages]
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
