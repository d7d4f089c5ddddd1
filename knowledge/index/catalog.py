"""Browsing and deleting what a tenant has indexed: documents by page, one document's outline, and
the removal of a document or a whole collection (``kassist kb collections|documents``).

Backend-neutral operations like :mod:`knowledge.index.ops` (generators of statements; the caller
decides the transaction). A deletion is one write transaction: the chunks (their vectors, and on
SQLite the FTS5 rows through the table's triggers, on PostgreSQL the generated tsvector with them),
the document rows, the collection row when it goes, and the embedding-cache entries of texts no
other document of the tenant still uses (a deleted text's vector does not outlive it). Other
tenants and other collections are never in a statement's reach: every one carries the tenant and
the collection.
"""

from __future__ import annotations

import re
from typing import Any

from knowledge.index.dialect import Dialect, Op, Row, Stmt
from knowledge.index.errors import KnowledgeIndexError
from knowledge.index.models import ChunkOutline, DocumentDetail, DocumentPage, DocumentSummary, Removal
from knowledge.index.ops import as_date, as_datetime, collections, not_found
from knowledge.index.rules import validate_collection

MAX_PAGE = 1000
MIN_PREFIX = 6  # a shorter start of a 32-digit id names too many documents to be meant
_HEX = re.compile(r"^[0-9a-f]+$")


class DocumentNotFound(KnowledgeIndexError, LookupError):
    """No document of this tenant matches (another tenant's document is not found either)."""


class AmbiguousDocument(KnowledgeIndexError, LookupError):
    """A reference (an id's start, a path in several collections) that names more than one document."""


def _summary(r: Row) -> DocumentSummary:
    return DocumentSummary(
        collection=str(r[0]),
        doc_id=str(r[1]),
        title=str(r[2]),
        source_path=str(r[3]),
        media_type=str(r[4]),
        size_bytes=int(r[5]),
        effective_date=as_date(r[6]),
        modified_at=as_datetime(r[7]),
        indexed_at=as_datetime(r[8]),
        chunks=int(r[9]),
    )


def _known_collection(d: Dialect, tenant: str, collection: str | None) -> Op[None]:
    if collection is None:
        return
    validate_collection(collection)
    known = yield from collections(d, tenant)
    if collection not in known:
        raise not_found(tenant, collection, known)


def page(d: Dialect, tenant: str, collection: str | None, *, limit: int, offset: int) -> Op[DocumentPage]:
    """Documents of ``collection`` (every collection when None) by collection and path."""
    if not 1 <= limit <= MAX_PAGE:
        raise ValueError(f"limit must be between 1 and {MAX_PAGE}, got {limit}")
    if offset < 0:
        raise ValueError(f"offset must be 0 or more, got {offset}")
    yield from _known_collection(d, tenant, collection)
    scope = {"tenant": tenant, "collection": collection}
    total = yield Stmt(d.count_documents, scope)
    rows = yield Stmt(d.page_documents, {**scope, "limit": limit, "offset": offset})
    return DocumentPage(total=int(total[0][0]), offset=offset, documents=[_summary(r) for r in rows])


def find(d: Dialect, tenant: str, ref: str, collection: str | None = None) -> Op[DocumentSummary]:
    """The one document ``ref`` names: its id, the start of its id (at least 6 digits), or its path
    relative to the ingested folder; in ``collection`` or, when None, in any of the tenant's."""
    yield from _known_collection(d, tenant, collection)
    ref = ref.strip()
    prefix = ref.lower() if len(ref) >= MIN_PREFIX and _HEX.match(ref.lower()) else None
    params: dict[str, Any] = {"tenant": tenant, "collection": collection, "ref": ref, "prefix": prefix}
    rows = yield Stmt(d.find_documents, params)
    found = [_summary(r) for r in rows]
    exact = [s for s in found if ref in (s.doc_id, s.source_path)]
    if len(exact) == 1 or (len(found) == 1 and not exact):
        return exact[0] if exact else found[0]
    where = f"collection {collection!r}" if collection else "any collection"
    if not found:
        raise DocumentNotFound(
            f"document {ref!r} not found in {where} of tenant {tenant!r}; give its id (or the start of "
            "it) or its path as `kassist kb documents list` shows them"
        )
    named = ", ".join(f"{s.collection}/{s.source_path} ({s.doc_id[:12]})" for s in (exact or found))
    raise AmbiguousDocument(
        f"{ref!r} names more than one document ({named}); give more of the id or --collection"
    )


def detail(
    d: Dialect, tenant: str, ref: str, collection: str | None = None, *, text: bool = False
) -> Op[DocumentDetail]:
    """The document ``ref`` names (see :func:`find`) with its chunks' headings (and texts)."""
    doc = yield from find(d, tenant, ref, collection)
    key = {"tenant": tenant, "collection": doc.collection, "doc_id": doc.doc_id}
    rows = yield Stmt(d.document_outline, key)
    outline = [
        ChunkOutline(
            chunk_id=str(r[0]),
            position=int(r[1]),
            heading=None if r[2] is None else str(r[2]),
            token_count=int(r[3]),
            text=str(r[4]) if text else None,
        )
        for r in rows
    ]
    return DocumentDetail(**doc.model_dump(), outline=outline)


def _changed(sql: str, params: dict[str, Any]) -> Op[int]:
    """Run a write and answer how many rows it changed."""
    changed: Any = yield Stmt(sql, params, rowcount=True)
    return int(changed)


def _counts(d: Dialect, scope: dict[str, Any]) -> Op[tuple[int, int, int]]:
    rows = yield Stmt(d.scope_counts, scope)
    documents, chunks, cached = rows[0]
    return int(documents), int(chunks), int(cached)


def remove_document(d: Dialect, tenant: str, collection: str, doc_id: str, *, dry_run: bool) -> Op[Removal]:
    """Delete one document (exact id) with its chunks and orphaned cache entries; ``dry_run``
    counts what would go and changes nothing."""
    doc = yield from find(d, tenant, doc_id, collection)
    if doc.doc_id != doc_id:  # an exact id only: a deletion does not guess
        raise DocumentNotFound(
            f"document {doc_id!r} not found in collection {collection!r} of tenant {tenant!r}"
        )
    scope = {"tenant": tenant, "collection": collection, "doc_id": doc_id}
    named = {"tenant": tenant, "collection": collection, "doc_id": doc_id, "source_path": doc.source_path}
    if dry_run:
        documents, chunks, cached = yield from _counts(d, scope)
        return Removal(**named, documents=documents, chunks=chunks, cached_vectors=cached, dry_run=True)
    cached = yield from _changed(d.purge_cache, scope)  # first: it reads the chunks about to go
    chunks = yield from _changed(d.delete_document_chunks, scope)
    documents = yield from _changed(d.delete_document, scope)
    # The collection's vectors changed: a search in any process reloads its matrix (matrix.py).
    yield Stmt(d.bump_generation, {"tenant": tenant, "collection": collection})
    return Removal(**named, documents=documents, chunks=chunks, cached_vectors=cached, dry_run=False)


def remove_collection(d: Dialect, tenant: str, collection: str, *, dry_run: bool) -> Op[Removal]:
    """Delete a collection: its documents, chunks, orphaned cache entries and the collection itself."""
    validate_collection(collection)
    known = yield from collections(d, tenant)
    if collection not in known:
        raise not_found(tenant, collection, known)
    scope = {"tenant": tenant, "collection": collection, "doc_id": None}
    if dry_run:
        documents, chunks, cached = yield from _counts(d, scope)
        return Removal(
            tenant=tenant, collection=collection, documents=documents, chunks=chunks,
            cached_vectors=cached, dry_run=True,
        )  # fmt: skip
    cached = yield from _changed(d.purge_cache, scope)  # first: it reads the chunks about to go
    chunks = yield from _changed(d.delete_collection_chunks, scope)
    documents = yield from _changed(d.delete_collection_documents, scope)
    yield Stmt(d.delete_collection, scope)
    return Removal(
        tenant=tenant, collection=collection, documents=documents, chunks=chunks,
        cached_vectors=cached, dry_run=False,
    )  # fmt: skip
