"""A numbered thing the knowledge base knows only under other numbers is "not found" (issue 27,
abstention; session 26).

"Who took the minutes in week 13?" is as close as can be to the pages for weeks 12 and 14: same
title but for the number, same sentences. Quoting week 12's minute-taker answers another week's
question. When the passages name the thing the question numbers ("week", "request", "SEV") only
with other numbers, the judge abstains, names the closest pages and says which numbered thing they
lack, as the user wrote it. A short number needs a series (two other numbers) and a range holds what
it spans: "version 5 is the oldest allowed" answers a question about version 6, "weeks 15 to 17"
one about week 16; a number a content word follows counts ("3 days") and names nothing.

Through the whole assistant graph on a small corpus written here (extractive responder, the real
local embedder), SQLite and PostgreSQL; and the check on its own.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over

from graph.assistant.names import other_numbers

pytestmark = pytest.mark.timeout(900)

DOCUMENTS = {
    "notes/platform-week-12.md": "# Platform guild notes, week 12\n\n## Attendance\n\nPriya Raman took the "
    "minutes in week 12. The guild agreed to move the database upgrade to the next sprint.\n",
    "notes/platform-week-14.md": "# Platform guild notes, week 14\n\n## Attendance\n\nTomas Berg took the "
    "minutes in week 14. The guild reviewed the load-test results and closed the upgrade ticket.\n",
    "notes/platform-rota.md": "# Platform on-call rota\n\n## Next weeks\n\nIngrid Dahl is on call for the "
    "platform in weeks 15 to 17; she hands over to the next engineer on the Monday after.\n",
    "it/vpn-client.md": "# VPN client versions\n\n## Supported versions\n\nThe oldest VPN client allowed to "
    "connect is client version 5; anything older is refused at sign-in and must be updated.\n",
    "it/severity.md": "# Incident severity levels\n\n## Levels\n\nSEV1 means a full outage of a customer-facing "
    "service; SEV2 means a degraded service with a workaround. Both page the on-call engineer at once.\n",
}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "numbered") as compiled:
        yield compiled


def _ask(graph: Any, question: str) -> tuple[list[str], str]:
    result = ask(graph, question, f"numbered-{zlib.crc32(question.encode())}")
    return [c["path"] for c in result["citations"]], str(result["messages"][-1].content)


def test_a_week_the_notes_do_not_have_is_not_found(graph: Any) -> None:
    cited, answer = _ask(graph, "Who took the minutes at the platform guild in week 13?")
    assert cited == [], (cited, answer)
    assert "nothing relevant" in answer
    assert "Platform guild notes, week 1" in answer  # the closest pages are named
    assert "'week 13'" in answer  # and what they lack, as the user wrote it


def test_a_severity_the_levels_do_not_have_is_named_as_written(graph: Any) -> None:
    cited, answer = _ask(graph, "What does a SEV3 page?")
    assert cited == [], (cited, answer)
    assert "'SEV3'" in answer and "'page'" not in answer  # not a word the passages happen to lack


def test_a_week_inside_a_range_is_answered(graph: Any) -> None:
    # "weeks 15 to 17" holds week 16, whatever the weekly notes beside it are numbered.
    cited, answer = _ask(graph, "Who is on call for the platform in week 16?")
    assert cited and cited[0] == "notes/platform-rota.md", (cited, answer)
    assert "Ingrid Dahl" in answer


def test_one_other_version_is_no_series(graph: Any) -> None:
    # "client version 5 is the oldest allowed" answers a question about version 6: one other number
    # is no list of siblings the base holds instead.
    cited, answer = _ask(graph, "Can I still connect with VPN client version 6?")
    assert cited and cited[0] == "it/vpn-client.md", (cited, answer)
    assert "version 5" in answer


def test_a_week_the_notes_have_is_answered(graph: Any) -> None:
    cited, answer = _ask(graph, "Who took the minutes at the platform guild in week 14?")
    assert cited and cited[0] == "notes/platform-week-14.md", (cited, answer)
    assert "Tomas Berg" in answer


@pytest.mark.parametrize(
    "query,text,expected",
    [
        ("notes for week 53?", "Notes, week 18. Notes, week 35.", ["week 53"]),
        ("What does a SEV3 page?", "SEV1 means an outage; SEV2 a degraded service.", ["SEV3"]),
        ("travel request 9999, who approves?", "Travel request 9004: approved by Ana.", ["request 9999"]),
        ("What does a SEV2 page?", "SEV1 means an outage; SEV2 a degraded service.", []),
        ("travel request 0042", "Travel request 42: approved.", []),  # the same number
        ("Does it reimburse 100% now?", "It reimburses 80% of the cost.", []),  # a figure names nothing
        ("Is client version 6.2 fine?", "Client version 5 is the oldest allowed.", []),  # a version
        ("Who covers in week 9?", "The rota is published every week.", []),  # no numbered week at all
        # One other short number is no series (review of session 26): a version, a threshold.
        ("Is client version 6 fine?", "Client version 5 is the oldest allowed.", []),
        ("Can I use client version 6?", "Client version 5 is the oldest allowed.", []),
        # A number a content word follows counts something; a preposition or quantifier comes
        # before an amount.
        ("Can I work from home 3 days a week?", "Work from home 2 days a week, home 4 days in summer.", []),
        ("approval for trips within 10 days?", "Book within 14 days, or within 30 days abroad.", []),
        ("leave at least 3 weeks ahead?", "Ask at least 2 weeks ahead, at least 4 in summer.", []),
        ("in my first 3 months?", "In your first 6 months, and first 12 months, you accrue leave.", []),
        ("Can kids aged 12 join?", "Children aged 16 and over, aged 18 alone.", []),
        ("Do I get 30 days of leave?", "You get 25 days; get 28 after five years.", []),
        ("Was it allowed since 2020?", "Allowed since 2018 in Oslo, since 2021 in Berlin.", []),
        ("Can I claim more than max 300?", "The cap is max 250 for hotels and max 400 abroad.", []),
        # A range or list the passages give holds the number; so does a number word.
        ("Who took the minutes in week 13?", "Week 12 to week 14 minutes are by Ana.", []),
        ("What does Level 3 do?", "Level 1 takes calls; levels 2-3 handle escalations.", []),
        ("Where is floor 4?", "Floors 1-6 are offices, floor 7 the canteen.", []),
        ("Who marks grade 7?", "Grades 5-9 are marked by the school, grade 10 externally.", []),
        ("What is step 4?", "Step one is the form; step two, the review; step four, payment.", []),
        ("notes for week 36?", "Notes of weeks 18 and 35 and week 36.", []),
        ("notes for week 53?", "Notes of weeks 18 and 35.", ["week 53"]),
    ],
)
def test_other_numbers(query: str, text: str, expected: list[str]) -> None:
    assert other_numbers(query, text) == expected
