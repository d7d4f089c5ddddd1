"""The memory manager's statements: :class:`ManagerSql`, one field per statement, one instance per backend.

The statement text shared by both backends is written here once with ``:name`` placeholders; each
backend module (``sql_sqlite``, ``sql_postgres``) adds its own DDL and vector search and builds its
instance with :func:`build`, which turns every statement into its driver's placeholder style.
Variants are built up front (:class:`Filtered`, one statement per combination of filters), so
every statement is a fixed string the planner can cache.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from kassist.db import Stmt
from memory.manager.filtered import Filtered as Filtered  # one statement per recall filter combination

if TYPE_CHECKING:  # sql_sqlite builds its statements from this module's
    from memory.manager.sql_sqlite import ScopedKeyword

NO_PARAMS: Mapping[str, Any] = MappingProxyType({})

MEMORIES = "kassist_mem_memories"
AUDIT = "kassist_mem_audit"
SALTS = "kassist_mem_salts"
GENERATIONS = "kassist_mem_generations"

# Rows come back as tuples (kassist.db's one row shape): each statement's columns are declared once
# here, in order, and read by these names (rows.record_from_row, rows.audit_from_row) or unpacked.
RECORD_COLUMNS = (
    "id, tenant_id, user_id, memory_type, key, value, source, source_ref, confidence, status, "
    "valid_from, valid_to, superseded_by, created_at, updated_at, expires_at, reason, actor"
)
RECORD_ROW = tuple(c.strip() for c in RECORD_COLUMNS.split(","))
"""The columns of every statement reading whole memories (``record_select``, ``recall``, ``rows``;
``semantic`` adds one: the score on PostgreSQL, the embedding on SQLite), in order."""
RECORD_ID, RECORD_VALUE = RECORD_ROW.index("id"), RECORD_ROW.index("value")
AUDIT_COLUMNS = (
    "at, tenant_id, user_id, memory_id, memory_type, key, action, source, actor, old_hash, new_hash, reason"
)
AUDIT_ROW = ("seq", *(c.strip() for c in AUDIT_COLUMNS.split(",")))
"""The columns of ``audit`` and ``audit_user``, in order."""
EXPIRED_ROW = ("memory_id", "tenant_id", "user_id", "memory_type", "key", "source")
"""The columns ``expire`` and ``expire_tenant`` return, in order (named as the audit's parameters)."""
TIME_COLUMNS = frozenset(("valid_from", "valid_to", "created_at", "updated_at", "expires_at", "at"))
JSON_COLUMNS = frozenset(("value",))


class Shape(NamedTuple):
    """Where a row's values are stored encoded on a backend without native types (SQLite's time
    and JSON text): positions in the row, found once from its declared column names."""

    times: tuple[int, ...]
    json: tuple[int, ...]

    @classmethod
    def of(cls, names: Sequence[str]) -> Shape:
        return cls(
            tuple(i for i, n in enumerate(names) if n in TIME_COLUMNS),
            tuple(i for i, n in enumerate(names) if n in JSON_COLUMNS),
        )


RECORD = Shape.of(RECORD_ROW)
AUDIT_SHAPE = Shape.of(AUDIT_ROW)


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


def recall_statements() -> Filtered:
    """``recall`` variants: by type and/or key, now or as of a past time."""
    return Filtered.build(
        lambda as_of, by_type, by_key: (
            f"SELECT {columns('m')} FROM {MEMORIES} m "
            f"WHERE {recall_where(as_of=as_of, by_type=by_type, by_key=by_key)} ORDER BY m.memory_type, m.key LIMIT :limit"
        )
    )


def semantic_where(as_of: bool, by_type: bool, by_key: bool) -> str:
    """WHERE clause for semantic recall; backends add the distance and ORDER BY."""
    return recall_where(as_of=as_of, by_type=by_type, by_key=by_key) + " AND m.embed_model = :embed_model"


def hybrid_where(as_of: bool, by_type: bool, by_key: bool) -> str:
    """WHERE clause for hybrid recall (now only; ``as_of`` recall ranks by vector alone)."""
    assert not as_of
    return recall_where(as_of=False, by_type=by_type, by_key=by_key)


def record_select(alias: str = "m") -> str:
    return f"SELECT {columns(alias)} FROM {MEMORIES} {alias}"


INSERT_MEMORY_COLUMNS = RECORD_COLUMNS + ", content, embed_model, embedding"

# What the in-process vector matrix of one user holds per memory: its id, its vector and the
# conversation metadata recall's cues filter on (the time, speaker, session and turn of a
# conversation turn; the time a plain memory became valid otherwise). Read undecoded (recall_cache
# parses ``valid_from`` and ``at`` itself): the columns of ``load_vectors``, in order.
VECTOR_ROW = (
    "id", "user_id", "memory_type", "key", "valid_from", "at", "speaker", "session", "turn", "content", "embedding",
)  # fmt: skip
VECTOR_COLUMNS = "m.id, m.user_id, m.memory_type, m.key, m.valid_from, {at}, {speaker}, {session}, {turn}, m.content, {embedding}"


# ``keyword`` rows: (id, score, written), best first, ties newest first (``written``: the memory's
# write-order number); ``generations`` rows: (user_id, generation); ``keyword_generations`` rows:
# (id, score, user_id, generation, written), a keyword hit with user_id and generation NULL or a
# counter with the others NULL.


def keyword_and_generations(keyword: str) -> str:
    """``keyword`` (``id, score``) and the owners' generation counters as rows of one result."""
    return (
        f"SELECT NULL AS id, NULL AS score, g.user_id, g.generation, NULL AS written FROM {GENERATIONS} g "
        "WHERE g.tenant_id = :tenant_id AND g.user_id IN (:user_id, :defaults) "
        f"UNION ALL SELECT k.id, k.score, NULL, NULL, k.written FROM ({keyword}) k"
    )


def vector_load(json_text: str, embedding: str, written: str) -> str:
    """The statement loading a user's (and the tenant defaults') active vectors of one model, newest
    first; ``json_text`` renders a ``$.field`` path of the value as text in the backend's dialect,
    ``written`` is the backend's write-order number of a memory (SQLite's rowid, PostgreSQL's seq)."""
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
        # Newest first: vector_scan.top_k breaks equal cosines by matrix row, so memories that score
        # alike are recalled newest first, as the keyword list orders them. ORDER BY m.id ordered
        # them by a uuid4, new at every write: two databases of the same writes ranked them apart.
        f"AND m.embedding IS NOT NULL ORDER BY {written} DESC"
    )


@dataclass(frozen=True)
class ManagerSql:
    """Every statement of the memory manager in one backend's dialect and placeholder style, one
    field per statement (an operation names it as an attribute, so a misspelt one is a type
    error), plus the backend's schema steps and value conversions. One instance per backend:
    ``sql_sqlite.SQL``, ``sql_postgres.SQL``."""

    backend: str
    migrations: tuple[tuple[str, ...], ...]
    after_erasure: str | None
    """Run after an erasure, outside the transaction (SQLite folds the WAL away), if any."""
    adapt: Callable[[Mapping[str, Any]], dict[str, Any]]
    """Parameters as the driver wants them (times, JSON, vectors, id lists)."""
    decode_row: Callable[[Sequence[Any], Shape], Sequence[Any]] | None
    """A fetched row (a tuple) with the stored values at ``Shape``'s positions decoded (SQLite's
    time and JSON text); None where the driver returns Python values already."""
    scores_semantic: bool
    """Whether ``semantic`` ranks in SQL, its last column the score (PostgreSQL); else its last
    column is the embedding, ranked in process (rows.rank_by_cosine)."""
    ensure_salt: str
    get_salt: str
    delete_salt: str
    select_active_slot: str
    count_recent: str
    recent_from_source: str
    supersede: str
    refresh: str
    history: str
    history_type: str
    list_all: str
    list_all_type: str
    review: str
    review_user: str
    get_by_id: str
    delete_quarantined: str
    forget_user: str
    forget_key: str
    insert_audit: str
    audit: str
    audit_user: str
    expire: str
    expire_tenant: str
    bump_generation: str
    generations: str
    lock_user: str
    insert_memory: str
    activate: str
    set_embedding: str
    load_vectors: str
    erase_keyword_index: str
    recall: Filtered
    """Visible memories by type and/or key, now or ``as_of``, in slot order."""
    semantic: Filtered
    """The same, with the embedding (SQLite: ranked in process) or ranked by distance (PostgreSQL)."""
    keyword: Filtered
    """Hybrid recall's keyword list: ``id, score, written``, best first, ties newest first (now only)."""
    keyword_generations: Filtered
    """The keyword list (``id, score, written``, in no particular order) and the generation counters
    of the user and the tenant defaults (``user_id, generation``, ``id`` NULL) in one statement."""
    rows: Filtered
    """Hybrid recall's read-back of candidate ids, visibility checked (now only)."""
    known_rows: str | None = None
    """The memories table's row count as the planner's statistics know it (``known``: -1 when
    never analysed); None where a bulk import leaves statistics alone (SQLite)."""
    analyze: str | None = None
    """Refreshes the memories table's planner statistics (after a bulk import)."""
    keyword_scoped: ScopedKeyword | None = None
    """SQLite: the keyword list ranked with the user's own statistics (sql_sqlite.ScopedKeyword),
    used instead of ``keyword``; None: ``keyword`` ranks in SQL."""

    # What an operation yields and reads: the statements with their values adapted for this
    # backend's driver, and the rows (tuples: the executor's "tuple" shape) decoded back.

    def stmt(self, sql: str, params: Mapping[str, Any] = NO_PARAMS, *, fetch: bool = True) -> Stmt:
        """``sql`` (one of this table's fields) with ``params`` adapted; ``fetch=False`` when its
        rows are not needed: PostgreSQL then pipelines it with the next statements instead of
        waiting for a round trip (errors still abort the transaction)."""
        return Stmt(sql, self.adapt(params), fetch)

    def many(self, sql: str, param_sets: Sequence[Mapping[str, Any]]) -> Stmt:
        """``sql`` run once per parameter set (an executemany), each adapted."""
        return Stmt(sql, many=[self.adapt(p) for p in param_sets])

    def decode(self, rows: Sequence[Sequence[Any]], shape: Shape = RECORD) -> Sequence[Sequence[Any]]:
        """Fetched rows (tuples of ``shape``'s statement) with this backend's stored values decoded."""
        decode_row = self.decode_row
        return rows if decode_row is None else [decode_row(row, shape) for row in rows]


def build(
    convert: Callable[[str], str],
    *,
    backend: str,
    migrations: tuple[tuple[str, ...], ...],
    after_erasure: str | None,
    adapt: Callable[[Mapping[str, Any]], dict[str, Any]],
    decode_row: Callable[[Sequence[Any], Shape], Sequence[Any]] | None,
    scores_semantic: bool,
    lock_user: str,
    insert_memory: str,
    activate: str,
    set_embedding: str,
    load_vectors: str,
    erase_keyword_index: str,
    semantic: Filtered,
    keyword: Filtered,
    rows: Filtered,
    known_rows: str | None = None,
    analyze: str | None = None,
    keyword_scoped: ScopedKeyword | None = None,
) -> ManagerSql:
    """The statements shared by both backends (written here once with ``:name`` placeholders) and
    the backend's own, all passed through ``convert`` into the driver's placeholder style."""
    c = convert
    return ManagerSql(
        backend=backend,
        migrations=migrations,
        after_erasure=after_erasure,
        adapt=adapt,
        decode_row=decode_row,
        scores_semantic=scores_semantic,
        ensure_salt=c(
            f"INSERT INTO {SALTS} (tenant_id, user_id, salt) VALUES (:tenant_id, :user_id, :salt) "
            "ON CONFLICT (tenant_id, user_id) DO NOTHING"
        ),
        get_salt=c(f"SELECT salt FROM {SALTS} WHERE tenant_id = :tenant_id AND user_id = :user_id"),
        delete_salt=c(f"DELETE FROM {SALTS} WHERE tenant_id = :tenant_id AND user_id = :user_id"),
        select_active_slot=c(
            record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id "
            "AND m.memory_type = :memory_type AND m.key = :key AND m.status = 'active'"
        ),
        count_recent=c(
            f"SELECT count(*) AS n FROM {MEMORIES} WHERE tenant_id = :tenant_id AND user_id = :user_id "
            "AND created_at > :since"
        ),
        # The user's latest memories from one source that the screen let through, read with a new one.
        recent_from_source=c(
            record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id "
            "AND m.source = :source AND m.status = 'active' AND m.created_at > :since "
            "ORDER BY m.created_at DESC LIMIT :limit"
        ),
        supersede=c(
            f"UPDATE {MEMORIES} SET status = 'superseded', valid_to = :now, superseded_by = :new_id, "
            "updated_at = :now WHERE id = :id AND tenant_id = :tenant_id AND status = 'active'"
        ),
        refresh=c(
            f"UPDATE {MEMORIES} SET confidence = :confidence, source = :source, source_ref = :source_ref, "
            "expires_at = :expires_at, actor = :actor, updated_at = :now WHERE id = :id AND tenant_id = :tenant_id"
        ),
        history=c(
            record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id AND m.key = :key "
            "ORDER BY m.created_at, m.valid_from"
        ),
        history_type=c(
            record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id "
            "AND m.key = :key AND m.memory_type = :memory_type ORDER BY m.created_at, m.valid_from"
        ),
        list_all=c(
            record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id "
            "ORDER BY m.memory_type, m.key, m.created_at LIMIT :limit"
        ),
        list_all_type=c(
            record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id "
            "AND m.memory_type = :memory_type ORDER BY m.memory_type, m.key, m.created_at LIMIT :limit"
        ),
        review=c(
            record_select() + " WHERE m.tenant_id = :tenant_id AND m.status = 'quarantined' "
            "ORDER BY m.created_at LIMIT :limit"
        ),
        review_user=c(
            record_select() + " WHERE m.tenant_id = :tenant_id AND m.user_id = :user_id "
            "AND m.status = 'quarantined' ORDER BY m.created_at LIMIT :limit"
        ),
        get_by_id=c(record_select() + " WHERE m.tenant_id = :tenant_id AND m.id = :id"),
        delete_quarantined=c(
            f"DELETE FROM {MEMORIES} WHERE tenant_id = :tenant_id AND id = :id AND status = 'quarantined'"
        ),
        forget_user=c(
            f"DELETE FROM {MEMORIES} WHERE tenant_id = :tenant_id AND user_id = :user_id "
            "RETURNING id, memory_type, key, source"
        ),
        forget_key=c(
            f"DELETE FROM {MEMORIES} WHERE tenant_id = :tenant_id AND user_id = :user_id AND key = :key "
            "RETURNING id, memory_type, key, source"
        ),
        insert_audit=c(
            f"INSERT INTO {AUDIT} ({AUDIT_COLUMNS}) VALUES (:at, :tenant_id, :user_id, :memory_id, "
            ":memory_type, :key, :action, :source, :actor, :old_hash, :new_hash, :reason)"
        ),
        audit=c(
            f"SELECT seq, {AUDIT_COLUMNS} FROM {AUDIT} WHERE tenant_id = :tenant_id ORDER BY seq DESC LIMIT :limit"
        ),
        audit_user=c(
            f"SELECT seq, {AUDIT_COLUMNS} FROM {AUDIT} WHERE tenant_id = :tenant_id AND user_id = :user_id "
            "ORDER BY seq DESC LIMIT :limit"
        ),
        expire=c(
            f"UPDATE {MEMORIES} SET status = 'deleted', valid_to = COALESCE(valid_to, expires_at), value = NULL, "
            "content = NULL, embedding = NULL, embed_model = NULL, updated_at = :now WHERE status <> 'deleted' AND expires_at <= :now "
            "RETURNING id AS memory_id, tenant_id, user_id, memory_type, key, source"
        ),
        expire_tenant=c(
            f"UPDATE {MEMORIES} SET status = 'deleted', valid_to = COALESCE(valid_to, expires_at), "
            "value = NULL, content = NULL, embedding = NULL, embed_model = NULL, updated_at = :now WHERE tenant_id = :tenant_id "
            "AND status <> 'deleted' AND expires_at <= :now RETURNING id AS memory_id, tenant_id, user_id, memory_type, key, source"
        ),
        # Hybrid recall keeps the user's vectors in process (kassist.db.vector_scan); every write that
        # changes which memories are active bumps the (tenant, user) counter in its transaction, so a
        # reader in any process reloads after the commit.
        bump_generation=c(
            f"INSERT INTO {GENERATIONS} (tenant_id, user_id, generation) VALUES (:tenant_id, :user_id, 1) "
            f"ON CONFLICT (tenant_id, user_id) DO UPDATE SET generation = {GENERATIONS}.generation + 1"
        ),
        generations=c(
            f"SELECT user_id, generation FROM {GENERATIONS} WHERE tenant_id = :tenant_id "
            "AND user_id IN (:user_id, :defaults) ORDER BY user_id"
        ),
        lock_user=c(lock_user),
        insert_memory=c(insert_memory),
        activate=c(activate),
        set_embedding=c(set_embedding),
        load_vectors=c(load_vectors),
        erase_keyword_index=c(erase_keyword_index),
        recall=recall_statements().map(c),
        semantic=semantic.map(c),
        keyword=keyword.map(c),
        keyword_generations=keyword.map(lambda sql: c(keyword_and_generations(sql))),
        rows=rows.map(c),
        known_rows=known_rows,
        analyze=analyze,
        keyword_scoped=keyword_scoped,
    )
