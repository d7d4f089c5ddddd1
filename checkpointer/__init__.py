"""Tenant-aware, versioned LangGraph checkpointer on SQLite (default) or PostgreSQL.

    from checkpointer import TenantCheckpointer
    with TenantCheckpointer.from_url("sqlite:///.kassist/kassist.db") as saver:
        saver.setup()
        graph = builder.compile(checkpointer=saver)
        graph.invoke(inputs, {"configurable": {"thread_id": "t1", "tenant_id": "acme"}})

See docs/checkpointer.md.
"""

from __future__ import annotations

from checkpointer.errors import (
    CheckpointConflict,
    CorruptCheckpoint,
    InputMerged,
    InvalidFilter,
    InvalidId,
    InvalidMetadata,
)
from checkpointer.retention import RetentionReport, ThreadRetention
from checkpointer.saver import TenantCheckpointer
from checkpointer.tenant import BRANCH_FROM_KEY, TENANT_KEY, VERSION_KEY
from kassist.dburl import database_url_from_env
from kassist.tenancy import TenantMismatch, TenantRequired

__all__ = [
    "BRANCH_FROM_KEY",
    "TENANT_KEY",
    "VERSION_KEY",
    "CheckpointConflict",
    "CorruptCheckpoint",
    "InputMerged",
    "InvalidFilter",
    "InvalidId",
    "InvalidMetadata",
    "RetentionReport",
    "TenantCheckpointer",
    "TenantMismatch",
    "TenantRequired",
    "ThreadRetention",
    "from_env",
    "langgraph_checkpointer",
]


def from_env() -> TenantCheckpointer:
    """A saver on ``KASSIST_DATABASE_URL`` (default: SQLite under ./.kassist/), migrations applied."""
    saver = TenantCheckpointer.from_url(database_url_from_env())
    saver.setup()
    return saver


def langgraph_checkpointer() -> TenantCheckpointer:
    """Zero-argument factory for langgraph.json: ``"checkpointer": {"path": "checkpointer.langgraph_checkpointer"}``."""
    return from_env()
