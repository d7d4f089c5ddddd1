"""PostgreSQL statements, migrations and type conversions for the memory manager (no I/O here).

Semantic recall is an exact cosine search inside one (tenant, user): memories are always recalled
for one user, so the candidate set is that user's few hundred rows found through the
(tenant_id, user_id, ...) index, which is faster and exact where an HNSW scan over every tenant
would need iterative filtering (docs/benchmarks.md, Memory, has the measurements). The embedding column is an
unconstrained ``vector`` so that a model change does not need a migration; rows are compared only
with vectors of the same ``embed_model``.
"""

from __future__ import annotations

from typing import Any

from psycopg.types.json import Jsonb

from kassist.db.tables import to_postgres
from memory.manager import ddl
from memory.manager import statements as s
from memory.manager.rows import adapter, aware

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE EXTENSION IF NOT EXISTS vector",
        f"""CREATE TABLE {s.MEMORIES} (
            id text PRIMARY KEY, tenant_id text NOT NULL, user_id text NOT NULL,
            memory_type text NOT NULL, key text NOT NULL, value jsonb, source text NOT NULL,
            source_ref text, confidence double precision NOT NULL CHECK (confidence BETWEEN 0 AND 1),
            status text NOT NULL CHECK (status IN ('active', 'superseded', 'quarantined', 'deleted')),
            valid_from timestamptz NOT NULL, valid_to timestamptz, superseded_by text,
            created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, expires_at timestamptz,
            reason text, actor text, embed_model text, embedding vector)""",
        *ddl.MEMORY_INDEXES,
        f"""CREATE TABLE {s.AUDIT} (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, at timestamptz NOT NULL,
            tenant_id text NOT NULL, user_id text NOT NULL, memory_id text, memory_type text, key text,
            action text NOT NULL, source text, actor text NOT NULL, old_hash text, new_hash text,
            reason text NOT NULL)""",
        ddl.AUDIT_INDEX,
        """CREATE FUNCTION kassist_mem_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION 'kassist_mem_audit is append-only (% refused)', TG_OP
                    USING ERRCODE = 'insufficient_privilege';
            END $$""",
        f"CREATE TRIGGER kassist_mem_audit_no_change BEFORE UPDATE OR DELETE ON {s.AUDIT} "
        "FOR EACH ROW EXECUTE FUNCTION kassist_mem_audit_append_only()",
        f"CREATE TRIGGER kassist_mem_audit_no_truncate BEFORE TRUNCATE ON {s.AUDIT} "
        "FOR EACH STATEMENT EXECUTE FUNCTION kassist_mem_audit_append_only()",
        ddl.salts_table("text", "bytea"),
    ),
    # 2: keyword search (tsvector + GIN) over each memory's content, next to the vectors; the
    # generation counters that tell a process its in-memory vectors of a user are stale.
    (
        ddl.add_content("text"),
        f"UPDATE {s.MEMORIES} SET content = CASE WHEN jsonb_typeof(value) = 'string' THEN value #>> '{{}}' "
        "WHEN jsonb_typeof(value -> 'text') = 'string' THEN value ->> 'text' ELSE value::text END "
        "WHERE value IS NOT NULL",
        f"ALTER TABLE {s.MEMORIES} ADD COLUMN content_tsv tsvector "
        "GENERATED ALWAYS AS (to_tsvector('english', coalesce(content, ''))) STORED",
        f"CREATE INDEX kassist_mem_content_tsv ON {s.MEMORIES} USING gin (content_tsv)",
        f"""CREATE TABLE {s.GENERATIONS} (
            tenant_id text NOT NULL, user_id text NOT NULL, generation bigint NOT NULL,
            PRIMARY KEY (tenant_id, user_id))""",
    ),
)

# The version table of the code before kassist.db.migrate (adopted and dropped by it), kept only
# for tests/test_memory_recall.py, which builds such a database with it.
CREATE_VERSION_TABLE = "CREATE TABLE IF NOT EXISTS kassist_mem_schema_version (version integer NOT NULL)"


def _semantic(as_of: bool, by_type: bool, by_key: bool) -> str:
    return (
        f"SELECT {s.columns('m')}, 1 - (m.embedding <=> :query::vector) AS score FROM {s.MEMORIES} m "
        f"WHERE {s.semantic_where(as_of, by_type, by_key)} ORDER BY m.embedding <=> :query::vector LIMIT :limit"
    )


def _keyword(as_of: bool, by_type: bool, by_key: bool) -> str:
    # ts_rank normalisation 1 (divide by 1 + log length), as the knowledge index's keyword search.
    return (
        f"SELECT m.id, ts_rank(m.content_tsv, q, 1) AS score "
        f"FROM {s.MEMORIES} m, websearch_to_tsquery('english', :match) q "
        f"WHERE m.content_tsv @@ q AND {s.hybrid_where(as_of, by_type, by_key)} ORDER BY score DESC, m.id LIMIT :limit"
    )


def _rows(as_of: bool, by_type: bool, by_key: bool) -> str:
    return (
        f"SELECT {s.columns('m')} FROM {s.MEMORIES} m "
        f"WHERE m.id = ANY(:ids) AND {s.hybrid_where(as_of, by_type, by_key)}"
    )


AFTER_ERASURE: str | None = None


def vector_literal(values: Any) -> str:
    return "[" + ",".join(f"{float(v):.7g}" for v in values) + "]"


adapt = adapter(time=aware, json=Jsonb, vector=vector_literal, ids=list)


SQL = s.build(
    to_postgres,
    backend="postgres",
    migrations=MIGRATIONS,
    after_erasure=AFTER_ERASURE,
    adapt=adapt,
    decode_row=None,  # psycopg returns times, JSON and the rest as Python values already
    scores_semantic=True,  # the semantic statement's last column is the score
    lock_user="SELECT pg_advisory_xact_lock(:lock_key)",
    insert_memory=f"INSERT INTO {s.MEMORIES} ({s.INSERT_MEMORY_COLUMNS}) VALUES ("
    + ", ".join(":" + c.strip() for c in s.INSERT_MEMORY_COLUMNS.split(",")).replace(
        ":embedding", ":embedding::vector"
    )
    + ")",
    activate=f"UPDATE {s.MEMORIES} SET status = 'active', valid_from = :now, updated_at = :now, "
    "reason = NULL, embed_model = :embed_model, embedding = :embedding::vector, actor = :actor "
    "WHERE id = :id AND tenant_id = :tenant_id AND status = 'quarantined'",
    set_embedding=f"UPDATE {s.MEMORIES} SET embedding = :embedding::vector, embed_model = :embed_model "
    "WHERE id = :id AND tenant_id = :tenant_id",
    load_vectors=s.vector_load("m.value ->> '{field}'", "m.embedding::text AS embedding"),
    # Dead tuples and GIN entries go with (auto)vacuum, as for the rows themselves.
    erase_keyword_index="SELECT 1",
    semantic=s.Filtered.build(_semantic),
    keyword=s.Filtered.build(_keyword, as_of=False),
    rows=s.Filtered.build(_rows, as_of=False),
    known_rows=f"SELECT reltuples AS known FROM pg_class WHERE oid = to_regclass('{s.MEMORIES}')",
    analyze=f"ANALYZE {s.MEMORIES}",
)
