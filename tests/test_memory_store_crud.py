"""MemoryStore basics on both backends: CRUD, batch order, timestamps, values, setup and bad input."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import psycopg
import pytest
from clocks import ManualClock
from langgraph.store.base import GetOp, InvalidNamespaceError, ListNamespacesOp, PutOp, SearchOp

from kassist.dburl import DatabaseUnavailable, UnsupportedDatabaseURL
from knowledge.embedders.hashing import HashingEmbedder
from memory import MemoryStore
from memory.store import EmbedderMismatch, StoreNotSetUp


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def root(db_url: str, clock: ManualClock) -> Iterator[MemoryStore]:
    store = MemoryStore.from_url(db_url, clock=clock)
    store.setup()
    yield store
    store.close()


def test_put_get_update_delete(root: MemoryStore, clock: ManualClock) -> None:
    store = root.for_tenant("acme")
    ns = ("users", "u-1")
    assert store.get(ns, "prefs") is None
    store.put(ns, "prefs", {"language": "English", "n": 1})
    created = clock.now
    item = store.get(ns, "prefs")
    assert item is not None
    assert item.namespace == ns and item.key == "prefs"
    assert item.value == {"language": "English", "n": 1}
    assert item.created_at == created == item.updated_at

    clock.advance(minutes=5)
    store.put(ns, "prefs", {"language": "Bengali", "n": 2})
    item = store.get(ns, "prefs")
    assert item is not None and item.value == {"language": "Bengali", "n": 2}
    # Stock InMemoryStore and SqliteStore reset created_at on update; this store keeps it.
    assert item.created_at == created
    assert item.updated_at == created + timedelta(minutes=5)

    store.delete(ns, "prefs")
    assert store.get(ns, "prefs") is None
    assert store.search(("users",)) == []


def test_batch_results_follow_input_order(root: MemoryStore) -> None:
    store = root.for_tenant("acme")
    results = store.batch(
        [
            GetOp(("docs",), "a"),
            PutOp(("docs",), "a", {"v": 1}),
            PutOp(("docs",), "b", {"v": 2}),
            PutOp(("docs",), "a", {"v": 3}),  # last write of a run of puts wins
            GetOp(("docs",), "a"),
            SearchOp(("docs",), filter={"v": {"$gte": 2}}),
            ListNamespacesOp(),
            PutOp(("docs",), "b", None),
            GetOp(("docs",), "b"),
        ]
    )
    assert results[0] is None
    assert results[1:4] == [None, None, None]
    got = results[4]
    assert got is not None and not isinstance(got, list) and got.value == {"v": 3}
    found = results[5]
    assert isinstance(found, list)
    assert sorted(i.key for i in found) == ["a", "b"]  # type: ignore[union-attr]
    assert results[6] == [("docs",)]
    assert results[7] is None and results[8] is None


async def test_async_crud_and_batch(db_url: str) -> None:
    root = MemoryStore.from_url(db_url)
    await root.asetup()
    store = root.for_tenant("acme")
    try:
        await store.aput(("notes",), "n1", {"text": "hello"})
        item = await store.aget(("notes",), "n1")
        assert item is not None and item.value == {"text": "hello"}
        results = await store.abatch([PutOp(("notes",), "n2", {"text": "b"}), GetOp(("notes",), "n2")])
        assert results[0] is None
        assert results[1] is not None and results[1].value == {"text": "b"}  # type: ignore[union-attr]
        assert await store.alist_namespaces() == [("notes",)]
        assert {i.key for i in await store.asearch(("notes",))} == {"n1", "n2"}
        await store.adelete(("notes",), "n1")
        assert await store.aget(("notes",), "n1") is None
    finally:
        await root.aclose()


def test_values_round_trip_including_nul_and_unicode(root: MemoryStore) -> None:
    store = root.for_tenant("acme")
    value = {
        "nul": "before\x00after",
        "unicode": "বাংলা 日本語 ✓",
        "nested": {"list": [1, 2.5, None, True, {"k": "v"}]},
        "big": 2**53,
    }
    store.put(("v",), "k", value)
    item = store.get(("v",), "k")
    assert item is not None and item.value == value
    # Filters still work on an item holding U+0000 (PostgreSQL jsonb cannot store it).
    assert [i.key for i in store.search(("v",), filter={"big": {"$gt": 2**52}})] == ["k"]


def test_namespace_labels_may_contain_dots_but_not_be_empty(root: MemoryStore) -> None:
    store = root.for_tenant("acme")
    store.put(("example.com", "v1.2"), "k", {"a": 1})
    assert store.get(("example.com", "v1.2"), "k") is not None
    assert store.get(("example", "com", "v1", "2"), "k") is None
    assert store.list_namespaces() == [("example.com", "v1.2")]
    with pytest.raises(InvalidNamespaceError, match="empty label"):
        store.put(("users", ""), "k", {"a": 1})
    with pytest.raises(InvalidNamespaceError, match="control character"):
        store.put(("a\x1fb",), "k", {"a": 1})
    with pytest.raises(InvalidNamespaceError, match="at least one label"):
        store.put((), "k", {"a": 1})


def test_bad_values_fail_the_whole_batch_and_write_nothing(root: MemoryStore) -> None:
    store = root.for_tenant("acme")
    with pytest.raises(ValueError, match="not JSON"):
        store.batch([PutOp(("v",), "good", {"a": 1}), PutOp(("v",), "bad", {"a": object()})])
    with pytest.raises(ValueError, match="must be a mapping"):
        store.batch([PutOp(("v",), "good", {"a": 1}), PutOp(("v",), "bad", ["not", "a", "dict"])])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ttl"):
        store.put(("v",), "k", {"a": 1}, ttl=-1)
    assert store.get(("v",), "good") is None


def test_setup_is_idempotent_and_required(db_url: str) -> None:
    fresh = MemoryStore.from_url(db_url, tenant_from_namespace=True)
    try:
        with pytest.raises(StoreNotSetUp, match="setup"):
            fresh.get(("acme", "x"), "k")
        assert fresh.setup() >= 1
        assert fresh.setup() == 0
        fresh.put(("acme", "x"), "k", {"a": 1})
    finally:
        fresh.close()
    again = MemoryStore.from_url(db_url, tenant_from_namespace=True)
    try:
        assert again.setup() == 0
        item = again.get(("acme", "x"), "k")
        assert item is not None and item.namespace == ("acme", "x")
    finally:
        again.close()


def test_embedder_mismatch_is_refused(db_url: str) -> None:
    with MemoryStore.from_url(db_url, embedder=HashingEmbedder(64)) as store:
        store.setup()
    with MemoryStore.from_url(db_url, embedder=HashingEmbedder(32)) as other:
        with pytest.raises(EmbedderMismatch, match="64-dimensional"):
            other.setup()
        # Skipping setup does not skip the check: the first batch runs it too.
        with pytest.raises(EmbedderMismatch):
            other.for_tenant("acme").put(("a",), "k", {"text": "x"})


VERSIONS = "SELECT version FROM kassist_schema_versions WHERE component = 'memory_store'"


def test_tables_and_schema_version(db_url: str) -> None:
    with MemoryStore.from_url(db_url) as store:
        store.setup()
        store.for_tenant("acme").put(("users", "u1"), "k", {"text": "x"})
    sql = "SELECT tenant_id, ns_path, key FROM kassist_store_items"
    if db_url.startswith("sqlite"):
        with sqlite3.connect(db_url.removeprefix("sqlite:///")) as conn:
            rows = conn.execute(sql).fetchall()
            versions = conn.execute(VERSIONS).fetchall()
    else:
        with psycopg.connect(db_url) as pconn:
            rows = pconn.execute(sql).fetchall()
            versions = pconn.execute(VERSIONS).fetchall()
    # The tenant is its own column; the stored path holds only the labels below it.
    assert rows == [("acme", "users\x1fu1\x1f", "k")]
    assert len(versions) >= 1


def test_bad_urls_and_unreachable_postgres() -> None:
    with pytest.raises(UnsupportedDatabaseURL, match="mysql"):
        MemoryStore.from_url("mysql://localhost/db")
    with pytest.raises(DatabaseUnavailable, match=re.escape("127.0.0.1:1/nowhere")):
        MemoryStore.from_url("postgresql://kassist@127.0.0.1:1/nowhere")
    with pytest.raises(TypeError, match="index_fields"):
        MemoryStore.from_url("sqlite:///x.db", index_fields="text")
    with pytest.raises(TypeError, match="Embedder"):
        MemoryStore.from_url("sqlite:///x.db", embedder=object())  # type: ignore[arg-type]


def test_repr_names_the_database_and_view_without_secrets(db_url: str) -> None:
    with MemoryStore.from_url(db_url) as root:
        assert "unbound" in repr(root)
        assert "tenant='acme'" in repr(root.for_tenant("acme"))
        if db_url.startswith("postgresql"):
            assert "PostgreSQL at" in repr(root) and "password" not in repr(root)


def test_concurrent_setup_and_writes_from_threads(db_url: str) -> None:
    """Several processes' worth of stores starting at once: migrations run once, no write is lost."""
    stores = [MemoryStore.from_url(db_url) for _ in range(4)]

    def start(n: int) -> int:
        store = stores[n]
        applied = store.setup()
        view = store.for_tenant("acme")
        for i in range(10):
            view.batch([PutOp(("shared",), f"k{j}", {"writer": n, "round": i}) for j in range(5)])
            view.put(("own", f"w{n}"), f"k{i}", {"writer": n})
        return applied

    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            applied = list(pool.map(start, range(4)))
        assert sum(1 for a in applied if a) == 1  # exactly one store ran the migrations
        view = stores[0].for_tenant("acme")
        assert len(view.search(("shared",), limit=100)) == 5
        assert len(view.search(("own",), limit=100)) == 40
    finally:
        for store in stores:
            store.close()
