"""What the extractive answer quotes (graph/assistant/responders/extractive.py): no hole in a quotation,
and a second section of the first document when it is about as close and adds to the answer."""

from __future__ import annotations

from typing import Any

from graph.assistant.answering import Verdict
from graph.assistant.gather import query_terms
from graph.assistant.responders.base import Turn
from graph.assistant.responders.extractive import ExtractiveResponder, best_sentences

CARS = (
    "Company cars may be used privately, including holidays abroad in Europe. Private use is a taxable "
    "benefit in kind in most countries, calculated by payroll and shown on your payslip. Only the "
    "employee and their partner may drive the car."
)


def hit(
    doc: str, chunk: str, title: str, heading: str, text: str, sentence: float, best: str = ""
) -> dict[str, Any]:
    return {"doc_id": doc, "chunk_id": chunk, "title": title, "heading": heading, "text": text,
            "source_path": f"{doc}.md", "relevance": 0.6, "sentence_cosine": sentence,
            "best_sentence": best or None}  # fmt: skip


def answer(query: str, hits: list[dict[str, Any]]) -> tuple[str, list[str]]:
    turn = Turn(query, [], hits, [], {}, None, Verdict(True))  # type: ignore[arg-type]
    reply = ExtractiveResponder().respond(turn)
    return str(reply.messages[-1].content), [c["chunk_id"] for c in reply.citations]


def test_a_sentence_between_two_quoted_ones_is_quoted() -> None:
    q = "will I have to pay tax on my company car and where will I see it?"
    h = hit("cars", "c1", "Company Cars", "Company Cars > Private use and tax", CARS, 0.5,
            best="Only the employee and their partner may drive the car.")  # fmt: skip
    quoted = best_sentences(CARS, query_terms(q), hit=h)
    assert any("benefit in kind" in s for s in quoted)
    assert len(quoted) == 3


HOTELS = "The nightly hotel limit is 180 EUR in most European cities. Book through Navan."
PERSONAL = (
    "You may add personal days to a business trip. Hotel nights during personal days are not "
    "reimbursed, and the flight must not cost more than it would have for the business dates alone."
)
ELSEWHERE = "Conference fees are paid by your department's training budget."


def test_a_second_section_of_the_first_document_that_adds_to_the_answer_is_quoted() -> None:
    q = "if I add personal days to a conference trip does the company pay the extra hotel nights"
    hits = [
        hit("travel", "t1", "Travel Policy", "Travel Policy > Hotels", HOTELS, 0.55),
        hit("training", "x1", "Training Policy", "Training Policy > Conferences", ELSEWHERE, 0.5),
        hit("travel", "t2", "Travel Policy", "Travel Policy > Personal days", PERSONAL, 0.5),
    ]
    text, cited = answer(q, hits)
    assert "during personal days are not reimbursed" in text
    assert cited[:2] == ["t1", "t2"]  # the first document's sections together, then the next one
    assert "Personal days" in text


def test_a_second_section_that_adds_no_word_of_the_question_is_not_quoted() -> None:
    q = "How do I fix a VPN connection that keeps dropping?"
    drops = "Repeated drops are typically caused by unstable Wi-Fi. Try a wired connection."
    slow = "Run a speed test with and without the VPN. Switch to the Amsterdam gateway."
    hits = [
        hit("vpn", "v1", "IT Runbook: VPN Connection Problems", "VPN > Frequent disconnections", drops, 0.6),
        hit("vpn", "v2", "IT Runbook: VPN Connection Problems", "VPN > Slow connection", slow, 0.55),
    ]
    text, cited = answer(q, hits)
    assert cited == ["v1"]
    assert "Amsterdam" not in text
