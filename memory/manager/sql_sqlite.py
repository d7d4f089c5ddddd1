"""SQLite statements, migrations and type conversions for the memory manager (no I/O here).

Times are stored as fixed-width UTC ISO-8601 text, so string comparison is time comparison;
values as canonical JSON text; embeddings as float32 blobs ranked with numpy (this Python's
sqlite3 cannot load a vector extension).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import numpy as np

from memory.manager import ddl
from memory.manager import statements as s
from memory.manager.filtered import Filtered
from memory.manager.models import canonical_json
from memory.manager.rows import adapter, aware

MEMORY_STATUSES = "('active', 'superseded', 'quarantined', 'deleted')"
FTS = "kassist_mem_fts"
# The scope token of a row: hex of its tenant and user (rows.keyword_scope computes the same).
_SCOPE = "lower(hex(new.tenant_id)) || 'x' || lower(hex(new.user_id))"
# The user's and the tenant defaults' scope tokens, and the question's terms (already quoted by
# knowledge.index.rules.fts5_match, so nothing a user types is FTS5 syntax).
_KEYWORD_MATCH = "('scope : (\"' || :scope_user || '\" OR \"' || :scope_defaults || '\") AND content : (' || :terms || ')')"
_FTS_DELETE = f"DELETE FROM {FTS} WHERE rowid IN (SELECT rowid FROM {FTS} WHERE {FTS} MATCH 'ident : \"' || old.id || '\"')"

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        f"""CREATE TABLE {s.MEMORIES} (
            id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            memory_type TEXT NOT NULL, key TEXT NOT NULL, value TEXT, source TEXT NOT NULL,
            source_ref TEXT, confidence REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
            status TEXT NOT NULL CHECK (status IN {MEMORY_STATUSES}),
            valid_from TEXT NOT NULL, valid_to TEXT, superseded_by TEXT,
            created_at TEXT NOT NULL, updated_at TEXT NOT NULL, expires_at TEXT,
            reason TEXT, actor TEXT, embed_model TEXT, embedding BLOB)""",
        *ddl.MEMORY_INDEXES,
        f"""CREATE TABLE {s.AUDIT} (
            seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, tenant_id TEXT NOT NULL,
            user_id TEXT NOT NULL, memory_id TEXT, memory_type TEXT, key TEXT, action TEXT NOT NULL,
            source TEXT, actor TEXT NOT NULL, old_hash TEXT, new_hash TEXT, reason TEXT NOT NULL)""",
        ddl.AUDIT_INDEX,
        f"CREATE TRIGGER kassist_mem_audit_no_update BEFORE UPDATE ON {s.AUDIT} "
        "BEGIN SELECT RAISE(ABORT, 'kassist_mem_audit is append-only'); END",
        f"CREATE TRIGGER kassist_mem_audit_no_delete BEFORE DELETE ON {s.AUDIT} "
        "BEGIN SELECT RAISE(ABORT, 'kassist_mem_audit is append-only'); END",
        ddl.salts_table("TEXT", "BLOB"),
    ),
    # 2: keyword search (FTS5) over each memory's content, next to the vectors; the generation
    # counters that tell a process its in-memory vectors of a user are stale.
    (
        ddl.add_content("TEXT"),
        # scope: one token per (tenant, user) so a MATCH reads only that user's postings; ident:
        # the memory id as a token, so the triggers find a row without relying on rowids (which
        # VACUUM may renumber in a table without an INTEGER PRIMARY KEY).
        f"CREATE VIRTUAL TABLE {FTS} USING fts5(scope, ident, content, "
        "tokenize = 'porter unicode61 remove_diacritics 2')",
        f"CREATE TRIGGER kassist_mem_fts_insert AFTER INSERT ON {s.MEMORIES} WHEN new.content IS NOT NULL "
        f"BEGIN INSERT INTO {FTS} (scope, ident, content) VALUES ({_SCOPE}, new.id, new.content); END",
        f"CREATE TRIGGER kassist_mem_fts_update AFTER UPDATE OF content ON {s.MEMORIES} BEGIN "
        f"{_FTS_DELETE}; "
        f"INSERT INTO {FTS} (scope, ident, content) SELECT {_SCOPE}, new.id, new.content "
        "WHERE new.content IS NOT NULL; END",
        f"CREATE TRIGGER kassist_mem_fts_delete AFTER DELETE ON {s.MEMORIES} BEGIN {_FTS_DELETE}; END",
        f"UPDATE {s.MEMORIES} SET content = CASE "
        "WHEN json_type(value) = 'text' THEN json_extract(value, '$') "
        "WHEN json_type(value, '$.text') = 'text' THEN json_extract(value, '$.text') "
        "ELSE value END WHERE value IS NOT NULL",
        f"""CREATE TABLE {s.GENERATIONS} (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, generation INTEGER NOT NULL,
            PRIMARY KEY (tenant_id, user_id)) WITHOUT ROWID""",
    ),
)

AFTER_ERASURE = "PRAGMA wal_checkpoint(TRUNCATE)"


def _keyword(as_of: bool, by_type: bool, by_key: bool) -> str:
    # bm25 over the content column only (scope and ident are lookup tokens); lower is better. The
    # best 2 x limit entries are ranked inside FTS5 first, and only they are joined and checked for
    # visibility: joining every match (thousands for common words) cost ~10 ms at 10,000 memories.
    # The ranking reads rowids only: reading the ident column of every match loads each match's
    # stored row (content included), 2.5 of 5.7 ms CPU for ~2,000 matches (docs/benchmarks.md,
    # "Assistant"); the ident of the best 2 x limit is then looked up by rowid. rowid breaks
    # ties (newest entry first, as bm25_rescore), so which of equally ranked entries make the cut
    # does not depend on the sorter, and tied memories are not ordered by their uuid4 ids.
    return (
        f"SELECT m.id, -f.rank AS score, f.entry AS written FROM (SELECT rowid AS entry, "
        f"bm25({FTS}, 0.0, 0.0, 1.0) AS rank FROM {FTS} WHERE {FTS} MATCH {_KEYWORD_MATCH} "
        f"ORDER BY rank, rowid DESC LIMIT 2 * :limit) f CROSS JOIN {FTS} x ON x.rowid = f.entry "
        f"CROSS JOIN {s.MEMORIES} m ON m.id = x.ident "
        f"WHERE {s.hybrid_where(as_of, by_type, by_key)} ORDER BY f.rank, f.entry DESC LIMIT :limit"
    )


def _rows(as_of: bool, by_type: bool, by_key: bool) -> str:
    # CROSS JOIN fixes the join order: look each id up by primary key, rather than let the
    # planner walk all of the user's rows through the (tenant, user) index (34 ms at 10,000).
    return (
        f"SELECT {s.columns('m')} FROM json_each(:ids) j CROSS JOIN {s.MEMORIES} m ON m.id = j.value "
        f"WHERE {s.hybrid_where(as_of, by_type, by_key)}"
    )


def db_time(value: datetime) -> str:
    return aware(value).astimezone(UTC).isoformat(timespec="microseconds")


adapt = adapter(
    time=db_time,
    json=canonical_json,
    vector=lambda values: np.asarray(values, dtype=np.float32).tobytes(),
    ids=lambda ids: json.dumps(list(ids)),
)


def decode_row(row: Sequence[Any], shape: s.Shape) -> Sequence[Any]:
    """The executor's row (a tuple) with its stored text decoded at ``shape``'s positions: times
    (fixed-width ISO text) and JSON values. Rows with nothing encoded (hybrid recall's keyword list
    and the generation counters, 100 rows a recall) are not passed here."""
    out = list(row)
    for i in shape.times:
        if isinstance(out[i], str):
            out[i] = datetime.fromisoformat(out[i])
    for i in shape.json:
        if isinstance(out[i], str):
            out[i] = json.loads(out[i])
    return out


# The user's and the tenant defaults' scope tokens, as an FTS5 column filter.
_SCOPES = "'scope : (\"' || :scope_user || '\" OR \"' || :scope_defaults || '\")'"


@dataclass(frozen=True)
class ScopedKeyword:
    """The statements of :func:`memory.manager.keyword_sqlite.scoped_keyword` (SQLite only)."""

    postings: str  # rowids of the scope's entries matching :phrase (one FTS5 phrase)
    stats: str  # the scope's entry count and mean content length
    texts: Filtered  # (rowid, content, memory id) of the :entries (json) visible now


def _texts(as_of: bool, by_type: bool, by_key: bool) -> str:
    # CROSS JOIN fixes the join order: each entry by rowid, then its memory by primary key.
    return (
        f"SELECT x.rowid, x.content, m.id FROM json_each(:entries) j "
        f"CROSS JOIN {FTS} x ON x.rowid = j.value CROSS JOIN {s.MEMORIES} m ON m.id = x.ident "
        f"WHERE {s.hybrid_where(as_of, by_type, by_key)}"
    )


SCOPED_KEYWORD = ScopedKeyword(
    postings=f"SELECT rowid FROM {FTS} WHERE {FTS} MATCH ({_SCOPES} || ' AND content : ' || :phrase)",
    stats=f"SELECT count(*), avg(length(content)) FROM {FTS} WHERE {FTS} MATCH {_SCOPES}",
    texts=Filtered.build(_texts, as_of=False),
)


SQL = s.build(
    lambda sql: sql,
    backend="sqlite",
    migrations=MIGRATIONS,
    after_erasure=AFTER_ERASURE,
    adapt=adapt,
    decode_row=decode_row,
    scores_semantic=False,  # the semantic statement's last column is the embedding, ranked in process
    lock_user="SELECT 1",  # writes already hold SQLite's database lock (BEGIN IMMEDIATE)
    insert_memory=f"INSERT INTO {s.MEMORIES} ({s.INSERT_MEMORY_COLUMNS}) VALUES ("
    + ", ".join(":" + c.strip() for c in s.INSERT_MEMORY_COLUMNS.split(","))
    + ")",
    activate=f"UPDATE {s.MEMORIES} SET status = 'active', valid_from = :now, updated_at = :now, reason = NULL, "
    "embed_model = :embed_model, embedding = :embedding, actor = :actor "
    "WHERE id = :id AND tenant_id = :tenant_id AND status = 'quarantined'",
    set_embedding=f"UPDATE {s.MEMORIES} SET embedding = :embedding, embed_model = :embed_model "
    "WHERE id = :id AND tenant_id = :tenant_id",
    # rowid: the memories table's write order (an UPDATE keeps it; VACUUM, which may renumber the
    # rowids of a table without an INTEGER PRIMARY KEY, copies rows in rowid order, keeping the order).
    load_vectors=s.vector_load("json_extract(m.value, '$.{field}')", "m.embedding", "m.rowid"),
    # Deleted FTS5 entries linger in index segments until merged: erasure merges them away.
    erase_keyword_index=f"INSERT INTO {FTS} ({FTS}) VALUES ('optimize')",
    semantic=s.Filtered.build(
        lambda as_of, by_type, by_key: (
            f"SELECT {s.columns('m')}, m.embedding FROM {s.MEMORIES} m "
            # Newest first: rank_by_cosine's stable sort keeps this order for equal cosines, as
            # the vector matrix of hybrid recall does (load_vectors).
            f"WHERE {s.semantic_where(as_of, by_type, by_key)} ORDER BY m.rowid DESC"
        )
    ),
    keyword=s.Filtered.build(_keyword, as_of=False),
    rows=s.Filtered.build(_rows, as_of=False),
    keyword_scoped=SCOPED_KEYWORD,
)
