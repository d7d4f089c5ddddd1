"""The names check on a permission question and the scope-page check (session 31), on sentences of
our own; pure functions: no index, no model.

- A permission question ("may I install <a product> ...", "is <a service> allowed ...") is answered by
  the rule for the kind of thing, which seldom names each brand: the names the verb acts on (its
  object, the tool it is done with) are left to the evidence (graph/assistant/names.permitted_names).
  Before, the judge refused with "nothing mentions grammarly". A name asked about otherwise, whom
  the user would have act ("ask Priya Raman to approve"), a person's full name, a project that
  names which cost centre, the subject of "can Marketing ...", an "X office" and a year stay asked
  for (review r2 s31: b70cbf9 excused them).
- Another team's page of the same place does not answer for an off-topic scoped page (review r2
  s31: b70cbf9's scopes.same_scope let the Finance team's Lisbon page answer the legal team's
  question, cited first; withdrawn).
"""

from __future__ import annotations

from typing import Any

import pytest

from graph.assistant.answering import judge
from graph.assistant.names import permitted_names
from knowledge.index.passages import terms


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
        "May I put Grammarly on my work laptop?",
        "Could we just install Notepad++ ourselves on the build machines?",
        "Am I allowed to send the signed contract to a customer with WeTransfer?",
        "Is WeTransfer allowed for customer documents?",
        "so can I use Dropbox for the customer documents?",
    ],
)
def test_a_permission_question_is_answered_by_the_rule_for_the_kind_of_thing(question: str) -> None:
    verdict = judge(question, [SOFTWARE], embedder="local")
    assert verdict.answerable, verdict.reason


EXPENSES = _hit(
    "Expense claims above 500 EUR are approved by the budget owner. Claims below that are approved by "
    "your line manager.",
    "Expense claims",
)


@pytest.mark.parametrize(
    ("question", "missing"),
    [
        # Whom the user would have act, not a thing the verb acts on.
        ("Can I ask Priya Raman to approve my expense claim?", "priya, raman"),
        ("Is Priya Raman allowed to approve my expense claim?", "priya, raman"),
        ("Could we get Tomasz to sign off the claims above 500 EUR?", "tomasz"),
        # A person's full name is someone in particular, wherever it stands.
        ("May I share my expense claim with Joao Pereira?", "joao, pereira"),
        # A name before a noun says which cost centre or budget, not an instance of a kind.
        ("Can I charge the Falcon project cost centre for my expense claim?", "falcon"),
        ("Am I allowed to bill the Osprey budget for a claim below 500 EUR?", "osprey"),
    ],
)
def test_a_person_or_a_project_in_a_permission_question_stays_asked_for(question: str, missing: str) -> None:
    verdict = judge(question, [EXPENSES], embedder="local")
    assert not verdict.answerable
    assert verdict.reason == f"nothing mentions {missing}", verdict.reason


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


def test_permitted_names_read_only_what_a_permission_verb_acts_on() -> None:
    assert permitted_names("May I put Grammarly on my laptop?") == terms("Grammarly")
    assert permitted_names("Can I install NordVPN myself?") == terms("NordVPN")
    assert permitted_names("Can I install Slack and Zoom on my phone?") == terms("Slack Zoom")
    assert permitted_names("Can Marketing use Canva?") == frozenset()
    assert permitted_names("Can I take leave in 2031?") == frozenset()  # a year names which, not a kind
    assert permitted_names("Can I bring guests to the Oslo office?") == frozenset()
    assert permitted_names("Where is the Oslo office? Can I use Canva there?") == terms("Canva")
    # A name before a noun says which one ("the Falcon project budget"), not an instance of a kind.
    assert permitted_names("Can I use the Falcon project budget?") == frozenset()
    assert permitted_names("May I put the Grammarly plug-in on my laptop?") == frozenset()
    # Whom the user would have act, after the verb or before "allowed to".
    assert permitted_names("Can I get Marta to install Canva?") == frozenset()
    assert permitted_names("Is Marta allowed to install plug-ins?") == frozenset()
    # A destination is no actor: the tool after it still counts.
    assert permitted_names("Can I send the file to a customer via Dropbox?") == terms("Dropbox")


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


def test_another_teams_page_of_the_same_place_does_not_answer() -> None:
    finance = _team_page(
        "This guidance applies to the Finance team in Lisbon. Ana Costa approves purchases and "
        "Rui Alves signs off while she is on holiday.",
        0.62,
    )
    legal = _hit(
        "Legal reviews every customer contract before signature.",
        "Contract review",
        chunk="l1",
        relevance=0.4,
        closeness=0.3,
    )
    for team in ("Legal", "legal"):  # a team typed in lower case is no name the check could ask for
        question = f"For the {team} team in Lisbon, who signs off purchases while the approver is on holiday?"
        verdict = judge(question, [TRAVEL, finance, legal], embedder="local")
        assert not verdict.answerable, question
        assert verdict.reason == "the page for lisbon does not cover the question", verdict.reason


def test_a_passage_that_only_mentions_the_place_does_not_answer() -> None:
    hotel = _team_page("The hotel limit in Lisbon is 150 EUR a night, breakfast included.", 0.35)
    question = "For the finance team in Lisbon, who signs off purchases while the approver is on holiday?"
    verdict = judge(question, [TRAVEL, hotel], embedder="local")
    assert not verdict.answerable
    assert verdict.reason == "the page for lisbon does not cover the question", verdict.reason
