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


@dataclass(frozen=True)
class Statements:
    create_version_table: str
    migrations: tuple[str, ...]
    """Scripts in order; migration N (1-based) runs once, recorded in kassist_store_schema_version."""
    schema_version: str
    """-> (max version,) or (NULL,)"""
    record_version: str
    """(version, applied_at)"""
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
    """(tenant, lo, hi, hi, now) -> (ns_path,) distinct"""
    search: str
    """template; (tenant, lo, hi, hi, now, *filters, limit, offset) -> item rows, newest first"""
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
