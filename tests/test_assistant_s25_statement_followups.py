"""A pronoun after a message that asked nothing (issue 27, follow-ups; session 25).

People often state their circumstances first and ask in the next message: "I'm thinking of going for
an internal opening on another team" -> "do I need to let my manager know about it?". When the
statement got no citation (nothing in focus), "it" points at what the statement said, not at a
document: the follow-up is read as the statement with the new words (graph/assistant/working.py,
``read``). After a question the base had nothing for, a pronoun question is still read as new.
Pure: the reading of a message against the conversation, and whether a message asks.
"""

from __future__ import annotations

import pytest

from graph.assistant.asking import asks
from graph.assistant.state import WorkingItem
from graph.assistant.working import read
from knowledge.index.rules import STOPWORDS

STATEMENT = "I'm thinking of going for an internal opening on another team"
FOCUS = WorkingItem(
    kind="document", id="c1", doc_id="d1", title="Recruitment and Referrals",
    source_path="hr/recruitment.md", turn=1, heading="Recruitment and Referrals > Internal moves",
)  # fmt: skip


def test_a_pronoun_after_a_statement_with_nothing_in_focus_continues_the_statement() -> None:
    reading = read("do I need to let my manager know about it?", None, STATEMENT, STOPWORDS)
    assert reading.kind == "continues" and reading.pointer
    assert reading.query == f"{STATEMENT} do I need to let my manager know about it?"


def test_a_pronoun_after_a_question_with_nothing_in_focus_is_new() -> None:
    reading = read(
        "does it apply to interns?", None, "How much parental leave do birth parents get?", STOPWORDS
    )
    assert reading.kind == "new" and reading.query == "does it apply to interns?"


def test_with_a_document_in_focus_a_pronoun_reads_the_focus_not_the_statement() -> None:
    reading = read("do I need to let my manager know about it?", FOCUS, STATEMENT, STOPWORDS)
    assert reading.kind == "continues"
    assert reading.query == "do I need to let my manager know about it? (Recruitment and Referrals)"


def test_a_question_without_a_pronoun_after_a_statement_is_new() -> None:
    assert read("How do I reset my password?", None, STATEMENT, STOPWORDS).kind == "new"


@pytest.mark.parametrize(
    "message,asking",
    [
        ("HR just booked me in for a chat about why I'm leaving", False),
        ("IT says my laptop is due for a refresh", False),
        ("finance ops amsterdam local contact", False),
        ("How much parental leave do birth parents get?", True),
        ("which page covers the product design team in london", True),
        ("My flight was cancelled. Can I book a hotel?", True),
    ],
)
def test_whether_a_message_asks(message: str, asking: bool) -> None:
    assert asks(message) is asking
