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
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from knowledge.index.rules import query_terms, websearch_or
from memory.store.namespaces import SEP

SearchMode = Literal["hybrid", "vector", "keyword"]
SEARCH_MODES: tuple[SearchMode, ...] = ("hybrid", "vector", "keyword")

DEPTH = 30
"""Each ranked list's depth; results do not depend on the limit for pages ending within it."""


@dataclass(frozen=True)
class Fusion:
    """Weights of the fused score (tuned on bench/recall_store.py; see docs/memory-store.md)."""

    rrf_k: float = 60.0
    keyword: float = 1.0
    vector: float = 1.0


FUSION = Fusion(keyword=1.0, vector=3.0)
"""With a semantic model (e.g. MiniLM): its vectors see paraphrases the keyword index cannot, and
the keyword list breaks ties and adds exact-word hits (bench/recall_store.py: >= vector alone at
every k, where equal weights fall below it at @5 and @10)."""
LEXICAL_FUSION = Fusion(keyword=30.0, vector=1.0)
"""With the hashing embedder, whose vectors are a lexical copy of the keyword list without stemming
or stop words: keyword order first, vectors break its ties and fill in after it (equal weights and
8 : 1 fell below keyword alone at @5)."""


def fusion_for(embedder_name: str) -> Fusion:
    return LEXICAL_FUSION if embedder_name.startswith("hashing-") else FUSION


ItemRow = tuple[Any, ...]
"""An item row (statements.ITEM_COLUMNS) followed by the list's own score."""


def keyword_text(texts: Sequence[tuple[str, str]]) -> str | None:
    """One entry per item: the texts its vectors are made from, one per line (None: nothing to index)."""
    joined = "\n".join(text for _, text in texts)
    return joined if joined.strip() else None


KEYWORD_CAP = 100
"""At most this many entries per query word are read (a common word can match every item). SQLite
reads the first in its index (the oldest: FTS5 walks postings forwards at half the cost of
backwards); PostgreSQL ranks at most this many matches of the whole query, the first its index
scan yields. The vector list still ranks every item. When filters pass too few of the best,
every match is read."""

IDF_SCALE = 10_000.0
"""SQLite's keyword score of an entry is the sum over the query words it contains of
``ln(1 + IDF_SCALE / n)``, n = how many entries of the searched prefix contain the word (capped):
a BM25 without term frequency and length, computed from postings alone. FTS5's own bm25 first walks
every phrase's postings across all tenants to weigh it, ~5 ms for common words at 30,000 entries
whatever the LIMIT; this costs what the capped postings cost."""


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


def fts5_word_queries(tenant: str, prefix_path: str, query: str) -> list[str]:
    """One MATCH expression per word of ``query`` (stop words dropped unless nothing else is left),
    each within a tenant's prefix. Every word is a quoted string: nothing a user types is FTS5 syntax."""
    scope = scope_token(tenant, prefix_path)
    return [
        f'scope : "{scope}" AND content : "{word.replace(chr(34), chr(34) * 2)}"'
        for word in query_terms(query)
    ]


def rank_postings(postings: Sequence[tuple[int, int]], cap: int | None = None) -> list[tuple[int, float]]:
    """(entry id, word number) pairs -> (entry id, score) best first, ties newest (highest id) first;
    with ``cap``, only each word's ``cap`` first (oldest) entries count, as SQL read them."""
    by_word: dict[int, list[int]] = {}
    for entry, word in postings:
        by_word.setdefault(word, []).append(entry)
    scores: dict[int, float] = {}
    for entries in by_word.values():
        weight = math.log1p(IDF_SCALE / len(entries))
        for entry in sorted(entries)[:cap]:
            scores[entry] = scores.get(entry, 0.0) + weight
    return sorted(scores.items(), key=lambda item: (-item[1], -item[0]))


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


TIE = 1e-6
"""Scores closer than this share a rank: a cached and a freshly loaded float32 matrix can differ in
the last bits, and a swapped tie must not change a fused score."""


def _ranks(ranked: Sequence[ItemRow]) -> list[int]:
    """1-based ranks of a list sorted best first; near-equal scores (TIE) share the first one's."""
    ranks: list[int] = []
    for i, row in enumerate(ranked):
        tied = i > 0 and abs(float(ranked[i - 1][-1]) - float(row[-1])) < TIE
        ranks.append(ranks[-1] if tied else i + 1)
    return ranks


def fuse(vector: Sequence[ItemRow], keyword: Sequence[ItemRow], fusion: Fusion = FUSION) -> list[ItemRow]:
    """Both lists' items by weighted reciprocal rank, best first, ties by (path, key); the row's
    last column becomes the fused score."""
    scores: dict[tuple[str, str], float] = {}
    rows: dict[tuple[str, str], ItemRow] = {}
    for weight, ranked in ((fusion.vector, vector), (fusion.keyword, keyword)):
        if not weight:
            continue
        for rank, row in zip(_ranks(ranked), ranked, strict=True):
            item = (row[0], row[1])
            scores[item] = scores.get(item, 0.0) + weight / (fusion.rrf_k + rank)
            rows.setdefault(item, row)
    order = sorted(scores, key=lambda item: (-round(scores[item], 12), item))
    return [(*rows[item][:-1], scores[item]) for item in order]
