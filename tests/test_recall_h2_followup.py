"""Hybrid recall over conversations, on both backends: the answer a speaker gives to their friend's
follow-up question is recalled with the turn that named the event, and a line a speaker says again
and again (small talk) does not crowd out a fact told once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_recall_h2_session import keys, open_manager, turns

from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryManager


@pytest.fixture
def manager(db_url: str) -> Iterator[MemoryManager]:
    m = open_manager(db_url, HashingEmbedder(4096))
    yield m
    m.close()


def test_the_answer_to_a_follow_up_question_comes_with_the_telling(manager: MemoryManager) -> None:
    # "Table Mountain" shares no word with the question: it is found as Priya's answer to Jonas's
    # follow-up about the trip she had just named.
    sessions = {
        3: [("Priya", "Morning! Work is mad this week."), ("Jonas", "Same here."),
            ("Priya", "Away! A week in Cape Town, no laptop, bliss."), ("Jonas", "Jealous! What was the best bit?"),
            ("Priya", "Table Mountain at sunrise, I cried a little."), ("Jonas", "Stop it."),
            ("Priya", "Anyway, the cat is sick again."), ("Jonas", "Poor thing.")],
        5: [("Priya", "Long week, I need a holiday."), ("Jonas", "Don't we all.")],
    }  # fmt: skip
    manager.for_tenant("acme").remember_many("olga", turns(sessions), source="user_explicit")
    question = "What did Priya do in Cape Town?"
    assert "s3:t4" not in keys(manager, question, k=10, strategy="keyword")
    assert set(keys(manager, question, k=2)) == {"s3:t2", "s3:t4"}


def test_a_line_said_again_and_again_does_not_crowd_out_a_fact(manager: MemoryManager) -> None:
    # The small-talk line shares more of the question's words than the fact does, but Priya says it
    # in session after session; the fact is told once.
    sessions: dict[int, list[tuple[str, str]]] = {
        2: [("Priya", "We finally moved, the flat in Hillcrest has a balcony!"), ("Jonas", "Amazing.")],
    }
    for session in range(10, 16):
        sessions[session] = [("Priya", "The new flat next door is so loud, honestly."), ("Jonas", "Ugh.")]
    manager.for_tenant("acme").remember_many("olga", turns(sessions), source="user_explicit")
    question = "What did Priya say about her new flat?"
    assert keys(manager, question, k=1, strategy="keyword") != ["s2:t0"]
    assert keys(manager, question, k=1) == ["s2:t0"]


def test_a_fact_in_specific_words_outranks_small_talk_in_everyday_words(manager: MemoryManager) -> None:
    # Every small-talk line differs, so none is damped as repeated, but they say the same few
    # everyday words over and over; the fact names a river, a gorge and a friend.
    talk = ["The weekend was fine, nothing much.", "Quiet weekend, just tired.", "Nothing much, quiet weekend.",
            "Tired, so tired, quiet weekend.", "Fine weekend, nothing much, tired.", "Quiet and fine weekend.",
            "Just a quiet weekend, nothing much."]  # fmt: skip
    sessions = {n: [("Priya", line), ("Jonas", "Same here.")] for n, line in enumerate(talk)}
    sessions[9] = [("Priya", "Spent the weekend kayaking the Dordogne gorge with Ines."), ("Jonas", "Wow.")]
    manager.for_tenant("acme").remember_many(
        "olga", turns(sessions, filler_sessions=0), source="user_explicit"
    )
    question = "What did Priya do at the weekend?"
    assert keys(manager, question, k=1, strategy="keyword") != ["s9:t0"]
    assert keys(manager, question, k=1) == ["s9:t0"]
