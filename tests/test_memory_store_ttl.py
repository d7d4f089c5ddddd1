"""TTL on both backends with an injected clock: expiry, refresh on read, defaults and sweeping."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from clocks import ManualClock

from memory import MemoryStore


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def admin(db_url: str, clock: ManualClock) -> Iterator[MemoryStore]:
    store = MemoryStore.from_url(db_url, clock=clock, tenant_from_namespace=True)
    store.setup()
    yield store
    store.close()


def test_item_expires_and_reads_refresh_it(admin: MemoryStore, clock: ManualClock) -> None:
    store = admin.for_tenant("acme")
    store.put(("s",), "refreshed", {"text": "a"}, ttl=1)
    store.put(("s",), "untouched", {"text": "b"}, ttl=1)
    store.put(("s",), "forever", {"text": "c"})
    clock.advance(seconds=40)
    assert store.get(("s",), "refreshed") is not None  # refreshes: now expires at 100 s
    assert store.get(("s",), "untouched", refresh_ttl=False) is not None
    clock.advance(seconds=40)  # 80 s after the put
    assert store.get(("s",), "untouched") is None
    assert store.get(("s",), "refreshed", refresh_ttl=False) is not None
    assert sorted(i.key for i in store.search(("s",))) == ["forever", "refreshed"]  # search refreshes too
    clock.advance(seconds=59)
    assert [i.key for i in store.search(("s",), query="a", refresh_ttl=False)][:2] == ["refreshed", "forever"]
    clock.advance(seconds=2)
    assert store.get(("s",), "refreshed") is None
    assert [i.key for i in store.search(("s",))] == ["forever"]
    assert store.get(("s",), "forever") is not None


def test_expired_items_vanish_from_listing_and_sweep_deletes_them(
    admin: MemoryStore, clock: ManualClock
) -> None:
    store = admin.for_tenant("acme")
    store.put(("temp", "a"), "k", {"text": "x"}, ttl=0.5)
    store.put(("keep",), "k", {"text": "y"})
    admin.put(("globex", "temp"), "k", {"text": "z"}, ttl=0.5)
    assert store.list_namespaces() == [("keep",), ("temp", "a")]
    clock.advance(minutes=1)
    assert store.list_namespaces() == [("keep",)]
    assert admin.sweep_ttl() == 2  # every tenant's expired items
    assert admin.sweep_ttl() == 0
    # A new put under an expired-but-unswept key is a new item: created_at restarts.
    store.put(("again",), "k", {"v": 1}, ttl=0.5)
    clock.advance(minutes=1)
    store.put(("again",), "k", {"v": 2})
    item = store.get(("again",), "k")
    assert item is not None and item.created_at == clock.now


def test_default_ttl_and_refresh_setting(db_url: str, clock: ManualClock) -> None:
    root = MemoryStore.from_url(
        db_url, clock=clock, ttl={"default_ttl": 1, "refresh_on_read": False}, tenant_from_namespace=True
    )
    try:
        root.setup()
        store = root.for_tenant("acme")
        store.put(("s",), "k", {"a": 1})
        store.put(("s",), "pinned", {"a": 2}, ttl=None)
        clock.advance(seconds=50)
        assert store.get(("s",), "k") is not None  # no refresh by configuration
        clock.advance(seconds=20)
        assert store.get(("s",), "k") is None
        assert store.get(("s",), "pinned") is not None
    finally:
        root.close()


async def test_async_ttl(db_url: str, clock: ManualClock) -> None:
    root = MemoryStore.from_url(db_url, clock=clock)
    try:
        await root.asetup()
        store = root.for_tenant("acme")
        await store.aput(("s",), "k", {"a": 1}, ttl=1)
        clock.advance(seconds=50)
        assert await store.aget(("s",), "k") is not None
        clock.advance(seconds=50)
        assert await store.aget(("s",), "k") is not None
        clock.advance(seconds=61)
        assert await store.aget(("s",), "k") is None
        assert await root.asweep_ttl() == 1
    finally:
        await root.aclose()


def test_background_sweeper_removes_expired_rows(admin: MemoryStore, clock: ManualClock) -> None:
    store = admin.for_tenant("acme")
    store.put(("s",), "k", {"a": 1}, ttl=0.5)
    clock.advance(minutes=1)
    assert admin.list_tenants() == ["acme"]  # expired but still stored
    done = admin.start_ttl_sweeper(sweep_interval_minutes=0.001)
    try:
        deadline = time.monotonic() + 5
        while admin.list_tenants() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        assert admin.stop_ttl_sweeper(timeout=5)
    assert done.result(timeout=5) is None
    assert admin.list_tenants() == []
