"""Backend-neutral operations of the index: migrations, upsert, delete, stats, collection lookup.

Each is a generator of statements (see :mod:`knowledge.index.dialect`); the caller decides the
transaction. Upserts (:mod:`knowledge.index.batch`, one document being a batch of one) are split
in two so the embedding model never runs inside a write transaction: a read plans (which chunks
are new, which vectors are cached), the caller embeds the rest, a write applies the plans.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from kassist.db import migrate as runner
from kassist.tenancy import TenantMismatch
from knowledge import cache
from knowledge.documents import Chunk, Document
from knowledge.index import sources
from knowledge.index.dialect import Dialect, Op, Stmt
from knowledge.index.errors import CollectionNotFound, IndexEmbedderMismatch, IndexSchemaTooNew
from knowledge.index.masked import masked_path, masked_text
from knowledge.index.models import CollectionStats
from knowledge.index.rules import validate_collection
from knowledge.index.status import document_status


@dataclass(frozen=True)
class CollectionInfo:
    name: str
    embedder: str
    dimensions: int
    created_at: datetime
    generation: int


@dataclass(frozen=True)
class EmbedderInfo:
    name: str
    dimensions: int


@dataclass(frozen=True)
class UpsertPlan:
    """What :func:`knowledge.index.batch.prepare_upserts` found: the chunks to add and the texts still to embed."""

    tenant: str
    document: Document
    chunks: tuple[Chunk, ...]
    new_chunks: tuple[Chunk, ...]
    cached: Mapping[str, Sequence[float]]
    collection_existed: bool
    to_embed: tuple[tuple[str, str], ...] = field(default=())  # (text hash, text), deduplicated
    existing: frozenset[str] = field(default=frozenset())  # chunk ids indexed before
    # The run's source (knowledge.index.sources), checked against the collection's in the write
    # transaction and recorded with the document; None: a caller of the library's own, unchecked.
    source: str | None = None
    # The run whose review lets the document into search (knowledge.index.holds); None: searchable.
    hold: str | None = None
    # The chunk settings the write records on the collection (knowledge.index.chunk_settings): chunk
    # and overlap tokens, and whether they replace those it keeps; None: the library's own, nothing.
    chunking: tuple[int, int, bool] | None = None

    @property
    def chunks_removed(self) -> int:
        """Chunks of the indexed version that this upsert will remove (as seen when planned)."""
        return len(self.existing - {c.chunk_id for c in self.chunks})

    @property
    def cache_hits(self) -> int:
        return len({cache.text_hash(c.text) for c in self.new_chunks} & set(self.cached))


def as_datetime(value: object) -> datetime:
    return value if isinstance(value, datetime) else datetime.fromisoformat(str(value))


def as_date(value: object) -> date | None:
    if value is None or isinstance(value, date):
        return value
    return date.fromisoformat(str(value))


def migrate(d: Dialect) -> Op[int]:
    """Bring the schema to the newest version this code knows (kassist.db.migrate's runner, under
    its lock); returns that version."""
    numbers = [version for version, _ in d.migrations]
    if numbers != list(range(1, len(numbers) + 1)):
        raise ValueError(f"the index's migrations must be numbered 1..n in order, not {numbers}")
    yield from runner.migrate(
        runner.KNOWLEDGE_INDEX,
        [statements for _, statements in d.migrations],
        d.backend,
        error=IndexSchemaTooNew,
    )
    return len(numbers)


def up_to_date(d: Dialect) -> Op[bool]:
    """Whether every migration of the index is recorded, read without writing (a set-up that finds it
    so runs no write transaction: it waited for another process's write lock, h7 s31 #6)."""
    known = len(d.migrations)
    return (yield from runner.up_to_date(runner.KNOWLEDGE_INDEX, known, d.backend, error=IndexSchemaTooNew))


def generation(counter: object, created_at: datetime) -> int:
    """The tag a search's vector matrix is cached under (knowledge/index/matrix.py): the collection's
    write counter, made distinct per creation. A collection deleted (``kb collections delete``) and
    ingested again under its name starts counting from 0 and reaches the same count with the same
    files, so the counter alone would let another process serve the old matrix (chunk ids that no
    longer exist): its creation time, to the microsecond, goes into the tag too."""
    return int(created_at.timestamp() * 1_000_000) * 2**64 + int(str(counter))


def collections(d: Dialect, tenant: str) -> Op[dict[str, CollectionInfo]]:
    rows = yield Stmt(d.select_collections, {"tenant": tenant})
    found = {}
    for r in rows:
        created = as_datetime(r[3])
        found[str(r[0])] = CollectionInfo(str(r[0]), str(r[1]), int(r[2]), created, generation(r[4], created))
    return found


def not_found(tenant: str, collection: str, known: Mapping[str, object]) -> CollectionNotFound:
    hint = f"this tenant's collections: {', '.join(sorted(known))}" if known else "this tenant has none yet"
    return CollectionNotFound(f"collection {collection!r} not found for tenant {tenant!r} ({hint})")


def check_embedder(info: CollectionInfo, embedder: EmbedderInfo) -> None:
    if info.embedder != embedder.name or info.dimensions != embedder.dimensions:
        raise IndexEmbedderMismatch(
            f"collection {info.name!r} was indexed with embedder {info.embedder!r} ({info.dimensions} dims), "
            f"not {embedder.name!r} ({embedder.dimensions} dims): vectors of different models cannot be "
            f"compared. Use --embedder matching {info.embedder!r}, or index into a new collection"
        )


def check_document(tenant: str, document: Document, chunks: Sequence[Chunk]) -> None:
    validate_collection(document.collection)
    if document.tenant_id != tenant:
        raise TenantMismatch(
            f"document {document.doc_id!r} belongs to tenant {document.tenant_id!r}, not {tenant!r}"
        )
    for chunk in chunks:
        if (chunk.tenant_id, chunk.collection, chunk.doc_id) != (
            tenant,
            document.collection,
            document.doc_id,
        ):
            raise ValueError(
                f"chunk {chunk.chunk_id!r} belongs to ({chunk.tenant_id!r}, {chunk.collection!r}, "
                f"{chunk.doc_id!r}), not to document {document.doc_id!r} of {tenant!r}/{document.collection!r}"
            )
    ids = [c.chunk_id for c in chunks]
    if len(set(ids)) != len(ids):
        raise ValueError(f"document {document.doc_id!r} has duplicate chunk ids; chunk ids must be unique")


def document_params(
    tenant: str,
    doc: Document,
    stamp: str,
    source: str | None = None,
    hold: str | None = None,
) -> dict[str, Any]:
    """The document row's parameters, for one upsert or a batch's executemany (``source`` None
    keeps the source the row recorded; ``hold``: the run holding it out of search when new, when
    its file changed or when held already: knowledge.index.holds)."""
    return {
        "tenant": tenant,
        "collection": doc.collection,
        "doc_id": doc.doc_id,
        # The title and the path are what hits, citations and answers name: masked as the chunks are
        # (knowledge/index/masked.py; a heading "# Deploy key AKIA..." becomes the title, an
        # HTML/PDF/DOCX title is not in the text at all, and a file may be named after its key).
        # The document's id stays the one derived from its real path: a re-run finds it by id.
        "title": masked_text(doc.title),
        "source_path": masked_path(doc.source_path),
        "media_type": doc.media_type,
        "size_bytes": doc.size_bytes,
        "modified_at": doc.modified_at.isoformat(),
        "effective_date": doc.effective_date.isoformat() if doc.effective_date else None,
        "content_hash": doc.content_hash,
        "now": stamp,
        "status": document_status(doc.title, doc.text, doc.metadata, doc.source_path),
        "source": source,
        "hold": hold,
    }


def chunk_params(
    d: Dialect, tenant: str, c: Chunk, dimensions: int, vector: Sequence[float]
) -> dict[str, Any]:
    """One chunk row's parameters (its vector encoded for the backend), for one upsert or a batch."""
    return {
        "tenant": tenant,
        "collection": c.collection,
        "doc_id": c.doc_id,
        "chunk_id": c.chunk_id,
        "position": c.position,
        "heading": c.heading,
        "text": c.text,
        "token_count": c.token_count,
        "content_hash": c.content_hash,
        "dimensions": dimensions,
        "embedding": d.encode_vector(vector),
    }


def delete_document(d: Dialect, tenant: str, collection: str, doc_id: str) -> Op[int]:
    """Remove a document and its chunks; returns how many chunks went (0 when it was not indexed)."""
    validate_collection(collection)
    known = yield from collections(d, tenant)
    if collection not in known:
        raise not_found(tenant, collection, known)
    key = {"tenant": tenant, "collection": collection, "doc_id": doc_id}
    rows = yield Stmt(d.select_doc_chunks, key)
    yield Stmt(d.delete_document_chunks, key)
    yield Stmt(d.delete_document, key)
    yield Stmt(d.bump_generation, {"tenant": tenant, "collection": collection})
    return len(rows)


def documents(d: Dialect, tenant: str, collection: str, of: str | None = None) -> Op[list[tuple[str, str]]]:
    """(doc_id, source_path) of every document indexed in ``collection``, by path; ``of``: only
    those a run of that source owns (knowledge.index.sources.owns)."""
    validate_collection(collection)
    rows = yield Stmt(d.select_collection_documents, {"tenant": tenant, "collection": collection})
    mine = [r for r in rows if of is None or sources.owns(of, None if r[2] is None else str(r[2]))]
    return [(str(r[0]), str(r[1])) for r in mine]


def stats(d: Dialect, tenant: str) -> Op[list[CollectionStats]]:
    rows = yield Stmt(d.collection_stats, {"tenant": tenant})
    return [
        CollectionStats(
            collection=str(r[0]),
            embedder=str(r[1]),
            dimensions=int(r[2]),
            created_at=as_datetime(r[3]),
            documents=int(r[4]),
            chunks=int(r[5]),
            bytes=int(r[6]),
        )
        for r in rows
    ]
