"""An index written before session 35 upgrades through the one migration runner (knowledge index
migrations 7 and 8):

* 7 masks in place what an index written before masking (89b7a5b) holds: chunk texts and headings (with
  them the full-text index), titles and file names; chunk ids and vectors are kept (the next run that
  ingests the document replaces them: docs/audit.md);
* 8 gives every full-text entry its tenant's token (SQLite: a column of FTS5; PostgreSQL: the GIN
  index is over the words and the token), so a search reads only the caller's entries (h13 s34 C8:
  the time of a search told whether ANOTHER tenant's documents hold a word; the timing itself is
  bench/x8_keyword_tenant_timing.py's).

The old database is built by the runner with the first six migrations, written by today's index
(migrate=False), and given the unmasked values the code before 89b7a5b stored. Cost: ~1 s a backend."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path

from raw_sql import raw
from review_support import full_text_hits
from test_kb_index_helpers import make_doc

from kassist.db import open_database
from kassist.db.handle import Handle
from kassist.db.migrate import vector_extension
from kassist.dburl import parse_database_url
from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex, ops, sql_postgres, sql_sqlite

KEY_ID, GITHUB = "AKIAIOSFODNN7EXAMPLE", "ghp_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
SSN = "127-80-6907"
ZEBRA = [("Zebracorn", "The zebracorn acquisition stays a codename until the board signs.")]
OURS = [("Plants", "The office plant schedule is posted near the kitchen; zebracorn is our mascot.")]


def build_at_version_6(url: str) -> None:
    sqlite = url.startswith("sqlite")
    dialect = (sql_sqlite if sqlite else sql_postgres).DIALECT
    handle = Handle(open_database(parse_database_url(url)))
    try:
        if not sqlite:
            handle.run(vector_extension(), write=True)
        handle.run(ops.migrate(replace(dialect, migrations=dialect.migrations[:6])), write=True)
    finally:
        handle.close()
    # Today's write names migration 9's columns (a new collection records its audit rules as known:
    # knowledge/index/collection_rules.py): they are there for the write and gone again after it, as
    # an index at migration 6 has them not (the way tests/test_x4_collection_source.py drops them).
    rules = ("audit_rules", "audit_rules_name")
    for column in rules:
        raw(url, f"ALTER TABLE kassist_kb_collections ADD COLUMN {column} TEXT")
    with KnowledgeIndex.from_url(url, embedder=HashingEmbedder(256), migrate=False) as index:
        index.for_tenant("acme").upsert_document(*make_doc("acme", "hb", "plants.md", OURS))
        index.for_tenant("globex").upsert_document(*make_doc("globex", "hb", "deal.md", ZEBRA))
    for column in rules:
        raw(url, f"ALTER TABLE kassist_kb_collections DROP COLUMN {column}")
    # What the code before masking stored as loaded (SQLite's triggers of then keep FTS5 in step).
    raw(url, "UPDATE kassist_kb_chunks SET heading = %s, text = text || %s WHERE tenant_id = 'acme'",
        (f"Deploy key {KEY_ID}", f" The runner signs in with {KEY_ID}; contractor SSN {SSN}."))  # fmt: skip
    raw(url, "UPDATE kassist_kb_documents SET title = %s, source_path = %s WHERE tenant_id = 'acme'",
        (f"Bot token {GITHUB}", f"keys/aws-{KEY_ID}.md"))  # fmt: skip


def stored(url: str) -> str:
    rows = raw(url, "SELECT c.heading, c.text, d.title, d.source_path FROM kassist_kb_chunks c "
               "JOIN kassist_kb_documents d ON d.doc_id = c.doc_id")  # fmt: skip
    return "\n".join(" ".join(str(v) for v in row) for row in rows)


def test_an_index_from_before_masking_is_masked_in_place_keeping_ids_and_vectors(db_url: str) -> None:
    build_at_version_6(db_url)
    assert KEY_ID in stored(db_url) and SSN in stored(db_url)
    before = raw(db_url, "SELECT chunk_id, embedding FROM kassist_kb_chunks ORDER BY chunk_id")
    with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder(256)) as index:
        text = stored(db_url)
        for value in (KEY_ID, GITHUB, SSN):
            assert value not in text, value
        for mask in ("Deploy key AKIA[redacted cloud access key, 20 chars]", "***-**-6907",
                     "Bot token ghp_[redacted API token, 40 chars]", "keys/aws-AKIA[redacted cloud access key, 20 chars].md"):  # fmt: skip
            assert mask in text, (mask, text)
        assert full_text_hits(db_url, KEY_ID) == [(0,)]
        # Ids and vectors as they were: vectors need the model, which a migration does not run.
        assert raw(db_url, "SELECT chunk_id, embedding FROM kassist_kb_chunks ORDER BY chunk_id") == before
        hits = index.for_tenant("acme").search("runner deploy key zebracorn", k=3, mode="keyword")
        assert [h.source_path for h in hits] == ["keys/aws-AKIA[redacted cloud access key, 20 chars].md"]
        assert KEY_ID not in hits[0].text and KEY_ID not in (hits[0].heading or "")
    if not db_url.startswith("sqlite"):
        # PostgreSQL's migration 8: no full-text index is left that holds a word's entries of every
        # tenant apart from their tenant (the search ANDs the caller's token: sql_postgres._TENANT_KEYWORDS).
        gins = [d for (d,) in raw(db_url, "SELECT indexdef FROM pg_indexes WHERE tablename = 'kassist_kb_chunks'")
                if "USING gin" in d]  # fmt: skip
        assert len(gins) == 1 and "md5(tenant_id)" in gins[0], gins
    dialect = (sql_sqlite if db_url.startswith("sqlite") else sql_postgres).DIALECT
    versions = raw(db_url, "SELECT version FROM kassist_schema_versions WHERE component = 'knowledge_index'")
    assert sorted(v for (v,) in versions) == [n for n, _ in dialect.migrations]


def test_sqlite_full_text_matches_read_only_the_searching_tenants_entries(
    sqlite_url: str, tmp_path: Path
) -> None:
    build_at_version_6(sqlite_url)
    with KnowledgeIndex.from_url(sqlite_url, embedder=HashingEmbedder(256)) as index:
        both = index.for_tenant("acme").search("zebracorn", k=5, mode="keyword")
    path = sqlite_url.removeprefix("sqlite:///")
    with closing(sqlite3.connect(path)) as conn:
        ids = dict(
            conn.execute("SELECT tenant_id, group_concat(id) FROM kassist_kb_chunks GROUP BY tenant_id")
        )
        # The MATCH the search runs (migration 8's): FTS5 itself yields only the caller's entries,
        # for existing rows (rebuilt by the migration) as for new ones.
        match = f"SELECT group_concat(rowid) FROM kassist_kb_chunks_fts WHERE kassist_kb_chunks_fts MATCH ({sql_sqlite.TENANT_MATCH})"
        for tenant in ("acme", "globex"):
            (found,) = conn.execute(match, {"tenant": tenant, "match": '"zebracorn"'}).fetchone()
            assert found == ids[tenant], tenant
        (nothing,) = conn.execute(match, {"tenant": "initech", "match": '"zebracorn"'}).fetchone()
        assert nothing is None
    # Results unchanged: the same hits and scores as an index holding acme's document alone.
    alone = f"sqlite:///{tmp_path / 'alone.db'}"
    with KnowledgeIndex.from_url(alone, embedder=HashingEmbedder(256)) as index:
        kb = index.for_tenant("acme")
        doc, chunks = make_doc("acme", "hb", "plants.md", OURS)
        kb.upsert_document(doc, chunks)
        raw(alone, "UPDATE kassist_kb_chunks SET heading = %s, text = text || %s",
            ("Deploy key AKIA[redacted cloud access key, 20 chars]",
             " The runner signs in with AKIA[redacted cloud access key, 20 chars]; contractor SSN ***-**-6907."))  # fmt: skip
        ours = kb.search("zebracorn", k=5, mode="keyword")
    assert [(h.text, h.heading, round(h.score, 9)) for h in both] == [
        (h.text, h.heading, round(h.score, 9)) for h in ours
    ]
