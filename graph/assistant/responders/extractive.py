"""The offline responder: answers with the most relevant passages and memories, quoted and cited.

No model runs, so nothing is paraphrased: every sentence of the answer is a quotation with its source,
and the answer says that it is extractive. Archived or superseded documents are not cited when a
current one answers.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage

from graph.assistant import working
from graph.assistant.gather import query_terms
from graph.assistant.responders.base import Reply, Turn
from graph.assistant.state import Citation
from memory.context.summary import sentences

MAX_DOCS = 2
MAX_SENTENCES = 3
NOTICE = "Extractive answer (offline: no language model is configured), quoting the most relevant sources."


def best_sentences(text: str, query: frozenset[str], limit: int = MAX_SENTENCES) -> list[str]:
    """The passage's sentences that share most terms with the question, in their original order."""
    scored = [(len(query & working.terms(s, frozenset())), i, s) for i, s in enumerate(sentences(text))]
    top = sorted((x for x in scored if x[0] > 0), key=lambda x: (-x[0], x[1]))[:limit]
    chosen = sorted(top, key=lambda x: x[1]) or scored[:1]
    return [s for _, _, s in chosen]


def _memory_line(m: dict[str, Any]) -> str:
    value = (
        m["value"]
        if isinstance(m["value"], str)
        else json.dumps(m["value"], ensure_ascii=False, sort_keys=True)
    )
    who = "set by the tenant admin" if m["source"] == "admin" else f"source {m['source']}"
    return f"- {m['key']} ({m['memory_type']}, {who}, memory {m['id']}): {value}"


def _passages(hits: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    current = [h for h in hits if not h.get("superseded")]
    chosen: list[dict[str, Any]] = []
    docs: list[str] = []
    for h in current or list(hits):
        if h["doc_id"] not in docs and len(docs) >= MAX_DOCS:
            continue
        if h["doc_id"] not in docs:
            docs.append(h["doc_id"])
        if sum(1 for c in chosen if c["doc_id"] == h["doc_id"]) < 1:
            chosen.append(h)
    return chosen


class ExtractiveResponder:
    name = "extractive"

    def respond(self, turn: Turn) -> Reply:
        q = query_terms(turn.query)
        lines = [NOTICE]
        language = turn.preferences.get("response_language")
        if language and language != "English":
            lines.append(
                f"Your preference is answers in {language}; without a language model the quotations below "
                "stay in the language of their sources."
            )
        if turn.memories:
            lines.append("From memory:")
            lines += [_memory_line(m) for m in turn.memories]
        citations: list[Citation] = []
        passages = _passages(turn.hits)
        if passages:
            lines.append("From the knowledge base:")
        for n, h in enumerate(passages, start=1):
            quote = " ".join(best_sentences(str(h["text"]), q))
            lines.append(
                f'{n}. "{quote}" [{h["title"]}, doc_id {h["doc_id"]}, chunk_id {h["chunk_id"]}, {h["source_path"]}]'
            )
            citations.append(working.as_citation(h))
        if not passages and not turn.memories:
            lines.append("I found nothing in the knowledge base or in your memories that answers this.")
        return Reply([AIMessage("\n".join(lines), name="kassist")], citations)
