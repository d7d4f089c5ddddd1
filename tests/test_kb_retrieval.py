"""Reciprocal rank fusion (pure) and hybrid search through the async twin on both backends."""

from __future__ import annotations

import pytest
from test_kb_index_helpers import LEAVE, SECURITY, TRAVEL, CountingEmbedder, make_doc

from knowledge.index import AsyncKnowledgeIndex, CollectionNotFound, KnowledgeIndex
from knowledge.retrieval import reciprocal_rank_fusion, single


def test_rrf_scores_are_sums_of_reciprocal_ranks() -> None:
    keyword = [(1, 9.0), (2, 5.0), (3, 1.0)]
    vector = [(3, 0.9), (1, 0.8), (4, 0.1)]
    fused = reciprocal_rank_fusion(keyword, vector, limit=10, k=60)
    by_id = {f.id: f for f in fused}
    assert by_id[1].score == pytest.approx(1 / 61 + 1 / 62)
    assert by_id[3].score == pytest.approx(1 / 63 + 1 / 61)
    assert by_id[2].score == pytest.approx(1 / 62)
    assert by_id[4].score == pytest.approx(1 / 63)
    assert [f.id for f in fused] == [1, 3, 2, 4]
    assert (by_id[3].keyword_rank, by_id[3].keyword_score, by_id[3].vector_rank, by_id[3].vector_score) == (
        3,
        1.0,
        1,
        0.9,
    )
    assert (by_id[4].keyword_rank, by_id[4].vector_rank) == (None, 3)


def test_rrf_agreement_beats_a_single_first_place_and_ties_are_deterministic() -> None:
    # 7 is second for both retrievers; 5 and 6 are each first for only one.
    fused = reciprocal_rank_fusion([(5, 1.0), (7, 0.5)], [(6, 1.0), (7, 0.5)], limit=3)
    assert [f.id for f in fused] == [7, 5, 6]
    assert reciprocal_rank_fusion([(5, 1.0)], [(6, 1.0)], limit=2) == reciprocal_rank_fusion(
        [(5, 1.0)], [(6, 1.0)], limit=2
    )
    assert [f.id for f in reciprocal_rank_fusion([(1, 1.0), (2, 1.0)], [], limit=1)] == [1]
    assert reciprocal_rank_fusion([], [], limit=5) == []
    with pytest.raises(ValueError):
        reciprocal_rank_fusion([], [], limit=5, k=-1)


def test_single_mode_keeps_retriever_scores() -> None:
    [a, b] = single([(3, 0.7), (4, 0.2)], "vector", limit=5)
    assert (a.id, a.score, a.vector_rank, a.keyword_rank) == (3, 0.7, 1, None)
    assert (b.vector_rank, b.vector_score) == (2, 0.2)


async def test_async_twin_upserts_searches_and_isolates(db_url: str) -> None:
    embedder = CountingEmbedder()
    async with await AsyncKnowledgeIndex.from_url(db_url, embedder=embedder) as index:
        acme, globex = index.for_tenant("acme"), index.for_tenant("globex")
        leave, leave_chunks = make_doc("acme", "handbook", "leave.md", LEAVE, title="Leave policy 2026")
        assert (await acme.upsert_document(leave, leave_chunks)).chunks_added == 3
        assert (await acme.upsert_document(leave, leave_chunks)).chunks_added == 0
        await acme.upsert_document(*make_doc("acme", "handbook", "security.md", SECURITY))
        await globex.upsert_document(*make_doc("globex", "handbook", "travel.md", TRAVEL))
        assert len(embedder.embedded) == 7

        hits = await acme.search("how many weeks of parental leave", k=3)
        top = hits[0]
        assert (top.title, top.heading, top.source_path) == (
            "Leave policy 2026",
            "Parental leave",
            "leave.md",
        )
        assert top.keyword_rank == 1 and top.vector_rank == 1
        assert top.score == pytest.approx(2 / 61)
        assert all(h.collection == "handbook" for h in hits)
        assert not [h for h in await globex.search("parental leave hotels", k=20) if h.doc_id == leave.doc_id]
        assert [s.chunks for s in await acme.stats()] == [5]
        assert await acme.delete_document("handbook", leave.doc_id) == 3
        assert [s.documents for s in await acme.stats()] == [1]
        with pytest.raises(CollectionNotFound):
            await globex.search("laptop", collections=["archive"])


def test_sqlite_search_sees_another_connections_writes(sqlite_url: str) -> None:
    """The in-memory vector matrix is reloaded when another connection (process) commits a write."""
    reader = KnowledgeIndex.from_url(sqlite_url, embedder=CountingEmbedder())
    writer = KnowledgeIndex.from_url(sqlite_url, embedder=CountingEmbedder())
    try:
        writer.for_tenant("acme").upsert_document(*make_doc("acme", "handbook", "leave.md", LEAVE))
        assert len(reader.for_tenant("acme").search("parental leave", mode="vector", k=10)) == 3
        travel, chunks = make_doc("acme", "handbook", "travel.md", TRAVEL)
        writer.for_tenant("acme").upsert_document(travel, chunks)
        hits = reader.for_tenant("acme").search("hotel bookings portal", mode="vector", k=10)
        assert len(hits) == 5 and hits[0].doc_id == travel.doc_id
        writer.for_tenant("acme").delete_document("handbook", travel.doc_id)
        assert len(reader.for_tenant("acme").search("hotel bookings portal", mode="vector", k=10)) == 3
    finally:
        reader.close()
        writer.close()
