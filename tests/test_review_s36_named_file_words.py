"""Review s36 r1 F7 (of 84fc3b1, F4's fix; strict xfail): whether a file stem names a document is
still decided by its spelling, so a company's everyday words that the vocabulary splits scope a question
to one file, and a name the question asks about that only its neighbour holds is "nothing relevant".

84fc3b1 keeps named_by_file's rule for a stem that is not one whole token of the embedder's WordPiece
vocabulary (telnetlib, python-dotenv: names; travel, security: words). But a plural or a compound of
plain English is split too - laptops, passwords, onboarding, sabbaticals, timesheets, helpdesk,
reimbursements - while a city (Lisbon) is one token. So "Which brand are our laptops, Lenovo or Dell?"
is scoped to it/laptops.md and Lenovo, in it/vendors.md, is "not mentioned"; and "How does onboarding
work in Lisbon?", answered at f089105 (offices/lisbon.md was "named" too, its stem in the question),
is refused since 84fc3b1 (lisbon is a vocabulary word now, onboarding is not). Both questions are
answered at f089105's parent. The rule needs a test of the question, not of the file name's spelling
(e.g. the name must be held by no other retrieved document before the named one is asked for it).

The whole assistant graph on a four-document corpus (extractive responder, the real local embedder;
SQLite only: the rule is the backend's neither)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over

DOCUMENTS = {
    "hr/onboarding.md": "# Onboarding\n\nOn your first day you meet your manager and set up your accounts. "
    "Your onboarding buddy shows you around during the first week.\n",
    "offices/lisbon.md": "# Lisbon office\n\nIn Lisbon, onboarding starts with a tour of the Alfama office and "
    "lunch with the local team on the first Friday.\n",
    "it/laptops.md": "# Laptops\n\nEvery employee gets a laptop on the first day and a replacement every three "
    "years.\n",
    "it/vendors.md": "# Equipment vendors\n\nOur laptops come from Lenovo; monitors and docks from Dell.\n",
}


@pytest.fixture(scope="module", params=["sqlite"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "named-file-words") as compiled:
        yield compiled


@pytest.mark.parametrize(
    "question,path",
    [
        ("How does onboarding work in Lisbon?", "offices/lisbon.md"),
        ("Which brand are our laptops, Lenovo or Dell?", "it/vendors.md"),
    ],
)
def test_a_company_word_in_a_file_name_does_not_hide_the_document_that_answers(
    graph: Any, question: str, path: str
) -> None:
    result = ask(graph, question, f"named-file-words-{path}")
    answer = str(result["messages"][-1].content)
    assert "nothing relevant" not in answer, answer
    assert path in [c["path"] for c in result["citations"]], result["citations"]
