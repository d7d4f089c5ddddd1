"""Two wrong "not found"s of the names check and the scope-page check (session 31), on sentences of
our own; pure functions: no index, no model.

- A permission question ("may I install <a product> ...", "is <a service> allowed ...") is answered by
  the rule for the kind of thing, which seldom names each brand: the names in what it asks to do are
  left to the evidence (graph/assistant/names.permitted_names). Before, the judge refused with
  "nothing mentions grammarly". A name asked about otherwise, the subject of "can Marketing ...",
  an "X office" and a year stay asked for.
- When the best page scoped to the place the question names is off-topic, another passage that
  names that place and answers the question (graph/assistant/scopes.same_scope) is quoted and cited
  first. Before, "the page for lisbon does not cover the question".
"""

from __future__ import annotations

from typing import Any

import pytest

from graph.assistant.answering import judge
from graph.assistant.names import permitted_names
from knowledge.index.rerank import terms


def _hit(
    text: str, title: str, *, chunk: str = "c1", relevance: float = 0.55, closeness: float = 0.6
) -> dict[str, Any]:
    return {"doc_id": title, "chunk_id": chunk, "title": title, "heading": None, "text": text,
            "source_path": f"policies/{chunk}.md", "relevance": relevance, "sentence_cosine": closeness,
            "best_sentence": text.split(". ")[0]}  # fmt: skip


SOFTWARE = _hit(
    "Browser plug-ins and desktop tools may only be installed from the approved software catalogue. "
    "File transfer sites outside the company's own sharing service must not be used for customer documents.",
    "Installing Software",
)


@pytest.mark.parametrize(
    "question",
    [
        "May I put the Grammarly plug-in on my work laptop?",
        "Could we just install Notepad++ ourselves on the build machines?",
        "Am I allowed to send the signed contract to a customer with WeTransfer?",
        "Is WeTransfer allowed for customer documents?",
        "so can I use Dropbox for the customer documents?",
    ],
)
def test_a_permission_question_is_answered_by_the_rule_for_the_kind_of_thing(question: str) -> None:
    verdict = judge(question, [SOFTWARE], embedder="local")
    assert verdict.answerable, verdict.reason


@pytest.mark.parametrize(
    ("question", "missing"),
    [
        # Not a permission question: the name is what is asked about.
        ("How long does WeTransfer keep the files I upload?", "wetransf"),
        # The subject of "can ..." is who acts, not what is done: only "I"/"we" ask permission.
        ("Can Marketing install plug-ins from the approved catalogue?", "market"),
        # An office stays asked for in any question.
        ("Can I install plug-ins on the kiosk laptops of the Oslo office?", "oslo"),
    ],
)
def test_other_names_stay_asked_for(question: str, missing: str) -> None:
    verdict = judge(question, [SOFTWARE], embedder="local")
    assert not verdict.answerable
    assert verdict.reason == f"nothing mentions {missing}", verdict.reason


def test_permitted_names_read_only_what_a_permission_question_asks_to_do() -> None:
    assert permitted_names("May I put the Grammarly plug-in on my laptop?") == terms("Grammarly")
    assert permitted_names("Can Marketing use Canva?") == frozenset()
    assert permitted_names("Can I take leave in 2031?") == frozenset()  # a year names which, not a kind
    assert permitted_names("Can I bring guests to the Oslo office?") == frozenset()
    assert permitted_names("Where is the Oslo office? Can I use Canva there?") == terms("Canva")


# The scope page ranked first on its title and off-topic; the team's page names the place in its text.
TRAVEL = _hit(
    "Train to the airport and one night at the hotel near the venue, booked through the travel desk.",
    "Lisbon travel request 4411",
    chunk="t1",
    relevance=0.5,
    closeness=0.3,
)


def _team_page(text: str, closeness: float) -> dict[str, Any]:
    return _hit(text, "Purchase approvals: Finance", chunk="f1", relevance=0.45, closeness=closeness)


def test_another_page_of_the_same_scope_answers_and_is_cited_first() -> None:
    team = _team_page(
        "This guidance applies to the Finance team in Lisbon. Ana Costa approves purchases and "
        "Rui Alves signs off while she is on holiday.",
        0.62,
    )
    question = "For the finance team in Lisbon, who signs off purchases while the approver is on holiday?"
    verdict = judge(question, [TRAVEL, team], embedder="local")
    assert verdict.answerable, verdict.reason
    assert verdict.lead == team["chunk_id"]


def test_a_passage_that_only_mentions_the_place_does_not_answer() -> None:
    hotel = _team_page("The hotel limit in Lisbon is 150 EUR a night, breakfast included.", 0.35)
    question = "For the finance team in Lisbon, who signs off purchases while the approver is on holiday?"
    verdict = judge(question, [TRAVEL, hotel], embedder="local")
    assert not verdict.answerable
    assert verdict.reason == "the page for lisbon does not cover the question", verdict.reason
