"""Working memory: the documents the last turns used, and what "it" refers to. Pure functions."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any

from graph.assistant.state import Citation, WorkingItem
from knowledge.index.rerank import stem  # one stemmer for retrieval and the working memory

KEEP_TURNS = 3
# "they"/"them" (the people a document speaks of, or its rules: "Who do they pass my details on
# to?") and a closing "one"/"ones" ("Who is allowed to start one?", "what happens to the old ones?")
# point back too (session 18, from blind set 2's follow-ups).
_REFERENCE = re.compile(
    r"\b(it|its|this|that|these|those|they|them|their|the (?:document|handbook|policy|file|guide|runbook|"
    r"page|one)|this (?:document|handbook|policy|file|one)|that (?:document|handbook|policy|file|one)|"
    r"there)\b|\bones?\W*$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


# "it" that stands for nothing ("is it possible to buy extra days off?", "it is raining"): a new
# question, not one about the document in focus.
_DUMMY_IT = re.compile(
    r"\b(?:is|was|would|will|does) it (?:be )?(?:possible|ok|okay|allowed|permitted|true|fine|normal|"
    r"necessary|required|mandatory|worth|legal|safe|likely)\b|\bit(?: i|')s (?:possible|ok|okay|allowed|"
    r"permitted|true|fine|necessary|required|mandatory|raining|late|early)\b|\bhow long (?:does|will|would) "
    r"it take\b",
    re.IGNORECASE,
)


def refers_back(query: str) -> bool:
    """Whether the question points at something already in the conversation ("it", "this policy");
    an "it" that stands for nothing ("is it possible to ...") does not."""
    return bool(_REFERENCE.search(_DUMMY_IT.sub(" ", query)))


def update(
    items: Sequence[WorkingItem], citations: Sequence[Citation], turn: int
) -> tuple[list[WorkingItem], WorkingItem | None]:
    """Working memory after a turn that cited ``citations``, and its focus (the first cited
    document, or the previous focus when nothing was cited)."""
    fresh: list[WorkingItem] = []
    seen: set[str] = set()
    for c in citations:
        if c["chunk_id"] in seen:
            continue
        seen.add(c["chunk_id"])
        fresh.append(
            WorkingItem(
                kind="document",
                id=c["chunk_id"],
                doc_id=c["doc_id"],
                title=c["title"],
                source_path=c["path"],
                turn=turn,
            )
        )
    older = [i for i in items if i["turn"] > turn - KEEP_TURNS and i["id"] not in seen]
    merged = fresh + older
    focus = fresh[0] if fresh else None
    if focus is None:
        docs = [i for i in items if i["kind"] == "document"]
        focus = max(docs, key=lambda i: i["turn"]) if docs else None
    return merged, focus


def describe(items: Iterable[WorkingItem], focus: WorkingItem | None) -> str:
    """Working memory as text for the context: what each recent turn used, with exact ids."""
    lines = ["Working memory (documents used in recent turns):"]
    if focus is not None:
        lines.append(
            f"Current focus: {focus['title']} (doc_id {focus['doc_id']}, path {focus['source_path']})"
        )
    for i in items:
        lines.append(f"- turn {i['turn']}: {i['title']} doc_id={i['doc_id']} chunk_id={i['id']}")
    return "\n".join(lines)


@functools.lru_cache(maxsize=50_000)
def terms(text: str, stop: frozenset[str]) -> frozenset[str]:
    """Stemmed content words of ``text`` (cached: memories and passages come back turn after turn)."""
    return frozenset(stem(w) for w in _WORD.findall(text) if w.lower() not in stop and len(w) > 1)


def as_citation(hit: dict[str, Any]) -> Citation:
    return Citation(
        doc_id=str(hit["doc_id"]), chunk_id=str(hit["chunk_id"]), title=str(hit["title"]),
        path=str(hit["source_path"]),
    )  # fmt: skip
