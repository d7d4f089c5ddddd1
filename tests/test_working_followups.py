"""How a question is read against the conversation (graph/assistant/working.py): follow-ups by
pronoun, definite reference, ellipsis, correction and another edition; topic switches. Pure."""

from __future__ import annotations

import pytest

from graph.assistant import working
from graph.assistant.state import Citation, WorkingItem
from graph.assistant.working import Reading, elliptical, read, refers_back, update
from knowledge.index.rules import STOPWORDS

LEAVE = WorkingItem(
    kind="document", id="c1", doc_id="d1", title="Leave Policy Handbook 2026",
    source_path="hr/leave-policy-handbook-2026.md", turn=1,
    heading="Leave Policy Handbook 2026 > Parental leave for birth parents",
)  # fmt: skip
TOPIC = "How much parental leave do birth parents get?"


def _read(question: str, focus: WorkingItem | None = LEAVE, topic: str = TOPIC) -> Reading:
    return read(question, focus, topic, STOPWORDS)


@pytest.mark.parametrize(
    "question",
    [
        "And for partners?",
        "What about London?",
        "and for SEV2?",
        "ok. And New York?",
        "and what about the monthly internet allowance?",
    ],
)
def test_a_connective_with_a_new_subject_and_no_verb_is_an_ellipsis(question: str) -> None:
    assert elliptical(question)


@pytest.mark.parametrize(
    "question",
    [
        "and how do I reset my VPN token?",
        "What about is it possible?",
        "How about we meet?",
        "Partners?",
        "and what about programs that aren't in it?",
    ],
)
def test_a_question_with_its_own_clause_is_no_ellipsis(question: str) -> None:
    assert not elliptical(question)


def test_an_ellipsis_searches_the_focus_with_its_section_and_the_base_with_its_title() -> None:
    reading = _read("And for partners?")
    assert reading.kind == "ellipsis"
    assert reading.scoped == "And for partners? (Parental leave for birth parents)"
    assert reading.query == "And for partners? (Leave Policy Handbook 2026)"


def test_an_ellipsis_without_a_focus_continues_the_last_question() -> None:
    reading = _read("what about cats?", focus=None, topic="Can I bring my dog to the Tokyo office?")
    assert reading == Reading("ellipsis", "Can I bring my dog to the Tokyo office? what about cats?")


@pytest.mark.parametrize(
    "question",
    [
        "No, I meant the 2024 one.",
        "sorry, I meant under the old leave policy",
        "Actually I was asking about the previous edition of the leave policy.",
        "no, for new joiners",
    ],
)
def test_a_correction_searches_the_last_topic_with_its_words(question: str) -> None:
    reading = _read(question)
    assert reading.kind == "redirects"
    assert reading.query == f"{TOPIC} {question}"


@pytest.mark.parametrize(
    "question", ["Is that more than the 2024 policy gave?", "was it the same in the previous edition?"]
)
def test_another_edition_than_the_focus_is_a_redirect_not_a_pointer(question: str) -> None:
    assert _read(question).kind == "redirects"


def test_the_focus_own_year_or_an_old_edition_asked_from_the_archive_is_no_redirect() -> None:
    assert _read("Does it say the same in 2026?").kind == "continues"
    archived = WorkingItem(**{**LEAVE, "title": "Leave Policy (2024 edition, superseded)",
                              "source_path": "archive/leave-policy-2024.md"})  # fmt: skip
    assert _read("what does the old one say about sick leave?", focus=archived).kind == "continues"


@pytest.mark.parametrize(
    "question",
    [
        "Now something else: what happens to my laptop if I spill coffee on it?",
        "ok thanks. unrelated, but is it possible to buy extra days?",
        "Different question: does it cost anything?",
        "btw how do I reset it",
    ],
)
def test_a_question_that_says_it_moves_on_is_new_whatever_its_pronouns(question: str) -> None:
    assert _read(question) == Reading("new", question)


@pytest.mark.parametrize(
    "question",
    ["What does that runbook say about going abroad?", "the policy you mentioned: does it cover interns?",
     "In that same document, how long are recordings kept?", "Does that overview mention dental cover?"],
)  # fmt: skip
def test_a_document_named_by_its_kind_points_back(question: str) -> None:
    assert refers_back(question)


def test_a_hollow_pointer_reads_the_last_section_and_one_about_the_document_its_title() -> None:
    hollow = _read("When am I enrolled in it?")
    assert hollow.kind == "continues" and hollow.pointer and hollow.by_section
    assert hollow.scoped == "When am I enrolled in it? (Parental leave for birth parents)"
    whole = _read("Does it apply to contractors as well?")
    assert whole.scoped == "Does it apply to contractors as well? (Leave Policy Handbook 2026)"
    assert not whole.by_section
    question = "How long can it last for someone with five years of continuous service?"
    assert _read(question).scoped == question


def test_a_connective_alone_continues_but_points_at_nothing() -> None:
    reading = _read("k. and if im off sick more than a week do i need a note??")
    assert reading.kind == "continues" and not reading.pointer


def test_a_new_question_without_a_focus_or_a_pointer_is_new() -> None:
    assert _read("How do I reset my password?").kind == "new"
    assert _read("does it apply to interns?", focus=None).kind == "new"


def test_the_focus_remembers_the_section_of_its_cited_passage() -> None:
    cited = [Citation(doc_id="d2", chunk_id="c9", title="Travel", path="finance/travel.md")]
    _, focus = update([LEAVE], cited, 2, {"c9": "Travel > Rail travel"})
    assert focus is not None and focus["heading"] == "Travel > Rail travel"
    _, kept = update([LEAVE], [], 3)
    assert kept is not None and kept["doc_id"] == "d1"


def test_the_subject_of_an_ellipsis_must_be_in_the_passages_found() -> None:
    subject = working.subject("ok. And for sales roles?", STOPWORDS)
    assert subject == working.terms("sales roles", STOPWORDS)
    assert working.covers(subject, ["The monthly lease limit is 700 EUR for sales roles."])
    hamsters = working.subject("what about hamsters?", STOPWORDS)
    assert not working.covers(hamsters, ["Other offices do not allow pets."])
    assert working.uncovered("what about hamsters?", hamsters, ["pets"]) == ["hamsters"]


@pytest.mark.parametrize(
    "question",
    ["No worries. How do I reset my password?", "What changed in the 2024 leave policy?",
     "My laptop runs an old version of the VPN client, what now?"],
)  # fmt: skip
def test_a_new_question_that_opens_with_no_or_names_an_edition_is_no_redirect(question: str) -> None:
    assert _read(question).kind == "new"
