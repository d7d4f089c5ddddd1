"""The pure rules behind the facet ranking (knowledge/index/facets.py): what a document names, which
named values are alternatives of one another, and how a follow-up's new value replaces the old one."""

from __future__ import annotations

from knowledge.index.facets import facet_shares, kinds, names, swap, title_values
from knowledge.index.passages import stem, terms

PAGES = (
    "This guidance applies to the Field Marketing team in the Oslo office. Ana Holm is the local\n"
    "contact; Dora Holm covers during absences.",
    "This guidance applies to the Data Science team in the Madrid office. Ben Vidal is the local\n"
    "contact; Emil Vidal covers during absences.",
    "The Zurich office follows this guidance with one local addition: Legal and Privacy schedules are "
    "published 3 weeks ahead.",
    "This guidance applies to the Field Marketing team in the Madrid office. Cleo Keller is the local contact.",
    "This guidance applies to the Data Science team in the Oslo office. Femi Keller is the local contact.",
)


def test_names_are_capitalised_words_inside_a_sentence_in_any_case_the_question_uses() -> None:
    found = names(PAGES[0])
    assert {stem("Field"), stem("Marketing"), stem("Oslo"), stem("Holm")} <= found
    # A sentence's first word is capitalised whatever it is; a wrapped line is no new sentence.
    assert stem("This") not in found and stem("contact") not in found
    assert {stem("Legal"), stem("Privacy")} <= names(PAGES[2])


def test_calendar_words_and_everyday_acronyms_are_no_values() -> None:
    assert names("Claims are paid in March by the HR team; it is OK to ask.") == frozenset()


def test_a_title_scope_names_its_values() -> None:
    assert stem("lisbon") in title_values("Desk booking: Lisbon office 2026")
    assert title_values("Desk booking") == frozenset()


def test_values_written_in_the_same_place_are_alternatives() -> None:
    found = kinds(PAGES)
    oslo, madrid = found[(stem("Oslo"),)], found[(stem("Madrid"),)]
    assert oslo & madrid  # both before "office"
    team = found[(stem("Field"), stem("Marketing"))]
    assert team & found[(stem("Data"), stem("Science"))]
    assert not team & oslo


def test_a_correction_naming_another_office_drops_the_old_office_and_keeps_the_team() -> None:
    topic = "who is the local contact for the data science team in oslo"
    swapped = swap(topic, "no sorry, I meant the madrid one", PAGES)
    assert "oslo" not in swapped
    assert "data science team" in swapped


def test_a_correction_naming_another_team_drops_the_old_team_and_keeps_the_office() -> None:
    topic = "when are field marketing schedules published in the oslo office"
    swapped = swap(topic, "sorry, I meant data science", PAGES)
    assert "field" not in swapped and "marketing" not in swapped
    assert "oslo office" in swapped


def test_a_follow_up_naming_no_value_leaves_the_topic_alone() -> None:
    topic = "who is the local contact for the data science team in oslo"
    assert swap(topic, "and who covers for them?", PAGES) == topic
    assert swap(topic, "no, I meant the cover", PAGES) == topic


def test_the_page_carrying_the_named_values_has_the_largest_share() -> None:
    question = terms("who is the local contact for the data science team in madrid")
    words = [terms(p) for p in PAGES]
    shares = facet_shares(question, list(PAGES), ["Notes"] * len(PAGES), words)
    assert shares[1] > max(shares[:1] + shares[2:])
    assert min(shares[3], shares[4]) > max(shares[0], shares[2])  # one of the two values
    # A question naming no value scores nothing anywhere.
    plain = terms("who is the local contact during absences")
    assert facet_shares(plain, list(PAGES), ["Notes"] * len(PAGES), words) == [0.0] * len(PAGES)


def test_a_word_capitalised_only_once_is_no_value() -> None:
    # A PDF that lost its lines runs a heading into its first sentence ("Contacts and details Send ...").
    texts = ["Contacts and details Send receipts to the finance mailbox.", "Receipts are kept for ten years."]
    question = terms("where do i send receipts")
    assert facet_shares(question, texts, ["Notes"] * 2, [terms(t) for t in texts]) == [0.0, 0.0]


def test_a_number_a_title_carries_is_a_value() -> None:
    texts = [
        "Requests up to 500 EUR are approved by the line manager.",
        "Requests up to 500 EUR need a form.",
    ]
    titles = ["Travel request 4821", "Travel request 3310"]
    question = terms("who approves travel request 4821")
    shares = facet_shares(
        question, texts, titles, [terms(f"{t} {x}") for t, x in zip(titles, texts, strict=True)]
    )
    assert shares[0] > 0 and shares[1] == 0


def test_a_word_the_documents_write_in_lower_case_is_no_value() -> None:
    texts = [
        "Report it to the Information Security team at once.",
        "The security team reviews every exception; security reviews take a week.",
        "Lock your screen: security starts with you.",
    ]
    question = terms("who reviews security exceptions")
    assert facet_shares(question, texts, ["Notes"] * 3, [terms(t) for t in texts]) == [0.0, 0.0, 0.0]
