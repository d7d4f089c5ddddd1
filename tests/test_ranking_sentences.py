"""The sentence stage of a search (knowledge/index/sentences.py, issue 27): a question asked in other
words is matched against each sentence of the best candidates, not only against the chunk's one vector.

Pure-function checks of the ordering rules, then the real thing on both backends: the shipped
handbook, local MiniLM, through the index and the assistant graph.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from assistant_support import ask, assistant, embedder, ingest_corpus
from databases import fresh_database

from graph.assistant.responders.extractive import best_sentences
from knowledge.index import AsyncKnowledgeIndex, KnowledgeIndex
from knowledge.index.models import SearchHit
from knowledge.index.passages import terms
from knowledge.index.sentences import SentenceMatch, applies, names_document, refine, refined_relevance

TENANT = "northwind"


def _hit(chunk: str, *, relevance: float, cosine: float, superseded: bool = False,
         duplicate_of: str | None = None, title: str = "Policy") -> SearchHit:  # fmt: skip
    return SearchHit(
        chunk_id=chunk, doc_id=f"doc-{chunk}", collection="c", title=title, source_path=f"{chunk}.md",
        heading=None, position=0, text="Some text here that says a thing.", effective_date=date(2026, 1, 1),
        score=0.0, relevance=relevance, cosine=cosine, superseded=superseded, duplicate_of=duplicate_of,
    )  # fmt: skip


def test_a_close_sentence_raises_relevance_and_a_far_one_never_lowers_it() -> None:
    h = _hit("a", relevance=0.5, cosine=0.45)
    assert refined_relevance(h, SentenceMatch(0.75, "s")) > 0.5
    assert refined_relevance(h, SentenceMatch(0.2, "s")) == 0.5
    assert refined_relevance(h, None) == 0.5


def test_refine_reorders_by_the_best_sentence_and_keeps_archived_and_copies_last() -> None:
    hits = [
        _hit("first", relevance=0.50, cosine=0.50),
        _hit("old", relevance=0.49, cosine=0.40, superseded=True, title="Policy (2024 edition, superseded)"),
        _hit("second", relevance=0.48, cosine=0.40),
        _hit("copy", relevance=0.47, cosine=0.47, duplicate_of="first"),
    ]
    matches = {
        "first": SentenceMatch(0.50, "a"),
        "old": SentenceMatch(0.95, "b"),
        "second": SentenceMatch(0.80, "c"),
    }
    out = refine(hits, "How long is it?", 4, matches)
    assert [h.chunk_id for h in out] == ["second", "first", "old", "copy"]
    assert out[0].best_sentence == "c"
    # Unless the question asks for an older edition.
    assert refine(hits, "What did the old 2024 policy say?", 4, matches)[0].chunk_id == "old"


def test_the_order_leans_on_the_sentence_that_states_the_rule_and_the_bar_on_the_most_relevant() -> None:
    # A chunk spanning several sections is loosely close as a whole (higher relevance), while another
    # passage's one sentence says what is asked: that passage is cited first (session 19: blind sets
    # 2-4 first hits 19/31/34 -> 21/32/36). Its refined relevance is unchanged, and the abstention bar
    # is applied to the passage most relevant as a whole, wherever it now stands.
    hits = [_hit("broad", relevance=0.50, cosine=0.50), _hit("exact", relevance=0.44, cosine=0.40)]
    matches = {"broad": SentenceMatch(0.45, "a"), "exact": SentenceMatch(0.62, "b")}
    out = refine(hits, "How long is it?", 2, matches)
    assert [h.chunk_id for h in out] == ["exact", "broad"]
    assert out[1].relevance == refined_relevance(hits[0], matches["broad"])
    assert out[1].relevance > (out[0].relevance or 0.0)
    from graph.assistant.answering import most_relevant

    assert most_relevant("How long is it?", [h.model_dump(mode="json") for h in out])["chunk_id"] == "broad"
    assert most_relevant("How long is it?", [{"chunk_id": "x", "relevance": None}])["chunk_id"] == "x"
    # Within one document, its passages keep the relevance order (the heading words tell its sections
    # apart): only the order of documents leans on the sentence.
    same = [h.model_copy(update={"doc_id": "one"}) for h in hits]
    assert [h.chunk_id for h in refine(same, "How long is it?", 2, matches)] == ["broad", "exact"]


def test_a_document_the_question_names_by_its_title_comes_first() -> None:
    # "Where is the company cars and mobility budget page?": the page it names goes before a FAQ whose
    # one sentence is closer; a title only partly asked for names nothing.
    asked = terms("Where is the company cars and mobility budget page?")
    assert names_document("Company Cars and Mobility Budget", asked)
    assert not names_document("Mobility budget FAQ", asked)
    assert not names_document("Budget", asked)  # one word names no document
    named = _hit("cars", relevance=0.61, cosine=0.5, title="Company Cars and Mobility Budget")
    faq = _hit("faq", relevance=0.60, cosine=0.5, title="Mobility budget FAQ")
    matches = {"cars": SentenceMatch(0.50, "a"), "faq": SentenceMatch(0.67, "b")}
    query = "Where is the company cars and mobility budget page?"
    assert [h.chunk_id for h in refine([named, faq], query, 2, matches)] == ["cars", "faq"]
    assert [h.chunk_id for h in refine([named, faq], "Can I get a mobility budget?", 2, matches)] == [
        "faq",
        "cars",
    ]


def test_the_stage_needs_an_embedder_that_reads_meaning_and_a_vector_side() -> None:
    assert applies("hybrid", "all-MiniLM-L6-v2-int8-max256")
    assert applies("vector", "all-MiniLM-L6-v2-int8-max256")
    assert not applies("keyword", "all-MiniLM-L6-v2-int8-max256")
    assert not applies("hybrid", "hashing-384")


def test_the_closest_sentence_is_quoted_even_without_a_shared_word() -> None:
    text = (
        "Purchases up to 5,000 EUR need approval from your budget holder. "
        "Splitting a purchase to stay below a threshold is not allowed. "
        "Raise a purchase order in Coupa before the supplier starts work."
    )
    closest = "Splitting a purchase to stay below a threshold is not allowed."
    hit = {"heading": None, "best_sentence": closest}
    quoted = best_sentences(text, terms("Can I cut a big order in two to dodge sign-off?"), hit=hit)
    assert closest in quoted


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def index(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    root: Path = tmp_path_factory.mktemp("ranking-sentences")
    if request.param == "sqlite":
        url = f"sqlite:///{root / 'kassist.db'}"
        ingest_corpus(url)
        yield url
        return
    with fresh_database(request.getfixturevalue("pg_server_url"), "kassist_rank_sentences") as url:
        ingest_corpus(url)
        yield url


def test_a_paraphrase_finds_the_sentence_that_answers_it(index: str) -> None:
    with KnowledgeIndex.from_url(index, embedder=embedder()) as ix:
        kb = ix.for_tenant(TENANT)
        hits = kb.search("How long does the temporary access pass last after I lose my MFA phone?", k=3)
        keyword = kb.search("temporary access pass", k=3, mode="keyword")
    assert hits[0].source_path == "it/runbook-accounts-and-access.txt"
    assert hits[0].best_sentence is not None and "eight hours" in hits[0].best_sentence
    assert all(h.best_sentence is None for h in keyword)  # no vector side: no sentence stage


def test_the_async_index_runs_the_same_stage(index: str) -> None:
    question = "How long does the temporary access pass last after I lose my MFA phone?"

    async def search() -> list[SearchHit]:
        async with await AsyncKnowledgeIndex.from_url(index, embedder=embedder()) as ix:
            return await ix.for_tenant(TENANT).search(question, k=3)

    with KnowledgeIndex.from_url(index, embedder=embedder()) as ix:
        expected = ix.for_tenant(TENANT).search(question, k=3)
    found = asyncio.run(search())
    assert [(h.chunk_id, h.best_sentence) for h in found] == [(h.chunk_id, h.best_sentence) for h in expected]


def test_the_assistant_quotes_the_answering_sentence(index: str) -> None:
    with assistant(index) as graph:
        result = ask(graph, "How long does the temporary access pass last after I lose my MFA phone?", "pass")
    answer = str(result["messages"][-1].content)
    assert "valid for eight hours" in answer
    assert [c["path"] for c in result["citations"]][:1] == ["it/runbook-accounts-and-access.txt"]
