"""The SQLite dialect: exact cosine search in numpy, since this sqlite3 cannot load vector extensions.

The tenant's vectors are read once into a matrix and cached in process; a per-tenant generation
counter (bumped in the same transaction as every put) tells when the cache is stale, also across
processes. Ranking happens in numpy over the namespace prefix's contiguous slice (rows are sorted
by path); filters and expiry are then checked in SQL on the best candidates, widening the window
until the page is full, so a restrictive filter never starves the results.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

import numpy as np

from memory.store import filters as flt
from memory.store.indexing import from_blobs, to_blob
from memory.store.program import PreparedSearch, Program
from memory.store.records import sqlite_time
from memory.store.sqlite_sql import GENERATION, ROWS_FOR_IDS, STATEMENTS, TENANT_VECTORS
from memory.store.statements import Fetch

FloatMatrix = np.ndarray[Any, np.dtype[np.float32]]
IntArray = np.ndarray[Any, np.dtype[np.int64]]


@dataclass(frozen=True)
class TenantVectors:
    generation: int
    paths: list[str]
    keys: list[str]
    item_start: IntArray
    """first matrix row of item i; item_start[-1] is the row count"""
    item_of_row: IntArray
    matrix: FloatMatrix
    """unit-length rows"""


def build_tenant_vectors(generation: int, rows: Sequence[tuple[Any, ...]], dims: int) -> TenantVectors:
    paths: list[str] = []
    keys: list[str] = []
    starts: list[int] = []
    item_of_row = np.empty(len(rows), dtype=np.int64)
    for n, (path, key, _) in enumerate(rows):
        if not paths or paths[-1] != path or keys[-1] != key:
            paths.append(path)
            keys.append(key)
            starts.append(n)
        item_of_row[n] = len(paths) - 1
    starts.append(len(rows))
    matrix = from_blobs([r[2] for r in rows], dims)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix = (matrix / np.where(norms == 0, 1, norms)).astype(np.float32)
    return TenantVectors(generation, paths, keys, np.asarray(starts, dtype=np.int64), item_of_row, matrix)


class SqliteDialect:
    name: Literal["sqlite"] = "sqlite"
    statements = STATEMENTS

    def __init__(self, dims: int, max_cached_tenants: int = 8) -> None:
        self.dims = dims
        self.max_cached_tenants = max_cached_tenants
        self._cache: OrderedDict[str, TenantVectors] = OrderedDict()

    def time(self, dt: datetime) -> Any:
        return sqlite_time(dt)

    def value_params(self, value_json: str, value: dict[str, Any]) -> tuple[Any, ...]:
        return (value_json,)

    def vector(self, vector: Sequence[float]) -> Any:
        return to_blob(vector)

    def _vectors(self, tenant: str) -> Program:
        rows = yield Fetch(GENERATION, (tenant,))
        generation = int(rows[0][0]) if rows else 0
        cached = self._cache.get(tenant)
        if cached is None or cached.generation != generation:
            vector_rows = yield Fetch(TENANT_VECTORS, (tenant,))
            cached = build_tenant_vectors(generation, vector_rows, self.dims)
            self._cache[tenant] = cached
            while len(self._cache) > self.max_cached_tenants:
                self._cache.popitem(last=False)
        self._cache.move_to_end(tenant)
        return cached

    def semantic_search(
        self, search: PreparedSearch, query_vector: Sequence[float], now: datetime
    ) -> Program:
        tv: TenantVectors = yield from self._vectors(search.tenant)
        first = bisect_left(tv.paths, search.lo)
        last = bisect_left(tv.paths, search.hi) if search.hi is not None else len(tv.paths)
        if first >= last or search.limit == 0:
            return []
        q = np.asarray(query_vector, dtype=np.float32)
        q = q / (float(np.linalg.norm(q)) or 1.0)
        r0, r1 = int(tv.item_start[first]), int(tv.item_start[last])
        row_scores = tv.matrix[r0:r1] @ q
        item_scores = np.full(last - first, -np.inf, dtype=np.float32)
        np.maximum.at(item_scores, tv.item_of_row[r0:r1] - first, row_scores)
        # Stable sort: equal scores keep (ns_path, key) order, so results are deterministic.
        order = np.argsort(-item_scores, kind="stable")
        where, params = flt.render(search.conditions, "sqlite")
        sql = ROWS_FOR_IDS.format(filters=where)
        wanted = search.offset + search.limit
        found: list[tuple[Any, ...]] = []
        pos, window = 0, max(32, 2 * wanted)
        while len(found) < wanted and pos < len(order):
            chunk = [int(k) for k in order[pos : pos + window]]
            pos, window = pos + window, window * 2
            pairs = json.dumps([[tv.paths[first + k], tv.keys[first + k]] for k in chunk])
            rows = yield Fetch(sql, (search.tenant, self.time(now), pairs, *params))
            by_id = {(r[0], r[1]): r for r in rows}
            for k in chunk:
                row = by_id.get((tv.paths[first + k], tv.keys[first + k]))
                if row is not None:
                    found.append((*row, float(item_scores[k])))
        return found[search.offset : wanted]
