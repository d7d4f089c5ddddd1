"""A pronoun after a message that asked nothing (issue 27, follow-ups; session 25).

People often state their circumstances first and ask in the next message: "the removal van comes on
the 14th" -> "do I get a day off for it?". When the statement got no citation (nothing in focus),
"it" points at what the statement said, not at a document: the follow-up is read as the statement
with the new words (graph/assistant/working.py, ``read``). After a question the base had nothing
for, a pronoun question is still read as new. Whether the last message asked is read on all of it,
not on the topic cut to its last words. The wording here is not any development set's.

Pure (the reading of a message against the conversation, whether a message asks), and through the
whole assistant graph on a small corpus written here (extractive responder, the real local
embedder), SQLite and PostgreSQL.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over

from graph.assistant.asking import asks
from graph.assistant.state import WorkingItem
from graph.assistant.working import TOPIC_WORDS, read
from knowledge.index.rules import STOPWORDS

pytestmark = pytest.mark.timeout(900)

STATEMENT = "the removal van comes on the 14th"
FOLLOW_UP = "do I get a day off for it?"
FOCUS = WorkingItem(
    kind="document", id="c1", doc_id="d1", title="Time off for life events",
    source_path="hr/life-events.md", turn=1, heading="Time off for life events > Moving house",
)  # fmt: skip


def test_a_pronoun_after_a_statement_with_nothing_in_focus_continues_the_statement() -> None:
    reading = read(FOLLOW_UP, None, STATEMENT, STOPWORDS)
    assert reading.kind == "continues" and reading.pointer
    assert reading.query == f"{STATEMENT} {FOLLOW_UP}"


def test_a_pronoun_after_a_question_with_nothing_in_focus_is_new() -> None:
    reading = read("is it paid?", None, "How many days of jury service leave do I get?", STOPWORDS)
    assert reading.kind == "new" and reading.query == "is it paid?"


def test_a_long_message_that_asks_first_is_a_question_though_its_last_words_ask_nothing() -> None:
    circumstances = (
        "My partner and I bought a house last spring and the sale finally went through after months "
        "of back and forth with the bank, the surveyor and the previous owners, who kept moving the date "
        "because their own new place was not ready until the very end of the summer holidays."
    )
    assert len(circumstances.split()) > TOPIC_WORDS
    topic = f"Is there paid leave for moving house? {circumstances}"
    reading = read("who approves it?", None, topic, STOPWORDS)
    assert reading.kind == "new" and reading.query == "who approves it?"


def test_with_a_document_in_focus_a_pronoun_reads_the_focus_not_the_statement() -> None:
    reading = read(FOLLOW_UP, FOCUS, STATEMENT, STOPWORDS)
    assert reading.kind == "continues"
    assert reading.query == f"{FOLLOW_UP} (Time off for life events)"


def test_a_question_without_a_pronoun_after_a_statement_is_new() -> None:
    assert read("How do I reset my password?", None, STATEMENT, STOPWORDS).kind == "new"


@pytest.mark.parametrize(
    "message,asking",
    [
        ("My team lead put me forward for the mentoring scheme", False),
        ("the printer on the third floor has been jammed since this morning", False),
        ("payroll berlin bonus deadline form", False),  # a bare keyword search states, it does not ask
        ("How many days of jury service leave do I get?", True),
        ("which page lists the canteen opening hours in madrid", True),
        ("My train was cancelled. Can I claim a taxi?", True),
    ],
)
def test_whether_a_message_asks(message: str, asking: bool) -> None:
    assert asks(message) is asking


DOCUMENTS = {
    "hr/life-events.md": "# Time off for life events\n\n## Moving house\n\nStaff who move to a new home get one "
    "day of paid leave for the move, once a year. Book it in the HR portal under 'life events' at least a week "
    "ahead; your manager approves it like annual leave.\n\n## Jury service\n\nJury service is paid leave. Send "
    "the court's letter to HR as soon as you receive it.\n",
    "it/laptops.md": "# Laptop handbook\n\n## Returning your laptop\n\nWhen you leave, return your laptop and "
    "charger to the service desk on your last working day.\n",
    "facilities/parking.md": "# Parking policy\n\n## Permits\n\nParking permits are issued for one calendar "
    "year. Apply through the facilities portal.\n",
}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "statement-followups") as compiled:
        yield compiled


def _conversation(graph: Any, *turns: str) -> dict[str, Any]:
    thread = f"statement-{zlib.crc32(' | '.join(turns).encode())}"
    result: dict[str, Any] = {}
    for turn in turns:
        result = ask(graph, turn, thread)
    return result


@pytest.mark.parametrize("follow_up", [FOLLOW_UP, "how do I book a day off for it?"])
def test_the_assistant_searches_the_statement_with_the_pronoun_question(graph: Any, follow_up: str) -> None:
    stated = _conversation(graph, STATEMENT)
    assert stated["citations"] == []  # nothing in focus: the rule's case
    result = _conversation(graph, STATEMENT, follow_up)
    assert result["reading"]["query"] == f"{STATEMENT} {follow_up}"
    assert [c["path"] for c in result["citations"]][:1] == ["hr/life-events.md"]
    assert "one day of paid leave" in str(result["messages"][-1].content)


def test_the_pronoun_question_alone_finds_nothing(graph: Any) -> None:
    assert _conversation(graph, FOLLOW_UP)["citations"] == []
