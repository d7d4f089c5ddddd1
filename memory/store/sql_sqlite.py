"""The SQL of the SQLite backend: what differs from :func:`memory.store.statements.common` (written
once for both backends) and its own search statements. Parameters are ``?``; times are fixed-width
ISO text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from memory.store import statements
from memory.store.database import StoreDriver
from memory.store.statements import ITEM_COLUMNS, ITEMS, TEXTS, VECTORS, Statements, common, not_expired

if TYPE_CHECKING:
    from kassist.db import Database
    from memory.store.indexing import IndexSettings
    from memory.store.program import StoreDialect

MIGRATION_1 = f"""
CREATE TABLE {ITEMS} (
    tenant_id TEXT NOT NULL,
    ns_path TEXT NOT NULL,
    key TEXT NOT NULL,
    value_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    expires_at TEXT,
    ttl_minutes REAL,
    PRIMARY KEY (tenant_id, ns_path, key)
) WITHOUT ROWID;
CREATE INDEX kassist_store_items_updated ON {ITEMS} (tenant_id, updated_at);
CREATE INDEX kassist_store_items_expiry ON {ITEMS} (tenant_id, expires_at) WHERE expires_at IS NOT NULL;
CREATE TABLE {VECTORS} (
    tenant_id TEXT NOT NULL,
    ns_path TEXT NOT NULL,
    key TEXT NOT NULL,
    field TEXT NOT NULL,
    embedding BLOB NOT NULL,
    PRIMARY KEY (tenant_id, ns_path, key, field),
    FOREIGN KEY (tenant_id, ns_path, key) REFERENCES {ITEMS} (tenant_id, ns_path, key) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE TABLE kassist_store_generations (
    tenant_id TEXT PRIMARY KEY,
    generation INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE kassist_store_index_meta (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    embedder_name TEXT NOT NULL,
    dims INTEGER NOT NULL
);
"""

FTS = "kassist_store_fts"

# 2: the keyword index. kassist_store_texts holds each item's keyword text (its id is the FTS5
# rowid, which VACUUM cannot renumber since it is an INTEGER PRIMARY KEY); kassist_store_fts indexes
# it as an external-content FTS5 table kept in step by triggers, and an item's delete (or TTL
# sweep) cascades to its text and so to the index. ``scope`` is the tenant's token: a MATCH
# ANDs it, so only that tenant's postings are ranked.
MIGRATION_2 = f"""
CREATE TABLE {TEXTS} (
    id INTEGER PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    ns_path TEXT NOT NULL,
    key TEXT NOT NULL,
    scope TEXT NOT NULL,
    content TEXT NOT NULL,
    UNIQUE (tenant_id, ns_path, key),
    FOREIGN KEY (tenant_id, ns_path, key) REFERENCES {ITEMS} (tenant_id, ns_path, key) ON DELETE CASCADE
);
CREATE VIRTUAL TABLE {FTS} USING fts5(scope, content, content='{TEXTS}', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2');
CREATE TRIGGER kassist_store_texts_insert AFTER INSERT ON {TEXTS} BEGIN INSERT INTO {FTS} (rowid, scope, content) VALUES (new.id, new.scope, new.content); END;
CREATE TRIGGER kassist_store_texts_delete AFTER DELETE ON {TEXTS} BEGIN INSERT INTO {FTS} ({FTS}, rowid, scope, content) VALUES ('delete', old.id, old.scope, old.content); END;
"""

_NOT_EXPIRED = not_expired("?")
# The reader's hidden path ranges (memory.store.readers): the first parameter of a statement that
# reads them, one JSON array of [lo, hi] pairs (hi null: no bound; "[]": no narrowing), read once into
# a table of its own (a JSON array read anew for each row had made a narrowed listing 20x slower).
HIDDEN = (
    "WITH hidden(lo, hi) AS MATERIALIZED "
    "(SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?)) "
)
_HIDDEN_AT = "EXISTS (SELECT 1 FROM hidden h WHERE {path} >= h.lo AND (h.hi IS NULL OR {path} < h.hi))"
# The path ``{path}`` is in none of them (the first test is computed once per statement: no cost
# without a narrowing).
VISIBLE = "(NOT EXISTS (SELECT 1 FROM hidden) OR NOT " + _HIDDEN_AT + ")"
# (after HIDDEN) tenant, lo, hi, hi
_IN_PREFIX = "i.tenant_id = ? AND i.ns_path >= ? AND (? IS NULL OR i.ns_path < ?) AND " + VISIBLE.format(
    path="i.ns_path"
)

STATEMENTS = Statements(
    **common("?", _IN_PREFIX, HIDDEN),
    migrations=(MIGRATION_1, MIGRATION_2),
    upsert=statements.upsert("?", {"value_json": "?"}),
    insert_vector=f"INSERT INTO {VECTORS} (tenant_id, ns_path, key, field, embedding) VALUES (?, ?, ?, ?, ?)",
    keyword_migration=2,
    keyword_backfill=(
        f"SELECT v.tenant_id, v.ns_path, v.key, i.value_json, group_concat(v.field, char(31)) FROM {VECTORS} v "
        f"JOIN {ITEMS} i ON i.tenant_id = v.tenant_id AND i.ns_path = v.ns_path AND i.key = v.key "
        "GROUP BY v.tenant_id, v.ns_path, v.key"
    ),
)

# Semantic search on SQLite (numpy over the tenant's vectors; see search_sqlite.py).
GENERATION = "SELECT generation FROM kassist_store_generations WHERE tenant_id = ?"
# (tenant,) -> (new generation,); bumped in the writing transaction so other processes see it.
BUMP_GENERATION = (
    "INSERT INTO kassist_store_generations (tenant_id, generation) VALUES (?, 1) "
    "ON CONFLICT (tenant_id) DO UPDATE SET generation = generation + 1 RETURNING generation"
)
TENANT_VECTORS = (
    f"SELECT ns_path, key, embedding FROM {VECTORS} WHERE tenant_id = ? ORDER BY ns_path, key, field"
)
# (tenant, now, json array of [ns_path, key] pairs, *filters) -> item rows
ROWS_FOR_IDS = (
    f"SELECT {ITEM_COLUMNS} FROM {ITEMS} i WHERE i.tenant_id = ? AND {_NOT_EXPIRED} "
    "AND (i.ns_path, i.key) IN (SELECT json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]') "
    "FROM json_each(?) j){filters}"
)

# Keyword search (see search_sqlite.py, keywords.idf_order and bm25_rescore): for each query word, the ids of
# the first entries containing it within the prefix (FTS5 walks its postings in id order and stops
# at the limit; a negative limit reads them all); then items are read for the best ids only.
# A posting of a hidden entry is skipped before the limit, so a reader's document frequencies and
# capped postings are those of what it may see.
_VISIBLE_ENTRY = (
    f"(NOT EXISTS (SELECT 1 FROM hidden) OR NOT EXISTS (SELECT 1 FROM {TEXTS} t WHERE t.id = {FTS}.rowid "
    f"AND {_HIDDEN_AT.format(path='t.ns_path')}))"
)
_WORD_POSTINGS = (
    f"SELECT * FROM (SELECT rowid, {{word}} FROM {FTS} WHERE {FTS} MATCH ? AND {_VISIBLE_ENTRY} "
    "ORDER BY rowid LIMIT ?)"
)
MAX_WORDS = 64  # knowledge.index.rules.MAX_QUERY_TOKENS: a query has at most this many words
# KEYWORD_POSTINGS[n]: (hidden ranges, match 0, limit, ..., match n-1, limit) -> (entry id, word number)
KEYWORD_POSTINGS = tuple(
    HIDDEN + " UNION ALL ".join(_WORD_POSTINGS.format(word=w) for w in range(n)) if n else ""
    for n in range(MAX_WORDS + 1)
)
# (hidden ranges, json array of entry ids, tenant, lo, hi, hi, now, *filters) -> item rows + entry id
KEYWORD_ROWS = (
    f"{HIDDEN}SELECT {ITEM_COLUMNS}, t.id FROM json_each(?) j CROSS JOIN {TEXTS} t ON t.id = j.value "
    f"CROSS JOIN {ITEMS} i ON i.tenant_id = t.tenant_id AND i.ns_path = t.ns_path AND i.key = t.key "
    f"WHERE {_IN_PREFIX} AND {_NOT_EXPIRED}{{filters}}"
)

# (json array of entry ids) -> (entry id, text): the texts BM25 rescores (keywords.bm25_rescore).
KEYWORD_TEXTS = f"SELECT t.id, t.content FROM json_each(?) j CROSS JOIN {TEXTS} t ON t.id = j.value"
# (hidden ranges, tenant, lo, hi, hi) -> (entries, mean characters) of the keyword index within a
# namespace prefix, outside the reader's hidden ranges.
KEYWORD_STATS = (
    f"{HIDDEN}SELECT count(*), avg(length(content)) FROM {TEXTS} "
    f"WHERE tenant_id = ? AND ns_path >= ? AND (? IS NULL OR ns_path < ?) AND {VISIBLE.format(path='ns_path')}"
)


def open_dialect(db: Database, index: IndexSettings) -> tuple[StoreDialect, StoreDriver]:
    """The store's SQLite side on ``db``: search in numpy over the cached vectors, which follow
    each commit and forget what a rollback undid (the same signature in every ``sql_<backend>``)."""
    from memory.store.search_sqlite import SqliteDialect  # (it reads this module's statements)

    dialect = SqliteDialect(index.dims)
    return dialect, StoreDriver(db, on_commit=dialect.committed, on_rollback=dialect.discard)
