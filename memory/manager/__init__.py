"""Typed long-term memories: conflict policy, poisoning defenses, history, erasure."""

from memory.manager.manager import MemoryManager
from memory.manager.models import (
    TENANT_DEFAULTS,
    Action,
    AuditEntry,
    Decision,
    MemoryInput,
    MemoryRecord,
    MemoryType,
    Source,
    Status,
)
from memory.manager.policy import PolicyConfig

__all__ = [
    "TENANT_DEFAULTS",
    "Action",
    "AuditEntry",
    "Decision",
    "MemoryInput",
    "MemoryManager",
    "MemoryRecord",
    "MemoryType",
    "PolicyConfig",
    "Source",
    "Status",
]
