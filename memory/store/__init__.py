"""Multi-tenant LangGraph store on SQLite and PostgreSQL (see docs/memory-store.md)."""

from __future__ import annotations

from memory.store.database import VectorExtensionUnavailable
from memory.store.factory import TENANT_ENV_VAR, langgraph_store
from memory.store.filters import InvalidFilter
from memory.store.indexing import EmbedderMismatch
from memory.store.migrations import StoreNotSetUp
from memory.store.store import MemoryStore

__all__ = [
    "TENANT_ENV_VAR",
    "EmbedderMismatch",
    "InvalidFilter",
    "MemoryStore",
    "StoreNotSetUp",
    "VectorExtensionUnavailable",
    "langgraph_store",
]
