"""Answers that generalise (issue 27, session 15), through the real assistant graph on both backends:
an office page answers for its office only when it covers the question; a question in a language
the embedder does not read gets a note naming the language; a pronoun follow-up keeps the document
in focus, and a dummy "it" does not. The shipped handbook plus one office page, local MiniLM.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from assistant_support import ask, assistant, embedder
from databases import fresh_database

from graph.assistant.answering import LANGUAGE_NOTE, NOT_FOUND
from knowledge.corpus import demo_corpus_path
from knowledge.index import KnowledgeIndex
from knowledge.index.passages import header_only
from knowledge.ingest import ingest_directory

TENANT = "northwind"
LISBON = "facilities/desk-booking-lisbon-office.md"
BACKUP = "it/runbook-backup-and-restore.md"
LEAVE = "hr/leave-policy-handbook-2026.md"
SAFETY = "hr/health-and-safety.txt"
LISBON_PAGE = """# Desk booking: Lisbon office 2026

Effective date: 1 January 2026. Owner: Workplace Services.

## Desk booking

Desks at the Lisbon office are booked in the Robin app, and bookings open one week ahead. Each team
has a neighbourhood on the second floor where its members sit on anchor days.

## Lunch

The Lisbon office has no canteen; staff receive a meal card worth 9 EUR per working day.
"""


def _ingest(url: str, root: Path) -> None:
    corpus = root / "corpus"
    shutil.copytree(demo_corpus_path(), corpus)
    (corpus / LISBON).write_text(LISBON_PAGE, encoding="utf-8")
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        ingest_directory(index.for_tenant(TENANT), corpus, collection="handbook")


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    root = tmp_path_factory.mktemp("ranking-h1")
    if request.param == "sqlite":
        url = f"sqlite:///{root / 'kassist.db'}"
        _ingest(url, root)
        with assistant(url) as compiled:
            yield compiled
        return
    with fresh_database(request.getfixturevalue("pg_server_url"), "kassist_rank_h1") as url:
        _ingest(url, root)
        with assistant(url) as compiled:
            yield compiled


def _answer(result: dict[str, Any]) -> str:
    return str(result["messages"][-1].content)


def _cited(result: dict[str, Any]) -> list[str]:
    return [c["path"] for c in result.get("citations", [])]


def test_an_office_page_answers_what_it_covers(graph: Any) -> None:
    result = ask(graph, "How far ahead can I book a desk at the Lisbon office?", "lisbon-desk")
    assert _cited(result)[:1] == [LISBON]
    assert "one week ahead" in _answer(result)


def test_a_company_wide_rule_answers_for_an_office_whose_page_does_not_and_is_cited_first(graph: Any) -> None:
    # Session 30: the Lisbon page says nothing of drills; the health and safety policy, which names
    # no office, does (graph/assistant/scopes.company_wide).
    result = ask(graph, "How often are fire drills held at the Lisbon office?", "lisbon-drills")
    assert _cited(result)[:1] == [SAFETY], _cited(result)
    assert "twice a year" in _answer(result)


@pytest.mark.parametrize(
    "question",
    [
        "Who is the fire warden on the third floor in Lisbon?",
        "How much does a monthly parking permit cost at the Lisbon office?",
        "Can I bring my dog to the Tokyo office?",
    ],
)
def test_an_office_the_corpus_does_not_cover_for_this_abstains_with_closest_titles(
    graph: Any, question: str
) -> None:
    result = ask(graph, question, f"uncovered-{abs(hash(question))}")
    answer = _answer(result)
    assert _cited(result) == []
    assert NOT_FOUND in answer
    assert "The closest documents are: " in answer


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("Wie lange werden die Videoaufnahmen der Bürokameras gespeichert?", "German"),
        ("Ile dni płatnego urlopu przysługuje mi w ciągu roku?", "Polish"),
        ("¿Cuántos días de vacaciones pagadas tengo al año?", "Spanish"),
    ],
)
def test_a_question_the_embedder_cannot_read_gets_a_note_naming_its_language(
    graph: Any, question: str, language: str
) -> None:
    answer = _answer(ask(graph, question, f"lang-{language}"))
    assert LANGUAGE_NOTE in answer
    assert f"looks like {language}" in answer


def test_an_english_question_gets_no_language_note(graph: Any) -> None:
    answer = _answer(ask(graph, "How many days of paid holiday do I get a year?", "lang-en"))
    assert LANGUAGE_NOTE not in answer


def test_a_pronoun_follow_up_keeps_the_document_in_focus(graph: Any) -> None:
    ask(graph, "Show me the backup and restore runbook.", "focus-backup")
    result = ask(graph, "How many earlier versions does it keep?", "focus-backup")
    assert _cited(result)[:1] == [BACKUP]
    assert "500 versions" in _answer(result)


def test_a_dummy_it_is_a_new_question(graph: Any) -> None:
    ask(graph, "Where is the travel and expenses policy?", "focus-dummy")
    result = ask(graph, "Is it possible to buy extra days off?", "focus-dummy")
    assert _cited(result)[:1] == [LEAVE]


def test_a_header_is_no_answer() -> None:
    assert header_only(
        "---\ntitle: Desk booking\nversion: 5.6\n---\n\n# Desk booking\n\nEffective date: 1 May 2026."
    )
    assert not header_only(LISBON_PAGE)
