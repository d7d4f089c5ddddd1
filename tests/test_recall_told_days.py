"""Hybrid recall on chats shaped like LoCoMo's, on both backends: a question naming the day an
event happened finds the turn that told it with a relative day ("Last Saturday I ...", said two
days later), and a turn that tells something and then asks the friend back ("... Have you ever
had a dog?") still counts as a telling, not as a question."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from clocks import ManualClock

from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryInput, MemoryManager, MemoryType
from memory.manager.cues import is_guess, read_window
from memory.manager.recall_cache import question_share, tells_plan
from memory.manager.recall_time import event_span

NOW = datetime(2026, 7, 1, 12, 0, tzinfo=UTC)
SESSIONS = {  # session -> (day said, turns); 1 June 2026 is a Monday
    0: (datetime(2026, 5, 18, 19, 0, tzinfo=UTC), [
        ("Priya", "Long week, I mostly slept on Saturday."),
        ("Jonas", "Fair enough, rest matters."),
    ]),
    1: (datetime(2026, 6, 1, 19, 0, tzinfo=UTC), [
        ("Jonas", "How was your weekend?"),
        ("Priya", "On Saturday I hiked the ridge trail with my dog."),
        ("Jonas", "Did you adopt a dog? Since when?"),
        ("Priya", "Yes, a beagle puppy called Max from the shelter last week! Have you ever had a dog?"),
        ("Jonas", "My aunt kept a beagle once, he howled at every bus."),
        ("Jonas", "Which dog did you adopt in the end, the beagle from the shelter?"),
    ]),
    2: (datetime(2026, 6, 15, 19, 0, tzinfo=UTC), [
        ("Priya", "On Sunday I hiked the coast path with my sister."),
        ("Jonas", "Lucky neighbours."),
    ]),
}  # fmt: skip


def chat() -> list[MemoryInput]:
    out: list[MemoryInput] = []
    for session, (at, lines) in SESSIONS.items():
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


def test_a_question_naming_the_day_finds_the_turn_that_told_it_later(manager: MemoryManager) -> None:
    # Said on Monday 1 June; the hike was on Saturday 30 May. No turn was said on the 30th.
    # Two hikes, each told after the day: the day asked picks one.
    assert keys(manager, "Where did Priya hike on 30 May 2026?", 3)[0] == "s1:t1"
    assert keys(manager, "Where did Priya hike on 14 June 2026?", 3)[0] == "s2:t0"


def test_a_telling_that_asks_back_is_still_a_telling(manager: MemoryManager) -> None:
    got = keys(manager, "What dog did Priya adopt from the shelter?", 3)
    assert got[0] == "s1:t3"  # not Jonas's questions in the same words


def test_the_days_a_turn_tells() -> None:
    monday = datetime(2026, 6, 1, 19, 0, tzinfo=UTC)

    def days(text: str) -> tuple[str, str] | None:
        span = event_span(text, monday)
        return None if span is None else (f"{span[0]:%m-%d}", f"{span[1] - timedelta(days=1):%m-%d}")

    assert days("Last Saturday I hiked the ridge trail.") == ("05-30", "05-30")
    assert days("On Monday we moved.") == ("05-25", "05-25")  # said on a Monday: the one before
    assert days("I went yesterday") == ("05-31", "05-31")
    assert days("Last weekend was wild.") == ("05-30", "05-31")
    assert days("We met two weeks ago.") == ("05-15", "05-21")
    assert days("Last month I changed jobs.") == ("05-01", "05-31")
    assert days("Last week was a blur.") == ("05-25", "05-31")
    assert days("I'm going to the lake on Saturday.") is None  # a plan, not a told event
    assert days("See you next Friday!") is None
    assert days("The other day I saw a fox.") is None  # no day to tell
    assert days("Rainy evening.") is None


def test_question_share_and_the_weekend_of_a_day() -> None:
    assert question_share("Where did you go?") == 1.0
    assert question_share("No question here.") == 0.0
    assert question_share("I painted that lake sunrise last year! It's special to me. Do you paint?") < 0.3
    assert is_guess("Would Priya enjoy a camping trip?") and is_guess("Is Priya likely to hike again?")
    assert not is_guess("Where did Priya hike on 30 May 2026?") and not is_guess("When did Priya camp?")
    assert tells_plan("I might try it again next month.") and tells_plan("I'd love to go back someday")
    assert not tells_plan("We camped by the lake with the kids, they loved it.")
    window = read_window("What did she do on the weekend of 31 May 2026?", NOW)
    assert window is not None and (window.start.day, window.end.day) == (30, 1)


PLANS = {  # session -> (day said, turns): two camping trips told, one only wished for
    0: (datetime(2026, 4, 6, 19, 0, tzinfo=UTC), [
        ("Priya", "We camped by the lake with the kids, they loved it."),
        ("Jonas", "Sounds perfect."),
    ]),
    1: (datetime(2026, 5, 4, 19, 0, tzinfo=UTC), [
        ("Priya", "I wish we camped in the mountains more, maybe next summer."),
        ("Jonas", "Same here."),
    ]),
    2: (datetime(2026, 6, 8, 19, 0, tzinfo=UTC), [
        ("Priya", "We camped in the forest, so quiet at night."),
        ("Jonas", "Nice."),
    ]),
}  # fmt: skip


def test_a_list_question_gets_what_was_done_before_what_was_wished(db_url: str) -> None:
    m = MemoryManager.from_url(db_url, HashingEmbedder(4096), clock=ManualClock(NOW))
    items = []
    for session, (at, lines) in PLANS.items():
        for n, (who, text) in enumerate(lines):
            value = {"text": text, "speaker": who, "session": f"p{session}", "turn": n, "at": at.isoformat()}
            items.append(MemoryInput(memory_type=MemoryType.EPISODE, key=f"p{session}:t{n}", value=value))
    m.for_tenant("acme").remember_many("olga", items, source="user_explicit")
    query = "Where has Priya camped?"
    vector = HashingEmbedder(4096).embed_query(query)
    got = [r.key for r in m.for_tenant("acme").recall("olga", query=query, query_vector=vector, k=3)]
    m.close()
    assert set(got[:2]) == {"p0:t0", "p2:t0"}  # the wish ("I wish ..., maybe next summer") after
