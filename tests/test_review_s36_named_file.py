"""Review s36 r1 F4 (of q's named-by-file rule, strict xfail): a question that uses a document's
one-word file name as an ordinary word ("travel", "security") is scoped to that document, and a name
only its neighbour holds makes the assistant answer "nothing relevant" to a question the base answers.

graph/assistant/names.named_by_file takes a question naming a file stem of four letters or more as a
question about that document ("Does python-dotenv read YAML files?": packages/python-dotenv.md), and
answering._judge then requires the question's names in that document alone. On a package README set
a stem is a package's name; in a company's own folders it is as often a plain word: "hr/travel.md",
"hr/security.md". "Which travel tool is it, Egencia?" is answered by it/booking-tools.md ("Our booking
tool is Egencia"), but travel.md is "named" and does not say Egencia: nothing relevant. Before the
rule both questions were answered (checked at the parent commit).

The whole assistant graph on a four-document corpus (extractive responder, the real local embedder;
SQLite only: the rule is the backend's neither)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over

DOCUMENTS = {
    "hr/travel.md": "# Travel\n\nBook all business trips through the booking tool at least two weeks ahead. "
    "Economy class is the rule for flights under six hours.\n",
    "it/booking-tools.md": "# Booking tools\n\nOur booking tool is Egencia: sign in with your company account "
    "and choose the trip's cost centre.\n",
    "hr/security.md": "# Security\n\nLock your screen when you leave your desk.\n",
    "it/yubikeys.md": "# Hardware keys\n\nEvery employee gets a YubiKey for two-factor sign-in; collect it at "
    "the IT desk.\n",
}


@pytest.fixture(scope="module", params=["sqlite"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "named-file") as compiled:
        yield compiled


@pytest.mark.parametrize(
    "question,path",
    [
        ("Which travel tool is it, Egencia?", "it/booking-tools.md"),
        ("For security, where do I collect my YubiKey?", "it/yubikeys.md"),
    ],
)
def test_a_file_name_used_as_a_word_does_not_hide_the_document_that_answers(
    graph: Any, question: str, path: str
) -> None:
    result = ask(graph, question, f"named-file-{path}")
    answer = str(result["messages"][-1].content)
    assert "nothing relevant" not in answer, answer
    assert path in [c["path"] for c in result["citations"]], result["citations"]
