"""A question naming a field of a page's record ("document id", "last reviewed", "effective") is
answered with that record line (knowledge/index/rerank.field_lines, the extractive responder), and a
question that only uses a label's time word ("last week", "my leaving date") or a label's word about
the page's subject ("who reviews ...", "a bike owner", "the most effective way") is not. Pure
functions: no index, no model."""

from __future__ import annotations

from typing import Any

from graph.assistant.answering import Verdict
from graph.assistant.gather import query_terms
from graph.assistant.responders.base import Turn
from graph.assistant.responders.extractive import ExtractiveResponder
from knowledge.index.passages import field_lines

HEADER = (
    "Document ID: OPS-00412. Owner: Facilities Desk. Classification: Internal.\n"
    "Effective date: 3 March 2024. Last reviewed: 19 May 2026.\n\n"
    "Bicycles are parked in the basement rack, which opens with your badge. Helmets can be left in "
    "the lockers beside the rack, which are emptied every Friday evening."
)


# A page whose header is front matter (a demo page's shape).
FRONT_MATTER = (
    "---\ntitle: Bicycle parking: Oslo office\nversion: 2.1\nstatus: Current\n---\n"
    "Bicycles are parked in the basement rack, which opens with your badge. Helmets can be left in "
    "the lockers beside the rack, which are emptied every Friday evening."
)


def _hit(text: str) -> dict[str, Any]:
    return {"doc_id": "bikes", "chunk_id": "b1", "title": "Bicycle parking: Oslo office",
            "heading": "Bicycle parking: Oslo office", "text": text, "source_path": "bikes.md",
            "relevance": 0.6, "sentence_cosine": 0.5,
            "best_sentence": "Bicycles are parked in the basement rack, which opens with your badge."}  # fmt: skip


def _answer(query: str, text: str = HEADER) -> str:
    turn = Turn(query, [], [_hit(text)], [], {}, None, Verdict(True))  # type: ignore[arg-type]
    return str(ExtractiveResponder().respond(turn).messages[-1].content)


def test_the_field_a_question_names_is_quoted() -> None:
    assert "Document ID: OPS-00412." in _answer("oslo bicycle parking page document id")
    assert "Last reviewed: 19 May 2026." in _answer("bike parking oslo, when was that page last reviewed")
    assert "Effective date: 3 March 2024." in _answer(
        "Since when has the Oslo bike parking page been in effect?"
    )
    assert "Owner: Facilities Desk." in _answer("who is the owner of the oslo bike parking page")


def test_a_label_time_word_alone_names_no_field() -> None:
    for q in ("I parked my bike there last week, is the rack emptied?", "what date are the lockers emptied"):
        assert field_lines(HEADER, query_terms(q), q) == []
        assert "Last reviewed" not in _answer(q) and "Effective date" not in _answer(q)


def test_only_record_lines_are_fields() -> None:
    # A sentence that opens with words and a colon is no record line of the page's header.
    text = "Review the rack: bicycles left over a weekend are moved to the yard."
    assert field_lines(text, query_terms("bike rack review page"), "bike rack review page") == []


def test_a_label_word_about_the_subject_names_no_field() -> None:
    # The label's own words are everyday words: a question using them about the page's subject,
    # with no "when" and no document word, asks nothing about the page's record.
    for q in (
        "Who reviews my request for a second rack badge?",
        "Are the lockers reviewed before they are emptied on Friday?",
        "As a bike owner, may I leave my helmet in the lockers overnight?",
        "What is the most effective way to lock a bicycle in the basement rack?",
    ):
        answer = _answer(q)
        assert "Last reviewed" not in answer and "Owner:" not in answer, (q, answer)
        assert "Effective date" not in answer, (q, answer)
        assert "Bicycles are parked in the basement rack" in answer or "Helmets" in answer, (q, answer)
    for q in (
        "Which version of the booking form do I fill in for a rack badge?",
        "What is the status of my rack badge?",
    ):
        answer = _answer(q, FRONT_MATTER)
        assert "version: 2.1" not in answer and "status: Current" not in answer, (q, answer)


def test_a_header_only_passage_names_its_document_unless_its_field_is_asked() -> None:
    header = HEADER.partition("\n\n")[0]
    answer = _answer("Who reviews my request for a second rack badge?", header)
    assert "\n1. The document 'Bicycle parking: Oslo office' [1]\n" in answer, answer
    assert "Last reviewed: 19 May 2026." in _answer("the oslo bike parking page, last reviewed when?", header)


def test_a_document_word_or_a_when_word_asks_for_the_record() -> None:
    assert "Effective date: 3 March 2024." in _answer("Is the Oslo bike parking guide effective from March?")
    assert "version: 2.1" in _answer("What version is the oslo bike parking page?", FRONT_MATTER)
    assert "status: Current" in _answer("What is the status of the oslo bike parking page?", FRONT_MATTER)
