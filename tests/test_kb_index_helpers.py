"""Builders shared by the knowledge-index tests (no tests here): real Documents and Chunks, a counting embedder."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, date, datetime

from knowledge.documents import Chunk, Document
from knowledge.embedders import HashingEmbedder


class CountingEmbedder:
    """A real HashingEmbedder that records every text it is asked to embed (instrumentation only)."""

    def __init__(self, dimensions: int = 384) -> None:
        self.inner = HashingEmbedder(dimensions)
        self.embedded: list[str] = []

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimensions(self) -> int:
        return self.inner.dimensions

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        self.embedded.extend(texts)
        return self.inner.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        return self.inner.embed_query(text)


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def make_doc(
    tenant: str,
    collection: str,
    path: str,
    sections: Sequence[tuple[str, str]],
    *,
    title: str | None = None,
    effective: date | None = None,
) -> tuple[Document, list[Chunk]]:
    body = "\n\n".join(f"## {h}\n\n{t}" for h, t in sections)
    doc_id = sha(f"{tenant}/{collection}/{path}")[:24]
    doc = Document(
        doc_id=doc_id,
        tenant_id=tenant,
        collection=collection,
        source_path=path,
        title=title or path,
        text=body,
        media_type="text/markdown",
        size_bytes=len(body.encode()),
        modified_at=datetime(2026, 1, 5, tzinfo=UTC),
        effective_date=effective,
        content_hash=sha(body),
    )
    chunks = [
        Chunk(
            chunk_id=f"{doc_id}:{i}:{sha(text)[:12]}",
            doc_id=doc_id,
            tenant_id=tenant,
            collection=collection,
            position=i,
            text=text,
            token_count=len(text.split()),
            heading=heading,
            content_hash=sha(text),
        )
        for i, (heading, text) in enumerate(sections)
    ]
    return doc, chunks


LEAVE = [
    ("Annual leave", "Full-time employees receive 28 days of paid annual leave per calendar year."),
    (
        "Parental leave",
        "Birth parents receive 26 weeks of parental leave at full pay; partners receive 6 weeks.",
    ),
    ("Sick leave", "Report sickness to your manager before 10:00 on the first day of absence."),
]
TRAVEL = [
    ("Flights", "Economy class is required for flights under six hours; business class above that."),
    ("Hotels", "Hotel bookings must go through the corporate travel portal, up to 180 EUR per night."),
]
SECURITY = [
    ("Passwords", "Passwords must be at least 14 characters and are never shared, not even with IT."),
    ("Lost laptop", "Report a lost or stolen laptop to the security desk within one hour."),
]
