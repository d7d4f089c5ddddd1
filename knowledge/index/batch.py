"""Upserts: the one path into the index, for a batch of documents (the ingestion pipeline) or one
(``upsert_document`` is a batch of one).

A batch writes the rows and returns the results that its documents upserted one at a time would
(tests/test_kb_index_batch.py compares the two on both backends), but the statements are per
batch, not per document: reading a batch is three statements that return rows
(collections, the documents' chunk ids, the embedding cache), writing it is two (collections, chunk
ids, re-read inside the write transaction), whatever the number of documents; every other write is
sent without waiting for its answer (errors surface at the next read or at COMMIT, inside the same
transaction). On PostgreSQL a statement that returns rows is a round trip the calling thread waits
for, and, with the ingestion's loading thread holding the GIL, a wait for the GIL after it: the
per-document ops cost eight such waits per document. The chunks go in as one statement
(``Dialect.insert_chunks``: ``INSERT ... SELECT FROM unnest(...)`` on PostgreSQL) rather than one
INSERT per chunk.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import datetime

from knowledge import cache
from knowledge.documents import Chunk, Document
from knowledge.index import chunk_settings, ops, sources
from knowledge.index.dialect import Dialect, Op, Row, Stmt
from knowledge.index.masked import masked_chunk
from knowledge.index.models import UpsertResult
from knowledge.index.rules import check_vector

DocKey = tuple[str, str]  # (collection, doc_id)


def _indexed_chunks(d: Dialect, tenant: str, keys: Sequence[DocKey]) -> Op[dict[DocKey, list[Row]]]:
    """(id, doc_id, chunk_id, content_hash) rows of each document's indexed chunks: one statement
    per collection (a batch has one, as a rule), each using the (tenant, collection, doc_id) index."""
    found: dict[DocKey, list[Row]] = {key: [] for key in keys}
    by_collection: dict[str, list[str]] = {}
    for collection, doc_id in found:
        by_collection.setdefault(collection, []).append(doc_id)
    for collection, doc_ids in by_collection.items():
        rows = yield Stmt(
            d.select_docs_chunks,
            {"tenant": tenant, "collection": collection, "doc_ids": d.encode_list(doc_ids)},
        )
        for row in rows:
            found[(collection, str(row[1]))].append(row)
    return found


def prepare_upserts(
    d: Dialect,
    tenant: str,
    embedder: ops.EmbedderInfo,
    items: Sequence[tuple[Document, Sequence[Chunk]]],
    source: str | None = None,
    hold: str | None = None,
    chunking: tuple[int, int, bool] | None = None,
) -> Op[list[ops.UpsertPlan]]:
    """What upserting each item would change: which chunks are new, which of their vectors are
    cached, which texts are still to embed; three reads whatever the number of items. ``source``:
    the run's (knowledge.index.sources), which the write checks and records; ``hold``: the run whose
    review lets what the write changes into search (knowledge.index.holds); ``chunking``: the chunk
    settings the write records on the collection (knowledge.index.chunk_settings)."""
    for document, chunks in items:
        ops.check_document(tenant, document, chunks)
    # What is stored is masked (knowledge/index/masked.py), whoever chunked it; the document's own
    # title and path are masked with its row (ops.document_params).
    items = [(document, [masked_chunk(c) for c in chunks]) for document, chunks in items]
    known = yield from ops.collections(d, tenant)
    for document, _ in items:
        if document.collection in known:
            ops.check_embedder(known[document.collection], embedder)
    indexed = yield from _indexed_chunks(d, tenant, [(doc.collection, doc.doc_id) for doc, _ in items])
    drafts = []
    for document, chunks in items:
        existing = frozenset(str(r[2]) for r in indexed[(document.collection, document.doc_id)])
        new_chunks = tuple(c for c in chunks if c.chunk_id not in existing)
        drafts.append(
            (document, chunks, existing, new_chunks, {cache.text_hash(c.text): c.text for c in new_chunks})
        )
    cached = yield from cache.lookup(d, tenant, embedder.name, (h for *_, hashes in drafts for h in hashes))
    return [
        ops.UpsertPlan(
            tenant=tenant,
            document=document,
            chunks=tuple(chunks),
            new_chunks=new_chunks,
            cached={h: cached[h] for h in hashes if h in cached},
            collection_existed=document.collection in known,
            to_embed=tuple((h, t) for h, t in hashes.items() if h not in cached),
            existing=existing,
            source=source,
            hold=hold,
            chunking=chunking,
        )
        for document, chunks, existing, new_chunks, hashes in drafts
    ]


def _insert_chunks(
    d: Dialect, tenant: str, dimensions: int, rows: Sequence[tuple[Chunk, Sequence[float]]]
) -> Stmt:
    """One statement adding ``rows`` in their order (so identity ids follow it, as one by one)."""
    if d.insert_chunks is None:  # SQLite: executemany of the one-row INSERT, in process anyway
        return Stmt(
            d.insert_chunk,
            many=[ops.chunk_params(d, tenant, c, dimensions, v) for c, v in rows],
            fetch=False,
        )
    chunks = [c for c, _ in rows]
    return Stmt(
        d.insert_chunks,
        {
            "tenant": tenant,
            "dimensions": dimensions,
            "collections": [c.collection for c in chunks],
            "doc_ids": [c.doc_id for c in chunks],
            "chunk_ids": [c.chunk_id for c in chunks],
            "positions": [c.position for c in chunks],
            "headings": [c.heading for c in chunks],
            "texts": [c.text for c in chunks],
            "token_counts": [c.token_count for c in chunks],
            "content_hashes": [c.content_hash for c in chunks],
            "embeddings": [d.encode_vector(v) for _, v in rows],
        },
        fetch=False,
    )


def apply_upserts(
    d: Dialect,
    plans: Sequence[ops.UpsertPlan],
    embedder: ops.EmbedderInfo,
    fresh: Mapping[str, Sequence[float]],
    now: datetime,
) -> Op[list[UpsertResult]]:
    """Write every plan, in order (``fresh``: text hash -> the vectors just computed); each plan
    stores only its own fresh vectors. Run it in one write transaction (the caller's)."""
    keys = [(p.document.collection, p.document.doc_id) for p in plans]
    if len(set(keys)) < len(keys) or len({p.tenant for p in plans}) > 1:
        # The same document twice: the second must see what the first wrote, as one by one does.
        results = []
        for plan in plans:
            mine = {h: fresh[h] for h, _ in plan.to_embed}
            results += yield from apply_upserts(d, [plan], embedder, mine, now)
        return results
    if not plans:
        return []
    tenant = plans[0].tenant
    for vector in fresh.values():
        check_vector(vector, embedder.dimensions, embedder.name)
    stamp = now.isoformat()
    per_collection = Counter(collection for collection, _ in keys)
    yield Stmt(
        d.insert_collection,
        many=[
            {
                "tenant": tenant,
                "collection": c,
                "embedder": embedder.name,
                "dimensions": embedder.dimensions,
                "now": stamp,
            }
            for c in per_collection
        ],
        fetch=False,
    )
    # Re-read inside the write transaction: another writer may have created a collection or
    # indexed these documents since prepare_upserts looked.
    known = yield from ops.collections(d, tenant)
    for collection in per_collection:
        ops.check_embedder(known[collection], embedder)
    # The source rule, in the transaction that writes: a run of another source may have filled the
    # collection since this one was let in (knowledge/index/sources.py).
    for collection, source in sorted(
        {(c, p.source) for p, (c, _) in zip(plans, keys, strict=True) if p.source}
    ):
        yield from sources.check(d, tenant, collection, source)
    # The chunk settings the run writes with, in the transaction that writes its chunks: recorded
    # when the run was accepted, they outlived its cancel (h12 s34 #14).
    for collection, chunking in sorted(
        {(c, p.chunking) for p, (c, _) in zip(plans, keys, strict=True) if p.chunking is not None}
    ):
        chunk, overlap, replace = chunking
        yield from chunk_settings.record(d, tenant, collection, chunk, overlap, replace=replace)
        if not replace:  # a run that may not re-chunk: another run's may have been recorded first
            yield from chunk_settings.check(d, tenant, collection, chunk, overlap)
    if d.vector_index is not None and not all(p.collection_existed for p in plans):
        yield Stmt(d.vector_index(embedder.dimensions), fetch=False)
    yield Stmt(
        d.upsert_document,
        many=[ops.document_params(tenant, p.document, stamp, p.source, p.hold) for p in plans],
        fetch=False,
    )
    indexed = yield from _indexed_chunks(d, tenant, keys)
    vectors: dict[str, Sequence[float]] = {}
    stale: list[int] = []
    added: list[tuple[Chunk, Sequence[float]]] = []
    results = []
    for plan, key in zip(plans, keys, strict=True):
        rows = indexed[key]
        wanted = {c.chunk_id for c in plan.chunks}
        gone = [int(r[0]) for r in rows if str(r[2]) not in wanted]
        present = {str(r[2]) for r in rows}
        mine = {h: fresh[h] for h, _ in plan.to_embed}
        available = {**plan.cached, **mine}
        to_insert = [c for c in plan.chunks if c.chunk_id not in present]
        stale += gone
        added += [(c, available[cache.text_hash(c.text)]) for c in to_insert]
        vectors.update(mine)
        new_hashes = {cache.text_hash(c.text) for c in plan.new_chunks}
        results.append(
            UpsertResult(
                doc_id=plan.document.doc_id,
                collection=plan.document.collection,
                chunks_added=len(to_insert),
                chunks_unchanged=len(plan.chunks) - len(to_insert),
                chunks_removed=len(gone),
                embedded=len(mine),
                cache_hits=len(new_hashes & set(plan.cached)),
            )
        )
    if stale:
        yield Stmt(d.delete_chunk, many=[{"tenant": tenant, "id": i} for i in stale], fetch=False)
    if added:
        yield _insert_chunks(d, tenant, embedder.dimensions, added)
    store = cache.store(d, tenant, embedder.name, vectors, now)
    if store is not None:
        yield store
    # By the number of documents, as one by one bumps it once per document.
    yield Stmt(
        d.bump_generation_by,
        many=[{"tenant": tenant, "collection": c, "n": n} for c, n in per_collection.items()],
        fetch=False,
    )
    return results
