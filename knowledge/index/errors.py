"""Errors of the knowledge index. Each message says what is wrong and what to do about it."""

from __future__ import annotations

import kassist.db.migrate as kassist_db_migrate
import kassist.errors as shared


class KnowledgeIndexError(Exception):
    """Base class of the index's own errors."""


class CollectionNotFound(KnowledgeIndexError, LookupError):
    """The collection does not exist for this tenant (another tenant's collection is "not found" too)."""


# Three ideas shared with other components are one class each (kassist.errors, kassist.db.migrate);
# the index's flavours subclass them into its own error family under their own names. The
# documented names (knowledge.index.EmbedderMismatch, ...) stay importable: aliases, not classes.


class IndexEmbedderMismatch(KnowledgeIndexError, ValueError, shared.EmbedderMismatch):
    """A collection was indexed with one embedding model and is being written or searched with another."""


class IndexVectorExtensionUnavailable(KnowledgeIndexError, shared.VectorExtensionUnavailable):
    """PostgreSQL has no pgvector extension, or the role may not create it."""


class InvalidQuery(KnowledgeIndexError, ValueError):
    """A search or filter argument is unusable."""


class OrderModelDamaged(KnowledgeIndexError, ValueError):
    """The sentence stage's shipped weights (knowledge/index/order_model.json) are missing or unusable."""


class IndexSchemaTooNew(KnowledgeIndexError, kassist_db_migrate.SchemaTooNew):
    """The database was migrated by a newer kassist than this one."""


EmbedderMismatch = IndexEmbedderMismatch
VectorExtensionUnavailable = IndexVectorExtensionUnavailable
SchemaTooNew = IndexSchemaTooNew
