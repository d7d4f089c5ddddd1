"""After a bulk import the PostgreSQL planner knows the memories table at once.

Until autovacuum analysed it, the planner took a just-imported user for a handful of rows and read
every one of them for hybrid recall's keyword list (the tsvector match as a filter on the (tenant,
user) index) instead of the GIN index: p50 53 ms against 9.6 ms at 10,000 memories
(docs/benchmarks.md, "Recall"). ``remember_many`` of at least ``BULK_IMPORT`` memories applies
autovacuum's rule (a tenth of the table imported since the last analysis) right after it commits;
small writes leave statistics to autovacuum.
"""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryInput, MemoryManager, MemoryType, PolicyConfig
from memory.manager.ops import BULK_IMPORT

TABLE = "kassist_mem_memories"


def _known_rows(url: str) -> float:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT reltuples FROM pg_class WHERE oid = to_regclass(%s)", (TABLE,)).fetchone()
    assert row is not None
    return float(row[0])


@pytest.fixture
def manager(pg_url: str) -> Iterator[MemoryManager]:
    m = MemoryManager.from_url(pg_url, HashingEmbedder(64), config=PolicyConfig(rate_limit_per_minute=10**6))
    yield m.for_tenant("acme")
    m.close()


def _facts(n: int, offset: int = 0) -> list[MemoryInput]:
    return [
        MemoryInput(memory_type=MemoryType.FACT, key=f"fact_{i}", value=f"note number {i} about the lake")
        for i in range(offset, offset + n)
    ]


def test_a_bulk_import_leaves_the_table_analysed(manager: MemoryManager, pg_url: str) -> None:
    assert _known_rows(pg_url) < 0  # never analysed yet
    manager.remember_many("olga", _facts(BULK_IMPORT + 50), source="user_explicit", batch_size=100)
    assert _known_rows(pg_url) == BULK_IMPORT + 50
    found = manager.recall("olga", query="note number 7 about the lake", k=3)
    assert "fact_7" in [r.key for r in found]


async def test_an_async_bulk_import_leaves_the_table_analysed(manager: MemoryManager, pg_url: str) -> None:
    await manager.aremember_many("olga", _facts(BULK_IMPORT), source="user_explicit")
    assert _known_rows(pg_url) == BULK_IMPORT


def test_small_imports_leave_statistics_to_autovacuum(manager: MemoryManager, pg_url: str) -> None:
    manager.remember_many("olga", _facts(10), source="user_explicit")
    manager.remember("olga", "fact", "one", "a single memory", "user_explicit")
    assert _known_rows(pg_url) < 0
    # An import that is small next to what the statistics already know does not analyse again.
    manager.remember_many("olga", _facts(BULK_IMPORT * 20, offset=100), source="user_explicit")
    known = _known_rows(pg_url)
    assert known > BULK_IMPORT * 20
    manager.remember_many("bob", _facts(BULK_IMPORT, offset=100_000), source="user_explicit")
    assert _known_rows(pg_url) == known
