"""Long-term memory: the multi-tenant LangGraph store (``MemoryStore``) and, in ``memory.manager``,
typed memories with conflict resolution, history and poisoning defenses."""

from __future__ import annotations

from memory.store import MemoryStore, langgraph_store

__all__ = ["MemoryStore", "langgraph_store"]
