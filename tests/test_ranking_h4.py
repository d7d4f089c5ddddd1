"""Ranking rules of the second stage (knowledge/index/rerank.py, knowledge/index/search.py) on a real
index with local embeddings, both backends: a meeting note that quotes a runbook's section word for
word shows the runbook; an archived edition goes after the current one unless asked for; an office
copy only when the question names the office; the two backends give the same order and relevance.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from assistant_support import TENANT, embedder
from databases import fresh_database

from knowledge.corpus import demo_corpus_path
from knowledge.index import KnowledgeIndex
from knowledge.index.passages import lexical_scores, long_sentences, terms
from knowledge.index.search import source_probe
from knowledge.ingest import ingest_directory

RUNBOOK = "it/runbook-vpn-troubleshooting.md"
NOTES = "it/site-reliability-weekly-meeting-notes-week-14.md"
CURRENT = "hr/leave-policy-handbook-2026.md"
ARCHIVED = "archive/leave-policy-2024.md"
TRAVEL = "finance/travel-and-expenses-policy.md"
OFFICE = "finance/submitting-expense-claims-berlin-office-2026.md"


def _section(rel: str, heading: str) -> str:
    text = (demo_corpus_path() / rel).read_text()
    return text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0].strip()


def _corpus(root: Path) -> Path:
    for rel in (RUNBOOK, CURRENT, ARCHIVED, TRAVEL):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(demo_corpus_path() / rel, root / rel)
    # A short meeting note whose one section is the runbook's, word for word, as intranets fill up.
    (root / NOTES).write_text(
        "# Site Reliability weekly meeting notes, week 14\n\nAttendees: Ana, Bram, Chen.\n\n"
        "## Connected but internal sites do not load\n\n"
        + _section(RUNBOOK, "Connected but internal sites do not load")
        + "\n"
    )
    (root / OFFICE).write_text(
        "# Submitting expense claims: Berlin office 2026\n\nEffective date: 1 March 2026.\n\n"
        "This guidance applies to the Berlin office. Jonas Weber is the local contact.\n\n"
        "## Submitting expense claims\n\n" + _section(TRAVEL, "Submitting expense claims") + "\n"
    )
    return root


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def kb(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    root = tmp_path_factory.mktemp("ranking-h4")
    corpus = _corpus(root / "docs")

    def opened(url: str) -> Iterator[Any]:
        with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
            ingest_directory(index.for_tenant(TENANT), corpus, collection="handbook")
            yield index.for_tenant(TENANT)

    if request.param == "sqlite":
        yield from opened(f"sqlite:///{root / 'kassist.db'}")
        return
    with fresh_database(request.getfixturevalue("pg_server_url"), "kassist_rank_h4") as url:
        yield from opened(url)


QUESTIONS = (
    "Websites on the intranet will not load although the tunnel shows as connected",
    "How many days of paid holiday does a full-timer get per year?",
    "By when do I have to file my expense claims?",
    "How do expense claims work in the Berlin office?",
)


def test_the_quoted_source_comes_before_the_note_that_quotes_it(kb: Any) -> None:
    hits = kb.search(QUESTIONS[0], k=5)
    assert hits[0].source_path == RUNBOOK
    assert "DNS problem" in hits[0].text
    notes = [h for h in hits if h.source_path == NOTES]
    assert all(h.duplicate_of == hits[0].chunk_id for h in notes)  # a copy, marked so


def test_the_archived_edition_goes_after_the_current_one_unless_asked_for(kb: Any) -> None:
    hits = kb.search(QUESTIONS[1], k=5)
    assert hits[0].source_path == CURRENT
    paths = [h.source_path for h in hits]
    assert ARCHIVED not in paths or paths.index(ARCHIVED) > paths.index(CURRENT)
    old = kb.search("How many days of holiday did the old 2024 leave policy give?", k=5)
    assert ARCHIVED in [h.source_path for h in old]


def test_the_office_copy_only_when_the_question_names_the_office(kb: Any) -> None:
    assert kb.search(QUESTIONS[2], k=5)[0].source_path == TRAVEL
    assert kb.search(QUESTIONS[3], k=5)[0].source_path == OFFICE


def test_both_backends_rank_alike(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, pg_server_url: str
) -> None:
    """The lexical part is computed from the candidates, not from bm25 or ts_rank: the same order and
    nearly the same relevance on SQLite and PostgreSQL (the candidate lists, over which the words' idf
    is counted, may differ in their tail)."""
    corpus = _corpus(tmp_path_factory.mktemp("ranking-h4-both"))
    rankings = []
    with fresh_database(pg_server_url, "kassist_rank_h4_both") as pg_url:
        for url in (f"sqlite:///{tmp_path / 'both.db'}", pg_url):
            with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
                kb = index.for_tenant(TENANT)
                ingest_directory(kb, corpus, collection="handbook")
                rankings.append(
                    [
                        [(h.source_path, round(h.relevance or 0.0, 3)) for h in kb.search(q, k=3)]
                        for q in QUESTIONS
                    ]
                )
    for sqlite, postgres in zip(*rankings, strict=True):
        assert [p for p, _ in sqlite] == [p for p, _ in postgres]
        assert [r for _, r in sqlite] == pytest.approx([r for _, r in postgres], abs=0.01)


def test_lexical_scores_weigh_a_rare_word_over_a_common_one() -> None:
    question = terms("dental cover leave")
    passages = [terms("leave dental"), terms("leave cover"), terms("leave"), terms("leave holiday")]
    scores = lexical_scores(question, passages)
    assert scores[0] > scores[2] and scores[1] > scores[2]  # 'leave' is in every candidate
    assert scores == lexical_scores(question, passages)  # deterministic
    assert lexical_scores(frozenset(), passages) == [0.0] * 4


def test_a_quote_is_found_by_its_longest_plain_sentence() -> None:
    text = (
        'Run "ipconfig /flushdns" on Windows. If only one internal site is affected, check the status '
        "page for an outage of that service before escalating. Short one."
    )
    assert source_probe(text) == (
        "If only one internal site is affected, check the status page for an outage of that service "
        "before escalating."
    )
    assert source_probe("Too short to be a quote.") is None
    assert long_sentences(text, 10) == long_sentences(text.replace(" ", "\n"), 10)


def test_a_header_line_is_not_quoted_when_the_passage_has_sentences() -> None:
    from graph.assistant.responders.extractive import best_sentences

    dated = "Effective date: June 27, 2022. Deleted files stay in the recycle bin for 93 days."
    assert best_sentences(dated, terms("when were deleted files restored")) == [
        "Deleted files stay in the recycle bin for 93 days."
    ]
    # A chunk that is only a header is quoted as it is: the document was asked for by name.
    header = "Effective date: 1 September 2025. Owner: Facilities and the Health and Safety Committee."
    assert best_sentences(header, terms("health and safety policy"))
