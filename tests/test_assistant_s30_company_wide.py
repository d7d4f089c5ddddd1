"""A rule for the whole company answers a question that names an office whose own pages are off-topic
(graph/assistant/scopes.company_wide, session 30): before, "how often are first-aid kits checked
in the Porto office" abstained with "the page for porto does not cover the question" although the
health and safety policy, which names no office, states it. The slot and premise checks then read
that passage alone, so a count it does not state is still no answer; a passage naming another office
and a name that is not an "X office" get no such reading. Sentences of our own; pure functions: no
index, no model."""

from __future__ import annotations

from typing import Any

import pytest

from graph.assistant.answering import judge
from graph.assistant.scopes import company_wide

OFFICE_PAGE = {
    "doc_id": "porto", "chunk_id": "p1", "title": "Visitor parking and guest badges: Porto office", "heading": None,
    "text": "Guests park on level -2; the reception hands out a day ticket. The car park closes at 22:00.",
    "source_path": "facilities/porto-parking.md", "relevance": 0.58, "sentence_cosine": 0.41,
    "best_sentence": "Guests park on level -2; the reception hands out a day ticket.",
}  # fmt: skip


def _policy(text: str, title: str = "Workplace Safety Policy", closeness: float = 0.6) -> dict[str, Any]:
    return {"doc_id": title, "chunk_id": "s1", "title": title, "heading": f"{title} > First aid",
            "text": text, "source_path": "hr/safety.md", "relevance": 0.52, "sentence_cosine": closeness,
            "best_sentence": text}  # fmt: skip


def test_a_company_wide_rule_answers_for_an_office_whose_page_is_off_topic() -> None:
    policy = _policy("First-aid kits in every kitchen are checked every three months by facilities.")
    question = "How often are the first-aid kits checked in the Porto office?"
    verdict = judge(question, [OFFICE_PAGE, policy], embedder="local")
    assert verdict.answerable, verdict.reason
    assert company_wide(question, frozenset({"porto"}), [OFFICE_PAGE, policy], lambda h: True) is policy
    assert verdict.lead == policy["chunk_id"]  # quoted and cited first (nodes.retrieve)
    assert verdict.closest == [OFFICE_PAGE["title"], policy["title"]]  # every passage found


def test_the_slot_is_read_from_the_company_wide_passage_alone() -> None:
    # The office page states numbers ("level -2", "22:00"); the policy states none: no count is given.
    policy = _policy("First-aid kits are kept in every kitchen and checked by facilities.")
    verdict = judge(
        "How many first-aid kits does the Porto office have?", [OFFICE_PAGE, policy], embedder="local"
    )
    assert not verdict.answerable
    assert "count" in verdict.reason or "number" in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    ("question", "text", "closeness"),
    [
        # A passage naming another office is no rule for the whole company.
        (
            "How often are the first-aid kits checked in the Porto office?",
            "In the Madrid office, first-aid kits are checked every month by facilities.",
            0.6,
        ),
        # A place named without "office" keeps the scope check.
        (
            "How often are first-aid kits checked on the second floor in Porto?",
            "First-aid kits in every kitchen are checked every three months by facilities.",
            0.6,
        ),
        # "monthly" and "costs" are shared, the gym is not: the closest sentence is far from the question.
        (
            "How much does a monthly gym pass cost at the Porto office?",
            "Hybrid staff get a monthly 25 EUR towards the costs of their broadband.",
            0.39,
        ),
    ],
)
def test_no_company_wide_rule_answers_for_the_office(question: str, text: str, closeness: float) -> None:
    verdict = judge(question, [OFFICE_PAGE, _policy(text, closeness=closeness)], embedder="local")
    assert not verdict.answerable
    assert verdict.reason == "the page for porto does not cover the question"
