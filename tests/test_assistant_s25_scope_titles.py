"""A page's scope is what its title says after the colon (issue 27, wrong abstentions; session 25).

The judge refuses a question when its best passage is a page scoped to what the question names (an
office page, a team's record) that does not cover the question's other words ("Is there a canteen in
Oslo?" against "Parking: Oslo office"), wherever the title puts the office ("Bergen office: parking
and bikes" is scoped to Bergen too). A product or a service named in a title *before* its scope
("Sharing files with Dropbox Business: quick reference 2026") is the page's subject, not a scope: a
question about what to do with one's Dropbox before leaving is answered from that page, where the
check used to say "the page for dropbox does not cover the question".

Through the whole assistant graph on a small corpus written here (extractive responder, the real
local embedder), SQLite and PostgreSQL.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over

pytestmark = pytest.mark.timeout(900)

DOCUMENTS = {
    "it/dropbox-quick-reference.md": "# Sharing files with Dropbox Business: quick reference 2026\n\n"
    "## Before you leave the company\n\nMove every work file you own in Dropbox Business to your team's shared "
    "folder and transfer its ownership to your manager. Delete personal files yourself; the account is closed "
    "on your last working day and nothing in it can be recovered afterwards.\n\n## Sharing links\n\nLinks "
    "shared with external partners expire after 30 days. Renew a link from the file's sharing menu if the "
    "partner still needs it.\n",
    "facilities/parking-oslo.md": "# Parking: Oslo office\n\n## Parking spaces\n\nThe Oslo office has twelve "
    "parking spaces in the basement garage. Book a space in the facilities app the day before; spaces with a "
    "charger are reserved for electric cars.\n",
    "facilities/bergen-office-parking.md": "# Bergen office: parking and bikes\n\n## Parking spaces\n\nThe "
    "Bergen office has eight parking spaces behind the building and a covered bike shed for thirty bikes. "
    "Register your number plate with reception before your first day.\n",
    "it/laptops.md": "# Laptop handbook\n\n## Returning your laptop\n\nWhen you leave, return your laptop and "
    "charger to the service desk on your last working day. Remote employees receive a prepaid box for the "
    "return.\n",
}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "scope-titles") as compiled:
        yield compiled


def _ask(graph: Any, question: str) -> tuple[list[str], str]:
    result = ask(graph, question, f"scope-titles-{zlib.crc32(question.encode())}")
    return [c["path"] for c in result["citations"]], str(result["messages"][-1].content)


@pytest.mark.parametrize(
    "question",
    [
        "My contract ends in June and I'm joining a competitor. Anything to sort out in Dropbox?",
        "Before my final day here, what needs doing with Dropbox?",
    ],
)
def test_a_product_named_before_a_title_scope_is_the_subject_of_the_page(graph: Any, question: str) -> None:
    cited, answer = _ask(graph, question)
    assert cited and cited[0] == "it/dropbox-quick-reference.md", (cited, answer)
    assert "shared folder" in answer
    assert "nothing relevant" not in answer


@pytest.mark.parametrize("question", ["Is there a canteen in Oslo?", "Where is the gym in Oslo?"])
def test_an_office_page_that_does_not_cover_the_question_is_still_not_an_answer(
    graph: Any, question: str
) -> None:
    cited, answer = _ask(graph, question)
    assert cited == [], (cited, answer)
    assert "nothing relevant" in answer
    assert "Parking: Oslo office" in answer  # the closest document is named


@pytest.mark.parametrize("question", ["Is there a canteen in Bergen?", "Where is the gym in Bergen?"])
def test_an_office_named_before_the_colon_is_a_scope_too(graph: Any, question: str) -> None:
    cited, answer = _ask(graph, question)
    assert cited == [], (cited, answer)
    assert "nothing relevant" in answer
    assert "Bergen office: parking and bikes" in answer
