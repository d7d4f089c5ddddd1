"""Data crossing the index's boundary: what a write changed, what a search found, what a collection holds."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

SearchMode = Literal["hybrid", "keyword", "vector"]


class UpsertResult(BaseModel):
    """What indexing one document changed."""

    model_config = ConfigDict(frozen=True)

    doc_id: str
    collection: str
    chunks_added: int = Field(description="Chunks whose id was not indexed before")
    chunks_unchanged: int = Field(description="Chunks already indexed with the same content: not re-embedded")
    chunks_removed: int = Field(description="Chunks of an older version of the document that are gone")
    embedded: int = Field(description="Texts sent to the embedding model")
    cache_hits: int = Field(description="New chunks whose vector came from the embedding cache")


class CollectionStats(BaseModel):
    """Size of one collection of one tenant."""

    model_config = ConfigDict(frozen=True)

    collection: str
    embedder: str
    dimensions: int
    documents: int
    chunks: int
    bytes: int = Field(description="Sum of the source files' sizes")
    created_at: datetime


class SearchFilters(BaseModel):
    """Optional narrowing of a search. An empty filter searches all the tenant's collections."""

    model_config = ConfigDict(frozen=True)

    collections: tuple[str, ...] | None = None
    doc_id: str | None = None
    effective_from: date | None = Field(
        default=None, description="Inclusive; documents without a date are excluded"
    )
    effective_to: date | None = Field(
        default=None, description="Inclusive; documents without a date are excluded"
    )

    @model_validator(mode="after")
    def _check_range(self) -> SearchFilters:
        if self.effective_from and self.effective_to and self.effective_from > self.effective_to:
            raise ValueError(
                f"effective_from {self.effective_from} is after effective_to {self.effective_to}; swap them"
            )
        if self.collections is not None and not self.collections:
            raise ValueError("collections is empty; omit it to search every collection")
        return self

    @property
    def has_date_range(self) -> bool:
        return self.effective_from is not None or self.effective_to is not None


class SearchHit(BaseModel):
    """One retrieved chunk with where it came from and how each retriever ranked it."""

    model_config = ConfigDict(frozen=True)

    chunk_id: str
    doc_id: str
    collection: str
    title: str
    source_path: str
    heading: str | None
    position: int
    text: str
    effective_date: date | None
    score: float = Field(description="Fused score (reciprocal rank fusion in hybrid mode)")
    keyword_rank: int | None = Field(default=None, description="1-based rank in the keyword results")
    keyword_score: float | None = Field(
        default=None, description="bm25 (SQLite, negated: higher is better) or ts_rank (PostgreSQL)"
    )
    vector_rank: int | None = None
    vector_score: float | None = Field(default=None, description="Cosine similarity")
    superseded: bool = Field(
        default=False, description="Archived or superseded document: ranked after the current ones"
    )
    duplicate_of: str | None = Field(
        default=None, description="chunk_id of the copy of this passage ranked first: this hit repeats it"
    )
    doc_chunks: int | None = Field(default=None, description="Chunks of the hit's document (its length)")
    relevance: float | None = Field(
        default=None,
        description="Second-stage score (knowledge/index/rerank.py): cosine with the question plus the "
        "share of its words in the passage and its heading; the assistant's abstention threshold applies to it",
    )
    cosine: float | None = Field(
        default=None,
        description="The question's cosine with the passage's stored vector (None: keyword mode)",
    )
    best_sentence: str | None = Field(
        default=None,
        description="The passage's sentence closest in meaning to the question (knowledge/index/sentences.py)",
    )
    sentence_cosine: float | None = Field(
        default=None,
        description="The question's cosine with best_sentence (None: the sentence stage did not look at it)",
    )
    facet_bonus: float = Field(
        default=0.0,
        description="What the rerank added for the values the question names that the passage carries "
        "(an office, a team: knowledge/index/facets.py); ranks, is no relevance",
    )

    rank_bonus: float = Field(
        default=0.0,
        description="What the rerank added to the passage's score for the order only (names, facets, the "
        "title's subject); no relevance",
    )


class DocumentSummary(BaseModel):
    """One indexed document as ``kassist kb documents list`` shows it."""

    model_config = ConfigDict(frozen=True)

    collection: str
    doc_id: str
    title: str
    source_path: str = Field(description="Path relative to the ingested folder, forward slashes")
    media_type: str
    size_bytes: int
    effective_date: date | None = Field(description="The date the document says it takes effect, if any")
    modified_at: datetime
    indexed_at: datetime
    chunks: int


class DocumentPage(BaseModel):
    """A page of the tenant's documents, in (collection, source path) order."""

    model_config = ConfigDict(frozen=True)

    total: int = Field(description="Documents matching, over all pages")
    offset: int
    documents: list[DocumentSummary]


class ChunkOutline(BaseModel):
    """One chunk of a document: where it sits, its heading, and its text when asked for."""

    model_config = ConfigDict(frozen=True)

    chunk_id: str
    position: int
    heading: str | None
    token_count: int
    text: str | None = Field(default=None, description="Only when the whole text was asked for")


class DocumentDetail(DocumentSummary):
    """A document's metadata and its chunks in reading order."""

    outline: list[ChunkOutline]


class Removal(BaseModel):
    """What deleting a collection or a document removed (or, for a dry run, would remove)."""

    model_config = ConfigDict(frozen=True)

    tenant: str
    collection: str
    doc_id: str | None = Field(default=None, description="None when the whole collection goes")
    source_path: str | None = None
    documents: int
    chunks: int = Field(description="Chunks, with their vectors and keyword-index rows")
    cached_vectors: int = Field(
        description="Embedding-cache entries no other document of the tenant uses any more"
    )
    dry_run: bool
