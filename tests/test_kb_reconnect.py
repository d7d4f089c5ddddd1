"""PostgreSQL connections killed under the knowledge index (server restart, a proxy's idle reaper,
pg_terminate_backend): the next calls run on fresh connections and what was indexed before is
still there exactly once. A connection lost in the middle of an operation is a DatabaseUnavailable
naming the server, never a raw driver error, and the operation is not run again."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from raw_sql import kill_other_connections, raw
from test_kb_index_helpers import LEAVE, SECURITY, CountingEmbedder, make_doc

from kassist.dburl import DatabaseUnavailable
from knowledge.embedders import HashingEmbedder
from knowledge.index import AsyncKnowledgeIndex, KnowledgeIndex
from knowledge.index.dialect import Op, Row, Stmt

HELD = 3  # connections the sync test makes the pool open (its maximum is 4)


def _hold(barrier: threading.Barrier) -> Op[None]:
    yield Stmt("SELECT 1")
    barrier.wait(timeout=10)  # still inside the operation: its connection stays checked out


def _fill_pool(index: KnowledgeIndex) -> None:
    """Make the pool open HELD connections, so a kill leaves several dead ones in it."""
    barrier = threading.Barrier(HELD)
    with ThreadPoolExecutor(HELD) as workers:
        for done in [workers.submit(index.run, _hold(barrier)) for _ in range(HELD)]:
            done.result()


def _chunk_rows(pg_url: str) -> int:
    return int(raw(pg_url, "SELECT count(*) FROM kassist_kb_chunks")[0][0])


def test_calls_after_every_pooled_connection_was_killed_succeed(pg_url: str) -> None:
    embedder = CountingEmbedder()
    with KnowledgeIndex.from_url(pg_url, embedder=embedder) as index:
        kb = index.for_tenant("acme")
        leave, leave_chunks = make_doc("acme", "handbook", "leave.md", LEAVE)
        assert kb.upsert_document(leave, leave_chunks).chunks_added == 3
        _fill_pool(index)

        assert kill_other_connections(pg_url) >= HELD
        assert {h.chunk_id for h in kb.search("leave", k=10, mode="keyword")} == {
            c.chunk_id for c in leave_chunks
        }
        assert kill_other_connections(pg_url) >= 1
        again = kb.upsert_document(leave, leave_chunks)
        assert (again.chunks_added, again.chunks_unchanged, again.chunks_removed, again.embedded) == (
            0,
            3,
            0,
            0,
        )
        assert kill_other_connections(pg_url) >= 1
        assert kb.upsert_document(*make_doc("acme", "handbook", "security.md", SECURITY)).chunks_added == 2
        assert kill_other_connections(pg_url) >= 1
        [stats] = kb.stats()
        assert (stats.documents, stats.chunks) == (2, 5)
        assert kill_other_connections(pg_url) >= 1
        assert kb.search("stolen laptop", k=3, mode="hybrid")
    assert _chunk_rows(pg_url) == 5
    assert len(embedder.embedded) == 5  # nothing embedded twice


async def test_async_calls_after_every_pooled_connection_was_killed_succeed(pg_url: str) -> None:
    embedder = CountingEmbedder()
    async with await AsyncKnowledgeIndex.from_url(pg_url, embedder=embedder) as index:
        kb = index.for_tenant("acme")
        leave, leave_chunks = make_doc("acme", "handbook", "leave.md", LEAVE)
        assert (await kb.upsert_document(leave, leave_chunks)).chunks_added == 3

        assert kill_other_connections(pg_url) >= 1
        hits = await kb.search("leave", k=10, mode="keyword")
        assert {h.chunk_id for h in hits} == {c.chunk_id for c in leave_chunks}
        assert kill_other_connections(pg_url) >= 1
        assert (await kb.upsert_document(leave, leave_chunks)).chunks_unchanged == 3
        assert kill_other_connections(pg_url) >= 1
        [stats] = await kb.stats()
        assert (stats.documents, stats.chunks) == (1, 3)
    assert _chunk_rows(pg_url) == 3
    assert len(embedder.embedded) == 3


@pytest.fixture
def index(pg_url: str) -> Iterator[KnowledgeIndex]:
    with KnowledgeIndex.from_url(pg_url, embedder=HashingEmbedder()) as index:
        yield index


def _lost_midway(pg_url: str, asked: list[str]) -> Op[None]:
    asked.append("first")
    rows: list[Row] = yield Stmt("SELECT 1")
    assert rows == [(1,)]  # answered on a live connection
    kill_other_connections(pg_url)  # ... which the server then drops
    asked.append("second")
    yield Stmt("SELECT 2")
    asked.append("third")  # never reached


def test_connection_lost_mid_operation_is_reported_not_retried(index: KnowledgeIndex, pg_url: str) -> None:
    asked: list[str] = []
    with pytest.raises(DatabaseUnavailable, match=r"PostgreSQL at .*:\d+"):
        index.run(_lost_midway(pg_url, asked), write=True)
    assert asked == ["first", "second"]  # not run again: part of it had already run
    assert index.for_tenant("acme").collection_names() == []  # the index itself still works


async def test_async_connection_lost_mid_operation_is_reported_not_retried(pg_url: str) -> None:
    async with await AsyncKnowledgeIndex.from_url(pg_url, embedder=HashingEmbedder()) as index:
        asked: list[str] = []
        with pytest.raises(DatabaseUnavailable, match=r"PostgreSQL at .*:\d+"):
            await index.run(_lost_midway(pg_url, asked), write=True)
        assert asked == ["first", "second"]
        assert await index.for_tenant("acme").collection_names() == []


def test_statement_errors_are_not_mistaken_for_lost_connections(index: KnowledgeIndex) -> None:
    runs: list[int] = []

    def op() -> Op[None]:
        runs.append(1)
        yield Stmt("SELECT no_such_column FROM kassist_kb_chunks")

    with pytest.raises(psycopg.errors.UndefinedColumn):
        index.run(op())
    assert runs == [1]
