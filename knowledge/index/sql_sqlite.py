"""Named SQL of the SQLite backend: FTS5 for keywords, float32 blobs ranked in numpy for vectors.

Its text is also the source of every statement that differs in nothing but its placeholders:
``sql_postgres`` converts those (``kassist.db.tables.to_postgres``) rather than writing them again,
so a change to one of them here is a change on both backends.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from knowledge.index.chunk_settings import MIGRATION as MIGRATE_CHUNKING
from knowledge.index.chunk_settings import RECORD as RECORD_CHUNKING
from knowledge.index.chunk_settings import REPLACE as REPLACE_CHUNKING
from knowledge.index.chunk_settings import SELECT as SELECT_CHUNKING
from knowledge.index.collection_rules import MIGRATION as MIGRATE_RULES
from knowledge.index.collection_rules import RECORD as RECORD_RULES
from knowledge.index.collection_rules import REPLACE as REPLACE_RULES
from knowledge.index.collection_rules import SELECT as SELECT_RULES
from knowledge.index.dialect import Dialect
from knowledge.index.holds import HELD, HELD_ON_UPDATE, NOT_HELD, RETIRE, RETIRE_TAKEN, TAKEN
from knowledge.index.holds import MIGRATION as MIGRATE_HOLDS
from knowledge.index.holds import MIGRATION_TAKEN as MIGRATE_TAKEN
from knowledge.index.holds import RELEASE as RELEASE_HELD
from knowledge.index.masked import migration as mask_migration
from knowledge.index.rules import fts5_match, to_f32_blob
from knowledge.index.sources import ADOPT
from knowledge.index.sources import MIGRATION as MIGRATE_SOURCES
from knowledge.index.status import UPDATE as UPDATE_STATUS
from knowledge.index.status import migration as status_migration

_V1 = (
    """CREATE TABLE kassist_kb_collections (
        tenant_id TEXT NOT NULL,
        collection TEXT NOT NULL,
        embedder TEXT NOT NULL,
        dimensions INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        generation INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tenant_id, collection)
    )""",
    """CREATE TABLE kassist_kb_documents (
        tenant_id TEXT NOT NULL,
        collection TEXT NOT NULL,
        doc_id TEXT NOT NULL,
        title TEXT NOT NULL,
        source_path TEXT NOT NULL,
        media_type TEXT NOT NULL,
        size_bytes INTEGER NOT NULL,
        modified_at TEXT NOT NULL,
        effective_date TEXT,
        content_hash TEXT NOT NULL,
        indexed_at TEXT NOT NULL,
        PRIMARY KEY (tenant_id, collection, doc_id)
    )""",
    """CREATE TABLE kassist_kb_chunks (
        id INTEGER PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        collection TEXT NOT NULL,
        doc_id TEXT NOT NULL,
        chunk_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        heading TEXT,
        text TEXT NOT NULL,
        token_count INTEGER NOT NULL,
        content_hash TEXT NOT NULL,
        embedding BLOB NOT NULL,
        UNIQUE (tenant_id, collection, chunk_id)
    )""",
    "CREATE INDEX kassist_kb_chunks_doc ON kassist_kb_chunks (tenant_id, collection, doc_id)",
    # External content: the text lives once, in kassist_kb_chunks. Triggers keep the index in step
    # inside the writing transaction, so no code path can update one without the other.
    """CREATE VIRTUAL TABLE kassist_kb_chunks_fts USING fts5(
        heading, text, content='kassist_kb_chunks', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2'
    )""",
    """CREATE TRIGGER kassist_kb_chunks_ai AFTER INSERT ON kassist_kb_chunks BEGIN
        INSERT INTO kassist_kb_chunks_fts (rowid, heading, text) VALUES (new.id, new.heading, new.text);
    END""",
    """CREATE TRIGGER kassist_kb_chunks_ad AFTER DELETE ON kassist_kb_chunks BEGIN
        INSERT INTO kassist_kb_chunks_fts (kassist_kb_chunks_fts, rowid, heading, text)
        VALUES ('delete', old.id, old.heading, old.text);
    END""",
    """CREATE TRIGGER kassist_kb_chunks_au AFTER UPDATE ON kassist_kb_chunks BEGIN
        INSERT INTO kassist_kb_chunks_fts (kassist_kb_chunks_fts, rowid, heading, text)
        VALUES ('delete', old.id, old.heading, old.text);
        INSERT INTO kassist_kb_chunks_fts (rowid, heading, text) VALUES (new.id, new.heading, new.text);
    END""",
    """CREATE TABLE kassist_kb_embedding_cache (
        tenant_id TEXT NOT NULL,
        embedder TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        embedding BLOB NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (tenant_id, embedder, content_hash)
    ) WITHOUT ROWID""",
)

# 8: the full-text index reads only the searching tenant's postings (h13 s34 C8). The table held
# every tenant's chunks and a MATCH collected every tenant's matches of a word before the tenant
# filter, so a search took longer when ANOTHER tenant's chunks held the word (2.18 vs 0.06 ms at
# 3,000 of them): a member could tell whether another tenant's documents name a codename. Each
# entry now carries a token of its tenant in a third column, and every MATCH ANDs the caller's token
# with the words (as the memory manager's scope tokens do), so FTS5 walks the tenant's postings.
# The token is the tenant's bytes in hex between 'k' and '0': one unicode61 token, and never
# stemmed (porter cuts only letter suffixes), so two tenants never share one. The column comes last:
# bm25(fts, 2.0, 1.0) still weighs heading and text. The content is a view adding the token, so
# FTS5's 'rebuild' (run here) and its external-content reads still work.
_TENANT_TOKEN = "'k' || lower(hex({})) || '0'"
_FTS_OLD = "'delete', old.id, old.heading, old.text, " + _TENANT_TOKEN.format("old.tenant_id")
_FTS_NEW = "new.id, new.heading, new.text, " + _TENANT_TOKEN.format("new.tenant_id")
# IF EXISTS: the migration rebuilds whatever it finds, so a database whose version rows were lost
# (tests/test_x4_collection_source.py makes one) runs it again safely.
MIGRATE_TENANT_FTS = (
    "DROP TRIGGER IF EXISTS kassist_kb_chunks_ai",
    "DROP TRIGGER IF EXISTS kassist_kb_chunks_ad",
    "DROP TRIGGER IF EXISTS kassist_kb_chunks_au",
    "DROP TABLE IF EXISTS kassist_kb_chunks_fts",
    "DROP VIEW IF EXISTS kassist_kb_chunks_fts_content",
    f"""CREATE VIEW kassist_kb_chunks_fts_content AS
        SELECT id, heading, text, {_TENANT_TOKEN.format("tenant_id")} AS tenant FROM kassist_kb_chunks""",
    """CREATE VIRTUAL TABLE kassist_kb_chunks_fts USING fts5(
        heading, text, tenant, content='kassist_kb_chunks_fts_content', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2'
    )""",
    f"""CREATE TRIGGER kassist_kb_chunks_ai AFTER INSERT ON kassist_kb_chunks BEGIN
        INSERT INTO kassist_kb_chunks_fts (rowid, heading, text, tenant) VALUES ({_FTS_NEW});
    END""",
    f"""CREATE TRIGGER kassist_kb_chunks_ad AFTER DELETE ON kassist_kb_chunks BEGIN
        INSERT INTO kassist_kb_chunks_fts (kassist_kb_chunks_fts, rowid, heading, text, tenant) VALUES ({_FTS_OLD});
    END""",
    f"""CREATE TRIGGER kassist_kb_chunks_au AFTER UPDATE ON kassist_kb_chunks BEGIN
        INSERT INTO kassist_kb_chunks_fts (kassist_kb_chunks_fts, rowid, heading, text, tenant) VALUES ({_FTS_OLD});
        INSERT INTO kassist_kb_chunks_fts (rowid, heading, text, tenant) VALUES ({_FTS_NEW});
    END""",
    "INSERT INTO kassist_kb_chunks_fts (kassist_kb_chunks_fts) VALUES ('rebuild')",
)
# The caller's tenant token AND the query's words (heading or text only: a word never matches a token).
TENANT_MATCH = (
    "'tenant : \"' || " + _TENANT_TOKEN.format(":tenant") + " || '\" AND {heading text} : (' || :match || ')'"
)

_IN_COLLECTIONS = "c.collection IN (SELECT value FROM json_each(:collections))"
_FILTERS = f"""c.tenant_id = :tenant AND {_IN_COLLECTIONS}
    AND (:doc_id IS NULL OR c.doc_id = :doc_id)
    AND (NOT :dated OR EXISTS (
        SELECT 1 FROM kassist_kb_documents d
        WHERE d.tenant_id = c.tenant_id AND d.collection = c.collection AND d.doc_id = c.doc_id
          AND d.effective_date BETWEEN coalesce(:date_from, '0000-01-01') AND coalesce(:date_to, '9999-12-31')))
    AND {NOT_HELD}"""


# The catalogue (knowledge.index.catalog). A document row with its chunk count, for lists and lookups.
DOCUMENT_ROW = """SELECT d.collection, d.doc_id, d.title, d.source_path, d.media_type, d.size_bytes,
        d.effective_date, d.modified_at, d.indexed_at,
        (SELECT count(*) FROM kassist_kb_chunks c
          WHERE c.tenant_id = d.tenant_id AND c.collection = d.collection AND c.doc_id = d.doc_id)
    FROM kassist_kb_documents d"""
_SCOPE = "tenant_id = :tenant AND collection = :collection AND (:doc_id IS NULL OR doc_id = :doc_id)"
# Cache entries of the scope's texts that no chunk of the tenant outside the scope shares. NOT IN
# over an uncorrelated subquery: SQLite builds its set once (no index on content_hash to probe).
_ORPHANED = f"""tenant_id = :tenant
    AND content_hash IN (SELECT content_hash FROM kassist_kb_chunks WHERE {_SCOPE})
    AND content_hash NOT IN (SELECT content_hash FROM kassist_kb_chunks WHERE tenant_id = :tenant
        AND NOT (collection = :collection AND (:doc_id IS NULL OR doc_id = :doc_id)))"""


def _encode_list(values: Sequence[Any]) -> str:
    return json.dumps(list(values))


DIALECT = Dialect(
    backend="sqlite",
    # 2: the document's life-cycle status (knowledge/index/status.py), backfilled from its first chunk.
    # 3: the source each document came from (knowledge/index/sources.py); NULL for those before it.
    # 4: the run holding a document out of search until its review (knowledge/index/holds.py).
    # 5: the runs a hold was taken over from (the same). 6: a collection's chunk settings
    # (knowledge/index/chunk_settings.py). 7: what an index written before masking holds, masked in
    # place (knowledge/index/masked.py). 8: the full-text index's tenant tokens (above). 9: the audit
    # rules a collection was audited with (knowledge/index/collection_rules.py).
    migrations=(
        (1, _V1),
        (2, status_migration(UPDATE_STATUS)),
        (3, MIGRATE_SOURCES),
        (4, MIGRATE_HOLDS),
        (5, MIGRATE_TAKEN),
        (6, MIGRATE_CHUNKING),
        (7, mask_migration()),
        (8, MIGRATE_TENANT_FTS),
        (9, MIGRATE_RULES),
    ),
    select_collections="""SELECT collection, embedder, dimensions, created_at, generation
        FROM kassist_kb_collections WHERE tenant_id = :tenant ORDER BY collection""",
    # A collection made now records no audit rules yet, known ('': the defaults alone; NULL is one
    # made before the index kept them: knowledge/index/collection_rules.py).
    insert_collection="""INSERT INTO kassist_kb_collections (tenant_id, collection, embedder, dimensions, created_at,
            audit_rules, audit_rules_name)
        VALUES (:tenant, :collection, :embedder, :dimensions, :now, '', '') ON CONFLICT DO NOTHING""",
    bump_generation="""UPDATE kassist_kb_collections SET generation = generation + 1
        WHERE tenant_id = :tenant AND collection = :collection""",
    bump_generation_by="""UPDATE kassist_kb_collections SET generation = generation + :n
        WHERE tenant_id = :tenant AND collection = :collection""",
    select_doc_chunks="""SELECT id, chunk_id, content_hash FROM kassist_kb_chunks
        WHERE tenant_id = :tenant AND collection = :collection AND doc_id = :doc_id""",
    select_docs_chunks="""SELECT id, doc_id, chunk_id, content_hash FROM kassist_kb_chunks
        WHERE tenant_id = :tenant AND collection = :collection
          AND doc_id IN (SELECT value FROM json_each(:doc_ids))""",
    upsert_document=f"""INSERT INTO kassist_kb_documents (tenant_id, collection, doc_id, title, source_path,
            media_type, size_bytes, modified_at, effective_date, content_hash, indexed_at, status, source, held_by)
        VALUES (:tenant, :collection, :doc_id, :title, :source_path, :media_type, :size_bytes,
            :modified_at, :effective_date, :content_hash, :now, :status, :source, :hold)
        ON CONFLICT (tenant_id, collection, doc_id) DO UPDATE SET title = excluded.title,
            source_path = excluded.source_path, media_type = excluded.media_type,
            size_bytes = excluded.size_bytes, modified_at = excluded.modified_at,
            effective_date = excluded.effective_date, content_hash = excluded.content_hash,
            indexed_at = excluded.indexed_at, status = excluded.status,
            source = coalesce(excluded.source, kassist_kb_documents.source),
            {HELD_ON_UPDATE}""",
    insert_chunk="""INSERT INTO kassist_kb_chunks (tenant_id, collection, doc_id, chunk_id, position, heading,
            text, token_count, content_hash, embedding)
        VALUES (:tenant, :collection, :doc_id, :chunk_id, :position, :heading, :text, :token_count,
            :content_hash, :embedding)
        ON CONFLICT (tenant_id, collection, chunk_id) DO NOTHING""",
    delete_chunk="DELETE FROM kassist_kb_chunks WHERE tenant_id = :tenant AND id = :id",
    delete_document_chunks="""DELETE FROM kassist_kb_chunks
        WHERE tenant_id = :tenant AND collection = :collection AND doc_id = :doc_id""",
    delete_document="""DELETE FROM kassist_kb_documents
        WHERE tenant_id = :tenant AND collection = :collection AND doc_id = :doc_id""",
    select_document="""SELECT content_hash FROM kassist_kb_documents
        WHERE tenant_id = :tenant AND collection = :collection AND doc_id = :doc_id""",
    select_collection_documents="""SELECT doc_id, source_path, source FROM kassist_kb_documents
        WHERE tenant_id = :tenant AND collection = :collection ORDER BY source_path""",
    collection_sources="""SELECT DISTINCT source FROM kassist_kb_documents
        WHERE tenant_id = :tenant AND collection = :collection""",
    adopt_source=ADOPT,
    release_held=RELEASE_HELD,
    held_docs=HELD,
    taken_docs=TAKEN,
    collection_chunking=SELECT_CHUNKING,
    record_chunking=RECORD_CHUNKING,
    replace_chunking=REPLACE_CHUNKING,
    collection_rules=SELECT_RULES,
    record_rules=RECORD_RULES,
    replace_rules=REPLACE_RULES,
    retire_held=RETIRE,
    retire_taken=RETIRE_TAKEN,
    cache_lookup="""SELECT content_hash, embedding FROM kassist_kb_embedding_cache
        WHERE tenant_id = :tenant AND embedder = :embedder
          AND content_hash IN (SELECT value FROM json_each(:hashes))""",
    cache_store="""INSERT INTO kassist_kb_embedding_cache (tenant_id, embedder, content_hash, embedding, created_at)
        VALUES (:tenant, :embedder, :content_hash, :blob, :now) ON CONFLICT DO NOTHING""",
    collection_stats="""SELECT k.collection, k.embedder, k.dimensions, k.created_at,
            (SELECT count(*) FROM kassist_kb_documents d
              WHERE d.tenant_id = k.tenant_id AND d.collection = k.collection),
            (SELECT count(*) FROM kassist_kb_chunks c
              WHERE c.tenant_id = k.tenant_id AND c.collection = k.collection),
            (SELECT coalesce(sum(size_bytes), 0) FROM kassist_kb_documents d
              WHERE d.tenant_id = k.tenant_id AND d.collection = k.collection)
        FROM kassist_kb_collections k WHERE k.tenant_id = :tenant ORDER BY k.collection""",
    count_documents="""SELECT count(*) FROM kassist_kb_documents
        WHERE tenant_id = :tenant AND (:collection IS NULL OR collection = :collection)""",
    page_documents=f"""{DOCUMENT_ROW}
        WHERE d.tenant_id = :tenant AND (:collection IS NULL OR d.collection = :collection)
        ORDER BY d.collection, d.source_path, d.doc_id LIMIT :limit OFFSET :offset""",
    find_documents=f"""{DOCUMENT_ROW}
        WHERE d.tenant_id = :tenant AND (:collection IS NULL OR d.collection = :collection)
          AND (d.doc_id = :ref OR d.source_path = :ref
               OR (:prefix IS NOT NULL AND substr(d.doc_id, 1, length(:prefix)) = :prefix))
        ORDER BY d.collection, d.source_path LIMIT 10""",
    document_outline="""SELECT chunk_id, position, heading, token_count, text FROM kassist_kb_chunks
        WHERE tenant_id = :tenant AND collection = :collection AND doc_id = :doc_id ORDER BY position""",
    scope_counts=f"""SELECT (SELECT count(*) FROM kassist_kb_documents WHERE {_SCOPE}),
            (SELECT count(*) FROM kassist_kb_chunks WHERE {_SCOPE}),
            (SELECT count(*) FROM kassist_kb_embedding_cache WHERE {_ORPHANED})""",
    purge_cache=f"DELETE FROM kassist_kb_embedding_cache WHERE {_ORPHANED}",
    delete_collection_chunks="""DELETE FROM kassist_kb_chunks
        WHERE tenant_id = :tenant AND collection = :collection""",
    delete_collection_documents="""DELETE FROM kassist_kb_documents
        WHERE tenant_id = :tenant AND collection = :collection""",
    delete_collection="""DELETE FROM kassist_kb_collections
        WHERE tenant_id = :tenant AND collection = :collection""",
    # bm25 is lower-is-better; headings weigh double because a matching heading names the topic.
    keyword_search=f"""SELECT c.id, -bm25(kassist_kb_chunks_fts, 2.0, 1.0) AS score
        FROM kassist_kb_chunks_fts JOIN kassist_kb_chunks c ON c.id = kassist_kb_chunks_fts.rowid
        WHERE kassist_kb_chunks_fts MATCH ({TENANT_MATCH}) AND {_FILTERS}
        ORDER BY bm25(kassist_kb_chunks_fts, 2.0, 1.0) LIMIT :limit""",
    # What knowledge/index/keyword_tenant.py ranks with the tenant's own statistics (keyword_search
    # above is the Dialect's required fallback; SQLite no longer runs it: bm25() there took its
    # statistics from every tenant's rows, session 29).
    # FTS5 first (MATERIALIZED, CROSS JOIN): the planner otherwise walked the tenant's chunks and
    # probed the full-text index once per chunk (20 s a query at 5,000 chunks).
    # The MATCH carries the tenant's token (migration 8): FTS5 reads only the tenant's postings.
    keyword_postings=f"""WITH m AS MATERIALIZED (SELECT rowid AS id FROM kassist_kb_chunks_fts
            WHERE kassist_kb_chunks_fts MATCH ({TENANT_MATCH}))
        SELECT c.id FROM m CROSS JOIN kassist_kb_chunks c ON c.id = m.id WHERE {_FILTERS}""",
    # The length of keyword_tenant.chunk_text: the heading and a newline twice, then the text.
    keyword_stats="""SELECT count(*), avg(2 * (length(coalesce(heading, '')) + (coalesce(heading, '') <> ''))
            + length(text))
        FROM kassist_kb_chunks WHERE tenant_id = :tenant""",
    keyword_texts="""SELECT id, heading, text FROM kassist_kb_chunks
        WHERE id IN (SELECT value FROM json_each(:ids)) AND +tenant_id = :tenant""",
    # The unary + keeps SQLite from scanning the tenant's whole chunk index: look up the ids, then check.
    # The document's chunk count (from the index alone) and the chunk's vector feed the rerank
    # (knowledge/index/rerank.py), as does the document's stored status (knowledge/index/status.py).
    hydrate="""SELECT c.id, c.chunk_id, c.doc_id, c.collection, d.title, d.source_path, c.heading,
            c.position, c.text, d.effective_date,
            (SELECT count(*) FROM kassist_kb_chunks x
              WHERE x.tenant_id = c.tenant_id AND x.collection = c.collection AND x.doc_id = c.doc_id),
            c.embedding, d.status
        FROM kassist_kb_chunks c JOIN kassist_kb_documents d
          ON d.tenant_id = c.tenant_id AND d.collection = c.collection AND d.doc_id = c.doc_id
        WHERE c.id IN (SELECT value FROM json_each(:ids)) AND +c.tenant_id = :tenant AND d.held_by IS NULL""",
    encode_vector=to_f32_blob,
    encode_list=_encode_list,
    keyword_match=fts5_match,
    # Held documents (knowledge/index/holds.py) neither use nor name a word: what search does not
    # find must not steer the assistant's names check either.
    uses_word=f"""SELECT text FROM kassist_kb_chunks c
        WHERE tenant_id = :tenant AND (instr(text, :word) > 0 OR instr(text, :dotted) > 0) AND {NOT_HELD}""",
    named_sections=f"""SELECT DISTINCT heading FROM kassist_kb_chunks c
        WHERE tenant_id = :tenant AND (heading LIKE :first OR heading LIKE :inner) AND {NOT_HELD}
        UNION SELECT title FROM kassist_kb_documents
        WHERE tenant_id = :tenant AND title LIKE :first AND held_by IS NULL""",
    phrase_or=" OR ",
    load_matrix=f"""SELECT c.id, c.collection, c.doc_id, d.effective_date, c.embedding
        FROM kassist_kb_chunks c JOIN kassist_kb_documents d
          ON d.tenant_id = c.tenant_id AND d.collection = c.collection AND d.doc_id = c.doc_id
        WHERE c.tenant_id = :tenant AND {_IN_COLLECTIONS} AND d.held_by IS NULL ORDER BY c.id""",
)
