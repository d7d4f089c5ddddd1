"""The knowledge index: chunks, vectors and full-text per tenant and collection, on SQLite or PostgreSQL.

Layout: pure rules (``rules``, ``ops``, ``batch``, ``search``, ``matrix``) yield named SQL (``sql_sqlite``,
``sql_postgres``) to thin drivers (``sqlite_driver``, ``postgres_driver``); ``sync_index`` and
``async_index`` are the public twins.
"""

from knowledge.index.async_index import AsyncKnowledgeIndex, AsyncTenantKnowledgeIndex
from knowledge.index.errors import (
    CollectionNotFound,
    EmbedderMismatch,
    InvalidQuery,
    KnowledgeIndexError,
    OrderModelDamaged,
    SchemaTooNew,
    VectorExtensionUnavailable,
)
from knowledge.index.models import CollectionStats, SearchFilters, SearchHit, SearchMode, UpsertResult
from knowledge.index.sync_index import KnowledgeIndex, TenantKnowledgeIndex

__all__ = [
    "AsyncKnowledgeIndex",
    "AsyncTenantKnowledgeIndex",
    "CollectionNotFound",
    "CollectionStats",
    "EmbedderMismatch",
    "InvalidQuery",
    "KnowledgeIndex",
    "KnowledgeIndexError",
    "OrderModelDamaged",
    "SchemaTooNew",
    "SearchFilters",
    "SearchHit",
    "SearchMode",
    "TenantKnowledgeIndex",
    "UpsertResult",
    "VectorExtensionUnavailable",
]
