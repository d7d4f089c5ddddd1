"""A conversation turn's ``at`` is the user's text: recall reads it as a time when it is one, and is
not broken by one that is not (both backends; on SQLite such a turn once made every hybrid recall of
its user raise, the row decoder parsing the value's ``at`` like a stored time)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from clocks import ManualClock

from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryManager

NOW = datetime(2026, 5, 8, 12, 0, tzinfo=UTC)


@pytest.fixture
def memory(db_url: str) -> Iterator[MemoryManager]:
    manager = MemoryManager.from_url(db_url, HashingEmbedder(64), clock=ManualClock(NOW))
    yield manager.for_tenant("acme")
    manager.close()


def turn(text: str, position: int, at: str) -> dict[str, object]:
    return {"text": text, "speaker": "Ana", "session": "s1", "turn": position, "at": at}


def test_a_turn_whose_at_is_not_a_time_is_still_recalled(memory: MemoryManager) -> None:
    memory.remember(
        "ana", "episode", "t0", turn("We hiked the ridge trail", 0, "last Tuesday"), "user_explicit"
    )
    memory.remember(
        "ana", "episode", "t1", turn("The lake was freezing", 1, "2026-05-01T10:00:00+00:00"), "user_explicit"
    )
    for strategy in ("hybrid", "rrf", "keyword", "vector"):
        found = memory.recall("ana", query="ridge trail hike", strategy=strategy)  # type: ignore[arg-type]
        assert found and found[0].key == "t0", strategy
    # The ISO one still counts as a time: a question about that day finds the turn said then.
    assert memory.recall("ana", query="what happened on May 1st at the lake?")[0].key == "t1"
