"""The data that flows from loaders to the chunker to the index: documents, chunks, load errors."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

DocumentErrorKind = Literal[
    "unsupported_type",
    "binary",
    "invalid_utf8",
    "encrypted_pdf",
    "broken_file",
    "empty",
    "too_large",
    "unreadable",
    "symlink_loop",
    "outside_root",
    "too_costly",  # its load took far more CPU than its size warrants (graph/ingestion/load_processes.py)
]


class Document(BaseModel):
    """A loaded document: its text and what is known about where it came from."""

    model_config = ConfigDict(frozen=True)

    doc_id: str = Field(description="Deterministic: derived from tenant, collection and relative path")
    tenant_id: str
    collection: str
    source_path: str = Field(description="Path relative to the ingested root, with forward slashes")
    title: str
    text: str
    media_type: str
    size_bytes: int
    modified_at: datetime
    effective_date: date | None = Field(
        default=None, description="Effective or last-reviewed date, when the text states one"
    )
    content_hash: str = Field(description="sha256 of the file's bytes, to detect changes")
    metadata: dict[str, str] = Field(
        default_factory=dict,
        description="owner, classification, status, version, reference, effective_date, last_reviewed "
        "when the file states them (knowledge.loaders.metadata)",
    )


class DocumentError(BaseModel):
    """A file that could not be loaded, and why. Loaders yield these instead of raising."""

    model_config = ConfigDict(frozen=True)

    source_path: str
    kind: DocumentErrorKind
    reason: str


class Chunk(BaseModel):
    """A piece of a document sized for the embedding model."""

    model_config = ConfigDict(frozen=True)

    chunk_id: str = Field(description="Deterministic: derived from doc_id, position and content hash")
    doc_id: str
    tenant_id: str
    collection: str
    position: int
    text: str
    token_count: int = Field(description="Tokens of the embedding model's tokenizer")
    heading: str | None = None
    content_hash: str
