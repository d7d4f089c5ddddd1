"""A reader's narrowing is applied where the store draws candidates and statistics (m s32, h10 s32 #6).

A member's search skips other users' assistant memory (memory/store/readers.py). What it sees - the
items, their order, their scores, the pages - must be what it would see if the hidden items did not
exist: tenant ``plain`` holds only what the member may see, tenant ``crowded`` the same items plus
other users' private notes full of the query's words (in the vector cache's base matrix and in its
overlay on SQLite), and every narrowed search and listing answers alike in both, on SQLite and
PostgreSQL, with the lexical and the semantic fusion.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from clocks import ManualClock
from langgraph.store.base import PutOp

from knowledge.embedders.hashing import HashingEmbedder
from memory import MemoryStore
from memory.store.namespaces import decode_path, encode_path
from memory.store.readers import PrivateRoot, hide_others

ROOT = "assistant"
ME, DEFAULTS = "erin", "__defaults__"
QUERIES = ("quartz lantern", "budget plan for paris", "coffee", "Ann quartz review")


class SemanticNamed(HashingEmbedder):
    """The hashing vectors under another name: the store then fuses by scores with the named-value
    list and the related items (keywords.FUSION), the path a semantic model takes."""

    @property
    def name(self) -> str:
        return "semantic-" + super().name


def _visible() -> list[tuple[tuple[str, ...], str, dict[str, Any]]]:
    """What erin may see: her own notes, the defaults, the root's own items, the rest of the tenant."""
    texts = ["zebra quartz lantern meeting", "zebra lantern", "budget plan", "paris coffee review"]
    spaces = [(ROOT, ME, "sessions"), (ROOT, DEFAULTS), (ROOT,), ("docs", "a"), ("probe",), ("erinn",)]
    return [
        (ns, f"v{n}", {"text": f"{texts[n % len(texts)]} {n}", "speaker": "Ann" if n % 3 else "Bo"})
        for n, ns in enumerate(spaces * 4)
    ]


def _hidden(start: int) -> list[tuple[tuple[str, ...], str, dict[str, Any]]]:
    """Other users' notes, some owners' labels sorting next to erin's (a prefix of it, longer)."""
    owners = ["alice", "eri", "erin2", "erin x", "zoe", "érin"]
    return [
        (
            (ROOT, owners[n % len(owners)], "sessions"),
            f"h{n}",
            {"text": f"quartz quartz plan coffee {n}", "speaker": "Ann"},
        )
        for n in range(start, start + 30)
    ]


def _put(store: MemoryStore, tenant: str, items: list[tuple[tuple[str, ...], str, dict[str, Any]]]) -> None:
    store.batch([PutOp((tenant, *ns), key, value) for ns, key, value in items])


@pytest.fixture(params=[HashingEmbedder, SemanticNamed], ids=["lexical", "semantic"])
def store(db_url: str, request: pytest.FixtureRequest) -> Iterator[MemoryStore]:
    s = MemoryStore.from_url(
        db_url,
        embedder=request.param(),
        tenant_from_namespace=True,
        index_fields=["text"],
        clock=ManualClock(),
    )
    s.setup()
    try:
        yield s
    finally:
        s.close()


def _as_erin(tenant: str, store: MemoryStore) -> dict[str, Any]:
    token = hide_others((tenant, ROOT), (ME, DEFAULTS))
    try:
        seen: dict[str, Any] = {}
        for query in QUERIES:
            for limit, offset in ((10, 0), (4, 3), (40, 0)):
                found = store.search((tenant,), query=query, limit=limit, offset=offset)
                seen[f"{query}/{limit}/{offset}"] = [(i.namespace[1:], i.key, i.score) for i in found]
            found = store.search((tenant, ROOT), query=query, filter={"speaker": "Ann"}, limit=5)
            seen[f"{query}/Ann"] = [(i.namespace[1:], i.key, i.score) for i in found]
        seen["newest"] = [(i.namespace[1:], i.key) for i in store.search((tenant,), limit=7, offset=2)]
        seen["namespaces"] = [n[1:] for n in store.list_namespaces(prefix=(tenant,), limit=5, offset=1)]
        seen["depth 2"] = [n[1:] for n in store.list_namespaces(prefix=(tenant, ROOT), max_depth=2)]
        return seen
    finally:
        token.var.reset(token)


def test_what_a_member_sees_does_not_depend_on_what_it_may_not_see(store: MemoryStore) -> None:
    for tenant in ("plain", "crowded"):
        _put(store, tenant, _visible())
    _put(store, "crowded", _hidden(0))  # in SQLite's cached matrix once loaded
    plain = _as_erin("plain", store)
    crowded_before = _as_erin("crowded", store)
    _put(store, "crowded", _hidden(30))  # after the cache loaded: its overlay on SQLite
    assert plain == crowded_before == _as_erin("crowded", store)
    seen = [ns for page in plain.values() for ns, *_ in page]
    assert ("assistant", "erin", "sessions") in seen and ("erinn",) in seen
    assert not [ns for ns in seen if len(ns) > 1 and ns[0] == ROOT and ns[1] not in (ME, DEFAULTS)]
    assert len(plain["quartz lantern/40/0"]) == len(_visible())  # no page cut short
    assert plain["quartz lantern/4/3"] == plain["quartz lantern/10/0"][3:7]
    # Without a narrowing (an admin), everything is found as before.
    everyone = store.search(("crowded",), query="quartz", limit=100)
    assert {i.key for i in everyone} >= {"h0", "h59", "v0"}


@pytest.mark.parametrize("root", [("assistant",), ()], ids=["assistant", "the tenant"])
def test_the_hidden_ranges_are_exactly_the_other_owners_subtrees(root: tuple[str, ...]) -> None:
    labels = ["assistant", "erin", "erin2", "erin x", "eri", "erinn", "é", "~", "__defaults__", "a b"]
    paths = [(), *((a,) for a in labels), *((a, b) for a in labels for b in labels)]
    paths += [(a, b, "s") for a in labels for b in labels]
    reader = PrivateRoot(("acme", *root), frozenset({"erin", "__defaults__", "bad\x00owner"}))
    ranges = reader.hidden("acme")
    assert reader.hidden("other") == ()
    depth = len(root)
    for ns in paths:
        path = encode_path(ns)
        inside = any(lo <= path and (hi is None or path < hi) for lo, hi in ranges)
        expected = len(ns) > depth and ns[:depth] == root and ns[depth] not in ("erin", "__defaults__")
        assert inside == expected, (ns, ranges)
        assert decode_path(path) == ns
