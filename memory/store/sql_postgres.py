"""The SQL of the PostgreSQL backend (what differs from :func:`memory.store.statements.common`,
written once for both backends), and its (pure) dialect.

Values are kept twice: ``value_json`` (text) is the truth returned to callers, so U+0000 survives;
``value_filter`` (jsonb, U+0000 replaced by U+FFFD since jsonb cannot hold it) serves filters.
Paths and keys use the "C" collation so ordering and prefix ranges are by code point, as on SQLite.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from kassist.db.statements import Stmt, each
from memory.store import filters as flt
from memory.store.database import StoreDriver
from memory.store.indexing import to_pgvector
from memory.store.keywords import KEYWORD_CAP, PrefixStats, bm25_matches, rescore_count, tsquery_text
from memory.store.namespaces import PathRange
from memory.store.prepared import PreparedSearch, VectorChange
from memory.store.statements import (
    ITEM_COLUMNS,
    ITEMS,
    TEXTS,
    VECTORS,
    Program,
    Statements,
    common,
    not_expired,
    upsert,
)

if TYPE_CHECKING:
    from kassist.db import Database
    from memory.store.indexing import IndexSettings
    from memory.store.program import StoreDialect

MIGRATION_1 = f"""
CREATE TABLE {ITEMS} (
    tenant_id text NOT NULL,
    ns_path text COLLATE "C" NOT NULL,
    key text COLLATE "C" NOT NULL,
    value_json text NOT NULL,
    value_filter jsonb NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    expires_at timestamptz,
    ttl_minutes double precision,
    PRIMARY KEY (tenant_id, ns_path, key)
);
CREATE INDEX kassist_store_items_updated ON {ITEMS} (tenant_id, updated_at DESC);
CREATE INDEX kassist_store_items_expiry ON {ITEMS} (tenant_id, expires_at) WHERE expires_at IS NOT NULL;
CREATE TABLE kassist_store_index_meta (
    id int PRIMARY KEY CHECK (id = 1),
    embedder_name text NOT NULL,
    dims int NOT NULL
);
"""

# {dims} is the embedder's dimension count (an int the driver formats in). The HNSW index is the one
# index without tenant_id first: pgvector indexes a single vector column; tenant filters ride on it
# through iterative scans.
MIGRATION_2 = f"""
CREATE TABLE {VECTORS} (
    tenant_id text NOT NULL,
    ns_path text COLLATE "C" NOT NULL,
    key text COLLATE "C" NOT NULL,
    field text NOT NULL,
    embedding vector({{dims}}) NOT NULL,
    PRIMARY KEY (tenant_id, ns_path, key, field),
    FOREIGN KEY (tenant_id, ns_path, key) REFERENCES {ITEMS} (tenant_id, ns_path, key) ON DELETE CASCADE
);
CREATE INDEX kassist_store_vectors_hnsw ON {VECTORS} USING hnsw (embedding vector_cosine_ops);
"""


# 3: the keyword index: each item's keyword text with a generated tsvector (english, as the
# knowledge index and the memory manager) and a GIN index; an item's delete (or TTL sweep) cascades.
MIGRATION_3 = f"""
CREATE TABLE {TEXTS} (
    tenant_id text NOT NULL,
    ns_path text COLLATE "C" NOT NULL,
    key text COLLATE "C" NOT NULL,
    scope text NOT NULL,
    content text NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', content)) STORED,
    PRIMARY KEY (tenant_id, ns_path, key),
    FOREIGN KEY (tenant_id, ns_path, key) REFERENCES {ITEMS} (tenant_id, ns_path, key) ON DELETE CASCADE
);
CREATE INDEX kassist_store_texts_tsv ON {TEXTS} USING gin (tsv);
"""

_NOT_EXPIRED = not_expired("%s")
# The path ``{path}`` is in none of the reader's hidden ranges (memory.store.readers), bound as two
# arrays (los, his; a NULL hi: no bound), los twice; empty for a reader with no narrowing, which the
# planner then folds away. The path column's "C" collation orders the comparison, as the prefix's.
VISIBLE = (
    "(cardinality(%s::text[]) = 0 OR NOT EXISTS (SELECT 1 FROM unnest(%s::text[], %s::text[]) h(lo, hi)"
    " WHERE {path} >= h.lo AND (h.hi IS NULL OR {path} < h.hi)))"
)
# (tenant, lo, hi, hi, hidden los, hidden los, hidden his)
_IN_PREFIX = (
    "i.tenant_id = %s AND i.ns_path >= %s AND (%s::text IS NULL OR i.ns_path < %s) AND "
    + VISIBLE.format(path="i.ns_path")
)

STATEMENTS = Statements(
    **common("%s", _IN_PREFIX),
    migrations=(MIGRATION_1, MIGRATION_2, MIGRATION_3),
    upsert=upsert("%s", {"value_json": "%s", "value_filter": "%s::jsonb"}, row="i"),
    insert_vector=f"INSERT INTO {VECTORS} (tenant_id, ns_path, key, field, embedding) VALUES (%s, %s, %s, %s, %s::vector)",
    keyword_migration=3,
    keyword_backfill=(
        f"SELECT v.tenant_id, v.ns_path, v.key, i.value_json, string_agg(v.field, chr(31) ORDER BY v.field) "
        f"FROM {VECTORS} v JOIN {ITEMS} i ON i.tenant_id = v.tenant_id AND i.ns_path = v.ns_path AND i.key = v.key "
        "GROUP BY v.tenant_id, v.ns_path, v.key, i.value_json"
    ),
)

# relaxed_order lets HNSW keep scanning until enough rows pass the tenant/prefix/value filters
# (pgvector >= 0.8); the outer query restores exact order.
ITERATIVE_SCAN = "SET LOCAL hnsw.iterative_scan = relaxed_order"
ANALYZE_SHARE = 0.1  # autovacuum's default analyze_scale_factor
KNOWN_ITEMS = f"SELECT reltuples FROM pg_class WHERE oid = to_regclass('{ITEMS}')"
ANALYZE_TABLES = f"ANALYZE {ITEMS}, {VECTORS}"
EF_SEARCH = "SET LOCAL hnsw.ef_search = {ef}"

# Both semantic statements read the vectors of the live items under the prefix that pass the
# filters (params: lo, hi, hi, now, *filters) and page the best distance per item (tenant, limit,
# offset); they differ in how the distances are found.
_LIVE_VECTORS = (
    f" FROM {VECTORS} v JOIN {ITEMS} i"
    " ON i.tenant_id = v.tenant_id AND i.ns_path = v.ns_path AND i.key = v.key"
    f" WHERE {_IN_PREFIX.replace('i.ns_path', 'v.ns_path').replace('i.tenant_id', 'v.tenant_id')}"
    f" AND {_NOT_EXPIRED}{{filters}}"
)
_BEST_PAGE = (
    f" SELECT {ITEM_COLUMNS}, 1 - b.dist AS score FROM best b JOIN {ITEMS} i"
    " ON i.tenant_id = %s AND i.ns_path = b.ns_path AND i.key = b.key"
    " ORDER BY b.dist, i.ns_path, i.key LIMIT %s OFFSET %s"
)

# (q, tenant, lo, hi, hi, *hidden, now, *filters, q, candidate_limit, tenant, limit, offset) -> item rows + score
SEMANTIC_SEARCH = (
    "WITH hits AS MATERIALIZED ("
    " SELECT v.ns_path, v.key, v.embedding <=> %s::vector AS dist"
    f"{_LIVE_VECTORS}"
    " ORDER BY v.embedding <=> %s::vector LIMIT %s"
    "), best AS (SELECT ns_path, key, min(dist) AS dist FROM hits GROUP BY ns_path, key)"
    f"{_BEST_PAGE}"
)


# Exact fallback when the approximate page came back short (few matches, or the HNSW scan gave up
# before enough rows passed the filters): every vector under the prefix, scanned via the B-tree.
# (q, tenant, lo, hi, hi, *hidden, now, *filters, tenant, limit, offset) -> item rows + score
SEMANTIC_SEARCH_EXACT = (
    "WITH best AS ("
    " SELECT v.ns_path, v.key, min(v.embedding <=> %s::vector) AS dist"
    f"{_LIVE_VECTORS}"
    " GROUP BY v.ns_path, v.key)"
    f"{_BEST_PAGE}"
)

# Keyword search: at most ``cap`` entries matching within the tenant's prefix are ranked (ts_rank,
# normalisation 1 as the knowledge index; a common word can match every item), and only the best
# ``limit`` of them are joined and checked for expiry and filters. NULL cap and limit are the exact
# fallback when too few pass.
# (query, tenant, lo, hi, hi, cap, limit, tenant, now, *filters) -> item rows + score
# Keyword search: the texts of the entries matching any query word within the prefix (at most
# KEYWORD_CAP, any of them), ranked by BM25 in Python (keywords.bm25_matches, as SQLite's), then the
# items of the best that pass expiry and filters. ts_rank has no idf: a common word weighed as a rare one.
# (tsquery text, tenant, lo, hi, hi, *hidden, limit) -> (ns_path, key, content)
KEYWORD_MATCHES = (
    f"SELECT t.ns_path, t.key, t.content FROM {TEXTS} t, websearch_to_tsquery('english', %s) q"
    " WHERE t.tenant_id = %s AND t.ns_path >= %s AND (%s::text IS NULL OR t.ns_path < %s)"
    f" AND {VISIBLE.format(path='t.ns_path')} AND t.tsv @@ q LIMIT %s"
)
# (tenant, lo, hi, hi, *hidden) -> (entries, mean characters) of the keyword index within the prefix
KEYWORD_STATS = (
    f"SELECT count(*), avg(length(content)) FROM {TEXTS}"
    " WHERE tenant_id = %s AND ns_path >= %s AND (%s::text IS NULL OR ns_path < %s)"
    f" AND {VISIBLE.format(path='ns_path')}"
)
# (ns_paths, keys, scores, tenant, now, *filters) -> item rows + score, best first
KEYWORD_ITEMS = (
    f"SELECT {ITEM_COLUMNS}, k.score FROM unnest(%s::text[], %s::text[], %s::float8[]) AS k(ns_path, key, score)"
    f" JOIN {ITEMS} i ON i.tenant_id = %s AND i.ns_path = k.ns_path AND i.key = k.key"
    f" WHERE {_NOT_EXPIRED}{{filters}} ORDER BY k.score DESC, i.ns_path, i.key"
)


class PostgresDialect:
    name: Literal["postgres"] = "postgres"
    statements = STATEMENTS

    def __init__(self, fields_per_item: int = 1) -> None:
        self.fields_per_item = max(1, fields_per_item)
        self._unanalysed = 0  # bulk puts since this store last analysed the tables

    def time(self, dt: datetime) -> Any:
        return dt

    def value_params(self, value_json: str, value: dict[str, Any]) -> tuple[Any, ...]:
        return (value_json, json.dumps(flt.sanitize_nul(value), ensure_ascii=False, separators=(",", ":")))

    def vector(self, vector: Sequence[float]) -> Any:
        return to_pgvector(vector)

    def render_condition(self, cond: flt.Condition) -> tuple[str, list[Any]]:
        return flt.render_postgres(cond)

    def prefix_params(
        self, tenant: str, lo: str, hi: str | None, hidden: Sequence[PathRange]
    ) -> tuple[Any, ...]:
        return (tenant, lo, hi, hi, *self.hidden(hidden))

    def hidden(self, ranges: Sequence[PathRange]) -> tuple[Any, ...]:
        los = [lo for lo, _ in ranges]
        return (los, los, [hi for _, hi in ranges])  # VISIBLE's test that there are none, then the ranges

    def after_write(self, changes: Sequence[VectorChange]) -> Program:
        yield from ()

    def after_bulk_write(self, puts: int) -> Program:
        # The planner's statistics lag a bulk import until autovacuum gets to the tables: until
        # then it takes a freshly loaded prefix for a handful of rows and sorts every vector of the
        # tenant instead of using HNSW (docs/benchmarks.md, "Memory store": 31-41 ms against 2-3
        # ms). So the store applies autovacuum's own rule (a tenth of the table changed since the
        # last analysis) right after such a write commits.
        # The rows counted are this store's own bulk puts since its last analysis: the server's
        # n_mod_since_analyze reaches the shared statistics only some time after a commit.
        self._unanalysed += puts
        rows = yield Stmt(KNOWN_ITEMS)
        known = float(rows[0][0]) if rows and rows[0][0] is not None else -1.0
        if known < 0 or self._unanalysed > ANALYZE_SHARE * known:
            yield each(ANALYZE_TABLES, [()])
            self._unanalysed = 0

    def semantic_search(
        self, search: PreparedSearch, query_vector: Sequence[float], now: datetime
    ) -> Program:
        if search.limit == 0:
            return []
        q = to_pgvector(query_vector)
        # Several vectors may belong to one item: fetch enough candidates to fill the page after dedup.
        candidates = (search.offset + search.limit) * 2 * self.fields_per_item + 10
        where, params = flt.render(search.conditions, self.render_condition)
        yield each(ITERATIVE_SCAN, [()])
        yield each(EF_SEARCH.format(ef=int(min(1000, max(40, candidates)))), [()])
        # The two statements share their filters; the approximate one ranks the query's nearest
        # ``candidates`` vectors (the second q), the exact one every vector that passes them.
        head = (q, search.tenant, search.lo, search.hi, search.hi, *self.hidden(search.hidden), now, *params)
        page = (search.tenant, search.limit, search.offset)
        rows = yield Stmt(SEMANTIC_SEARCH.format(filters=where), (*head, q, candidates, *page))
        if len(rows) < search.limit:
            rows = yield Stmt(SEMANTIC_SEARCH_EXACT.format(filters=where), (*head, *page))
        return rows

    def named_search(
        self,
        search: PreparedSearch,
        query_vector: Sequence[float],
        now: datetime,
        vector: Sequence[tuple[Any, ...]],
        carries: Callable[[tuple[Any, ...]], bool],
    ) -> Program:
        # The approximate index ranks a filtered search on its own: nothing of ``vector`` to reuse.
        return (yield from self.semantic_search(search, query_vector, now))

    def keyword_search(self, search: PreparedSearch, depth: int, now: datetime) -> Program:
        text = tsquery_text(search.query or "")
        if text is None or depth == 0:
            return []
        scope = (search.tenant, search.lo, search.hi, search.hi, *self.hidden(search.hidden))
        matches = yield Stmt(KEYWORD_MATCHES, (text, *scope, KEYWORD_CAP))
        if not matches:
            return []
        counted = yield Stmt(KEYWORD_STATS, scope)
        stats = PrefixStats(int(counted[0][0]), float(counted[0][1] or 0.0))
        ranked = bm25_matches(search.query or "", {(r[0], r[1]): str(r[2]) for r in matches}, stats)
        where, params = flt.render(search.conditions, self.render_condition)
        sql = KEYWORD_ITEMS.format(filters=where)
        rows: list[tuple[Any, ...]] = []
        for best in (ranked[: rescore_count(depth)], ranked):  # all of them when filters passed too few
            paths, keys, scores = [p for (p, _), _ in best], [k for (_, k), _ in best], [x for _, x in best]
            rows = yield Stmt(sql, (paths, keys, scores, search.tenant, now, *params))
            if len(rows) >= depth or len(best) == len(ranked):
                break
        return rows[:depth]


def open_dialect(db: Database, index: IndexSettings) -> tuple[StoreDialect, StoreDriver]:
    """The store's PostgreSQL side on ``db``, contacted at once: the shared pool opens, or
    DatabaseUnavailable says why (the same signature in every ``sql_<backend>``)."""
    driver = StoreDriver(db)
    try:
        db.pool()  # type: ignore[union-attr]
    except BaseException:
        driver.close()
        raise
    return PostgresDialect(fields_per_item=len(index.fields)), driver
