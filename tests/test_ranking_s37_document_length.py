"""A short page on the thing asked comes before a long chapter that restates it (issue 27, session 37).

A language reference ships one page per construct ("Unary arithmetic and bitwise operations", two
passages) and chapters that restate many of them (the standard type hierarchy, sixty passages). A
document is as close to a question as its closest passage, and a long one has many passages to be
closest by chance: with the passages about equally close, the chapter led ("what does the tilde
operator compute on an int" -> the type hierarchy's integers section), and blind 18 cited such
chapters first in 25 of its 36 misses. The rerank's order now takes a little off per log of a
document's length (rerank.DOC_LENGTH_WEIGHT); the relevance the assistant's bar reads is unchanged.
Pure: the second stage over hand-made candidates, no index.
"""

from __future__ import annotations

from knowledge.index.models import SearchHit
from knowledge.index.rerank import rerank

QUESTION = "what does the tilde operator compute on a plain int"


def _hit(chunk: str, doc: str, title: str, text: str, chunks: int) -> SearchHit:
    return SearchHit(
        chunk_id=chunk, doc_id=doc, collection="ref", title=title, source_path=f"reference/{doc}.txt",
        heading=None, position=0, text=text, effective_date=None, score=0.0, doc_chunks=chunks,
    )  # fmt: skip


CHAPTER = _hit(
    "c1", "types", "The standard type hierarchy",
    "Integers represent elements from the mathematical set of integers. The unary operator ~ and the "
    "shift and mask operations give the illusion of an infinite string of sign bits on a plain int.",
    60,
)  # fmt: skip
PAGE = _hit(
    "p1", "unary", "Unary arithmetic and bitwise operations",
    "The unary ~ (invert) operator yields the bitwise inversion of its integer argument. The bitwise "
    "inversion of x is defined as -(x+1) on a plain int.",
    2,
)  # fmt: skip


def test_the_page_on_the_construct_leads_a_long_chapter_about_as_close() -> None:
    ranked = rerank([CHAPTER, PAGE], QUESTION, 2, dense={"c1": 0.50, "p1": 0.49})
    assert [h.doc_id for h in ranked] == ["unary", "types"]


def test_a_clearly_closer_chapter_passage_still_leads() -> None:
    # The prior breaks near ties; it does not overrule a passage that is much closer.
    ranked = rerank([CHAPTER, PAGE], QUESTION, 2, dense={"c1": 0.62, "p1": 0.49})
    assert [h.doc_id for h in ranked] == ["types", "unary"]


def test_the_relevance_the_abstention_bar_reads_is_not_lowered_by_length() -> None:
    alone = rerank([CHAPTER], QUESTION, 1, dense={"c1": 0.50})[0]
    short = rerank([CHAPTER.model_copy(update={"doc_chunks": 1})], QUESTION, 1, dense={"c1": 0.50})[0]
    assert alone.relevance == short.relevance
