"""``list`` filters: nested keys, numbers compared as numbers, the same answers on both backends."""

from __future__ import annotations

from typing import Any

import pytest
from langgraph.checkpoint.base import empty_checkpoint

from checkpointer import TenantCheckpointer

METADATA: list[dict[str, Any]] = [
    {"source": "loop", "step": 10, "user": {"plan": "pro", "seats": 5}, "flag": True, "tags": ["a", "b"]},
    {"source": "loop", "step": 9, "user": {"plan": "free", "seats": 1}, "flag": False, "tags": ["a"]},
    {"source": "input", "step": "10", "user": {"plan": "pro", "seats": 5.5}, "flag": 1, "gone": None},
]


SAVER_TENANT = "acme"  # the conftest `saver` speaks for it


@pytest.fixture(autouse=True)
def filed(saver: TenantCheckpointer) -> None:
    """Thread "f" holds one checkpoint per METADATA entry, oldest first."""
    config: Any = {"configurable": {"thread_id": "f"}}
    for md in METADATA:
        config = saver.put(config, empty_checkpoint(), md, {})  # type: ignore[arg-type]


CASES = [
    ({"step": 10}, [0]),
    ({"step": 10.0}, [0]),  # a number, compared as a number
    ({"step": "10"}, [2]),  # a string is not a number
    ({"user": {"plan": "pro"}}, [0, 2]),  # nested key
    ({"user": {"plan": "pro", "seats": 5}}, [0]),
    ({"user": {"seats": 5.5}}, [2]),
    ({"flag": True}, [0]),  # booleans only match booleans
    ({"flag": 1}, [2]),
    ({"tags": ["a"]}, [1]),  # lists compare whole
    ({"gone": None}, [2]),
    ({"user": {}}, [0, 1, 2]),
    ({"source": "loop", "step": 9}, [1]),
    ({"missing": 1}, []),
]


async def test_metadata_filters(saver: TenantCheckpointer) -> None:
    for filter, expected in CASES:
        want = [METADATA[i] for i in sorted(expected, reverse=True)]  # newest first
        assert [t.metadata for t in saver.list(None, filter=filter)] == want, filter
        thread = {"configurable": {"thread_id": "f"}}
        assert [t.metadata async for t in saver.alist(thread, filter=filter)] == want, filter


async def test_before_and_limit(saver: TenantCheckpointer) -> None:
    everything = list(saver.list(None))
    assert [t.metadata for t in everything] == METADATA[::-1]
    assert [t.metadata for t in saver.list(None, limit=1)] == [METADATA[2]]
    older = [t.metadata async for t in saver.alist(None, before=everything[0].config, limit=5)]
    assert older == METADATA[1::-1]


async def test_metadata_round_trips_exactly(saver: TenantCheckpointer) -> None:
    """Metadata comes back as it went in: integers beyond 64 bits stay exact integers (JSON is
    read by a fast parser that would turn them into floats, so such text takes the exact one)."""
    md = {
        "source": "loop",
        "step": 1,
        "big": 10**30 + 1,
        "neg": -(2**70),
        "f": 0.1,
        "s": "12345678901234567890",
    }
    config = saver.put({"configurable": {"thread_id": "exact"}}, empty_checkpoint(), md, {})  # type: ignore[arg-type]
    tup = await saver.aget_tuple(config)
    assert tup is not None
    assert {k: tup.metadata[k] for k in md} == md  # type: ignore[literal-required]
    assert isinstance(tup.metadata["big"], int)  # type: ignore[typeddict-item]
