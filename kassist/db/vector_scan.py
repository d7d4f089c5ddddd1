"""The one exact vector scan of kassist: float32 matrices in numpy, cached per owner and generation.

SQLite here cannot load a vector extension, so three parts rank vectors in process: the knowledge
index (a tenant's collections), the memory store (a tenant's items) and the memory manager (one
user's memories; also on PostgreSQL, where an exact per-user scan in SQL re-reads every row per
query). Reading the vectors is what costs; ranking 100,000 x 384 takes a few milliseconds. So each
part keeps its matrix in a :class:`GenerationCache` under a key it chooses (tenant and collection
set, or tenant and user) tagged with a generation counter that every write bumps in the writing
transaction: a search in any process sees another counter after a commit and reloads.

Pure numpy, no I/O: callers read the rows and the counters with their own drivers.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

FloatMatrix = npt.NDArray[np.float32]
IndexArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def matrix_from_blobs(blobs: Sequence[bytes], dimensions: int, *, what: str = "vector") -> FloatMatrix:
    """Little-endian float32 blobs as one freshly allocated (aligned, writable) matrix.

    Copied blob by blob into one array: BLAS ran about 12% faster on it than on a view of the joined
    blobs, and peak memory is one copy less. A blob of the wrong size is refused by position.
    """
    n = len(blobs)
    matrix = np.empty((n, dimensions), dtype="<f4")
    if n == 0:
        return matrix
    flat = memoryview(matrix.data).cast("B")
    width = dimensions * 4
    for i, blob in enumerate(blobs):
        if len(blob) != width:
            raise ValueError(
                f"stored {what} {i} has {len(blob)} bytes, expected {width} ({dimensions} float32)"
            )
        flat[i * width : (i + 1) * width] = blob
    return matrix


def matrix_from_texts(texts: Sequence[str], dimensions: int) -> FloatMatrix:
    """pgvector's text form (``[0.1,0.2,...]``) as a float32 matrix."""
    matrix = np.empty((len(texts), dimensions), dtype=np.float32)
    for i, text in enumerate(texts):
        row = np.array(text.strip("[]").split(","), dtype=np.float32)
        if row.shape[0] != dimensions:
            raise ValueError(f"stored vector {i} has {row.shape[0]} dimensions, expected {dimensions}")
        matrix[i] = row
    return matrix


def unit_rows(matrix: FloatMatrix) -> FloatMatrix:
    """Rows scaled to length 1 (zero rows left as they are), so a dot product is the cosine."""
    norms = np.sqrt(np.einsum("ij,ij->i", matrix, matrix))
    # Embedders promise unit vectors: skip the full-matrix division (and its copy) when they are.
    if np.all(np.abs(norms - 1.0) < 1e-3):
        return matrix
    norms[norms == 0] = 1.0
    unit: FloatMatrix = (matrix / norms[:, None]).astype(np.float32, copy=False)
    return unit


def unit_query(query: Sequence[float]) -> FloatMatrix:
    q = np.asarray(query, dtype=np.float32)
    norm = float(np.linalg.norm(q))
    return q / norm if norm else q


def dot(vectors: FloatMatrix, query: Sequence[float] | FloatMatrix) -> npt.NDArray[np.float32]:
    """``vectors @ query`` on this thread. OpenBLAS runs a matrix-vector product of this size on
    several threads that keep spinning after it returns: on 2 cores they took a core from the rest
    of the request (context assembly with the knowledge index's 25,000 x 384 product: CPU p50 47 ms
    against 21 ms, wall p95 81-139 ms against 47-49 ms at load 3.8; docs/benchmarks.md, Assistant)."""
    result: npt.NDArray[np.float32] = np.einsum("ij,j->i", vectors, np.asarray(query, dtype=np.float32))
    return result


def top_with_cut(scores: npt.NDArray[Any], k: int) -> tuple[IndexArray, int | None]:
    """Indices of the k best scores (unordered), ties taken in index order, and the last index
    taken at the threshold (None when every index was taken)."""
    n = len(scores)
    if k >= n:
        return np.arange(n, dtype=np.int64), None
    # np.sort, not np.partition: partition is ~30x slower on the many equal scores sparse
    # (e.g. hashing) vectors produce.
    threshold = np.sort(scores)[n - k]
    greater = np.flatnonzero(scores > threshold)
    ties = np.flatnonzero(scores == threshold)[: k - len(greater)]
    return np.concatenate([greater, ties]).astype(np.int64), int(ties[-1])


def top_k(scores: npt.NDArray[Any], k: int, mask: BoolArray | None = None) -> list[tuple[int, float]]:
    """(index, score) of the k best scores, best first, ties in index order (a total order, so the
    first k of a deeper call are exactly a shallower call's). Masked-out indices are never returned."""
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
        available = int(mask.sum())
    else:
        available = len(scores)
    k = min(k, available)
    if k <= 0:
        return []
    picked, _ = top_with_cut(scores, k)
    order = picked[np.lexsort((picked, -scores[picked]))]
    return [(int(i), float(scores[i])) for i in order]


@dataclass(frozen=True)
class ScanMatrix(Generic[V]):
    """Row-aligned labels and unit vectors: the matrix of one cache entry."""

    labels: Sequence[V]
    vectors: FloatMatrix

    @classmethod
    def build(cls, labels: Sequence[V], vectors: FloatMatrix) -> ScanMatrix[V]:
        return cls(labels, unit_rows(vectors))

    def __len__(self) -> int:
        return len(self.labels)

    def scores(self, query: Sequence[float]) -> npt.NDArray[np.float32]:
        """Cosine of every row with the query. einsum, not BLAS: OpenBLAS runs this matrix-vector
        product on several threads that spin between calls, so at 10,000 x 384 it cost 6.5-7 ms of
        CPU per query under load against 2.9 ms single-threaded (docs/benchmarks.md, Recall)."""
        if len(self.labels) == 0 or self.vectors.shape[1] != len(query):
            return np.zeros(0, dtype=np.float32)
        return dot(self.vectors, unit_query(query))

    def top_k(self, query: Sequence[float], k: int, mask: BoolArray | None = None) -> list[tuple[V, float]]:
        """The k nearest rows' labels with their cosine similarity, best first."""
        scores = self.scores(query)
        if len(scores) == 0:
            return []
        return [(self.labels[i], s) for i, s in top_k(scores, k, mask)]


class GenerationCache(Generic[K, V]):
    """A few values, least recently used evicted, each valid for one generation of its key.

    Thread-safe; a value is returned only while the caller's freshly read generation equals the one
    it was stored with.
    """

    def __init__(self, max_entries: int = 8) -> None:
        self._max = max_entries
        self._entries: OrderedDict[K, tuple[Hashable, V]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K, generation: Hashable) -> V | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None or found[0] != generation:
                return None
            self._entries.move_to_end(key)
            return found[1]

    def peek(self, key: K) -> tuple[Hashable, V] | None:
        """The entry under ``key`` whatever its generation (for patching in one's own writes)."""
        with self._lock:
            return self._entries.get(key)

    def put(self, key: K, generation: Hashable, value: V) -> None:
        with self._lock:
            self._entries[key] = (generation, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self._max:
                self._entries.popitem(last=False)

    def discard(self, key: K) -> None:
        with self._lock:
            self._entries.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
