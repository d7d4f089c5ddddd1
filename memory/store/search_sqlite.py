"""The SQLite dialect: exact cosine search in numpy, since this sqlite3 cannot load vector extensions.

A tenant's vectors are loaded once into memory (``TenantVectors``). A per-tenant generation counter,
bumped in the same transaction as every put, tells when another process has written; this process's
own writes are patched into the cache after their commit. Ranking happens in numpy; filters and
expiry are then checked in SQL on the best candidates, widening the window until the page is full,
so a restrictive filter never starves the results.
"""

from __future__ import annotations

import json
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from itertools import islice
from typing import Any, Literal

from kassist.db.statements import Stmt
from knowledge.index.rules import query_terms
from memory.store import filters as flt
from memory.store.indexing import to_blob
from memory.store.keywords import (
    PrefixStats,
    bm25_rescore,
    fts5_word_queries,
    idf_order,
    rescore_count,
)
from memory.store.namespaces import PathRange
from memory.store.prepared import PreparedSearch, VectorChange
from memory.store.records import sqlite_time
from memory.store.sql_sqlite import (
    BUMP_GENERATION,
    GENERATION,
    KEYWORD_POSTINGS,
    KEYWORD_ROWS,
    KEYWORD_STATS,
    KEYWORD_TEXTS,
    MAX_WORDS,
    ROWS_FOR_IDS,
    STATEMENTS,
    TENANT_VECTORS,
)
from memory.store.statements import Program
from memory.store.vectors_sqlite import TenantVectors

# A word of more entries than this within the prefix is read this far only (the oldest; it weighs
# almost nothing in BM25, and a turn about the question also holds its rarer words): reading every
# posting of a word in most of 20,000 entries took ~200 ms a query, this cap ~5 ms.
POSTINGS_CAP = 1000
# Past this many patched items (or a tenth of the base) the next query reloads a compact base.
MIN_OVERLAY_BEFORE_RELOAD = 1000


class SqliteDialect:
    """Holds the vector cache; only ever used under the SQLite driver's lock."""

    name: Literal["sqlite"] = "sqlite"
    statements = STATEMENTS

    def __init__(self, dims: int, max_cached_tenants: int = 8) -> None:
        self.dims = dims
        self.max_cached_tenants = max_cached_tenants
        self._cache: OrderedDict[str, TenantVectors] = OrderedDict()
        self._pending: list[tuple[str, int, list[VectorChange]]] = []
        self._stats: OrderedDict[
            tuple[str, str, str | None, tuple[PathRange, ...]], tuple[int, PrefixStats]
        ] = OrderedDict()

    def time(self, dt: datetime) -> Any:
        return sqlite_time(dt)

    def value_params(self, value_json: str, value: dict[str, Any]) -> tuple[Any, ...]:
        return (value_json,)

    def vector(self, vector: Sequence[float]) -> Any:
        return to_blob(vector)

    def render_condition(self, cond: flt.Condition) -> tuple[str, list[Any]]:
        return flt.render_sqlite(cond)

    def prefix_params(
        self, tenant: str, lo: str, hi: str | None, hidden: Sequence[PathRange]
    ) -> tuple[Any, ...]:
        return (json.dumps(hidden), tenant, lo, hi, hi)

    # -- cache bookkeeping ---------------------------------------------------------------------

    def after_write(self, changes: Sequence[VectorChange]) -> Program:
        by_tenant: defaultdict[str, list[VectorChange]] = defaultdict(list)
        for change in changes:
            by_tenant[change[0]].append(change)
        for tenant in sorted(by_tenant):
            rows = yield Stmt(BUMP_GENERATION, (tenant,))
            self._pending.append((tenant, int(rows[0][0]), by_tenant[tenant]))

    def after_bulk_write(self, puts: int) -> Program:
        yield from ()  # vectors are searched in numpy; item queries are key and prefix lookups

    def committed(self) -> None:
        """Patch this transaction's writes into caches that were current just before it."""
        for tenant, generation, changes in self._pending:
            cached = self._cache.get(tenant)
            if cached is None:
                continue
            if cached.generation != generation - 1:
                del self._cache[tenant]  # another process wrote in between: reload on next query
                continue
            for _, path, key, vectors in changes:
                cached.apply(path, key, vectors)
            cached.generation = generation
        self._pending.clear()

    def discard(self) -> None:
        self._pending.clear()

    def _vectors(self, tenant: str) -> Program:
        rows = yield Stmt(GENERATION, (tenant,))
        generation = int(rows[0][0]) if rows else 0
        cached = self._cache.get(tenant)
        if (
            cached is None
            or cached.generation != generation
            or cached.overlay_size > max(MIN_OVERLAY_BEFORE_RELOAD, len(cached.paths) // 10)
        ):
            vector_rows = yield Stmt(TENANT_VECTORS, (tenant,))
            cached = TenantVectors(generation, vector_rows, self.dims)
            self._cache[tenant] = cached
            while len(self._cache) > self.max_cached_tenants:
                self._cache.popitem(last=False)
        self._cache.move_to_end(tenant)
        return cached

    # -- search ----------------------------------------------------------------------------------

    def semantic_search(
        self, search: PreparedSearch, query_vector: Sequence[float], now: datetime
    ) -> Program:
        if search.limit == 0:
            return []
        rows: list[tuple[Any, ...]] = yield from self._semantic(search, query_vector, now, None)
        return rows

    def named_search(
        self,
        search: PreparedSearch,
        query_vector: Sequence[float],
        now: datetime,
        vector: Sequence[tuple[Any, ...]],
        carries: Callable[[tuple[Any, ...]], bool],
    ) -> Program:
        """The rows of ``vector`` that carry the value come first (exact ranking: they are the
        filtered list's best), then rows read past the last of ``vector`` only: its items were
        checked already, and reading them again cost as much as the unfiltered list."""
        wanted = search.offset + search.limit
        known = [row for row in vector if carries(row)]
        if len(vector) < wanted or len(known) >= wanted or wanted == 0:
            return known[search.offset : wanted]  # a short list held every item that passes
        last = (vector[-1][0], vector[-1][1], len(vector) - 1)
        rest = replace(search, offset=0, limit=wanted - len(known))
        more: list[tuple[Any, ...]] = yield from self._semantic(rest, query_vector, now, last)
        have = {(r[0], r[1]) for r in known}  # only if ``last`` was not found (never: the same query)
        return [*known, *(r for r in more if (r[0], r[1]) not in have)][search.offset : wanted]

    def _semantic(
        self,
        search: PreparedSearch,
        query_vector: Sequence[float],
        now: datetime,
        after: tuple[str, str, int] | None,
    ) -> Program:
        """The page of items by cosine that pass expiry and filters. ``after``: (path, key, n) of a
        row the same query returned n-th or later: only items ranked below it are read."""
        tv: TenantVectors = yield from self._vectors(search.tenant)
        where, params = flt.render(search.conditions, self.render_condition)
        sql = ROWS_FOR_IDS.format(filters=where)
        wanted = search.offset + search.limit
        # Without filters only expired items fail the check: read the page's rows alone first (a
        # first read of twice the page was half wasted on the fused search's 100-deep list).
        chunk = wanted if not search.conditions else max(32, 2 * wanted)
        found: list[tuple[Any, ...]] = []
        # ``checked``: how many leading ranked items were read; None until ``after`` is placed.
        checked: int | None = 0
        depth = chunk
        if after is not None:
            checked, depth = None, after[2] + chunk
        while len(found) < wanted:
            ranked, final = tv.rank(query_vector, search.lo, search.hi, depth, search.hidden)
            if after is not None and checked is None:
                # The n-th row of a list of the same ranking (fewer items pass) is ranked n-th or later.
                ap, ak, an = after
                at = next(
                    (n for n, (_, p, k) in enumerate(islice(ranked, an, final), an) if (p, k) == (ap, ak)),
                    None,
                )
                if at is not None or depth >= len(tv.paths):
                    checked = 0 if at is None else at + 1
            while checked is not None and checked < final and len(found) < wanted:
                batch = ranked[checked : min(final, checked + chunk)]
                checked += len(batch)
                pairs = json.dumps([[path, key] for _, path, key in batch])
                rows = yield Stmt(sql, (search.tenant, self.time(now), pairs, *params))
                by_id = {(r[0], r[1]): r for r in rows}
                for score, path, key in batch:
                    row = by_id.get((path, key))
                    if row is not None:
                        found.append((*row, score))
            if depth >= len(tv.paths):
                break
            depth *= 2
        return found[search.offset : wanted]

    def keyword_search(self, search: PreparedSearch, depth: int, now: datetime) -> Program:
        """BM25 over the prefix's entries: every posting of each query word (so document frequencies
        are exact and no later entry is left out), the best by idf rescored with term frequency and
        length (keywords.bm25_rescore), then the items of the best that pass expiry and filters."""
        words = query_terms(search.query or "")[:MAX_WORDS]
        matches = fts5_word_queries(search.tenant, search.lo, search.query or "")[:MAX_WORDS]
        if not matches or depth == 0:
            return []
        where, params = flt.render(search.conditions, self.render_condition)
        sql = KEYWORD_ROWS.format(filters=where)
        hidden = json.dumps(search.hidden)
        tail = (search.tenant, search.lo, search.hi, search.hi, self.time(now), *params)
        found: list[tuple[Any, ...]] = []
        for cap in (POSTINGS_CAP, -1):  # every posting only when filters passed too few of the capped
            postings: list[tuple[int, int]] = yield Stmt(
                KEYWORD_POSTINGS[len(matches)],
                [hidden, *(x for w in matches for x in (w, cap if cap < 0 else cap + 1))],
            )
            if not postings:
                return []
            stats = yield from self._prefix_stats(search)
            candidates = idf_order(postings, stats)
            pool = candidates.order[: rescore_count(depth)]
            rows = yield Stmt(KEYWORD_TEXTS, (json.dumps(pool),))
            texts = {int(r[0]): str(r[1]) for r in rows}
            ranked = bm25_rescore(postings, words, texts, stats, len(pool), candidates)
            found = yield from self._keyword_rows(ranked, depth, sql, hidden, tail)
            capped = max(Counter(word for _, word in postings).values()) > POSTINGS_CAP
            if len(found) >= depth or not capped:
                break
        found.sort(key=lambda r: (-r[-1], r[0], r[1]))
        return found

    def _prefix_stats(self, search: PreparedSearch) -> Program:
        """Entries and mean length of the searched prefix, cached until the tenant's next write (its
        generation counter): counting them reads every entry of the prefix."""
        rows = yield Stmt(GENERATION, (search.tenant,))
        generation = int(rows[0][0]) if rows else 0
        key = (search.tenant, search.lo, search.hi, search.hidden)
        cached = self._stats.get(key)
        if cached is not None and cached[0] == generation:
            self._stats.move_to_end(key)
            return cached[1]
        scope = self.prefix_params(search.tenant, search.lo, search.hi, search.hidden)
        counted = yield Stmt(KEYWORD_STATS, scope)
        stats = PrefixStats(int(counted[0][0]), float(counted[0][1] or 0.0))
        self._stats[key] = (generation, stats)
        while len(self._stats) > 8 * self.max_cached_tenants:
            self._stats.popitem(last=False)
        return stats

    def _keyword_rows(
        self, ranked: list[tuple[int, float]], depth: int, sql: str, hidden: str, tail: tuple[Any, ...]
    ) -> Program:
        """The first ``depth`` of ``ranked`` (entry id, score) whose items pass expiry and filters."""
        found: list[tuple[Any, ...]] = []
        checked, chunk = 0, max(32, 2 * depth)
        while checked < len(ranked) and len(found) < depth:
            batch = ranked[checked : checked + chunk]
            checked += len(batch)
            rows = yield Stmt(sql, (hidden, json.dumps([rowid for rowid, _ in batch]), *tail))
            by_id = {r[-1]: r[:-1] for r in rows}
            found += [(*by_id[rowid], score) for rowid, score in batch if rowid in by_id]
        return found[:depth]
