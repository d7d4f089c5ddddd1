"""The chunk settings a collection keeps, as it keeps its embedder and its source (the lead's decision
on h12 s34 #10).

Since a document is held only when its file changes (knowledge/index/holds.py), the same files
chunked otherwise replace a collection's chunks at once: a member's run of the folder an admin's
collection mirrors, at 16 tokens and no overlap, turned every answer from it fragmentary and its
vectors ~16 times as many. A collection records the chunk_tokens/overlap_tokens it is built with
(``kassist_kb_collections``, index migration 6; NULL until a run records them: a collection made
before, or by the library's own writers); a member's run with others is refused at the door (the
runs API's 409, langgraph dev's 422) and again when it starts (graph/ingestion/nodes.discover); an
admin's run and the command line's operator may re-chunk it (their run records the new settings at
its first batch).
"""

from __future__ import annotations

from typing import Any

from knowledge.index.dialect import Dialect, Op, Stmt
from knowledge.index.errors import KnowledgeIndexError

MIGRATION = (
    "ALTER TABLE kassist_kb_collections ADD COLUMN chunk_tokens INTEGER",
    "ALTER TABLE kassist_kb_collections ADD COLUMN overlap_tokens INTEGER",
)
"""Migration 6 of both backends: NULL (not recorded) for the collections already made."""

SELECT = """SELECT chunk_tokens, overlap_tokens FROM kassist_kb_collections
        WHERE tenant_id = :tenant AND collection = :collection"""
RECORD = """UPDATE kassist_kb_collections SET chunk_tokens = :chunk, overlap_tokens = :overlap
        WHERE tenant_id = :tenant AND collection = :collection AND chunk_tokens IS NULL"""
REPLACE = """UPDATE kassist_kb_collections SET chunk_tokens = :chunk, overlap_tokens = :overlap
        WHERE tenant_id = :tenant AND collection = :collection"""


class ChunkingDiffers(KnowledgeIndexError, ValueError):
    """A member's run asks for other chunk settings than its collection keeps."""

    def __init__(self, collection: str, kept: tuple[int, int]) -> None:
        self.collection = collection
        self.kept = kept
        super().__init__(
            f"collection {collection!r} is chunked at {kept[0]}/{kept[1]} tokens (chunk_tokens/overlap_tokens); "
            "use those settings or another collection (an admin may re-chunk it)"
        )


def kept(d: Dialect, tenant: str, collection: str) -> Op[tuple[int, int] | None]:
    """The chunk settings ``collection`` keeps, or None (none recorded, or no such collection)."""
    rows: Any = yield Stmt(d.collection_chunking, {"tenant": tenant, "collection": collection})
    if not rows or rows[0][0] is None or rows[0][1] is None:
        return None
    return int(rows[0][0]), int(rows[0][1])


def check(d: Dialect, tenant: str, collection: str, chunk: int, overlap: int) -> Op[None]:
    """Raise :class:`ChunkingDiffers` when ``collection`` keeps other chunk settings."""
    recorded = yield from kept(d, tenant, collection)
    if recorded is not None and recorded != (chunk, overlap):
        raise ChunkingDiffers(collection, recorded)


def record(d: Dialect, tenant: str, collection: str, chunk: int, overlap: int, *, replace: bool) -> Op[None]:
    """Record ``collection``'s chunk settings where it has none (``replace``: whatever it has: an
    admin's or the operator's re-chunking). A collection not made yet records nothing: its run
    records them after its first write."""
    params = {"tenant": tenant, "collection": collection, "chunk": chunk, "overlap": overlap}
    yield Stmt(d.replace_chunking if replace else d.record_chunking, params, fetch=False)
