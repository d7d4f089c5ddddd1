"""list_namespaces on both backends: prefix, suffix, wildcards, max_depth, paging, dotted labels."""

from __future__ import annotations

import pytest

from memory import MemoryStore

NAMESPACES = [
    ("a", "b", "c"),
    ("a", "b", "d", "e"),
    ("a", "b", "d", "i"),
    ("a", "b", "f"),
    ("a", "c", "f"),
    ("x.y", "z"),
]


def test_list_namespaces(db_url: str) -> None:
    with MemoryStore.from_url(db_url, tenant_from_namespace=True) as admin:
        admin.setup()
        acme = admin.for_tenant("acme")
        for ns in NAMESPACES:
            acme.put(ns, "k", {"v": 1})
            acme.put(ns, "k2", {"v": 2})
        admin.for_tenant("globex").put(("a", "b", "secret"), "k", {"v": 3})

        assert acme.list_namespaces() == sorted(NAMESPACES)
        assert acme.list_namespaces(prefix=("a", "b"), max_depth=3) == [
            ("a", "b", "c"),
            ("a", "b", "d"),
            ("a", "b", "f"),
        ]
        assert acme.list_namespaces(suffix=("f",)) == [("a", "b", "f"), ("a", "c", "f")]
        assert acme.list_namespaces(prefix=("a", "*", "f")) == [("a", "b", "f"), ("a", "c", "f")]
        assert acme.list_namespaces(suffix=("d", "*")) == [("a", "b", "d", "e"), ("a", "b", "d", "i")]
        assert acme.list_namespaces(prefix=("a",), suffix=("f",), max_depth=2) == [("a", "b"), ("a", "c")]
        assert acme.list_namespaces(max_depth=1) == [("a",), ("x.y",)]
        assert acme.list_namespaces(prefix=("x.y",)) == [("x.y", "z")]
        assert acme.list_namespaces(prefix=("x",)) == []
        assert acme.list_namespaces(limit=2) == sorted(NAMESPACES)[:2]
        assert acme.list_namespaces(limit=2, offset=4) == sorted(NAMESPACES)[4:6]
        # The admin view counts and shows the tenant label.
        assert admin.list_namespaces(prefix=("acme", "a", "b"), max_depth=3) == [("acme", "a", "b")]
        assert admin.list_namespaces(prefix=("globex",)) == [("globex", "a", "b", "secret")]
        with pytest.raises(ValueError, match="max_depth"):
            acme.list_namespaces(max_depth=0)


async def test_alist_namespaces(db_url: str) -> None:
    root = MemoryStore.from_url(db_url)
    try:
        await root.asetup()
        store = root.for_tenant("acme")
        await store.aput(("users", "u1"), "k", {"v": 1})
        await store.aput(("users", "u2"), "k", {"v": 1})
        assert await store.alist_namespaces(prefix=("users",)) == [("users", "u1"), ("users", "u2")]
        assert await store.alist_namespaces(max_depth=1) == [("users",)]
    finally:
        await root.aclose()
