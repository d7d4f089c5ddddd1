"""Ingest a directory into one collection: load -> chunk -> embed (cached) -> upsert, one document at a time.

A bad file never stops the run and never passes silently: it becomes a ``DocumentError`` in the
report. Errors that concern the whole run (database unreachable, embedder mismatch with the
collection) do stop it, since every later document would fail the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel, Field

from knowledge.audit.masking import mask_sensitive
from knowledge.chunking import chunk_document
from knowledge.documents import Chunk, Document, DocumentError
from knowledge.index.models import UpsertResult
from knowledge.index.sync_index import TenantKnowledgeIndex
from knowledge.loaders import DEFAULT_MAX_BYTES, load_directory


class IngestReport(BaseModel):
    """What one ingest run did, per document and in total."""

    tenant_id: str
    collection: str
    embedder: str
    root: str
    documents_seen: int = 0
    documents_changed: int = Field(
        default=0, description="Documents with at least one chunk added or removed"
    )
    chunks_added: int = 0
    chunks_unchanged: int = 0
    chunks_removed: int = 0
    embedded: int = Field(default=0, description="Texts sent to the embedding model")
    cache_hits: int = 0
    results: list[UpsertResult] = Field(default_factory=list)
    errors: list[DocumentError] = Field(default_factory=list)

    @property
    def documents_indexed(self) -> int:
        return len(self.results)

    def add(self, result: UpsertResult) -> None:
        self.results.append(result)
        self.documents_changed += bool(result.chunks_added or result.chunks_removed)
        self.chunks_added += result.chunks_added
        self.chunks_unchanged += result.chunks_unchanged
        self.chunks_removed += result.chunks_removed
        self.embedded += result.embedded
        self.cache_hits += result.cache_hits


def ingest_directory(
    kb: TenantKnowledgeIndex,
    root: Path,
    *,
    collection: str,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_tokens: int = 256,
    overlap_tokens: int = 32,
    on_document: Callable[[Document | DocumentError], None] | None = None,
) -> IngestReport:
    """Index every supported file under ``root`` into ``collection`` of ``kb``'s tenant."""
    report = IngestReport(
        tenant_id=kb.tenant_id, collection=collection, embedder=kb.embedder_name, root=str(root)
    )
    if not root.exists():
        raise FileNotFoundError(f"{root} does not exist; give the directory to ingest")
    for item in load_directory(root, tenant_id=kb.tenant_id, collection=collection, max_bytes=max_bytes):
        report.documents_seen += 1
        if on_document is not None:
            on_document(item)
        if isinstance(item, DocumentError):
            report.errors.append(item)
            continue
        prepared = chunk_or_error(item, max_tokens=max_tokens, overlap_tokens=overlap_tokens)
        if isinstance(prepared, DocumentError):
            report.errors.append(prepared)
            continue
        report.add(kb.upsert_document(*prepared))
    return report


def chunk_or_error(
    document: Document, *, max_tokens: int = 256, overlap_tokens: int = 32
) -> tuple[Document, list[Chunk]] | DocumentError:
    """The document's chunks, or why it has nothing to index (the ingestion graph uses this too).

    The chunks are cut from the document's masked text (knowledge/audit/masking.py: no secret the
    audit finds reaches the index); the document is returned as loaded, for the audit to read."""
    masked = mask_sensitive(document.text)
    source = document if masked == document.text else document.model_copy(update={"text": masked})
    chunks = chunk_document(source, max_tokens=max_tokens, overlap_tokens=overlap_tokens)
    if not chunks:
        return DocumentError(
            source_path=document.source_path, kind="empty", reason="no text to index after parsing"
        )
    return document, chunks
