"""Review s35 r1 F1 (of d96f585; fixed by r1's patch): memories that score alike are recalled newest first
by every strategy of a query's recall now, but recall by vector alone - ``recall(query_vector=...)``
without a query, or any ``recall(..., as_of=...)`` (memory/manager/reads.recall) - still gives them
oldest first: SQLite's semantic statement has no ORDER BY (rows in storage order, which
rank_by_cosine's stable sort keeps) and PostgreSQL's orders by distance alone (ties in heap order,
which an UPDATE of a row moves). One recall API, two tie orders.

Fix: /tmp/s35/r1/patches/01-recall-vector-only-ties.patch (SQLite ``ORDER BY m.rowid DESC``,
PostgreSQL ``ORDER BY distance, m.seq DESC``). Cost: one database per backend, 8 writes, the
hashing embedder: ~1 s CPU in all."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryManager


def test_memories_that_score_alike_are_recalled_newest_first_by_vector_alone_and_as_of(db_url: str) -> None:
    embedder = HashingEmbedder(4096)
    manager = MemoryManager.from_url(db_url, embedder)
    try:
        acme = manager.for_tenant("acme")
        for n in range(8):
            acme.remember("asha", "fact", f"k{n}", "Quarterly zephyr report filed", "user_explicit")
        newest_first = [f"k{n}" for n in reversed(range(8))]
        query = "zephyr report"
        assert [r.key for r in acme.recall("asha", query=query, k=8)] == newest_first  # hybrid, since d96f585
        by_vector = acme.recall("asha", query_vector=embedder.embed_query(query), k=8)
        assert [r.key for r in by_vector] == newest_first
        later = datetime.now(UTC) + timedelta(seconds=1)
        assert [r.key for r in acme.recall("asha", query=query, k=8, as_of=later)] == newest_first
    finally:
        manager.close()
