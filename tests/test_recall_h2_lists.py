"""Hybrid recall of list and "when" questions over long chats, on both backends: a question asking
for several things told in different sessions ("What has Priya painted?") gets the tellings,
each saying when it happened, ahead of the same person's musings in the same words; the question
cues are read as a user would mean them; the session spread keeps the first k the same for any k."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from clocks import ManualClock

from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryInput, MemoryManager
from memory.manager.cues import read_cues
from memory.manager.recall_cache import tells_when
from memory.manager.recall_fusion import spread_sessions

NOW = datetime(2026, 6, 10, 12, 0, tzinfo=UTC)
FIRST = datetime(2026, 1, 5, 19, 0, tzinfo=UTC)
TOLD = {
    1: "Yesterday I painted the harbour at dusk with watercolours.",
    3: "Last Saturday I painted a portrait of my grandmother.",
    5: "Two weeks ago I painted a mural on the school wall.",
}
MUSING = "Painting is what keeps me sane, I paint to feel calm."
FILLER = [
    "Grey skies all day.",
    "Busy quarter at work.",
    "Tried a new soup recipe.",
    "Train cancelled again.",
]


def chat() -> list[MemoryInput]:
    out: list[MemoryInput] = []
    for session in range(8):
        lines = [("Jonas", f"{FILLER[session % 4]} ({session})"), ("Priya", f"{MUSING} ({session})")]
        if session in TOLD:
            lines += [("Priya", TOLD[session]), ("Jonas", "Wow! How did it turn out?")]
        lines += [("Priya", f"{MUSING} Really. ({session}b)"), ("Jonas", f"{FILLER[(session + 1) % 4]}")]
        at = FIRST + timedelta(days=9 * session)
        for n, (who, text) in enumerate(lines):
            when = (at + timedelta(minutes=2 * n)).isoformat()
            value = {"text": text, "speaker": who, "session": f"s{session}", "turn": n, "at": when}
            out.append(MemoryInput(memory_type="episode", key=f"s{session}:t{n}", value=value))
    return out


@pytest.fixture
def manager(db_url: str) -> Iterator[MemoryManager]:
    m = MemoryManager.from_url(db_url, HashingEmbedder(4096), clock=ManualClock(NOW))
    m.for_tenant("acme").remember_many("olga", chat(), source="user_explicit")
    yield m
    m.close()


def keys(manager: MemoryManager, query: str, k: int) -> list[str]:
    return [r.key for r in manager.for_tenant("acme").recall("olga", query=query, k=k)]


def test_a_list_question_gets_every_telling_before_musings_in_the_same_words(manager: MemoryManager) -> None:
    told = {f"s{s}:t2" for s in TOLD}
    assert set(keys(manager, "What has Priya painted?", 3)) == told
    # The first k of a deeper call are a shallower call's, with the spread across sessions.
    assert keys(manager, "What has Priya painted?", 10)[:3] == keys(manager, "What has Priya painted?", 3)


def test_a_when_question_finds_the_telling(manager: MemoryManager) -> None:
    assert keys(manager, "When did Priya paint the mural at the school?", 1) == ["s5:t2"]


@pytest.mark.parametrize(
    ("question", "listing", "when"),
    [
        ("What activities does Melanie partake in?", True, False),
        ("Where has Melanie camped?", True, False),
        ("What books has Melanie read?", True, False),
        ("In what ways is Caroline involved in the community?", True, False),
        ("What are Melanie's pets' names?", True, False),
        ("What did Caroline research?", False, False),
        ("What is Caroline's identity?", False, False),
        ("How long has Caroline had her current group of friends?", False, False),
        ("When did Caroline go to the support group?", False, True),
        ("How long ago did Melanie sign up for pottery?", False, True),
        ("Would Caroline likely have Dr. Seuss books?", False, False),
    ],
)
def test_question_cues(question: str, listing: bool, when: bool) -> None:
    cues = read_cues(question, NOW, ("melanie", "caroline"))
    assert (cues.listing, cues.when) == (listing, when)


def test_told_when_marks_events_not_plans_or_feelings() -> None:
    told = ["I ran the 10k last Saturday!", "We went camping two weekends ago... I mean 2 weeks ago.",
            "The other day I found a first edition.", "Yesterday was my first pottery class."]  # fmt: skip
    untold = ["Painting keeps me sane.", "I might go camping next month.", "Books are my safe place.",
              "Traffic was awful this morning. I need a break."]  # fmt: skip
    assert all(tells_when(t) for t in told)
    assert not any(tells_when(t) for t in untold)


def test_spread_sessions_moves_a_second_turn_of_a_session_below_another_sessions_turn() -> None:
    total = np.array([1.0, 0.95, 0.9, 0.1])
    of = np.array([0, 0, 1, -1])
    out = spread_sessions(total, of, None, depth=3, share=0.1)
    assert list(np.argsort(-out, kind="stable")) == [0, 2, 1, 3]
    assert out[3] == 0.1  # beyond the depth: unchanged
    assert np.array_equal(spread_sessions(total, of, None, depth=3, share=0.0), total)
