"""Errors of the knowledge index. Each message says what is wrong and what to do about it."""

from __future__ import annotations

import kassist.db.migrate as kassist_db_migrate


class KnowledgeIndexError(Exception):
    """Base class of the index's own errors."""


class CollectionNotFound(KnowledgeIndexError, LookupError):
    """The collection does not exist for this tenant (another tenant's collection is "not found" too)."""


class EmbedderMismatch(KnowledgeIndexError, ValueError):
    """A collection was indexed with one embedding model and is being written or searched with another."""


class VectorExtensionUnavailable(KnowledgeIndexError, RuntimeError):
    """PostgreSQL has no pgvector extension, or the role may not create it."""


class InvalidQuery(KnowledgeIndexError, ValueError):
    """A search or filter argument is unusable."""


class SchemaTooNew(KnowledgeIndexError, kassist_db_migrate.SchemaTooNew):
    """The database was migrated by a newer kassist than this one."""
