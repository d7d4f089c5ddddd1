"""The answer in a long passage that covers many small topics still comes first when a crowd of short
pages on the same subject outranks that passage (issue 27, session 26).

A workplace handbook states the booking rule for the largest meeting room in one sentence of a
paragraph about post, lost property, stationery and umbrellas; nine short pages are each about meeting
rooms in general (etiquette, screens, catering, heating...) and answer nothing about booking ahead.
Each page as a whole is closer to the question than the handbook's mixed paragraph, so the rerank puts
the handbook's passage eighth. The sentence stage reads the first ``SENTENCE_DEPTH`` reranked passages
sentence by sentence: with 6 (before session 26) it never read the handbook's sentence and a page
about meeting-room etiquette came first (measured, both backends); with 10 the booking sentence
puts the handbook first. Searched on both backends and asked through the real assistant graph
(extractive responder, local MiniLM); the corpus is written for this test, not taken from the
development questions.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from assistant_support import ask, assistant, embedder, ingested

from knowledge.index import KnowledgeIndex

pytestmark = pytest.mark.timeout(900)

TENANT = "depth"
HANDBOOK = "facilities/workplace-services-handbook.md"
RULE = "must be reserved at least five working days in advance"
HANDBOOK_TEXT = f"""# Workplace Services Handbook

Owner: Workplace Services. Applies to every employee.

## Day-to-day services

Personal parcels are not accepted at reception. Business post is sorted by noon and left in the
pigeonholes on each floor. Courier collections leave from the loading bay at four o'clock. Items found
in the building are kept at reception for one month and then donated to charity. Keys and badges go
straight to security. The Atrium, our largest meeting room, {RULE} through the facilities
portal. Notebooks, pens and sticky notes are in the supply cupboard next to the kitchen on every floor.
Ask reception for printer toner. Umbrellas can be borrowed from the stand by the lifts and returned the
next day. The roof terrace closes at eight in the evening and in strong wind.

## Deliveries for events

Event deliveries need a named recipient and a cost centre, and must arrive on the day before the event.
"""
PAGES = {
    "meeting-room-etiquette": (
        "Meeting room etiquette",
        "Leave the meeting room tidy for the next group. Wipe the whiteboard, push the chairs back and "
        "take your cups to the kitchen when the meeting ends.",
    ),
    "meeting-room-screens": (
        "Meeting room screens and cables",
        "Every meeting room has a wall screen with an HDMI cable and a wireless casting box. If the "
        "screen stays dark, check that the input is set to the casting box before calling IT.",
    ),
    "meeting-room-catering": (
        "Catering for meetings",
        "Coffee, tea and biscuits for a meeting can be ordered from the kitchen team by noon the day "
        "before. Lunch platters need a cost centre.",
    ),
    "meeting-room-cameras": (
        "Cameras in hybrid meeting rooms",
        "The larger meeting rooms have a ceiling camera that follows the speaker. Remote participants "
        "see the whole room when nobody is talking.",
    ),
    "meeting-room-heating": (
        "Heating and air in the meeting rooms",
        "Each meeting room has its own thermostat by the door. Settings reset to 21 degrees every "
        "night; report a room that stays cold to the facilities desk.",
    ),
    "meeting-room-names": (
        "How the meeting rooms got their names",
        "The rooms on the third floor are named after rivers and those on the fourth floor after "
        "mountains. The names were chosen by a staff vote in 2019.",
    ),
    "meeting-room-survey": (
        "Meeting room survey results",
        "In the spring survey, staff asked for more small rooms for two people and for quieter "
        "ventilation. Facilities will add four phone booths next year.",
    ),
    "meeting-room-accessibility": (
        "Accessible meeting rooms",
        "Rooms on the ground floor have step-free access and a hearing loop. Ask the facilities desk "
        "for a height-adjustable table in any meeting room.",
    ),
    "meeting-room-cleaning": (
        "Cleaning of meeting rooms",
        "The cleaners visit every meeting room each evening. Spills during the day can be reported to "
        "reception, who will send someone within the hour.",
    ),
}


def write_corpus(root: Path) -> Path:
    corpus = root / "corpus"
    (corpus / "facilities").mkdir(parents=True)
    (corpus / HANDBOOK).write_text(HANDBOOK_TEXT, encoding="utf-8")
    for name, (title, text) in PAGES.items():
        (corpus / "facilities" / f"{name}.md").write_text(f"# {title}\n\n{text}\n", encoding="utf-8")
    return corpus


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    corpus = write_corpus(tmp_path_factory.mktemp("ranking-depth"))
    with ingested(
        corpus, request, tmp_path_factory, "rank-depth", tenant=TENANT, collection="handbook"
    ) as url:
        yield url


QUESTIONS = [
    "how far ahead do I need to reserve the biggest meeting room?",
    "how early must the large meeting room be booked?",
]


def test_the_pages_on_the_subject_outrank_the_handbooks_passage_before_the_sentence_stage(url: str) -> None:
    """The premise: without the sentence stage the handbook is not among the first six."""
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        hits = index.for_tenant(TENANT).search(QUESTIONS[0], k=6, sentences=False)
    assert HANDBOOK not in [h.source_path for h in hits]


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_handbook_that_states_the_rule_comes_first(url: str, question: str) -> None:
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        hits = index.for_tenant(TENANT).search(question, k=6)
    assert [h.source_path for h in hits][:1] == [HANDBOOK]


def test_the_assistant_cites_the_handbook_and_quotes_the_rule(url: str) -> None:
    with assistant(url) as graph:
        result = ask(graph, QUESTIONS[0], "depth-atrium", tenant=TENANT)
    assert [c["path"] for c in result.get("citations", [])][:1] == [HANDBOOK]
    assert RULE in " ".join(str(result["messages"][-1].content).split())
