"""The slot a question asks for, read as people write it (issue 27, abstention; session 27).

The judge refuses a question asking for a time of day, an amount of money, a share, a size or a
duration in a unit when no sentence about its subject states one (graph/assistant/answer_types.py).
A value written as people write it is still one: "two hundred euros", "two thirds of your salary",
"ten megabytes", "no time limit". And a question asks for the slot of its own question word: "who
keeps the opening hours page up to date" asks for a person, not a time, and a page named before the
part that asks ("Canteen opening hours page: ...") asks nothing.

Through the whole assistant graph on a small corpus written here (extractive responder, the real
local embedder), SQLite and PostgreSQL; and the recognisers on their own.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over

from graph.assistant.answer_types import asked_type
from graph.assistant.quantities import Quantity, states

pytestmark = pytest.mark.timeout(900)

DOCUMENTS = {
    "facilities/canteen-opening-hours.md": "# Canteen opening hours\n\n## Who maintains this page\n\nThe "
    "Workplace Services team keeps this page up to date; send corrections to workplace@example.com.\n",
    "people/long-term-sickness.md": "# Long-term sickness\n\n## Pay\n\nDuring long-term sickness, two thirds "
    "of your salary is paid for up to a year; your manager keeps in touch every month.\n",
    "people/parental-leave.md": "# Parental leave\n\n## Pay\n\nParental leave is paid through payroll and "
    "must be requested in Workday by your manager.\n",
    "facilities/home-office-furniture.md": "# Home office furniture\n\n## Standing desks\n\nThe company pays "
    "up to two hundred euros towards a standing desk for your home office; keep the receipt.\n",
    "finance/mileage-claims.md": "# Mileage claims\n\n## Deadline\n\nMileage claims have no time limit; "
    "attach a photo of the odometer to each claim you file.\n",
    "procurement/vendors.md": "# Vendors\n\n## Data protection\n\nEach vendor is a third party under the data "
    "protection policy and signs a data processing agreement before it receives personal data.\n",
    "it/backups.md": "# Backups\n\n## Storage\n\nBackups have no size limit; they are encrypted and stored in "
    "two data centres.\n",
}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "slots27") as compiled:
        yield compiled


def _ask(graph: Any, question: str) -> tuple[list[str], str]:
    result = ask(graph, question, f"slots27-{zlib.crc32(question.encode())}")
    return [c["path"] for c in result["citations"]], str(result["messages"][-1].content)


@pytest.mark.parametrize(
    "question,path,quote",
    [
        # A person asked, in a question that also names a page about opening hours.
        (
            "Who keeps the canteen opening hours page up to date?",
            "facilities/canteen-opening-hours.md",
            "Workplace Services team",
        ),
        # A share stated as a fraction.
        (
            "What percentage of my salary is paid during long-term sickness?",
            "people/long-term-sickness.md",
            "two thirds",
        ),
        # An amount of money in words.
        (
            "How much does the company pay towards a standing desk for home?",
            "facilities/home-office-furniture.md",
            "two hundred euros",
        ),
        # A duration asked in a unit, answered by no limit at all.
        ("How many days do I have to file a mileage claim?", "finance/mileage-claims.md", "no time limit"),
    ],
)
def test_a_value_written_in_other_words_answers(graph: Any, question: str, path: str, quote: str) -> None:
    cited, answer = _ask(graph, question)
    assert cited and cited[0] == path, (cited, answer)
    assert quote in answer


def test_a_share_the_covered_subject_never_states_is_still_not_found(graph: Any) -> None:
    cited, answer = _ask(graph, "What share of the parental leave cost does the state cover?")
    assert cited == [], (cited, answer)
    assert "nothing relevant" in answer
    assert "Parental leave" in answer  # the closest document is named


@pytest.mark.parametrize(
    "question,closest",
    [
        # "a third party" is no share (review of session 27).
        ("What percentage of vendors sign a data processing agreement?", "Vendors"),
        # A bound on size is none on time.
        ("How many days are backups kept?", "Backups"),
    ],
)
def test_a_value_of_another_kind_does_not_answer(graph: Any, question: str, closest: str) -> None:
    cited, answer = _ask(graph, question)
    assert cited == [], (cited, answer)
    assert "nothing relevant" in answer
    assert closest in answer


@pytest.mark.xfail(
    strict=True,
    reason="known leniency: a sentence is 'about' the subject when it shares one topic word; the sickness "
    "page's 'two thirds of your salary is paid' shares 'salary' and 'paid'. A stricter share of the "
    "subject's words separated nothing on the development sets (session 27, bench/abstain_slots.py).",
)
def test_a_share_stated_about_another_subject_does_not_answer(graph: Any) -> None:
    cited, _ = _ask(graph, "What percentage of my salary is paid during parental leave?")
    assert cited == []


@pytest.mark.parametrize(
    "question,kind",
    [
        ("Who keeps the canteen opening hours page up to date?", None),
        ("who looks after the opening hours page for the gym", None),
        ("I'm new here - not sure who updates the opening times document?", None),
        ("What are the canteen's opening hours?", "time"),
        ("What are the opening hours, and who do I ask for a key?", "time"),  # the first slot asked
        ("What time does the gym close on Fridays?", "time"),
        # Any verb may introduce the "who" that asks; a relative "who" follows a person's noun (review of s27).
        ("Can you see who updates the opening hours?", None),
        ("Could you check who changes the canteen's opening times?", None),
        ("For night staff, who work late, what time does the canteen close?", "time"),
        ("Do people who cycle have different opening hours for the bike room?", "time"),
        ("Can staff who have a company car park after the opening hours?", "time"),
        ("In the Amsterdam office, who do I ask about the opening hours?", None),  # a question's word order
    ],
)
def test_who_asks_a_person_not_a_time(question: str, kind: str | None) -> None:
    assert asked_type(question) == kind


@pytest.mark.parametrize(
    "kind,unit,sentence,stated",
    [
        ("money", "", "The company pays up to two hundred euros towards glasses.", True),
        ("money", "", "Glasses are reimbursed with no cap.", True),
        ("money", "", "Glasses: USD 150 a year.", True),  # the unit before the number
        ("money", "", "Glasses are reimbursed through the benefits portal.", False),
        ("percent", "", "Sick pay is two thirds of your salary.", True),
        ("percent", "", "Half of your bonus is paid in shares.", True),
        ("percent", "", "One in five employees gets the top rating.", True),
        ("percent", "", "Training costs are reimbursed in full.", True),
        ("percent", "", "You may take half a day off for the move.", False),
        ("percent", "", "Sick pay is paid by payroll every month.", False),
        ("size", "", "Attachments are limited to ten megabytes.", True),
        ("size", "", "Uploads to the team site have no size limit.", True),
        ("size", "", "Uploads go to the team site.", False),
        ("duration", "day", "There is no time limit for filing a claim.", True),
        ("duration", "day", "Claims are filed within twenty-one days.", True),
        ("duration", "week", "Fathers may take up to 112 days.", True),  # a neighbouring unit
        ("duration", "day", "Claims are filed in the finance tool.", False),
        # Not a share: an ordinal "third", a period of the year, reading in full, a room and a year, one each.
        ("percent", "", "Each vendor is a third party under the data protection policy.", False),
        ("percent", "", "Data may go to a third country only with safeguards.", False),
        ("percent", "", "Bonuses are paid in the first half of the year.", False),
        ("percent", "", "Please read the policy in full before you sign.", False),
        ("percent", "", "The new printers are in Room 4 in 2024.", False),
        ("percent", "", "There is one in every kitchen.", False),
        ("percent", "", "The company pays half the cost.", True),
        ("percent", "", "Three quarters of the premium is paid by the employer.", True),
        ("percent", "", "The employer pays a third.", True),
        # No bound of another kind: a size or an amount is no duration, a time no amount.
        ("duration", "day", "Backups have no size limit.", False),
        ("duration", "day", "Contractors get unlimited storage.", False),
        ("money", "", "There is no time limit for claims.", False),
        ("size", "", "There is no spending limit on the card.", False),
        ("money", "", "There is no upper limit on the allowance.", True),
        ("duration", "day", "Mileage claims have no time limit; the books close every 12 months.", True),
    ],
)
def test_values_read_as_people_write_them(kind: str, unit: str, sentence: str, stated: bool) -> None:
    assert states(Quantity(kind, unit), sentence) is stated
