"""A question that names an edition or a year is answered from that edition; one about a
document's date quotes the line that states it (issue 27, item 2: "unless the question names them").

The shipped corpus holds the Leave Policy Handbook 2026 and the 2024 leave policy it replaced
(archive/, titled "superseded"); answers go through the whole assistant graph, extractive, with the
real local embedder, on SQLite and PostgreSQL.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from assistant_support import ask, assistant, ingest_corpus
from databases import fresh_database

from graph.assistant.gather import hit_items

pytestmark = pytest.mark.timeout(900)

HANDBOOK = "hr/leave-policy-handbook-2026.md"
ARCHIVED = "archive/leave-policy-2024.md"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if request.param == "sqlite":
        url = f"sqlite:///{Path(tmp_path_factory.mktemp('editions')) / 'kassist.db'}"
        ingest_corpus(url)
        with assistant(url) as compiled:
            yield compiled
        return
    with fresh_database(request.getfixturevalue("pg_server_url"), "kassist_editions") as url:
        ingest_corpus(url)
        with assistant(url) as compiled:
            yield compiled


def _first(result: dict[str, Any]) -> str:
    cited = [c["path"] for c in result["citations"]]
    return cited[0] if cited else ""


# (question, the document that must be cited first, words the answer must quote)
NAMED_EDITION = [
    ("What did the 2024 leave policy allow for carry-over?", ARCHIVED, "Up to three unused days"),
    ("Under the 2024 edition, how many days of annual leave did full-time staff get?", ARCHIVED, "25 days"),
    ("In the 2024 leave policy, how long was parental leave for the birth parent?", ARCHIVED, "16 weeks"),
    ("Per the superseded leave policy, when was a doctor's note needed?", ARCHIVED, "fourth day"),
    ("How many days of annual leave do full-time employees get?", HANDBOOK, "28 days"),
    ("How many unused leave days can I carry over?", HANDBOOK, ""),
    ("What does the 2026 leave policy say about carrying over unused leave?", HANDBOOK, "five unused days"),
    ("What was the parental leave for partners in the archived leave policy?", ARCHIVED, "two weeks"),
    ("Under the old leave policy, how many days of annual leave did we get?", ARCHIVED, "25 days"),
]


@pytest.mark.parametrize("question,path,quote", NAMED_EDITION, ids=[f"edition{i}" for i in range(9)])
def test_a_named_edition_leads_and_an_unnamed_question_gets_the_current_one(
    graph: Any, question: str, path: str, quote: str
) -> None:
    result = ask(graph, question, f"edition-{zlib.crc32(question.encode())}")
    assert _first(result) == path, (question, [c["path"] for c in result["citations"]])
    assert quote in result["messages"][-1].content


def test_an_edition_the_corpus_does_not_hold_is_not_found(graph: Any) -> None:
    result = ask(graph, "What did the 2019 leave policy say about carrying over leave?", "edition-2019")
    assert result["citations"] == []
    assert "nothing relevant" in result["messages"][-1].content


# (question, the document that must be cited first, the line it states its date in)
DATES = [
    ("When was the leave policy last updated?", HANDBOOK, "Effective date: 1 January 2026"),
    ("What's the effective date of the data retention policy?", "security/data-retention-policy.md",
     "Effective date: 1 July 2025"),
    ("When did the remote work policy take effect?", "hr/remote-work-policy.md", "1 April 2025"),
    ("When was the People Ops FAQ last updated?", "hr/people-ops-faq.txt", "Last updated: 2 March 2026"),
    ("What version is the information security policy?", "security/information-security-policy.html",
     "Version 4.2"),
    ("What was the effective date of the 2024 leave policy?", ARCHIVED, "Effective date: 1 January 2024"),
    ("What's the effective date of the acceptable use policy?", "it/acceptable-use-policy.txt",
     "Effective date: 1 January 2025"),
    ("When did the code of conduct take effect?", "hr/code-of-conduct.txt", "Effective date: 1 January 2026"),
]  # fmt: skip


@pytest.mark.parametrize("question,path,line", DATES, ids=[f"date{i}" for i in range(8)])
def test_a_question_about_a_documents_date_quotes_the_line_that_states_it(
    graph: Any, question: str, path: str, line: str
) -> None:
    result = ask(graph, question, f"date-{zlib.crc32(question.encode())}")
    assert _first(result) == path, (question, [c["path"] for c in result["citations"]])
    assert line in result["messages"][-1].content


@pytest.mark.parametrize(
    "question,weight",
    [("What did the 2024 leave policy allow for carry-over?", 1.0), ("How much carry-over is allowed?", 0.5)],
    ids=["named", "unnamed"],
)
def test_the_language_model_gets_a_named_edition_at_full_weight(question: str, weight: float) -> None:
    hit = {"text": "Up to three unused days may be carried over.", "title": "Leave Policy (2024 edition, superseded)",
           "doc_id": "d1", "chunk_id": "c1", "source_path": ARCHIVED, "superseded": True}  # fmt: skip
    [item] = hit_items([hit], question)
    assert (item.relevance, item.confidence) == (weight, weight)
    assert "superseded" in item.text.lower()  # still marked as archived for the model


AGE_NOT_EDITION = [
    ("How old must I be to join the pension plan?", False),
    ("Are staff aged 50 or older eligible for the phased retirement scheme?", False),
    ("Can employees older than 55 reduce their hours?", False),
    ("I'm 17 years old, may I work night shifts?", False),
    ("Am I old enough to book a rental car on a business trip?", False),
    ("What did the old 2024 leave policy allow?", True),
    ("Under the older handbook, how many days could we carry over?", True),
    ("What did the previous travel policy say about lounges?", True),
]


@pytest.mark.parametrize("question,asks", AGE_NOT_EDITION, ids=[f"age{i}" for i in range(8)])
def test_a_question_about_age_does_not_ask_for_an_older_edition(question: str, asks: bool) -> None:
    # "old"/"older" about a person's age must not lift archived editions (the +0.1 a requested older
    # edition gets, 889c29a); "the old policy", "the older handbook" still ask for one.
    from knowledge.index.rules import asks_for_history

    assert asks_for_history(question) is asks
