"""Named SQL of the PostgreSQL backend: pgvector HNSW (cosine) for vectors, tsvector + GIN for keywords."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kassist.db.tables import to_postgres
from knowledge.index import sql_sqlite as sqlite
from knowledge.index.chunk_settings import MIGRATION as MIGRATE_CHUNKING
from knowledge.index.collection_rules import MIGRATION as MIGRATE_RULES
from knowledge.index.dialect import Dialect
from knowledge.index.holds import MIGRATION as MIGRATE_HOLDS
from knowledge.index.holds import MIGRATION_TAKEN as MIGRATE_TAKEN
from knowledge.index.holds import NOT_HELD
from knowledge.index.masked import SHARED as MASK_STATEMENTS
from knowledge.index.masked import migration as mask_migration
from knowledge.index.rules import pg_vector_literal, websearch_or
from knowledge.index.sources import MIGRATION as MIGRATE_SOURCES
from knowledge.index.status import UPDATE as UPDATE_STATUS
from knowledge.index.status import migration as status_migration

DEFAULT_DIMENSIONS = 384


def vector_index(dimensions: int) -> str:
    """HNSW index for one dimension: the column is untyped ``vector`` so collections may use other
    models, and pgvector indexes one dimension per (expression, partial) index."""
    d = int(dimensions)
    return f"""CREATE INDEX IF NOT EXISTS kassist_kb_chunks_hnsw_{d} ON kassist_kb_chunks
        USING hnsw ((embedding::vector({d})) vector_cosine_ops) WHERE dimensions = {d}"""


_V1 = (
    """CREATE TABLE kassist_kb_collections (
        tenant_id text NOT NULL,
        collection text NOT NULL,
        embedder text NOT NULL,
        dimensions integer NOT NULL,
        created_at timestamptz NOT NULL,
        generation bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (tenant_id, collection)
    )""",
    """CREATE TABLE kassist_kb_documents (
        tenant_id text NOT NULL,
        collection text NOT NULL,
        doc_id text NOT NULL,
        title text NOT NULL,
        source_path text NOT NULL,
        media_type text NOT NULL,
        size_bytes bigint NOT NULL,
        modified_at timestamptz NOT NULL,
        effective_date date,
        content_hash text NOT NULL,
        indexed_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, collection, doc_id)
    )""",
    """CREATE TABLE kassist_kb_chunks (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        tenant_id text NOT NULL,
        collection text NOT NULL,
        doc_id text NOT NULL,
        chunk_id text NOT NULL,
        position integer NOT NULL,
        heading text,
        text text NOT NULL,
        token_count integer NOT NULL,
        content_hash text NOT NULL,
        dimensions integer NOT NULL,
        embedding vector NOT NULL,
        tsv tsvector GENERATED ALWAYS AS
            (to_tsvector('english', coalesce(heading, '') || ' ' || text)) STORED,
        UNIQUE (tenant_id, collection, chunk_id)
    )""",
    "CREATE INDEX kassist_kb_chunks_doc ON kassist_kb_chunks (tenant_id, collection, doc_id)",
    "CREATE INDEX kassist_kb_chunks_tsv ON kassist_kb_chunks USING gin (tsv)",
    vector_index(DEFAULT_DIMENSIONS),
    """CREATE TABLE kassist_kb_embedding_cache (
        tenant_id text NOT NULL,
        embedder text NOT NULL,
        content_hash text NOT NULL,
        embedding bytea NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_id, embedder, content_hash)
    )""",
)

# 8: the keyword index reads only the searching tenant's entries (h13 s34 C8, as SQLite's migration 8).
# The GIN index over tsv held every tenant's chunks: a search read all of a word's entries, then
# filtered by tenant, so it took longer when ANOTHER tenant's chunks held the word (bench/
# x8_keyword_tenant_timing.py --backend postgres). The index is now over the chunk's words plus a
# token of its tenant ('k' || md5(tenant_id): one lexeme of the simple configuration, never stemmed),
# and a search ANDs the caller's token with its words: GIN's scan of an AND starts from the rarer entry
# and skips in the other's posting tree. An expression index: tsv itself, and ts_rank over it, are
# unchanged (scores as before), and no column is added.
_SCOPED_TSV = "(to_tsvector('simple', 'k' || md5({tenant})) || {tsv})"
MIGRATE_TENANT_TSV = (
    "CREATE INDEX IF NOT EXISTS kassist_kb_chunks_tenant_tsv ON kassist_kb_chunks USING gin "
    + _SCOPED_TSV.format(tenant="tenant_id", tsv="tsv").join("()"),
    "DROP INDEX IF EXISTS kassist_kb_chunks_tsv",
)
# The caller's words AND its token; numnode: a question of stop words alone (an empty query) matches
# nothing, as "tsv @@ q" did, rather than every chunk of the tenant.
_TENANT_KEYWORDS = (
    _SCOPED_TSV.format(tenant="c.tenant_id", tsv="c.tsv")
    + " @@ (q && to_tsquery('simple', 'k' || md5(%(tenant)s))) AND numnode(q) > 0"
)

_FILTERS = """c.tenant_id = %(tenant)s AND c.collection = ANY(%(collections)s)
    AND (%(doc_id)s::text IS NULL OR c.doc_id = %(doc_id)s)
    AND (NOT %(dated)s OR (c.collection, c.doc_id) IN (
        SELECT d.collection, d.doc_id FROM kassist_kb_documents d
        WHERE d.tenant_id = %(tenant)s AND d.effective_date
          BETWEEN coalesce(%(date_from)s::date, '-infinity') AND coalesce(%(date_to)s::date, 'infinity')))
    AND """ + to_postgres(NOT_HELD)


def vector_search(dimensions: int) -> str:
    # The CTE ranks inside the HNSW index (iterative scan keeps going until the filters leave enough
    # rows); relaxed_order may return near-ties out of order, so the outer query re-sorts.
    d = int(dimensions)
    return f"""WITH hits AS MATERIALIZED (
            SELECT c.id, c.embedding::vector({d}) <=> %(vector)s::vector({d}) AS distance
            FROM kassist_kb_chunks c
            WHERE c.dimensions = {d} AND {_FILTERS}
            ORDER BY c.embedding::vector({d}) <=> %(vector)s::vector({d}) LIMIT %(limit)s)
        SELECT id, 1 - distance FROM hits ORDER BY distance"""


# A batch's chunks in one statement: one array per column, unnested in order (WITH ORDINALITY) so
# identity ids are given in the batch's order, as one INSERT per chunk would give them.
INSERT_CHUNKS = """INSERT INTO kassist_kb_chunks (tenant_id, collection, doc_id, chunk_id, position, heading,
        text, token_count, content_hash, dimensions, embedding)
    SELECT %(tenant)s, u.collection, u.doc_id, u.chunk_id, u.position, u.heading, u.text, u.token_count,
        u.content_hash, %(dimensions)s, u.embedding::vector
    FROM unnest(%(collections)s::text[], %(doc_ids)s::text[], %(chunk_ids)s::text[], %(positions)s::integer[],
        %(headings)s::text[], %(texts)s::text[], %(token_counts)s::integer[], %(content_hashes)s::text[],
        %(embeddings)s::text[]) WITH ORDINALITY
        AS u(collection, doc_id, chunk_id, position, heading, text, token_count, content_hash, embedding, n)
    ORDER BY u.n
    ON CONFLICT (tenant_id, collection, chunk_id) DO NOTHING"""


# The catalogue (knowledge.index.catalog): a document row as SQLite's (no parameters in it).
_DOCUMENT = sqlite.DOCUMENT_ROW
_IN_SCOPE = "(%(doc_id)s::text IS NULL OR {t}doc_id = %(doc_id)s)"
_SCOPE = "tenant_id = %(tenant)s AND collection = %(collection)s AND " + _IN_SCOPE.format(t="")
# Cache entries of the scope's texts that no chunk of the tenant outside the scope shares: a semi-
# and an anti-join (hashed whatever work_mem is, unlike NOT IN over a large subquery).
_ORPHANED = f"""k.tenant_id = %(tenant)s
    AND EXISTS (SELECT 1 FROM kassist_kb_chunks c WHERE c.tenant_id = %(tenant)s
        AND c.collection = %(collection)s AND {_IN_SCOPE.format(t="c.")} AND c.content_hash = k.content_hash)
    AND NOT EXISTS (SELECT 1 FROM kassist_kb_chunks c WHERE c.tenant_id = %(tenant)s
        AND c.content_hash = k.content_hash
        AND NOT (c.collection = %(collection)s AND {_IN_SCOPE.format(t="c.")}))"""


def _encode_list(values: Sequence[Any]) -> list[Any]:
    return list(values)


# Written once, in SQLite's text (knowledge/index/sql_sqlite.py), and only converted here: the
# statements that differ between the backends in their placeholders alone.
_SHARED: dict[str, Any] = {
    name: to_postgres(getattr(sqlite.DIALECT, name))
    for name in (
        "select_collections",
        "insert_collection",
        "bump_generation",
        "bump_generation_by",
        "select_doc_chunks",
        "upsert_document",
        "delete_chunk",
        "delete_document_chunks",
        "delete_document",
        "select_document",
        "select_collection_documents",
        "collection_sources",
        "adopt_source",
        "release_held",
        "held_docs",
        "taken_docs",
        "collection_chunking",
        "record_chunking",
        "replace_chunking",
        "collection_rules",
        "record_rules",
        "replace_rules",
        "retire_held",
        "retire_taken",
        "cache_store",
        "collection_stats",
        "document_outline",
        "delete_collection_chunks",
        "delete_collection_documents",
        "delete_collection",
    )
}


DIALECT = Dialect(
    backend="postgres",
    migrations=(
        (1, _V1),
        (2, status_migration(to_postgres(UPDATE_STATUS))),
        (3, MIGRATE_SOURCES),
        (4, MIGRATE_HOLDS),
        (5, MIGRATE_TAKEN),
        (6, MIGRATE_CHUNKING),
        # 7: what an index written before masking holds, masked in place (knowledge/index/masked.py).
        (7, mask_migration(tuple(to_postgres(sql) for sql in MASK_STATEMENTS))),
        (8, MIGRATE_TENANT_TSV),
        (
            9,
            MIGRATE_RULES,
        ),  # the audit rules a collection was audited with (knowledge/index/collection_rules.py)
    ),
    **_SHARED,
    select_docs_chunks="""SELECT id, doc_id, chunk_id, content_hash FROM kassist_kb_chunks
        WHERE tenant_id = %(tenant)s AND collection = %(collection)s AND doc_id = ANY(%(doc_ids)s::text[])""",
    insert_chunk="""INSERT INTO kassist_kb_chunks (tenant_id, collection, doc_id, chunk_id, position, heading,
            text, token_count, content_hash, dimensions, embedding)
        VALUES (%(tenant)s, %(collection)s, %(doc_id)s, %(chunk_id)s, %(position)s, %(heading)s, %(text)s,
            %(token_count)s, %(content_hash)s, %(dimensions)s, %(embedding)s::vector)
        ON CONFLICT (tenant_id, collection, chunk_id) DO NOTHING""",
    insert_chunks=INSERT_CHUNKS,
    cache_lookup="""SELECT content_hash, embedding FROM kassist_kb_embedding_cache
        WHERE tenant_id = %(tenant)s AND embedder = %(embedder)s AND content_hash = ANY(%(hashes)s)""",
    count_documents="""SELECT count(*) FROM kassist_kb_documents
        WHERE tenant_id = %(tenant)s AND (%(collection)s::text IS NULL OR collection = %(collection)s)""",
    page_documents=f"""{_DOCUMENT}
        WHERE d.tenant_id = %(tenant)s AND (%(collection)s::text IS NULL OR d.collection = %(collection)s)
        ORDER BY d.collection, d.source_path, d.doc_id LIMIT %(limit)s OFFSET %(offset)s""",
    find_documents=f"""{_DOCUMENT}
        WHERE d.tenant_id = %(tenant)s AND (%(collection)s::text IS NULL OR d.collection = %(collection)s)
          AND (d.doc_id = %(ref)s OR d.source_path = %(ref)s
               OR (%(prefix)s::text IS NOT NULL AND starts_with(d.doc_id, %(prefix)s::text)))
        ORDER BY d.collection, d.source_path LIMIT 10""",
    scope_counts=f"""SELECT (SELECT count(*) FROM kassist_kb_documents WHERE {_SCOPE}),
            (SELECT count(*) FROM kassist_kb_chunks WHERE {_SCOPE}),
            (SELECT count(*) FROM kassist_kb_embedding_cache k WHERE {_ORPHANED})""",
    purge_cache=f"DELETE FROM kassist_kb_embedding_cache k WHERE {_ORPHANED}",
    # ts_rank, not ts_rank_cd: with OR queries cover density mostly sees one-word covers; on the demo
    # evaluation set ts_rank_cd gave keyword recall@10 0.79, ts_rank 0.84 (bm25 on SQLite: 0.85).
    # Normalisation 1 divides by 1 + log(length), so long chunks do not win by sheer size.
    keyword_search=f"""SELECT c.id, ts_rank(c.tsv, q, 1) AS score
        FROM kassist_kb_chunks c, websearch_to_tsquery('english', %(match)s) q
        WHERE {_TENANT_KEYWORDS} AND {_FILTERS}
        ORDER BY score DESC, c.id LIMIT %(limit)s""",
    # The document's chunk count (from the index alone), the chunk's vector and the document's
    # stored status feed the rerank (knowledge/index/rerank.py).
    hydrate="""SELECT c.id, c.chunk_id, c.doc_id, c.collection, d.title, d.source_path, c.heading,
            c.position, c.text, d.effective_date,
            (SELECT count(*) FROM kassist_kb_chunks x
              WHERE x.tenant_id = c.tenant_id AND x.collection = c.collection AND x.doc_id = c.doc_id),
            c.embedding::text, d.status
        FROM kassist_kb_chunks c JOIN kassist_kb_documents d
          ON d.tenant_id = c.tenant_id AND d.collection = c.collection AND d.doc_id = c.doc_id
        WHERE c.tenant_id = %(tenant)s AND c.id = ANY(%(ids)s) AND d.held_by IS NULL""",
    encode_vector=pg_vector_literal,
    encode_list=_encode_list,
    keyword_match=websearch_or,
    # Held documents neither use nor name a word (as SQLite's: knowledge/index/holds.py).
    uses_word="""SELECT text FROM kassist_kb_chunks c
        WHERE tenant_id = %(tenant)s AND text ~ %(pattern)s AND """
    + to_postgres(NOT_HELD)
    + " LIMIT 1",
    named_sections="""SELECT DISTINCT heading FROM kassist_kb_chunks c
        WHERE tenant_id = %(tenant)s AND (heading ILIKE %(first)s OR heading ILIKE %(inner)s) AND """
    + to_postgres(NOT_HELD)
    + """
        UNION SELECT title FROM kassist_kb_documents
        WHERE tenant_id = %(tenant)s AND title ILIKE %(first)s AND held_by IS NULL""",
    phrase_or=" or ",
    # pgvector 0.8: without iterative scans a filtered HNSW search returns at most ef_search rows
    # before filtering, so a small tenant in a big table would get few or no results.
    search_settings=(
        "SET LOCAL hnsw.iterative_scan = relaxed_order",
        "SET LOCAL hnsw.ef_search = 100",
    ),
    vector_search=vector_search,
    vector_index=vector_index,
)
