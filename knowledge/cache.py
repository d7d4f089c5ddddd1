"""The embedding cache: vectors stored in the database, keyed by (tenant, embedder name, text hash).

A chunk whose text was embedded before, by the same model, for the same tenant, is never sent to the
model again: re-ingesting a handbook after one paragraph changed embeds one chunk, not all of them.

Privacy trade-off, decided: the key includes the tenant. A cache shared across tenants would embed
common boilerplate once, but it would let one tenant learn whether another indexed a given text
(a cache hit is observable as speed) and would keep vectors derived from a tenant's text after that
tenant deleted its documents. Per-tenant keys cost some duplicate work and leak nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from knowledge.index.dialect import Dialect, Op, Stmt
from knowledge.index.rules import from_f32_blob, to_f32_blob


def text_hash(text: str) -> str:
    """The cache key's content part: sha256 of the exact text given to the model."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def lookup(d: Dialect, tenant: str, embedder: str, hashes: Iterable[str]) -> Op[dict[str, list[float]]]:
    """Cached vectors for those of ``hashes`` that this tenant already embedded with ``embedder``."""
    wanted = sorted(set(hashes))
    if not wanted:
        return {}
    rows = yield Stmt(
        d.cache_lookup, {"tenant": tenant, "embedder": embedder, "hashes": d.encode_list(wanted)}
    )
    return {str(r[0]): from_f32_blob(bytes(r[1])) for r in rows}


def store(
    d: Dialect, tenant: str, embedder: str, vectors: Mapping[str, Sequence[float]], now: datetime
) -> Stmt | None:
    """The statement that remembers freshly computed vectors (None when there are none)."""
    if not vectors:
        return None
    stamp = now.isoformat()
    return Stmt(
        d.cache_store,
        many=[
            {"tenant": tenant, "embedder": embedder, "content_hash": h, "blob": to_f32_blob(v), "now": stamp}
            for h, v in sorted(vectors.items())
        ],
    )
