"""Multi-turn follow-ups through the assistant graph on the shipped corpus, offline, on SQLite and
PostgreSQL: ellipsis, corrections, another edition, hollow pronouns, topic switches and the focus
across an abstention (session 22, from bench/followups_dev.py's tuning half)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant, ingest_corpus
from databases import fresh_database

pytestmark = pytest.mark.timeout(900)

LEAVE = "hr/leave-policy-handbook-2026.md"
ARCHIVED = "archive/leave-policy-2024.md"
TRAVEL = "finance/travel-and-expenses-policy.md"
BENEFITS = "hr/benefits-overview.html"
REMOTE = "hr/remote-work-policy.md"
RETENTION = "security/data-retention-policy.md"
LAPTOPS = "it/runbook-laptops-and-equipment.md"
OFFBOARDING = "hr/offboarding-checklist.md"
CARS = "finance/company-cars-and-mobility.md"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def corpus_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('followup') / 'kassist.db'}"
        ingest_corpus(url)
        yield url
        return
    with fresh_database(request.getfixturevalue("pg_server_url"), "kassist_followup") as url:
        ingest_corpus(url)
        yield url


@pytest.fixture(scope="module")
def graph(corpus_url: str) -> Iterator[Any]:
    with assistant(corpus_url) as compiled:
        yield compiled


def _first(result: dict[str, Any]) -> str | None:
    cited = result.get("citations") or []
    return str(cited[0]["path"]) if cited else None


def _answer(result: dict[str, Any]) -> str:
    return " ".join(str(result["messages"][-1].content).split())


def test_an_ellipsis_asks_the_last_question_of_its_new_subject(graph: Any) -> None:
    ask(graph, "How much parental leave do birth parents get?", "fu-ellipsis-1")
    partners = ask(graph, "And for partners?", "fu-ellipsis-1")
    assert _first(partners) == LEAVE
    assert "six weeks of paid parental leave" in _answer(partners)

    ask(graph, "What is the hotel limit per night for business trips?", "fu-ellipsis-2")
    london = ask(graph, "What about London?", "fu-ellipsis-2")
    assert _first(london) == TRAVEL
    assert "250 EUR in London" in _answer(london)
    assert "300 USD in New York" in _answer(ask(graph, "And New York?", "fu-ellipsis-2"))


def test_an_ellipsis_the_focus_does_not_cover_abstains(graph: Any) -> None:
    ask(graph, "What is the hotel limit per night for business trips?", "fu-ellipsis-3")
    tokyo = ask(graph, "And Tokyo?", "fu-ellipsis-3")
    assert tokyo["citations"] == []
    assert "nothing relevant" in _answer(tokyo)


def test_a_correction_asks_the_last_question_of_the_edition_meant(graph: Any) -> None:
    first = ask(graph, "How many days of annual leave do full-timers get?", "fu-correct-1")
    assert _first(first) == LEAVE and "28 days" in _answer(first)
    meant = ask(graph, "No, I meant the 2024 one.", "fu-correct-1")
    assert _first(meant) == ARCHIVED
    assert "25 days of paid annual leave" in _answer(meant)


def test_a_comparison_with_another_edition_is_answered_from_that_edition(graph: Any) -> None:
    ask(graph, "How much bereavement leave do I get when a parent dies?", "fu-compare-1")
    older = ask(graph, "Is that more than the 2024 policy gave?", "fu-compare-1")
    assert _first(older) == ARCHIVED
    assert "Five days of paid bereavement leave" in _answer(older)


def test_a_hollow_pronoun_is_the_subject_of_the_section_cited_last(graph: Any) -> None:
    ask(graph, "How much does the company put into my pension?", "fu-hollow-1")
    enrolled = ask(graph, "When am I enrolled in it?", "fu-hollow-1")
    assert _first(enrolled) == BENEFITS
    assert "enrolled automatically after one month of service" in _answer(enrolled)

    ask(graph, "How much can I claim for the gym each month?", "fu-hollow-2")
    claim = ask(graph, "how do i claim it", "fu-hollow-2")
    assert _first(claim) == BENEFITS
    assert "quarterly" in _answer(claim)


def test_a_pointer_to_the_document_opened_reads_the_document(graph: Any) -> None:
    ask(graph, "Open the travel and expenses policy.", "fu-whole-1")
    contractors = ask(graph, "Does it apply to contractors as well?", "fu-whole-1")
    assert _first(contractors) == TRAVEL
    assert "employees and contractors" in _answer(contractors)


def test_a_question_that_says_it_moves_on_does_not_inherit_the_focus(graph: Any) -> None:
    ask(graph, "Find the data retention policy.", "fu-switch-1")
    laptop = ask(
        graph, "Now something else: what happens to my laptop if I spill coffee on it?", "fu-switch-1"
    )
    assert _first(laptop) == LAPTOPS
    assert "loan laptop" in _answer(laptop)


def test_a_question_opening_with_and_that_another_document_answers_is_new(graph: Any) -> None:
    ask(graph, "What does the dental cover reimburse?", "fu-switch-2")
    exit_interview = ask(graph, "and the exit interview, do I have to take part?", "fu-switch-2")
    assert _first(exit_interview) == OFFBOARDING


def test_the_focus_outlives_an_abstention_only_for_a_follow_up_it_answers(graph: Any) -> None:
    first = ask(graph, "How many days can I work from another country each year?", "fu-abstain-1")
    assert _first(first) == REMOTE
    cat = ask(graph, "Can I bring my cat to the Tokyo office?", "fu-abstain-1")
    assert cat["citations"] == [] and cat["focus_stale"]
    moving = ask(graph, "and what about moving abroad for good?", "fu-abstain-1")
    assert _first(moving) == REMOTE
    assert "change to your employment contract" in _answer(moving)

    ask(graph, "How many days can I work from another country each year?", "fu-abstain-2")
    ask(graph, "Can I bring my cat to the Tokyo office?", "fu-abstain-2")
    hamsters = ask(graph, "what about hamsters?", "fu-abstain-2")
    assert hamsters["citations"] == []


def test_a_pointer_nothing_else_answers_is_answered_from_the_focus(graph: Any) -> None:
    ask(graph, "what's the data retention policy about", "fu-pointer-1")
    effective = ask(graph, "when did it come into effect?", "fu-pointer-1")
    assert _first(effective) == RETENTION
    assert "1 July 2025" in _answer(effective)


def test_a_hollow_pronoun_whose_words_are_not_in_the_last_section_reads_the_whole_focus(graph: Any) -> None:
    ask(graph, "Where is the company cars and mobility budget page?", "fu-pointer-2")
    partner = ask(graph, "Can my partner drive it too?", "fu-pointer-2")
    assert _first(partner) == CARS
    assert "Only the employee and their partner may drive the car" in _answer(partner)
