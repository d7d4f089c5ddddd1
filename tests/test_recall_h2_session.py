"""Hybrid recall over conversations, on both backends: word stems shared by the question and a turn,
the same ranking from SQLite and PostgreSQL for the same data, a turn found through its session's
whole text, and a question about a speaker compared in that speaker's own first person (real
MiniLM vectors)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from clocks import ManualClock

from knowledge.embedders import Embedder, HashingEmbedder
from memory.manager import MemoryInput, MemoryManager
from memory.manager.cues import first_person

NOW = datetime(2026, 6, 10, 12, 0, tzinfo=UTC)
FIRST = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)
# Small talk that shares no word with the questions below (hashing vectors count stop words too).
FILLER = ["Grey skies all day.", "Busy quarter at work.", "Tried a new soup recipe.", "Awful traffic this morning.",
          "Watched a film with friends.", "Train cancelled again.", "Cracked my phone screen.",
          "Friends over for dinner."]  # fmt: skip


def turns(sessions: dict[int, list[tuple[str, str]]], filler_sessions: int = 8) -> list[MemoryInput]:
    """The given sessions (speaker, text per turn), then sessions of small talk, a week apart."""
    out: list[MemoryInput] = []
    for session, lines in sessions.items():
        out += [_turn(session, n, speaker, text) for n, (speaker, text) in enumerate(lines)]
    for i in range(filler_sessions * 6):
        session = 40 + i // 6
        out.append(_turn(session, i % 6, "Jonas" if i % 2 else "Priya", f"{FILLER[i % len(FILLER)]} ({i})"))
    return out


def _turn(session: int, n: int, speaker: str, text: str) -> MemoryInput:
    at = FIRST + timedelta(days=7 * (session % 40), minutes=2 * n)
    return MemoryInput(
        memory_type="episode",
        key=f"s{session}:t{n}",
        value={"text": text, "speaker": speaker, "session": f"s{session}", "turn": n, "at": at.isoformat()},
    )


def open_manager(url: str, embedder: Embedder) -> MemoryManager:
    return MemoryManager.from_url(url, embedder, clock=ManualClock(NOW))


@pytest.fixture
def manager(db_url: str) -> Iterator[MemoryManager]:
    m = open_manager(db_url, HashingEmbedder(4096))
    yield m
    m.close()


def keys(manager: MemoryManager, query: str, k: int = 5, strategy: str = "hybrid") -> list[str]:
    records = manager.for_tenant("acme").recall("olga", query=query, k=k, strategy=strategy)  # type: ignore[arg-type]
    return [r.key for r in records]


def test_a_question_and_a_turn_meet_on_their_word_stems(manager: MemoryManager) -> None:
    # "relocating" / "relocate", "studies" / "studying": hashing vectors see different words.
    sessions = {1: [("Priya", "We are relocating to Riverside in the autumn."), ("Jonas", "Oh wow, exciting!")],
                2: [("Priya", "My evening studies in Spanish are going well."), ("Jonas", "Nice one.")]}  # fmt: skip
    manager.for_tenant("acme").remember_many("olga", turns(sessions), source="user_explicit")
    assert keys(manager, "When will Priya relocate?", k=1) == ["s1:t0"]
    assert keys(manager, "What is Priya studying?", k=1) == ["s2:t0"]
    # The vector side alone does not find it: the relocating turn scores no better than small talk
    # (compared by score, since equal scores leave the order among ties to the backend's index).
    vector = manager.for_tenant("acme").recall(
        "olga", query="When will Priya relocate?", k=10, strategy="vector"
    )
    scores = {r.key: r.score or 0.0 for r in vector}
    best_small_talk = max(score for key, score in scores.items() if key.startswith("s4"))
    assert scores.get("s1:t0", float("-inf")) <= best_small_talk + 1e-9


def test_sqlite_and_postgres_rank_the_same_data_the_same(sqlite_url: str, pg_url: str) -> None:
    sessions = {
        1: [("Priya", "Went to my first pottery class, my bowl collapsed twice."), ("Jonas", "Ha, classic.")],
        2: [("Priya", "Sold a pottery bowl at the market today!"), ("Jonas", "Pottery pays now?")],
        3: [("Jonas", "My cousin does pottery and knitting."), ("Priya", "A whole craft family.")],
        4: [("Priya", "The pottery teacher says my bowls are getting less wonky."), ("Jonas", "Progress.")],
    }
    questions = ["How is Priya's pottery going?", "Did Priya sell bowls?", "Who does knitting?",
                 "What did the teacher say about the bowls?"]  # fmt: skip
    got = []
    for url in (sqlite_url, pg_url):
        m = open_manager(url, HashingEmbedder(4096))
        try:
            m.for_tenant("acme").remember_many("olga", turns(sessions), source="user_explicit")
            got.append([keys(m, q, k=3) for q in questions])
        finally:
            m.close()
    # Top 3 only: further down, turns sharing nothing with a question tie, and ties fall to the
    # memory ids, which are random.
    assert got[0] == got[1]


def test_a_turn_is_found_through_its_sessions_whole_text(manager: MemoryManager) -> None:
    # The answer shares no word with the question and is three turns from the turn that names
    # the trip: only the session as a whole ties it to "Kyoto".
    sessions = {3: [("Priya", "Just landed back from the Kyoto trip!"), ("Jonas", "Welcome home."),
                    ("Priya", "Jet lag is killing me."), ("Jonas", "Get some sleep."),
                    ("Priya", "Ramen every single day, amazing.")]}  # fmt: skip
    manager.for_tenant("acme").remember_many("olga", turns(sessions), source="user_explicit")
    question = "What food did Priya have on the Kyoto trip?"
    assert "s3:t4" not in keys(manager, question, k=5, strategy="keyword")
    assert set(keys(manager, question, k=3)) == {"s3:t0", "s3:t2", "s3:t4"}  # Priya's turns of the trip


def test_a_question_about_a_speaker_reads_in_their_first_person() -> None:
    assert first_person("What is Caroline's current role?", "caroline") == "What is my current role?"
    assert first_person("Where does Tomas live now?", "Tomas") == "Where do I live now?"
    assert first_person("Which came first for Ravi: the move or the job?", "ravi") == (
        "Which came first for me: the move or the job?"
    )
    assert first_person("Is Ann's dog called Ann?", "ann") == "Is my dog called I?"  # every mention


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    from knowledge.embedders.minilm import LocalMiniLMEmbedder

    return LocalMiniLMEmbedder()


def test_a_speakers_own_telling_outranks_their_friends_talk(db_url: str, minilm: Embedder) -> None:
    # Priya tells it in her own words ("I", "my"), never her name; Jonas's turns about jobs name
    # other people. Asked about Priya, the question is compared in Priya's first person.
    sessions = {
        1: [("Jonas", "Ben got a job at a bank in the city."), ("Priya", "Good for him.")],
        2: [("Priya", "I handed in my notice today, starting at Halden Logistics next month!"),
            ("Jonas", "Tell me everything.")],
        3: [("Jonas", "My sister works for a logistics firm too."), ("Priya", "Small world.")],
        4: [("Jonas", "Where does Sara work these days?"), ("Priya", "No idea, ask her.")],
    }  # fmt: skip
    m = open_manager(db_url, minilm)
    try:
        m.for_tenant("acme").remember_many("olga", turns(sessions, filler_sessions=4), source="user_explicit")
        assert keys(m, "Where does Priya work now?", k=1) == ["s2:t0"]
        assert keys(m, "What is Priya's new employer?", k=1) == ["s2:t0"]
    finally:
        m.close()
