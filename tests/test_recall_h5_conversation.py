"""Conversation-aware hybrid recall on both backends: a reply found through the turn it answers,
a date in the question read against the turns' session dates, and a later turn that refers back
to an event without naming it found through a second round seeded by the first round's turns."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from clocks import ManualClock

from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryInput, MemoryManager

NOW = datetime(2026, 6, 10, 12, 0, tzinfo=UTC)
FILLER = ["The weather was grey all day.", "Work has been busy this quarter.", "I tried a new soup recipe.",
          "Traffic was awful this morning.", "Watched a film with friends."]  # fmt: skip


@pytest.fixture
def manager(db_url: str) -> Iterator[MemoryManager]:
    # Wide hashing vectors: few collisions, so a shared word is what makes two turns similar.
    m = MemoryManager.from_url(db_url, HashingEmbedder(4096), clock=ManualClock(NOW))
    yield m
    m.close()


def chat(lines: list[tuple[int, str, str]], first: datetime) -> list[MemoryInput]:
    """Turns of numbered sessions a week apart (two minutes between turns), small talk between."""
    out = [
        _turn(session, position, speaker, text, first + timedelta(days=7 * session))
        for position, (session, speaker, text) in enumerate(lines)
    ]
    for i in range(60):  # whole sessions of small talk after them
        session = 20 + i // 6
        out.append(_turn(session, i, "Jonas" if i % 2 else "Priya", f"{FILLER[i % 5]} Note {i}.",
                         first + timedelta(days=7 * session)))  # fmt: skip
    return out


def _turn(session: int, n: int, speaker: str, text: str, day: datetime) -> MemoryInput:
    return MemoryInput(
        memory_type="episode",
        key=f"s{session}:t{n}",
        value={"text": text, "speaker": speaker, "session": f"s{session}", "turn": n,
               "at": (day + timedelta(minutes=2 * n)).isoformat()},
    )  # fmt: skip


def keys(manager: MemoryManager, query: str, k: int = 3, strategy: str = "hybrid") -> list[str]:
    mem = manager.for_tenant("acme")
    return [r.key for r in mem.recall("olga", query=query, k=k, strategy=strategy)]  # type: ignore[arg-type]


def test_a_reply_is_found_through_the_turn_it_answers(manager: MemoryManager) -> None:
    lines = [(1, "Priya", "We finally got the keys to our new flat on Friday!"),
             (1, "Jonas", "No way! Where is the new flat?"),
             (1, "Priya", "Riverside, right by the bakery with the blue door.")]  # fmt: skip
    manager.for_tenant("acme").remember_many(
        "olga", chat(lines, datetime(2026, 3, 2, tzinfo=UTC)), source="user_explicit"
    )
    # The reply shares no word with the question: keyword search cannot see it, its neighbour can.
    assert "s1:t2" not in keys(manager, "Where is Priya's new flat?", strategy="keyword")
    assert "s1:t2" in keys(manager, "Where is Priya's new flat?")


def test_a_named_month_is_read_against_the_session_dates(manager: MemoryManager) -> None:
    lines = [(0, "Priya", "I ran the half marathon and finished in 1:54."),
             (6, "Priya", "I ran the half marathon again and finished in 1:49.")]  # fmt: skip
    # Imported in June (the memories' write time), said in March and in April.
    manager.for_tenant("acme").remember_many(
        "olga", chat(lines, datetime(2026, 3, 9, tzinfo=UTC)), source="user_explicit"
    )
    assert keys(manager, "What was Priya's half marathon time in March 2026?", k=1) == ["s0:t0"]
    assert keys(manager, "What was Priya's half marathon time in April 2026?", k=1) == ["s6:t1"]


def test_a_later_turn_that_refers_back_is_found_through_the_first_round(manager: MemoryManager) -> None:
    lines = [(1, "Priya", "Meet Biscuit! We brought home a beagle puppy from the shelter."),
             (5, "Priya", "Biscuit from the shelter finally learned to sit, so proud.")]  # fmt: skip
    manager.for_tenant("acme").remember_many(
        "olga", chat(lines, datetime(2026, 3, 2, tzinfo=UTC)), source="user_explicit"
    )
    question = "How is Priya's beagle puppy getting on?"
    assert "s5:t1" not in keys(manager, question, k=10, strategy="keyword")  # no word in common
    assert set(keys(manager, question)) >= {"s1:t0", "s5:t1"}
