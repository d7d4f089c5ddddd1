"""Statement text shared by both backends, written once with ``:name`` placeholders.

Each backend module (``sql_sqlite``, ``sql_postgres``) adds its own DDL and vector search and turns
these into its driver's placeholder style. Variants are built up front, one named statement per
combination of filters, so that every statement is a fixed string the planner can cache.
"""

from __future__ import annotations

import itertools

MEMORIES = "kassist_mem_memories"
AUDIT = "kassist_mem_audit"
SALTS = "kassist_mem_salts"
SCHEMA_VERSION = "kassist_mem_schema_version"
GENERATIONS = "kassist_mem_generations"

RECORD_COLUMNS = (
    "id, tenant_id, user_id, memory_type, key, value, source, source_ref, confidence, status, "
    "valid_from, valid_to, superseded_by, created_at, updated_at, expires_at, reason, actor"
)
AUDIT_COLUMNS = (
    "at, tenant_id, user_id, memory_id, memory_type, key, action, source, actor, old_hash, new_hash, reason"
)


def columns(alias: str) -> str:
    return ", ".join(f"{alias}.{c.strip()}" for c in RECORD_COLUMNS.split(","))


def visible(alias: str, as_of: bool) -> str:
    """What recall may see: active and unexpired now, or believed at ``:as_of``."""
    if as_of:
        return (
            f"{alias}.status IN ('active', 'superseded') AND {alias}.valid_from <= :as_of "
            f"AND ({alias}.valid_to IS NULL OR {alias}.valid_to > :as_of) "
            f"AND ({alias}.expires_at IS NULL OR {alias}.expires_at > :as_of)"
        )
    return f"{alias}.status = 'active' AND ({alias}.expires_at IS NULL OR {alias}.expires_at > :now)"


def recall_where(*, as_of: bool, by_type: bool, by_key: bool) -> str:
    """Rows of the user plus tenant defaults the user has not overridden (user-level wins)."""
    parts = [
        "m.tenant_id = :tenant_id",
        "m.user_id IN (:user_id, :defaults)",
        visible("m", as_of),
    ]
    if by_type:
        parts.append("m.memory_type = :memory_type")
    if by_key:
        parts.append("m.key = :key")
    parts.append(
        f"(m.user_id = :user_id OR NOT EXISTS (SELECT 1 FROM {MEMORIES} u WHERE u.tenant_id = m.tenant_id "
        "AND u.user_id = :user_id AND u.memory_type = m.memory_type AND u.key = m.key "
        f"AND {visible('u', as_of)}))"
    )
    return " AND ".join(parts)


def variant_name(base: str, *, as_of: bool, by_type: bool, by_key: bool) -> str:
    return base + "".join(
        suffix for flag, suffix in ((as_of, "_as_of"), (by_type, "_type"), (by_key, "_key")) if flag
    )


def recall_statements() -> dict[str, str]:
    """``recall`` variants: by type and/or key, now or as of a past time."""
    out: dict[str, str] = {}
    for as_of, by_type, by_key in itertools.product((False, True), repeat=3):
        name = variant_name("recall", as_of=as_of, by_type=by_type, by_key=by_key)
        out[name] = (
            f"SELECT {columns('m')} FROM {MEMORIES} m WHERE {recall_where(as_of=as_of, by_type=by_type, by_key=by_key)} "
            "ORDER BY m.memory_type, m.key LIMIT :limit"
        )
    return out


def semantic_where_variants() -> dict[str, str]:
    """WHERE clauses for semantic recall; backends add the distance and ORDER BY."""
    out: dict[str, str] = {}
    for as_of, by_type, by_key in itertools.product((False, True), repeat=3):
        name = variant_name("semantic", as_of=as_of, by_type=by_type, by_key=by_key)
        out[name] = (
            recall_where(as_of=as_of, by_type=by_type, by_key=by_key) + " AND m.embed_model = :embed_model"
        )
    return out


def hybrid_where_variants() -> dict[str, str]:
    """WHERE clauses for hybrid recall (now only; ``as_of`` recall ranks by vector alone)."""
    out: dict[str, str] = {}
    for by_type, by_key in itertools.product((False, True), repeat=2):
        name = variant_name("hybrid", as_of=False, by_type=by_type, by_key=by_key)
        out[name] = recall_where(as_of=False, by_type=by_type, by_key=by_key)
    return out


def record_select(alias: str = "m") -> str:
    return f"SELECT {columns(alias)} FROM {MEMORIES} {alias}"


COMMON: dict[str, str] = {
    "ensure_salt": f"INSERT INTO {SALTS} (tenant_id, user_id, salt) VALUES (:tenant_id, :user_id, :salt) "
    "ON CONFLICT (tenant_id, user_id) DO NOTHING",
    "get_salt": f"SELECT salt FROM {SALTS} WHERE tenant_id = :tenant_id AND user_id = :user_id",
    "delete_salt": f"DELETE FROM {SALTS} WHERE tenant_id = :tenant_id AND user_id = :user_id",
    "select_active_slot": record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id "
    "AND m.memory_type = :memory_type AND m.key = :key AND m.status = 'active'",
    "count_recent": f"SELECT count(*) AS n FROM {MEMORIES} WHERE tenant_id = :tenant_id AND user_id = :user_id "
    "AND created_at > :since",
    # The user's latest memories from one source that the screen let through, read with a new one.
    "recent_from_source": record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id "
    "AND m.source = :source AND m.status = 'active' AND m.created_at > :since "
    "ORDER BY m.created_at DESC LIMIT :limit",
    "supersede": f"UPDATE {MEMORIES} SET status = 'superseded', valid_to = :now, superseded_by = :new_id, "
    "updated_at = :now WHERE id = :id AND tenant_id = :tenant_id AND status = 'active'",
    "refresh": f"UPDATE {MEMORIES} SET confidence = :confidence, source = :source, source_ref = :source_ref, "
    "expires_at = :expires_at, actor = :actor, updated_at = :now WHERE id = :id AND tenant_id = :tenant_id",
    "history": record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id AND m.key = :key "
    "ORDER BY m.created_at, m.valid_from",
    "history_type": record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id "
    "AND m.key = :key AND m.memory_type = :memory_type ORDER BY m.created_at, m.valid_from",
    "list_all": record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id "
    "ORDER BY m.memory_type, m.key, m.created_at LIMIT :limit",
    "list_all_type": record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id "
    "AND m.memory_type = :memory_type ORDER BY m.memory_type, m.key, m.created_at LIMIT :limit",
    "review": record_select() + " WHERE m.tenant_id = :tenant_id AND m.status = 'quarantined' "
    "ORDER BY m.created_at LIMIT :limit",
    "get_by_id": record_select() + " WHERE m.tenant_id = :tenant_id AND m.id = :id",
    "delete_quarantined": f"DELETE FROM {MEMORIES} WHERE tenant_id = :tenant_id AND id = :id "
    "AND status = 'quarantined'",
    "forget_user": f"DELETE FROM {MEMORIES} WHERE tenant_id = :tenant_id AND user_id = :user_id "
    "RETURNING id, memory_type, key, source",
    "forget_key": f"DELETE FROM {MEMORIES} WHERE tenant_id = :tenant_id AND user_id = :user_id AND key = :key "
    "RETURNING id, memory_type, key, source",
    "insert_audit": f"INSERT INTO {AUDIT} ({AUDIT_COLUMNS}) VALUES (:at, :tenant_id, :user_id, :memory_id, "
    ":memory_type, :key, :action, :source, :actor, :old_hash, :new_hash, :reason)",
    "audit": f"SELECT seq, {AUDIT_COLUMNS} FROM {AUDIT} WHERE tenant_id = :tenant_id ORDER BY seq DESC LIMIT :limit",
    "audit_user": f"SELECT seq, {AUDIT_COLUMNS} FROM {AUDIT} WHERE tenant_id = :tenant_id AND user_id = :user_id "
    "ORDER BY seq DESC LIMIT :limit",
    "expire": f"UPDATE {MEMORIES} SET status = 'deleted', valid_to = COALESCE(valid_to, expires_at), value = NULL, "
    "content = NULL, embedding = NULL, embed_model = NULL, updated_at = :now WHERE status <> 'deleted' AND expires_at <= :now "
    "RETURNING id, tenant_id, user_id, memory_type, key, source",
    "expire_tenant": f"UPDATE {MEMORIES} SET status = 'deleted', valid_to = COALESCE(valid_to, expires_at), "
    "value = NULL, content = NULL, embedding = NULL, embed_model = NULL, updated_at = :now WHERE tenant_id = :tenant_id "
    "AND status <> 'deleted' AND expires_at <= :now RETURNING id, tenant_id, user_id, memory_type, key, source",
    # Hybrid recall keeps the user's vectors in process (kassist.db.vector_scan); every write that
    # changes which memories are active bumps the (tenant, user) counter in its transaction, so a
    # reader in any process reloads after the commit.
    "bump_generation": f"INSERT INTO {GENERATIONS} (tenant_id, user_id, generation) VALUES (:tenant_id, :user_id, 1) "
    f"ON CONFLICT (tenant_id, user_id) DO UPDATE SET generation = {GENERATIONS}.generation + 1",
    "generations": f"SELECT user_id, generation FROM {GENERATIONS} WHERE tenant_id = :tenant_id "
    "AND user_id IN (:user_id, :defaults) ORDER BY user_id",
    "set_embedding": f"UPDATE {MEMORIES} SET embedding = :embedding, embed_model = :embed_model "
    "WHERE id = :id AND tenant_id = :tenant_id",
    **recall_statements(),
}

INSERT_MEMORY_COLUMNS = RECORD_COLUMNS + ", content, embed_model, embedding"

# What the in-process vector matrix of one user holds per memory: its id, its vector and the
# conversation metadata recall's cues filter on (the time, speaker, session and turn of a
# conversation turn; the time a plain memory became valid otherwise).
VECTOR_COLUMNS = (
    "m.id, m.user_id, m.memory_type, m.key, m.valid_from, {at}, {speaker}, {session}, {turn}, {embedding}"
)


def vector_load(json_text: str, embedding: str) -> str:
    """The statement loading a user's (and the tenant defaults') active vectors of one model;
    ``json_text`` renders a ``$.field`` path of the value as text in the backend's dialect."""
    columns = VECTOR_COLUMNS.format(
        at=json_text.format(field="at") + " AS at",
        speaker=json_text.format(field="speaker") + " AS speaker",
        session=json_text.format(field="session") + " AS session",
        turn=json_text.format(field="turn") + " AS turn",
        embedding=embedding,
    )
    return (
        f"SELECT {columns} FROM {MEMORIES} m WHERE m.tenant_id = :tenant_id "
        "AND m.user_id IN (:user_id, :defaults) AND m.status = 'active' AND m.embed_model = :embed_model "
        "AND m.embedding IS NOT NULL ORDER BY m.id"
    )
