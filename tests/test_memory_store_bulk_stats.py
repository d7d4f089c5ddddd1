"""After a bulk import the PostgreSQL planner knows the store's tables at once.

Until autovacuum analysed them, the planner took a freshly loaded namespace for a handful of rows
and sorted every vector of the tenant instead of using the HNSW index (docs/benchmarks.md,
"Memory store"). After a batch of many puts the store applies autovacuum's rule (a tenth of the
table written since the last analysis, counting its own bulk puts) at once; small writes leave
statistics to autovacuum.
"""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from langgraph.store.base import PutOp

from memory import MemoryStore
from memory.store.program import BULK_PUTS


def _known_rows(url: str, table: str) -> float:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT reltuples FROM pg_class WHERE oid = to_regclass(%s)", (table,)).fetchone()
    assert row is not None
    return float(row[0])


@pytest.fixture
def store(pg_url: str) -> Iterator[MemoryStore]:
    with MemoryStore.from_url(pg_url) as root:
        root.setup()
        yield root.for_tenant("acme")


def _puts(n: int, offset: int = 0) -> list[PutOp]:
    return [
        PutOp(("users", f"u{i % 7}"), f"k{i}", {"text": f"note number {i}"})
        for i in range(offset, offset + n)
    ]


def test_a_bulk_batch_leaves_the_tables_analysed(store: MemoryStore, pg_url: str) -> None:
    assert _known_rows(pg_url, "kassist_store_items") < 0  # never analysed yet
    store.batch(_puts(BULK_PUTS + 50))
    assert _known_rows(pg_url, "kassist_store_items") == BULK_PUTS + 50
    assert _known_rows(pg_url, "kassist_store_vectors") == BULK_PUTS + 50


async def test_an_async_bulk_batch_leaves_the_tables_analysed(store: MemoryStore, pg_url: str) -> None:
    await store.abatch(_puts(BULK_PUTS))
    assert _known_rows(pg_url, "kassist_store_items") == BULK_PUTS


def test_small_writes_leave_statistics_to_autovacuum(store: MemoryStore, pg_url: str) -> None:
    store.batch(_puts(10))
    store.put(("users", "u1"), "one", {"text": "a single put"})
    assert _known_rows(pg_url, "kassist_store_items") < 0
    # A bulk batch that is small next to what the statistics already know does not analyse again.
    store.batch(_puts(BULK_PUTS * 20, offset=100))
    known = _known_rows(pg_url, "kassist_store_items")
    store.batch(_puts(BULK_PUTS, offset=100_000))  # 200 of ~4,000: under 10 %
    assert _known_rows(pg_url, "kassist_store_items") == known
