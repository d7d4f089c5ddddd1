"""Memories that score alike are recalled newest first (write order) on both backends, every strategy,
also inside one ``remember_many`` batch, where every memory has the same creation time (review s34 r1 F7,
r2 R8: ties were ordered by memory id, a uuid4 new at every write). And a PostgreSQL database written
before the write-order column (memory migration 3) numbers its memories by creation time.

Cost: one SQLite file and one PostgreSQL database per case, the hashing embedder, ~1 s each."""

from __future__ import annotations

import psycopg
from raw_sql import raw

from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryInput, MemoryManager, sql_postgres


def test_a_batch_of_alike_memories_is_recalled_in_write_order_by_every_strategy(db_url: str) -> None:
    embedder = HashingEmbedder(4096)
    manager = MemoryManager.from_url(db_url, embedder)
    try:
        acme = manager.for_tenant("acme")
        items = [
            MemoryInput(memory_type="fact", key=f"k{n}", value="Quarterly zephyr report filed")
            for n in range(8)
        ]
        acme.remember_many("asha", items, source="user_explicit")  # one transaction, one creation time
        query = "zephyr report"
        vector = embedder.embed_query(query)
        newest_first = [f"k{n}" for n in reversed(range(8))]
        for strategy in ("keyword", "vector", "rrf", "hybrid"):
            recalled = acme.recall("asha", query=query, query_vector=vector, k=8, strategy=strategy)
            assert [r.key for r in recalled] == newest_first, strategy
        assert [r.key for r in acme.recall("asha", query=query, k=8, strategy="keyword")] == newest_first
    finally:
        manager.close()


def test_a_postgres_database_from_before_the_write_order_numbers_its_memories_by_creation_time(
    pg_url: str,
) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS kassist_mem_schema_version (version integer NOT NULL)")
        for statement in (*sql_postgres.MIGRATIONS[0], *sql_postgres.MIGRATIONS[1]):
            conn.execute(statement)  # no parameters: the '%' in the DDL is literal
        conn.execute("INSERT INTO kassist_mem_schema_version (version) VALUES (2)")
        # Written in another order than created, and ids in neither order.
        for memory_id, day in (("c", 2), ("a", 3), ("b", 1)):
            stamp = f"2026-01-0{day}T00:00:00+00:00"
            conn.execute(
                "INSERT INTO kassist_mem_memories (id, tenant_id, user_id, memory_type, key, value, content, "
                "source, confidence, status, valid_from, created_at, updated_at) VALUES (%s, 'acme', 'olga', "
                "'fact', %s, '\"Our offsite is in Lisbon\"', 'Our offsite is in Lisbon', 'user_explicit', 1.0, "
                "'active', %s, %s, %s)",
                (memory_id, f"key-{memory_id}", stamp, stamp, stamp),
            )
    manager = MemoryManager.from_url(pg_url, HashingEmbedder(256))
    try:
        acme = manager.for_tenant("acme")
        found = acme.recall("olga", query="Lisbon offsite", k=3, strategy="keyword")
        assert [r.id for r in found] == ["a", "c", "b"]  # created on the 3rd, 2nd, 1st
        acme.remember("olga", "fact", "key-d", "Our offsite is in Lisbon", "user_explicit")
        assert raw(pg_url, "SELECT key FROM kassist_mem_memories ORDER BY seq") == [
            ("key-b",),
            ("key-c",),
            ("key-a",),
            ("key-d",),
        ]
    finally:
        manager.close()
