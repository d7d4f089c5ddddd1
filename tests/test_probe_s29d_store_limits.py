"""h4 s29 F2 and F3: numbers the memory store and the memory manager pass to the database or the
calendar unchecked.

F2: a store TTL over ~4.1e9 minutes (what "keep it for ever" written as a big number gives) raised
a bare ``OverflowError`` (``date value out of range`` / ``Python int too large to convert to C int``)
from the expiry's datetime arithmetic, on both backends, at put time and through ``ttl.default_ttl``.
F3: the manager's ``review`` / ``audit_log`` / ``list_all`` ``limit`` (``recall``'s ``k`` is
checked): -1 is "no limit" on SQLite and ``InvalidRowCountInLimitClause`` on PostgreSQL, 10**20 an
``OverflowError`` / ``NumericValueOutOfRange``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from memory import MemoryStore
from memory.manager import MemoryManager


@pytest.mark.parametrize("ttl", [5e9, 1e300, 2**63], ids=["5e9", "1e300", "2**63"])
def test_a_ttl_beyond_the_calendar_is_one_clear_error(db_url: str, ttl: float) -> None:
    with MemoryStore.from_url(db_url) as root:
        root.setup()
        acme = root.for_tenant("acme")
        with pytest.raises(ValueError, match=r"ttl .*minutes"):
            acme.put(("users", "u1"), "k", {"text": "for ever"}, ttl=ttl)
        assert acme.get(("users", "u1"), "k") is None


def test_a_default_ttl_beyond_the_calendar_is_one_clear_error(db_url: str) -> None:
    with MemoryStore.from_url(db_url, ttl={"default_ttl": 1e12}) as root:
        root.setup()
        with pytest.raises(ValueError, match=r"ttl"):
            root.for_tenant("acme").put(("users", "u1"), "k", {"text": "for ever"})


@pytest.fixture
def manager(db_url: str) -> Iterator[MemoryManager]:
    m = MemoryManager.from_url(db_url)
    try:
        yield m.for_tenant("acme")
    finally:
        m.close()


@pytest.mark.parametrize("limit", [-1, 10**20], ids=["negative", "past-64-bit"])
@pytest.mark.parametrize("method", ["review", "audit_log", "list_all"])
def test_a_manager_listing_limit_out_of_range_is_one_clear_error(
    manager: MemoryManager, method: str, limit: int
) -> None:
    args: tuple[Any, ...] = ("asha",) if method == "list_all" else ()
    with pytest.raises(ValueError, match=r"limit must be"):
        getattr(manager, method)(*args, limit=limit)
