"""One tenant's vectors in memory: a sorted base matrix plus an overlay of later writes.

The memory store's use of :mod:`kassist.db.vector_scan` (blob loading, normalising, top-k selection).

The base is loaded from SQLite once; this process's own writes are patched in (the overlay, with
overwritten base items marked dead) instead of reloading everything, so a put followed by a query
costs microseconds rather than a full re-read. Ranking is exact cosine similarity with a total
order (score desc, path, key), so paging and ties are deterministic.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from operator import itemgetter
from typing import Any

import numpy as np

from kassist.db.vector_scan import matrix_from_blobs, top_with_cut, unit_query, unit_rows
from memory.store.namespaces import PathRange

FloatArray = np.ndarray[Any, np.dtype[np.float32]]
IntArray = np.ndarray[Any, np.dtype[np.int64]]
BoolArray = np.ndarray[Any, np.dtype[np.bool_]]
ItemId = tuple[str, str]
Ranked = list[tuple[float, str, str]]


def _within(path: str, ranges: Sequence[PathRange]) -> bool:
    return any(path >= r_lo and (r_hi is None or path < r_hi) for r_lo, r_hi in ranges)


def _order(r: tuple[float, str, str]) -> tuple[float, str, str]:
    """The ranking's total order, ascending: score descending, then path and key."""
    return (-r[0], r[1], r[2])


class TenantVectors:
    def __init__(self, generation: int, rows: Sequence[tuple[Any, ...]], dims: int) -> None:
        """``rows``: (ns_path, key, float32 blob), ordered by ns_path, key."""
        self.generation = generation
        self.dims = dims
        self.paths: list[str] = []
        self.keys: list[str] = []
        starts: list[int] = []
        for n, (path, key, _) in enumerate(rows):
            if not self.paths or self.keys[-1] != key or self.paths[-1] != path:
                self.paths.append(path)
                self.keys.append(key)
                starts.append(n)
        starts.append(len(rows))
        self.item_start: IntArray = np.asarray(starts, dtype=np.int64)
        self.matrix = unit_rows(matrix_from_blobs([r[2] for r in rows], dims, what="item vector"))
        self.single = len(self.paths) == len(rows)
        self.position = {item: i for i, item in enumerate(zip(self.paths, self.keys, strict=True))}
        self.dead: BoolArray = np.zeros(len(self.paths), dtype=np.bool_)
        self.overlay: dict[ItemId, FloatArray] = {}
        # The last call's base scores (deleted items at -inf) by (unit query bytes, first, last):
        # a hybrid search ranks the same query again for its named list and for deeper windows.
        # Only apply() changes what they depend on (``dead``), and it clears them.
        self._memo: tuple[tuple[bytes, int, int], FloatArray] | None = None

    def apply(self, path: str, key: str, vectors: Sequence[Sequence[float]]) -> None:
        """Record that the item now has exactly ``vectors`` (none: deleted or not indexed)."""
        self._memo = None
        base = self.position.get((path, key))
        if base is not None:
            self.dead[base] = True
        matrix = np.asarray(vectors, dtype=np.float32).reshape(len(vectors), self.dims)
        self.overlay[(path, key)] = unit_rows(matrix)

    @property
    def overlay_size(self) -> int:
        return len(self.overlay)

    def rank(
        self,
        query: Sequence[float],
        lo: str,
        hi: str | None,
        at_least: int,
        hidden: Sequence[PathRange] = (),
    ) -> tuple[Ranked, int]:
        """Items under the prefix, best first, and how many leading ones are final. Items whose
        path is in a ``hidden`` range are never ranked (as deleted ones: a reader's narrowing).

        Only the ``at_least`` best base items are considered (ties broken by path and key, the
        base order); every entry ordered before the last considered one is exactly where the
        global order puts it. Entries after that (overlay items below the cut) may still be
        preceded by base items a deeper call would consider.
        """
        q = unit_query(query)
        first = bisect_left(self.paths, lo)
        last = bisect_left(self.paths, hi) if hi is not None else len(self.paths)
        ranked: Ranked = []
        frontier: tuple[float, str, str] | None = None
        if first < last:
            scores = self._scores(q, first, last)
            if hidden:
                scores = scores.copy()  # the memo's array is shared
                for h_lo, h_hi in hidden:
                    start = bisect_left(self.paths, h_lo, first, last)
                    end = bisect_left(self.paths, h_hi, first, last) if h_hi is not None else last
                    scores[start - first : end - first] = -np.inf
            picked, cut = top_with_cut(scores, at_least)
            # Whole arrays to Python at once: indexing numpy per item was most of this method's time.
            paths, keys = self.paths, self.keys
            ranked = [
                (score, paths[first + i], keys[first + i])
                for score, i in zip(scores[picked].tolist(), picked.tolist(), strict=True)
                if score > -np.inf
            ]
            if cut is not None:
                frontier = (-float(scores[cut]), self.paths[first + cut], self.keys[first + cut])
        unordered = False  # a NaN score (from a NaN vector) has no place in the order
        for (path, key), vectors in self.overlay.items():
            if len(vectors) and path >= lo and (hi is None or path < hi) and not _within(path, hidden):
                score = float(np.max(vectors @ q))
                unordered = unordered or math.isnan(score)
                ranked.append((score, path, key))
        # (-score, path, key) in two stable sorts (a reversed sort keeps equal items' order): a
        # key tuple per item cost more than the sorting.
        ranked.sort(key=itemgetter(1, 2))
        ranked.sort(key=itemgetter(0), reverse=True)
        if frontier is None:
            return ranked, len(ranked)
        if unordered or math.isnan(frontier[0]):  # kept as it was counted before, NaN and all
            return ranked, sum(1 for r in ranked if _order(r) <= frontier)
        # ranked is ascending by exactly this key (the sorts above): the final ones are a prefix.
        return ranked, bisect_right(ranked, frontier, key=_order)

    def _scores(self, q: FloatArray, first: int, last: int) -> FloatArray:
        """Each base item's best cosine in ``first:last`` (-inf when deleted); not to be modified."""
        memo_key = (q.tobytes(), first, last)
        if self._memo is not None and self._memo[0] == memo_key:
            return self._memo[1]
        r0, r1 = int(self.item_start[first]), int(self.item_start[last])
        row_scores = self.matrix[r0:r1] @ q
        if self.single:
            scores = row_scores
        else:
            scores = np.maximum.reduceat(row_scores, self.item_start[first:last] - r0)
        scores = np.where(self.dead[first:last], -np.inf, scores)
        self._memo = (memo_key, scores)
        return scores

    def candidate_count(self) -> int:
        return len(self.paths) + len(self.overlay)
