"""Exact vector search for SQLite, which cannot load vector extensions here: the knowledge index's
use of :mod:`kassist.db.vector_scan`.

The matrix of each (tenant, collection set) stays in memory, tagged with the generation counters of
its collections. Every write bumps its collection's counter in the writing transaction, so a search
in any process sees a different counter after a commit and reloads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from kassist.db.vector_scan import GenerationCache, dot, matrix_from_blobs, top_k
from knowledge.index.dialect import Row

if TYPE_CHECKING:  # memory.bm25 imports knowledge.index (through memory.lexical)
    from memory.bm25 import PrefixStats

Generations = tuple[tuple[str, int], ...]
_NO_DATE = -1


@dataclass(frozen=True)
class VectorMatrix:
    """The vectors of one tenant's collection set, with what the filters need, row-aligned."""

    generations: Generations
    ids: npt.NDArray[np.int64]
    doc_ids: npt.NDArray[np.object_]
    dates: npt.NDArray[np.int64]  # proleptic ordinal of effective_date, _NO_DATE when unknown
    vectors: npt.NDArray[np.float32]

    @classmethod
    def from_rows(cls, rows: Sequence[Row], generations: Generations, dimensions: int) -> VectorMatrix:
        """Rows of (id, collection, doc_id, effective_date, float32 blob)."""
        n = len(rows)
        try:
            vectors = matrix_from_blobs([r[4] for r in rows], dimensions, what="chunk vector")
        except ValueError as exc:
            raise ValueError(f"{exc} (chunk rows of collections {[g[0] for g in generations]})") from None
        return cls(
            generations=generations,
            ids=np.fromiter((r[0] for r in rows), dtype=np.int64, count=n),
            doc_ids=np.array([r[2] for r in rows], dtype=object),
            dates=np.fromiter(
                (date.fromisoformat(r[3]).toordinal() if r[3] else _NO_DATE for r in rows), np.int64, count=n
            ),
            vectors=vectors,
        )

    def top_k(
        self,
        query: Sequence[float],
        k: int,
        *,
        doc_id: str | None = None,
        date_from: date | None = None,
        date_to: date | None = None,
    ) -> list[tuple[int, float]]:
        """Exact cosine top-k (vectors are L2-normalised, so the dot product is the cosine)."""
        if len(self.ids) == 0:
            return []
        scores = dot(self.vectors, query)  # on this thread: see vector_scan.dot
        mask: npt.NDArray[np.bool_] | None = None
        if doc_id is not None:
            mask = self.doc_ids == doc_id
        if date_from is not None or date_to is not None:
            lo = date_from.toordinal() if date_from else 0
            hi = date_to.toordinal() if date_to else 10**7
            in_range = (self.dates != _NO_DATE) & (self.dates >= lo) & (self.dates <= hi)
            mask = in_range if mask is None else mask & in_range
        return [(int(self.ids[i]), score) for i, score in top_k(scores, k, mask)]


class MatrixCache:
    """A few matrices, least recently used evicted: 100,000 x 384 float32 is 150 MB each."""

    def __init__(self, max_entries: int = 4) -> None:
        self._cache: GenerationCache[tuple[str, tuple[str, ...]], VectorMatrix] = GenerationCache(max_entries)
        # A tenant's keyword statistics (knowledge/index/keyword_tenant.py), small: more tenants kept.
        self.keyword_stats: GenerationCache[str, PrefixStats] = GenerationCache(8 * max_entries)

    def get(self, tenant: str, collections: tuple[str, ...], generations: Generations) -> VectorMatrix | None:
        return self._cache.get((tenant, collections), generations)

    def put(self, tenant: str, collections: tuple[str, ...], matrix: VectorMatrix) -> None:
        self._cache.put((tenant, collections), matrix.generations, matrix)
