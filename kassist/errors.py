"""Errors that mean the same thing in several components, defined once (issue 30: a class name
defined twice meant two things to a reader and to ``except``).

A component re-exports the one it raises (``memory.store.EmbedderMismatch`` is this class); a
component with its own error family subclasses it under its own name
(``knowledge.index.errors.IndexEmbedderMismatch`` is also a ``KnowledgeIndexError``), so
``except kassist.errors.EmbedderMismatch`` catches the idea wherever it is raised. Messages are the
raising component's. ``SchemaTooNew`` is kassist.db.migrate's, the one migration runner's.
"""

from __future__ import annotations


class InvalidFilter(ValueError):
    """A filter argument that cannot be evaluated (the same way on every backend): a checkpoint
    ``list(filter=...)`` or a memory-store search filter; the message says what and how to fix it."""


class EmbedderMismatch(RuntimeError):
    """Stored vectors were made by a different embedding model (or dimension) than the one in use:
    mixing them would rank by noise, so the write or search is refused."""


class VectorExtensionUnavailable(RuntimeError):
    """PostgreSQL has no pgvector extension, or the role may not create it."""
