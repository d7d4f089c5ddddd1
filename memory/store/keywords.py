"""The keyword index next to the vectors, and the fusion of the two ranked lists: pure, no I/O.

An item's keyword text is the same text its vectors are made from (the index fields, or the put's
own ``index=[...]``), one entry per item; ``index=False`` items have neither. SQLite keeps it in an
FTS5 table (bm25, Porter stemming), PostgreSQL in a ``tsvector`` column with a GIN index
(``ts_rank``); both are written in the put's transaction and removed with the item (delete, TTL
sweep) by ``ON DELETE CASCADE``.

Fusion is weighted reciprocal rank over lists of a fixed depth (:data:`DEPTH`, or the page's end
when deeper): an item's fused score depends only on its rank in each list, never on the limit
asked for, so the first 5 of a ``limit=20`` search are exactly a ``limit=5`` search.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from knowledge.index.rules import fts5_match, websearch_or
from memory.store.namespaces import SEP

SearchMode = Literal["hybrid", "vector", "keyword"]
SEARCH_MODES: tuple[SearchMode, ...] = ("hybrid", "vector", "keyword")

DEPTH = 50
"""Each ranked list's depth; results do not depend on the limit for pages ending within it."""


@dataclass(frozen=True)
class Fusion:
    """Weights of the fused score (tuned on bench/recall_store.py; see docs/memory-store.md)."""

    rrf_k: float = 60.0
    keyword: float = 1.0
    vector: float = 1.0


FUSION = Fusion()

ItemRow = tuple[Any, ...]
"""An item row (statements.ITEM_COLUMNS) followed by the list's own score."""


def keyword_text(texts: Sequence[tuple[str, str]]) -> str | None:
    """One entry per item: the texts its vectors are made from, one per line (None: nothing to index)."""
    joined = "\n".join(text for _, text in texts)
    return joined if joined.strip() else None


KEYWORD_CAP = 1000
"""At most this many entries matching a query within the searched prefix are ranked (a common word
can match every item, and bm25 / ts_rank cost microseconds per match): on SQLite the newest, on
PostgreSQL the first the index scan yields. The vector list still ranks every item. If filters pass
too few of them, every match is ranked."""


def scope_token(tenant: str, prefix_path: str) -> str:
    """The FTS5 token of a namespace prefix of a tenant (``""``: the whole tenant). A hash, so no
    tenant id or label is ever FTS5 syntax; the trailing digit keeps the Porter stemmer from cutting
    it (it only strips letter suffixes such as "e" or "ed"). SQL checks tenant and prefix again on
    the rows, so even a collision could not leak another tenant's item."""
    digest = hashlib.blake2b(f"{len(tenant)}:{tenant}{prefix_path}".encode(), digest_size=16).hexdigest()
    return f"s{digest}0"


def scope_tokens(tenant: str, path: str) -> str:
    """An entry's scope: one token for the tenant and one for each namespace prefix of its path, so
    a search under any prefix reads only that prefix's postings."""
    cuts = [0, *(i + 1 for i, ch in enumerate(path) if ch == SEP)]
    return " ".join(scope_token(tenant, path[:cut]) for cut in cuts)


def fts5_query(tenant: str, prefix_path: str, query: str) -> str | None:
    """A MATCH expression for ``query``'s words (OR) within a tenant's prefix, or None (no words)."""
    terms = fts5_match(query)
    if terms is None:
        return None
    return f'scope : "{scope_token(tenant, prefix_path)}" AND content : ({terms})'


def tsquery_text(query: str) -> str | None:
    """Input for ``websearch_to_tsquery`` ORing the query's words, or None (no words)."""
    return websearch_or(query)


def index_paths(field_names: Sequence[str]) -> list[str]:
    """The field paths an item was indexed with, from its vectors' field names (``tags.1`` is the
    second text of ``tags[*]``'s path as the put named it): used to fill the keyword index of items
    written before it existed."""
    paths: list[str] = []
    for name in field_names:
        head, _, tail = name.rpartition(".")
        path = head if head and tail.isdigit() else name
        if path not in paths:
            paths.append(path)
    return paths


def fuse(vector: Sequence[ItemRow], keyword: Sequence[ItemRow], fusion: Fusion = FUSION) -> list[ItemRow]:
    """Both lists' items by weighted reciprocal rank, best first, ties by (path, key); the row's
    last column becomes the fused score."""
    scores: dict[tuple[str, str], float] = {}
    rows: dict[tuple[str, str], ItemRow] = {}
    for weight, ranked in ((fusion.vector, vector), (fusion.keyword, keyword)):
        if not weight:
            continue
        for rank, row in enumerate(ranked, start=1):
            item = (row[0], row[1])
            scores[item] = scores.get(item, 0.0) + weight / (fusion.rrf_k + rank)
            rows.setdefault(item, row)
    order = sorted(scores, key=lambda item: (-scores[item], item))
    return [(*rows[item][:-1], scores[item]) for item in order]
