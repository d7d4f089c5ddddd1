"""A numbered thing the knowledge base knows only under other numbers is "not found" (issue 27,
abstention; session 26).

"Who took the minutes in week 13?" is as close as can be to the pages for weeks 12 and 14: same
title but for the number, same sentences. Quoting week 12's minute-taker answers another week's
question. When the passages name the thing the question numbers ("week", "request", "SEV") only
with other numbers, the judge abstains and names the closest pages; a number the passages never
attach to that word (a figure, an amount, a version) is left to the other checks.

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


def test_a_week_the_notes_have_is_answered(graph: Any) -> None:
    cited, answer = _ask(graph, "Who took the minutes at the platform guild in week 14?")
    assert cited and cited[0] == "notes/platform-week-14.md", (cited, answer)
    assert "Tomas Berg" in answer


@pytest.mark.parametrize(
    "query,text,expected",
    [
        ("notes for week 53?", "Notes, week 18. Notes, week 35.", ["week 53"]),
        ("What does a SEV3 page?", "SEV1 means an outage; SEV2 a degraded service.", ["SEV 3"]),
        ("What does a SEV2 page?", "SEV1 means an outage; SEV2 a degraded service.", []),
        ("travel request 0042", "Travel request 42: approved.", []),  # the same number
        ("Does it reimburse 100% now?", "It reimburses 80% of the cost.", []),  # a figure names nothing
        ("Is client version 6.2 fine?", "Client version 5 is the oldest allowed.", []),  # a version
        ("Who covers in week 9?", "The rota is published every week.", []),  # no numbered week at all
    ],
)
def test_other_numbers(query: str, text: str, expected: list[str]) -> None:
    assert other_numbers(query, text) == expected
