"""A "how many" question is answered only by a passage that states a number about its subject
(issue 27, abstention; session 26).

"How many first-aiders are there on each floor?" is close, in every word, to a page that says to
call "your floor's first-aider": the subject is covered, the count is not, and quoting that sentence
would pass a non-answer off as one. The judge asks a count question for a sentence about its
subject that states some number; the thing counted may be paraphrased ("how many rounds of
interviews" is answered by "the process has three stages"), so any number that can count something
does ("no limit" too), while money, percentages, clock times, years, the digits inside a name ("SEV1")
and the numbers the question holds itself ("studio 4") do not.

Through the whole assistant graph on a small corpus written here (extractive responder, the real
local embedder), SQLite and PostgreSQL; and the sentence test on its own.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over

from graph.assistant.quantities import asked_quantity, gives_count, judged_answer

pytestmark = pytest.mark.timeout(900)

DOCUMENTS = {
    "safety/first-aid-harbour.md": "# First aid: Harbour building\n\n## In an emergency\n\nIf someone is "
    "injured, call your floor's first-aider and stay with the person until help arrives. First-aid kits hang "
    "beside every lift and are restocked by facilities.\n",
    "people/hiring-process.md": "# Hiring process\n\n## Interview stages\n\nThe process has three stages: a "
    "phone screen with a recruiter, a technical interview, and a final conversation with the team lead. "
    "Candidates hear back within five working days of each stage.\n",
    "it/device-enrolment.md": "# Device enrolment\n\n## Limits\n\nThere is no limit on the number of personal "
    "devices you can enrol in the company app; each device must pass the compliance check before use.\n",
    "facilities/studio-4.md": "# Studio 4\n\n## Booking\n\nBook studio 4 in Outlook at least a day ahead; "
    "its chairs are stacked by the window when a workshop needs the space.\n",
    "facilities/bike-storage.md": "# Bike storage: Harbour building\n\n## Racks\n\nThe basement bike room "
    "has forty racks and two repair stands. Bikes left for more than a month are removed.\n",
}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "counts") as compiled:
        yield compiled


def _ask(graph: Any, question: str) -> tuple[list[str], str]:
    result = ask(graph, question, f"counts-{zlib.crc32(question.encode())}")
    return [c["path"] for c in result["citations"]], str(result["messages"][-1].content)


@pytest.mark.parametrize(
    "question", ["How many first-aiders are there on each floor?", "how many first aiders does my floor have"]
)
def test_a_count_the_covered_subject_never_states_is_not_found(graph: Any, question: str) -> None:
    cited, answer = _ask(graph, question)
    assert cited == [], (cited, answer)
    assert "nothing relevant" in answer
    assert "First aid: Harbour building" in answer  # the closest document is named
    assert "first-aider" in answer  # and what it does say


@pytest.mark.parametrize(
    "question,path,quote",
    [
        (
            "How many rounds of interviews does a candidate go through?",
            "people/hiring-process.md",
            "three stages",
        ),
        ("How many bikes fit in the basement bike room?", "facilities/bike-storage.md", "forty racks"),
        # An unbounded count is an answer too.
        ("How many personal devices can I enrol in the company app?", "it/device-enrolment.md", "no limit"),
    ],
)
def test_a_count_stated_in_other_words_answers(graph: Any, question: str, path: str, quote: str) -> None:
    cited, answer = _ask(graph, question)
    assert cited and cited[0] == path, (cited, answer)
    assert quote in answer
    assert "nothing relevant" not in answer


@pytest.mark.parametrize(
    "sentence,expected",
    [
        ("The process has three stages.", True),
        ("Counselling sessions (up to eight per issue) are free.", True),
        ("The room has 12 desks.", True),
        ("Call your floor's first-aider.", False),
        ("Every SEV1 incident gets a review.", False),  # digits inside a name
        ("Document ID: FAC-00187.", False),
        ("The kitchen opens at 09:30.", False),  # a clock time
        ("The allowance is 250 EUR per week.", False),  # money
        ("The bonus is 10% of base salary.", False),  # a percentage
        ("Approved by the Board in 2025.", False),  # a year
        ("The 2026 policy applies to everyone.", False),
        ("Effective 2026-03-01 for all staff.", False),  # a date
        ("No one may enter the server room alone.", False),  # "one" as a pronoun
        # Counts as people write them (review of session 26).
        ("Fourteen people sit on the panel.", True),
        ("Up to seventy guests are allowed.", True),
        ("The company employs 2000 staff.", True),  # a number of a year's shape, counting staff
        ("Teams of 3-5 people review each case.", True),  # a range, either dash
        ("Teams of 3–5 people review each case.", True),
        ("Over 5k runners took part.", True),
        ("Each desk comes with dual monitors.", True),
        ("Purchases need sign-off from both your manager and finance.", True),
        ("There is no limit on the number of devices you enrol.", True),
        ("Guests may bring any number of bags.", True),
    ],
)
def test_gives_count(sentence: str, expected: bool) -> None:
    assert gives_count(sentence) is expected


def test_the_questions_own_number_is_no_count(graph: Any) -> None:
    # "studio 4" is the question's; the page states no number of chairs.
    cited, answer = _ask(graph, "How many chairs are there in studio 4?")
    assert cited == [], (cited, answer)
    assert "nothing relevant" in answer
    assert "Studio 4" in answer


def test_a_count_needs_a_sentence_about_the_subject() -> None:
    question = "How many parking spaces does the garage have?"
    quantity = asked_quantity(question)
    assert quantity is not None and quantity.kind == "count" and quantity.checked
    assert judged_answer(question, quantity, "The garage has twelve spaces for cars.")
    # A number about another subject, then the subject without a number.
    assert not judged_answer(question, quantity, "The canteen seats forty people.")
    assert not judged_answer(question, quantity, "Book the garage in the facilities app.")


def test_a_number_the_question_holds_is_no_count() -> None:
    question = "How many fire wardens are there on floor 3?"
    quantity = asked_quantity(question)
    assert quantity is not None and quantity.kind == "count"
    assert not judged_answer(question, quantity, "Report to the floor 3 fire warden.")
    assert not judged_answer(question, quantity, "Report to the floor three fire warden.")
    assert judged_answer(question, quantity, "Floor 3 has two fire wardens.")
