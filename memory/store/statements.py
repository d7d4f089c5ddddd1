"""The named SQL statements every backend provides, and the shape of a store operation.

Rows always come back in the column order documented here, so row decoding is shared.
``{filters}`` in a template is replaced by the rendered filter conditions (all values are
parameters; the text only ever contains SQL this package generated).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from kassist.db.statements import Stmt

ITEM_COLUMNS = "i.ns_path, i.key, i.value_json, i.created_at, i.updated_at, i.ttl_minutes"
"""Columns of an item row: (ns_path, key, value_json, created_at, updated_at, ttl_minutes[, score])."""

ITEMS = "kassist_store_items"
VECTORS = "kassist_store_vectors"
TEXTS = "kassist_store_texts"


def not_expired(p: str) -> str:
    """The condition on an item row ``i`` that it is live at the time bound to ``p``."""
    return f"(i.expires_at IS NULL OR i.expires_at > {p})"


def common(p: str, in_prefix: str, head: str = "") -> dict[str, Any]:
    """The fields of :class:`Statements` written alike for every backend, for a backend whose
    parameter marker is ``p`` (``?``, ``%s``) and whose condition that an item ``i`` is the
    tenant's, under a prefix and in none of the reader's hidden path ranges is ``in_prefix``, read
    after ``head`` (a WITH clause the condition may read): their parameters are
    ``dialect.prefix_params``. A dialect writes only what
    differs. (A plain dict: Statements checks its keys when a dialect module is imported.)"""
    live = not_expired(p)
    return dict(
        read_index_meta="SELECT embedder_name, dims FROM kassist_store_index_meta WHERE id = 1",
        write_index_meta=f"INSERT INTO kassist_store_index_meta (id, embedder_name, dims) VALUES (1, {p}, {p})",
        get=f"SELECT {ITEM_COLUMNS} FROM {ITEMS} i WHERE i.tenant_id = {p} AND i.ns_path = {p} AND i.key = {p} AND {live}",
        refresh=f"UPDATE {ITEMS} SET expires_at = {p} WHERE tenant_id = {p} AND ns_path = {p} AND key = {p} AND ttl_minutes IS NOT NULL",
        delete=f"DELETE FROM {ITEMS} WHERE tenant_id = {p} AND ns_path = {p} AND key = {p}",
        delete_vectors=f"DELETE FROM {VECTORS} WHERE tenant_id = {p} AND ns_path = {p} AND key = {p}",
        list_paths=f"{head}SELECT DISTINCT i.ns_path FROM {ITEMS} i WHERE {in_prefix} AND {live}",
        search=(
            f"{head}SELECT {ITEM_COLUMNS} FROM {ITEMS} i WHERE {in_prefix} AND {live}"
            f"{{filters}} ORDER BY i.updated_at DESC, i.ns_path, i.key LIMIT {p} OFFSET {p}"
        ),
        sweep=f"DELETE FROM {ITEMS} WHERE expires_at IS NOT NULL AND expires_at <= {p}",
        tenants=f"SELECT DISTINCT tenant_id FROM {ITEMS} ORDER BY tenant_id",
        delete_keywords=f"DELETE FROM {TEXTS} WHERE tenant_id = {p} AND ns_path = {p} AND key = {p}",
        insert_keywords=f"INSERT INTO {TEXTS} (tenant_id, ns_path, key, scope, content) VALUES ({p}, {p}, {p}, {p}, {p})",
    )  # fmt: skip


def upsert(p: str, values: dict[str, str], row: str = ITEMS) -> str:
    """Insert an item or overwrite it (params: tenant, ns_path, key, the value columns, created_at,
    updated_at, expires_at, ttl_minutes), for a backend whose parameter marker is ``p``. ``values``:
    the backend's value columns, in ``dialect.value_params`` order, and the placeholder each binds;
    ``row``: the stored row's name in the update (the table, or an alias the INSERT gives it). An
    item whose TTL had run out is written as new: it takes the new created_at."""
    alias = f" AS {row}" if row != ITEMS else ""
    sets = "".join(f"    {column} = excluded.{column},\n" for column in values)
    return f"""
INSERT INTO {ITEMS}{alias}
    (tenant_id, ns_path, key, {", ".join(values)}, created_at, updated_at, expires_at, ttl_minutes)
VALUES ({p}, {p}, {p}, {", ".join(values.values())}, {p}, {p}, {p}, {p})
ON CONFLICT (tenant_id, ns_path, key) DO UPDATE SET
{sets}    created_at = CASE WHEN {row}.expires_at IS NOT NULL AND {row}.expires_at <= excluded.updated_at
                      THEN excluded.created_at ELSE {row}.created_at END,
    updated_at = excluded.updated_at,
    expires_at = excluded.expires_at,
    ttl_minutes = excluded.ttl_minutes
"""


@dataclass(frozen=True)
class Statements:
    migrations: tuple[str, ...]
    """Scripts in order; migration N (1-based) runs once (kassist.db.migrate's runner records it)."""
    read_index_meta: str
    """-> (embedder_name, dims) rows"""
    write_index_meta: str
    """(embedder_name, dims)"""
    get: str
    """(tenant, ns_path, key, now) -> item row, if present and not expired"""
    refresh: str
    """executemany (expires_at, tenant, ns_path, key)"""
    upsert: str
    """executemany (tenant, ns_path, key, *value_params, created_at, updated_at, expires_at, ttl_minutes)"""
    delete: str
    """executemany (tenant, ns_path, key); vectors follow by ON DELETE CASCADE"""
    delete_vectors: str
    """executemany (tenant, ns_path, key)"""
    insert_vector: str
    """executemany (tenant, ns_path, key, field, vector)"""
    list_paths: str
    """(*prefix_params, now) -> (ns_path,) distinct"""
    search: str
    """template; (*prefix_params, now, *filters, limit, offset) -> item rows, newest first"""
    sweep: str
    """(now,) deletes expired items (their vectors and keyword entries follow by ON DELETE CASCADE)"""
    keyword_migration: int
    """The migration that adds the keyword index; items written before it are indexed right after."""
    keyword_backfill: str
    """-> (tenant, ns_path, key, value_json, vector field names joined by U+001F) of items with vectors"""
    delete_keywords: str
    """executemany (tenant, ns_path, key)"""
    insert_keywords: str
    """executemany (tenant, ns_path, key, scope token, text)"""
    tenants: str
    """-> (tenant_id,) rows of tenants with at least one item"""


Program = Generator[Stmt, Any, Any]
"""A store operation: it yields kassist.db statements and is sent their answers (rows as tuples;
for :func:`kassist.db.statements.each`, the number of rows changed)."""
