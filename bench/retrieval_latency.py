"""Vector search latency at scale: SQLite exact (numpy) and PostgreSQL HNSW, through KnowledgeIndex."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime

import numpy as np
import psycopg
from retrieval_env import ClusteredEmbedder

from cli.kit import progress
from knowledge.documents import Chunk, Document
from knowledge.index import KnowledgeIndex
from knowledge.index.matrix import VectorMatrix
from knowledge.index.sql_postgres import vector_index, vector_search

CHUNKS_PER_DOC = 100
SEARCHES = 200
COLLECTION = "synthetic"


def synthetic(tenant: str, n: int) -> list[tuple[Document, list[Chunk]]]:
    out = []
    for d in range(max(1, n // CHUNKS_PER_DOC)):
        doc_id = f"{tenant}-doc-{d:05d}"
        texts = [
            f"synthetic chunk {d}-{i} about topic {(d * CHUNKS_PER_DOC + i) % 97}"
            for i in range(CHUNKS_PER_DOC)
        ]
        doc = Document(
            doc_id=doc_id, tenant_id=tenant, collection=COLLECTION, source_path=f"{doc_id}.txt", title=doc_id,
            text="\n\n".join(texts), media_type="text/plain", size_bytes=sum(map(len, texts)),
            modified_at=datetime(2026, 1, 1, tzinfo=UTC), content_hash=doc_id,
        )  # fmt: skip
        chunks = [
            Chunk(chunk_id=f"{doc_id}:{i}", doc_id=doc_id, tenant_id=tenant, collection=COLLECTION, position=i,
                  text=t, token_count=12, heading=None, content_hash=f"{doc_id}:{i}")
            for i, t in enumerate(texts)
        ]  # fmt: skip
        out.append((doc, chunks))
    return out


def fill(
    url: str, embedder: ClusteredEmbedder, data: list[tuple[Document, list[Chunk]]], tenant: str
) -> float:
    t0 = time.perf_counter()
    with (
        KnowledgeIndex.from_url(url, embedder=embedder) as index,
        progress(f"indexing {len(data):,} documents", len(data)) as bar,  # stderr only
    ):
        kb = index.for_tenant(tenant)
        for doc, chunks in data:
            kb.upsert_document(doc, chunks)
            bar.advance()
    return time.perf_counter() - t0


def run_latency(
    n: int,
    pg: tuple[str, str] | None,
    timed_ms: Callable[[Callable[[], object], int], list[float]],
    percentile: Callable[[list[float], float], float],
) -> None:
    embedder = ClusteredEmbedder()
    data = synthetic("big", n)
    texts = [c.text for _, chunks in data for c in chunks]
    ids = [c.chunk_id for _, chunks in data for c in chunks]
    matrix = np.stack([embedder.vector(t) for t in texts]).astype(np.float32)
    queries = [f"query {i}" for i in range(SEARCHES)]
    exact = {q: {ids[j] for j in np.argsort(-(matrix @ embedder.vector(q)))[:10]} for q in queries}
    print(f"\n## Vector search latency: {len(ids):,} x 384 float32, k=10, {SEARCHES} searches, one client")

    def report(label: str, ms: list[float]) -> None:
        print(f"{label:62} p50 {percentile(ms, 50):7.2f} ms   p95 {percentile(ms, 95):7.2f} ms")

    vm = VectorMatrix(
        generations=(), ids=np.arange(len(ids), dtype=np.int64), doc_ids=np.array(ids, dtype=object),
        dates=np.full(len(ids), -1, dtype=np.int64), vectors=matrix,
    )  # fmt: skip
    qv = [embedder.embed_query(q) for q in queries]
    it = iter(qv * 2)
    report(
        "numpy exact top-10 (matmul + argpartition) alone", timed_ms(lambda: vm.top_k(next(it), 10), SEARCHES)
    )

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/latency.db"
        print(f"SQLite: indexed {len(ids):,} chunks in {fill(url, embedder, data, 'big'):.1f} s")
        with KnowledgeIndex.from_url(url, embedder=embedder) as index:
            kb = index.for_tenant("big")
            t0 = time.perf_counter()
            kb.search("warm-up", mode="vector", k=10)
            print(
                f"SQLite: first search, loading the matrix into memory: {(time.perf_counter() - t0) * 1000:.0f} ms"
            )
            qs = iter(queries)
            report(
                "SQLite KnowledgeIndex.search(mode=vector), exact",
                timed_ms(lambda: kb.search(next(qs), mode="vector"), SEARCHES),
            )
            got = [{h.chunk_id for h in kb.search(q, mode="vector")} for q in queries[:50]]
            print(
                f"SQLite exact recall@10 vs numpy: {np.mean([len(g & exact[q]) / 10 for g, q in zip(got, queries, strict=False)]):.3f}"
            )
    if pg is None:
        return
    url, source = pg
    # Bulk load as pgvector advises: fill without the HNSW index, then build it once (maintaining it
    # row by row cost about 9 ms per chunk here). Both steps go through kassist's own statements.
    with psycopg.connect(url, autocommit=True) as conn:
        first = fill(url, embedder, data[:1], "big")  # creates the collection (and its HNSW index)
        conn.execute("DROP INDEX kassist_kb_chunks_hnsw_384")
        print(f"PostgreSQL ({source}): indexed {len(ids):,} chunks without HNSW in "
              f"{first + fill(url, embedder, data[1:], 'big'):.1f} s")  # fmt: skip
        t0 = time.perf_counter()
        conn.execute("SET maintenance_work_mem = '1GB'")
        conn.execute(vector_index(384))
        print(f"PostgreSQL: HNSW index (m=16, ef_construction=64) built in {time.perf_counter() - t0:.1f} s")
        conn.execute("ANALYZE kassist_kb_chunks")
    fill(url, embedder, synthetic("small", CHUNKS_PER_DOC), "small")
    with KnowledgeIndex.from_url(url, embedder=embedder) as index:
        kb, small = index.for_tenant("big"), index.for_tenant("small")
        kb.search("warm-up", mode="vector")
        qs = iter(queries)
        report("PostgreSQL KnowledgeIndex.search(mode=vector), HNSW ef_search=100",
               timed_ms(lambda: kb.search(next(qs), mode="vector"), SEARCHES))  # fmt: skip
        recall = np.mean(
            [len({h.chunk_id for h in kb.search(q, mode="vector")} & exact[q]) / 10 for q in queries]
        )
        print(f"PostgreSQL HNSW recall@10 vs exact: {recall:.3f}")
        qs = iter(queries)
        report(f"PostgreSQL small tenant ({CHUNKS_PER_DOC} of {len(ids) + CHUNKS_PER_DOC:,} rows)",
               timed_ms(lambda: small.search(next(qs), mode="vector"), 50))  # fmt: skip
        print(f"  small tenant results per search: {len(small.search('x', mode='vector'))} (k=10)")
    with psycopg.connect(url) as conn:
        params = {"tenant": "big", "collections": [COLLECTION], "doc_id": None, "dated": False,
                  "date_from": None, "date_to": None, "limit": 10,
                  "vector": "[" + ",".join(map(str, embedder.vector("x").tolist())) + "]"}  # fmt: skip
        plan = "\n".join(r[0] for r in conn.execute("EXPLAIN " + vector_search(384), params).fetchall())
        print(f"  big tenant's plan uses the HNSW index: {'kassist_kb_chunks_hnsw_384' in plan}")
