"""Hybrid recall when a person repeats an activity (three pottery classes), on both backends: a
question that picks one by a part of a month ("in late March") gets that one first, and a count
("How many times ...") gets every telling in the first few; the cues are read as a user means them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from clocks import ManualClock

from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryInput, MemoryManager, MemoryType
from memory.manager.cues import read_cues

NOW = datetime(2026, 6, 10, 12, 0, tzinfo=UTC)
CLASSES = {  # session -> (day, telling, what happened)
    1: (datetime(2026, 3, 3, 19, 0, tzinfo=UTC), "I went to a pottery class at the studio yesterday.",
        "I made a lopsided bowl and glazed it blue."),
    3: (datetime(2026, 3, 26, 19, 0, tzinfo=UTC), "Another pottery class at the studio on Tuesday!",
        "The kiln cracked my vase right down the middle."),
    5: (datetime(2026, 4, 14, 19, 0, tzinfo=UTC), "Pottery class at the studio again last night.",
        "I finally centred the clay on the wheel."),
}  # fmt: skip
FILLER = [
    "Grey skies all day.",
    "Busy quarter at work.",
    "Tried a new soup recipe.",
    "Train cancelled again.",
]


def chat() -> list[MemoryInput]:
    out: list[MemoryInput] = []
    for session in range(7):
        at = datetime(2026, 2, 20, 19, 0, tzinfo=UTC) + timedelta(days=9 * session)
        lines = [
            ("Jonas", f"{FILLER[session % 4]} ({session})"),
            ("Priya", "Clay keeps me calm, I love the studio."),
        ]
        if session in CLASSES:
            at, told, detail = CLASSES[session]
            lines += [("Priya", told), ("Jonas", "Fun! How did it go?"), ("Priya", detail)]
        lines.append(("Jonas", FILLER[(session + 1) % 4]))
        for n, (who, text) in enumerate(lines):
            when = (at + timedelta(minutes=2 * n)).isoformat()
            value = {"text": text, "speaker": who, "session": f"s{session}", "turn": n, "at": when}
            out.append(MemoryInput(memory_type=MemoryType.EPISODE, key=f"s{session}:t{n}", value=value))
    return out


@pytest.fixture
def manager(db_url: str) -> Iterator[MemoryManager]:
    m = MemoryManager.from_url(db_url, HashingEmbedder(4096), clock=ManualClock(NOW))
    m.for_tenant("acme").remember_many("olga", chat(), source="user_explicit")
    yield m
    m.close()


def keys(manager: MemoryManager, query: str, k: int) -> list[str]:
    vector = HashingEmbedder(4096).embed_query(query)
    return [r.key for r in manager.for_tenant("acme").recall("olga", query=query, query_vector=vector, k=k)]


def test_a_part_of_a_month_picks_that_occurrence(manager: MemoryManager) -> None:
    late = keys(manager, "What happened at Priya's pottery class in late March?", 3)
    early = keys(manager, "What happened at Priya's pottery class in early March?", 3)
    assert late[0].startswith("s3:") and "s1:t2" not in late[:1]
    assert early[0].startswith("s1:")


def test_a_count_gets_every_telling(manager: MemoryManager) -> None:
    got = keys(manager, "How many times did Priya go to a pottery class at the studio?", 8)
    assert {"s1:t2", "s3:t2", "s5:t2"} <= set(got)


def test_cues_of_parts_of_months_and_counts() -> None:
    def window(text: str) -> tuple[int, int] | None:
        w = read_cues(text, NOW).window
        return None if w is None else (w.start.day, (w.end - timedelta(days=1)).day)

    assert window("What did she do in early March?") == (1, 12)
    assert window("... around mid-March 2026?") == (9, 22)
    assert window("in late February") == (19, 28)  # a month's part ends with the month
    assert window("in March") == (1, 31)
    assert read_cues("How many times did Priya go to pottery?", NOW).listing
    assert read_cues("How often does Priya swim?", NOW).listing
    assert not read_cues("How many kids does Priya have?", NOW).listing
