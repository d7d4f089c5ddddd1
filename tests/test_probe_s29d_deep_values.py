"""h4 s29 F4: a value nested thousands of levels deep reaches ``json.dumps`` and comes back as a bare
``RecursionError: maximum recursion depth exceeded while encoding a JSON object``, from the memory
store's ``put`` (memory/store/records.encode_value) and the memory manager's ``remember``
(memory/manager/models.RememberRequest._value), on both backends: both catch only TypeError and
ValueError. Hostile input gets one clear line naming the value, and nothing is stored."""

from __future__ import annotations

from typing import Any

import pytest

from memory import MemoryStore
from memory.manager import MemoryManager


def _nested(depth: int) -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return top


def test_a_store_value_nested_too_deep_is_one_clear_error(db_url: str) -> None:
    with MemoryStore.from_url(db_url) as root:
        root.setup()
        acme = root.for_tenant("acme")
        with pytest.raises(ValueError, match=r"nested"):
            acme.put(("users", "u1"), "deep", {"v": _nested(5000)})
        assert acme.get(("users", "u1"), "deep") is None


def test_a_memory_nested_too_deep_is_one_clear_error(db_url: str) -> None:
    manager = MemoryManager.from_url(db_url)
    try:
        acme = manager.for_tenant("acme")
        with pytest.raises(ValueError, match=r"nested"):
            acme.remember("asha", "fact", "deep", _nested(5000), "user_explicit")
        assert acme.list_all("asha") == []
    finally:
        manager.close()
