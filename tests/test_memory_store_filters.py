"""Search filters on both backends: typed comparisons, nested keys, every operator, bad filters."""

from __future__ import annotations

from typing import Any

import pytest

from memory import MemoryStore
from memory.store import InvalidFilter

ITEMS: dict[str, dict[str, Any]] = {
    "ten": {"n": 10, "name": "delta", "flag": True, "a": {"b": {"c": 3}}},
    "five": {"n": 5, "name": "alpha", "flag": False, "a": {"b": {"c": 7}}},
    "half": {"n": 2.5, "name": "charlie", "a": {"b": {"c": "7"}}},
    "text10": {"n": "10", "name": "bravo"},
    "bool": {"n": True, "name": "echo"},
    "null": {"n": None, "name": "foxtrot"},
    "missing": {"name": "golf"},
}

CASES: list[tuple[dict[str, Any], set[str]]] = [
    # Numbers compare as numbers: stock PostgresStore compares text, where "10" < "5" and $gt 5 misses 10.
    ({"n": {"$gt": 5}}, {"ten"}),
    ({"n": {"$gte": 5}}, {"ten", "five"}),
    ({"n": {"$lt": 5}}, {"half"}),
    ({"n": {"$lte": 2.5}}, {"half"}),
    ({"n": {"$gt": 2, "$lt": 6}}, {"five", "half"}),
    ({"n": 10}, {"ten"}),
    ({"n": 10.0}, {"ten"}),
    ({"n": {"$eq": 5}}, {"five"}),
    ({"n": "10"}, {"text10"}),
    ({"n": True}, {"bool"}),
    ({"n": None}, {"null"}),
    # $ne is "not equal": different values, other types and missing fields all match.
    ({"n": {"$ne": 5}}, {"ten", "half", "text10", "bool", "null", "missing"}),
    ({"flag": True}, {"ten"}),
    ({"flag": False}, {"five"}),
    ({"flag": {"$ne": True}}, set(ITEMS) - {"ten"}),
    ({"name": {"$gt": "delta"}}, {"bool", "null", "missing"}),
    ({"name": {"$lte": "bravo"}}, {"five", "text10"}),
    ({"a.b.c": {"$gte": 3}}, {"ten", "five"}),
    ({"a.b.c": "7"}, {"half"}),
    ({"a.b.c": 7, "name": "alpha"}, {"five"}),
    ({"a.b.c": 7, "name": "delta"}, set()),
    ({"nope.deeper": {"$lt": 1}}, set()),
]


def test_filters(db_url: str) -> None:
    root = MemoryStore.from_url(db_url)
    try:
        root.setup()
        store = root.for_tenant("acme")
        for key, value in ITEMS.items():
            store.put(("items",), key, value, index=False)
        root.for_tenant("globex").put(("items",), "ten", {"n": 10})
        for spec, expected in CASES:
            found = {i.key for i in store.search(("items",), filter=spec, limit=100)}
            assert found == expected, f"filter {spec}: got {sorted(found)}, expected {sorted(expected)}"
    finally:
        root.close()


def test_invalid_filters_are_refused_with_a_reason(sqlite_url: str) -> None:
    with MemoryStore.from_url(sqlite_url) as root:
        root.setup()
        store = root.for_tenant("acme")
        bad: list[tuple[Any, str]] = [
            ({"n": {"$in": [1, 2]}}, "unknown operator"),
            ({"n": {"$gt": True}}, "needs a number or a string"),
            ({"n": {"$lt": None}}, "needs a number or a string"),
            ({"tags": ["a"]}, "not supported"),
            ({"n": float("nan")}, "finite"),
            ({"": 1}, "non-empty"),
            ({"a..b": 1}, "segments"),
        ]
        for spec, message in bad:
            with pytest.raises(InvalidFilter, match=message):
                store.search(("items",), filter=spec)
