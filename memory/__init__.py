"""Long-term memory: the multi-tenant LangGraph store (``MemoryStore``) and, in ``memory.manager``,
typed memories with conflict resolution, history and poisoning defenses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memory.store import MemoryStore, langgraph_store

__all__ = ["MemoryStore", "langgraph_store"]


def __getattr__(name: str) -> Any:
    # Lazy (PEP 562): importing memory.manager (the `kassist memory` commands) must not pay for the
    # store's LangGraph BaseStore and langchain-core imports, about 0.6 s of a command's start-up.
    if name in __all__:
        import memory.store

        return getattr(memory.store, name)
    raise AttributeError(f"module 'memory' has no attribute {name!r}")
