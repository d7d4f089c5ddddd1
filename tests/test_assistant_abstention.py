"""The assistant's judgement of whether the knowledge base answers (graph/assistant/answering.py):
the evidence bar with the sentence stage, everyday capitalised words, office pages that do answer."""

from __future__ import annotations

from typing import Any

from graph.assistant.answering import EVIDENCE_THRESHOLD, RELEVANCE_THRESHOLD, judge

MODEL = "all-MiniLM-L6-v2-int8-max256"


def hit(
    text: str,
    *,
    relevance: float,
    sentence: float | None,
    title: str = "Health and Safety at Work",
    heading: str | None = None,
) -> dict[str, Any]:
    return {"doc_id": "d1", "chunk_id": "c1", "title": title, "heading": heading, "text": text,
            "source_path": "hr/health-and-safety.txt", "relevance": relevance,
            "sentence_cosine": sentence}  # fmt: skip


LONE = "Avoid working alone in the office outside normal hours. If you must, tell security at reception."


def test_a_far_paraphrase_whose_sentence_matches_is_answered() -> None:
    # The passage as a whole is loosely close (below the relevance bar) but one sentence says it.
    h = hit(LONE, relevance=RELEVANCE_THRESHOLD - 0.04, sentence=0.42)
    assert judge("Can I stay in the building by myself late?", [h], embedder=MODEL).answerable


def test_weak_passage_and_weak_sentence_abstain_naming_the_closest_title() -> None:
    h = hit(LONE, relevance=0.33, sentence=0.30)
    verdict = judge("Which astrology sign is the CEO?", [h], embedder=MODEL)
    assert not verdict.answerable
    assert verdict.closest == ["Health and Safety at Work"]
    assert str(EVIDENCE_THRESHOLD) in verdict.reason


def test_without_the_sentence_stage_the_relevance_bar_applies() -> None:
    # A lexical embedder (no sentence stage): the relevance alone decides, as before.
    h = hit(LONE, relevance=RELEVANCE_THRESHOLD - 0.01, sentence=None)
    assert not judge("Can I stay in the building by myself late?", [h], embedder="hashing-384").answerable
    h = hit(LONE, relevance=RELEVANCE_THRESHOLD + 0.01, sentence=None)
    assert judge("Can I stay in the building by myself late?", [h], embedder="hashing-384").answerable


def test_ok_and_hr_are_no_names_the_base_must_mention() -> None:
    h = hit(LONE, relevance=0.6, sentence=0.6)
    assert judge("Is it OK to stay alone in the office late at night?", [h], embedder=MODEL).answerable
    h = hit("We hold your contact details and performance reviews.", relevance=0.6, sentence=0.6,
            title="Employee Privacy Notice")  # fmt: skip
    assert judge("Can I see everything HR keeps on file about me?", [h], embedder=MODEL).answerable


def test_an_unknown_office_still_abstains() -> None:
    h = hit("Reception is staffed from 08:30 to 18:00.", relevance=0.65, sentence=0.62,
            title="Amsterdam Office Guide")  # fmt: skip
    verdict = judge("When is reception staffed at the Prague office?", [h], embedder=MODEL)
    assert not verdict.answerable
    assert "pragu" in verdict.reason


def test_an_office_page_whose_sentence_answers_is_not_off_topic() -> None:
    parcels = "Personal parcels may not be sent to the office."
    title = "Post and deliveries: Amsterdam office 2026"
    q = "Can I have my online shopping delivered to the Amsterdam office?"
    close = hit(parcels, relevance=0.63, sentence=0.62, title=title, heading=title)
    assert judge(q, [close], embedder=MODEL).answerable
    # The same page, nothing in it close to the question: it is about the office, not the question.
    far = hit(parcels, relevance=0.63, sentence=0.35, title=title, heading=title)
    assert not judge(q, [far], embedder=MODEL).answerable


def test_they_and_a_closing_one_point_back_but_a_counted_one_does_not() -> None:
    from graph.assistant.working import refers_back

    assert refers_back("Who do they pass my details on to?")
    assert refers_back("Who is allowed to start one?")
    assert refers_back("And what happens to the old ones?")
    assert not refers_back("Can I take one day off next week?")
    assert not refers_back("Is it possible to buy extra days off?")


PO_TEXT = "Raise a purchase order in Coupa before the supplier starts work or delivers goods."


def test_an_acronym_the_passages_spell_out_is_found() -> None:
    # "PO" is the passages' "purchase order": the names check must not abstain on the abbreviation.
    h = hit(PO_TEXT, relevance=0.5, sentence=0.5, title="Procurement and Purchasing Policy")
    assert judge("How long does a PO usually take to come through?", [h], embedder=MODEL).answerable
    assert judge("Who signs off POs for a contractor?", [h], embedder=MODEL).answerable


def test_an_acronym_nothing_spells_out_still_abstains() -> None:
    # An abbreviation none of the passages expands stays a name the base does not mention.
    h = hit(PO_TEXT, relevance=0.5, sentence=0.5, title="Procurement and Purchasing Policy")
    verdict = judge("How long does an RFP take to approve?", [h], embedder=MODEL)
    assert not verdict.answerable
    assert "rfp" in verdict.reason


def test_a_weekday_is_no_office_name_but_a_holiday_is_a_topic() -> None:
    text = "The office is open from 07:00 to 21:00 Monday to Friday and closed at weekends."
    h = hit(text, relevance=0.5, sentence=0.5, title="Amsterdam Office Guide")
    assert judge("Can I work at the Amsterdam office on a Saturday?", [h], embedder=MODEL).answerable
    verdict = judge("How much is the Christmas bonus at the Amsterdam office?", [h], embedder=MODEL)
    assert not verdict.answerable


def test_an_office_named_in_lower_case_is_a_name_the_base_must_mention() -> None:
    # Chat register: "the mumbai office" has no capital for named_scopes, and a question may open
    # with the place ("Sydney office address?"); the word before "office" still names a place.
    h = hit("The office is closed on public holidays of the Netherlands.", relevance=0.6,
            sentence=0.6, title="Amsterdam Office Guide")  # fmt: skip
    for question in ("how many public holidays does the mumbai office get",
                     "which public holidays does the mumbai office get"):  # fmt: skip
        # The missing office is the reason given, before any slot the passage leaves open (the
        # count it does not state, session 26).
        verdict = judge(question, [h], embedder=MODEL)
        assert not verdict.answerable
        assert "mumbai" in verdict.reason
    assert not judge("Sydney office public holidays?", [h], embedder=MODEL).answerable
    assert judge("amsterdam office public holidays?", [h], embedder=MODEL).answerable


def test_a_kind_of_office_is_no_place() -> None:
    h = hit("The office is closed on public holidays of the Netherlands.", relevance=0.6,
            sentence=0.6, title="Amsterdam Office Guide")  # fmt: skip
    assert judge("is the head office closed on public holidays?", [h], embedder=MODEL).answerable
    assert judge("does my home office get public holidays off?", [h], embedder=MODEL).answerable
