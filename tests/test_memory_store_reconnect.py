"""PostgreSQL connections killed under the store (server restart, idle reaper): the next batch
retries on a fresh connection and nothing is lost or doubled."""

from __future__ import annotations

from raw_sql import kill_other_connections

from memory import MemoryStore


def test_sync_batches_survive_killed_connections(pg_url: str) -> None:
    with MemoryStore.from_url(pg_url) as root:
        root.setup()
        store = root.for_tenant("acme")
        store.put(("users",), "before", {"text": "written before the kill"})
        assert kill_other_connections(pg_url) >= 1
        store.put(("users",), "after", {"text": "written after the kill"})
        assert kill_other_connections(pg_url) >= 1
        assert {i.key for i in store.search(("users",), query="written kill")} == {"before", "after"}


async def test_async_batches_survive_killed_connections(pg_url: str) -> None:
    root = MemoryStore.from_url(pg_url)
    try:
        await root.asetup()
        store = root.for_tenant("acme")
        await store.aput(("users",), "before", {"n": 1})
        assert kill_other_connections(pg_url) >= 1
        await store.aput(("users",), "after", {"n": 2})
        item = await store.aget(("users",), "after")
        assert item is not None and item.value == {"n": 2}
        assert len(await store.asearch(("users",))) == 2
    finally:
        await root.aclose()
