"""The keyword index next to the vectors, and the fusion of the two ranked lists: pure, no I/O.

An item's keyword text is the same text its vectors are made from (the index fields, or the put's
own ``index=[...]``), one entry per item; ``index=False`` items have neither. SQLite keeps it in an
FTS5 table (bm25, Porter stemming), PostgreSQL in a ``tsvector`` column with a GIN index
(``ts_rank``); both are written in the put's transaction and removed with the item (delete, TTL
sweep) by ``ON DELETE CASCADE``.

Fusion combines lists of a fixed depth (:data:`DEPTH`, or the page's end when deeper), by scores or
weighted reciprocal rank, plus cues read from the candidates themselves (field_cue.py, related.py): an
item's fused score depends only on the lists, never on the limit asked for, so the first 5 of a
``limit=20`` search are exactly a ``limit=5`` search.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from kassist.fusion import best_first, reciprocal_ranks, tied_ranks, weighted_sum
from knowledge.index.rules import query_terms, websearch_or
from memory import lexical
from memory.bm25 import (  # re-exported: the store's modules and tests import them from here
    RESCORE_PER_DEPTH as RESCORE_PER_DEPTH,
)
from memory.bm25 import (
    Candidates as Candidates,
)
from memory.bm25 import (
    PrefixStats as PrefixStats,
)
from memory.bm25 import (
    bm25_idf as bm25_idf,
)
from memory.bm25 import (
    bm25_rescore as bm25_rescore,
)
from memory.bm25 import (
    fts5_idf as fts5_idf,
)
from memory.bm25 import (
    idf_order as idf_order,
)
from memory.bm25 import (
    rescore_count as rescore_count,
)
from memory.bm25 import (
    stem_counter as stem_counter,
)
from memory.store.namespaces import SEP
from memory.store.related import related_scores

SearchMode = Literal["hybrid", "vector", "keyword"]
SEARCH_MODES: tuple[SearchMode, ...] = ("hybrid", "vector", "keyword")

DEPTH = 100
"""Each ranked list's depth; results do not depend on the limit for pages ending within it."""


@dataclass(frozen=True)
class SearchFusion:
    """Weights of the fused score (tuned on bench/recall_store.py and real LoCoMo conversations; see
    docs/memory.md). ``scores``: fuse each list's scores (keyword BM25 over the list's best, vector
    cosine min-max over the list) instead of reciprocal ranks."""

    rrf_k: float = 60.0
    keyword: float = 1.0
    vector: float = 1.0
    scores: bool = False
    field: float = 0.0
    """Added times the share of a short unindexed field value the query names (memory/store/field_cue.py)."""
    neighbour: float = 0.0
    """Added times the best fused score of the items keyed next to it (memory/store/related.py)."""
    run: float = 0.0
    """Added times the best fused score of the other items of its key's run (memory/store/related.py)."""
    named: float = 0.0
    """Weight of a third list: the vector list of the items carrying the field value the query names
    (memory/store/field_cue.py, ``named_value``), scaled over its own range like the vector list."""


FUSION = SearchFusion(keyword=1.0, vector=0.5, scores=True, field=0.75, neighbour=0.3, run=0.2, named=0.5)
"""With a semantic model (e.g. MiniLM). Scores, not ranks: a keyword match that names the question's
rare words stands far above the rest in BM25 but only one rank above in RRF. On real conversations
(LoCoMo, seven hand-transcribed) the keyword list alone beat every reciprocal-rank blend, and
vector 3 : keyword 1 RRF fell 0.13 below it at @10; this blend is above both lists at every k there.
On the generated heldout3 (decoy turns carrying the question's words) MiniLM alone is best and
this blend is below it: see docs/benchmarks.md. The related-items part (neighbour 0.3, run 0.2; session 23,
chosen on LoCoMo 1, 3, 5, 7) took the store's recall@10 on 1-7 from 0.674 to 0.739, and 0.680 to 0.729 on
the unseen 8-10. The named value's own list (0.5; session 24, chosen on LoCoMo 1, 3, 5, 7): a question about
one speaker finds that speaker's turns beyond the whole store's best 100 by meaning."""
LEXICAL_FUSION = SearchFusion(keyword=30.0, vector=1.0)
"""With the hashing embedder, whose vectors are a lexical copy of the keyword list without stemming
or stop words: keyword order first, vectors break its ties and fill in after it (equal weights and
8 : 1 fell below keyword alone at @5)."""


def fusion_for(embedder_name: str) -> SearchFusion:
    return LEXICAL_FUSION if embedder_name.startswith("hashing-") else FUSION


ItemRow = tuple[Any, ...]
"""An item row (statements.ITEM_COLUMNS) followed by the list's own score."""


def keyword_text(texts: Sequence[tuple[str, str]]) -> str | None:
    """One entry per item: the texts its vectors are made from, one per line (None: nothing to index)."""
    joined = "\n".join(text for _, text in texts)
    return joined if joined.strip() else None


KEYWORD_CAP = 2000
"""PostgreSQL reads the texts of at most this many entries matching a query word (any of them: a
common word can match every item) and ranks them by BM25 in Python. SQLite reads up to 1,000
postings of each word within the prefix (ids only; search_sqlite.POSTINGS_CAP) and rescores the best
:func:`rescore_count` by BM25: the old cap of the 100 oldest postings left every later turn out for a
common word (session 19's LoCoMo run)."""


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


def bm25_matches(query: str, contents: dict[Any, str], stats: PrefixStats) -> list[tuple[Any, float]]:
    """:func:`bm25_rescore` for a backend that returns every matching entry's text but not which
    query words it matched (PostgreSQL's tsvector match): the words are found in the texts' stems."""
    words = query_terms(query)
    stems = [lexical.stem(w.lower().removesuffix("'s")) for w in words]
    count = stem_counter(stems)
    ids = list(contents)
    postings: list[tuple[int, int]] = []
    for number, entry in enumerate(ids):
        found = count(contents[entry])
        mine = [(number, w) for w, s in enumerate(stems) if s in found]
        # Matched by the backend's own stemming or stop words only: one word of its own, frequency 1.
        postings += mine or [(number, len(stems))]
    ranked = bm25_rescore(postings, words, dict(enumerate(contents.values())), stats, len(ids))
    return [(ids[number], score) for number, score in ranked]


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


def fuse(
    vector: Sequence[ItemRow],
    keyword: Sequence[ItemRow],
    fusion: SearchFusion = FUSION,
    cue: Callable[[ItemRow], float] | None = None,
    named: Sequence[ItemRow] = (),
) -> list[ItemRow]:
    """The lists' items by weighted reciprocal rank (or normalised score, ``fusion.scores``), best
    first, ties by (path, key); the row's last column becomes the fused score. Reciprocal ranks are
    tie-aware: near-equal scores (:data:`TIE`) share the first one's rank. The arithmetic is the one
    rank-fusion core's (kassist/fusion.py): ``weight * share`` per list, vector list first, then
    keyword, then ``named`` (a vector list of the items carrying the value the query names; weight
    ``fusion.named``, scaled as the vector list)."""
    rows: dict[tuple[str, str], ItemRow] = {}
    lists: list[tuple[float, list[tuple[str, str]], list[float]]] = []
    for weight, ranked, part in (
        (fusion.vector, vector, _vector_part if fusion.scores else None),
        (fusion.keyword, keyword, _keyword_part if fusion.scores else None),
        (fusion.named if named else 0.0, named, _vector_part if fusion.scores else None),
    ):
        if not weight:
            continue
        if part is not None:
            shares = part(ranked)
        else:
            shares = reciprocal_ranks(tied_ranks([row[-1] for row in ranked], TIE), fusion.rrf_k)
        items = [(row[0], row[1]) for row in ranked]
        for item, row in zip(items, ranked, strict=True):
            rows.setdefault(item, row)
        lists.append((weight, items, shares))
    scores = weighted_sum(lists)
    if cue is not None and fusion.field:
        for item in scores:
            scores[item] += fusion.field * cue(rows[item])
    if fusion.neighbour or fusion.run:
        # Read from the scores above, all at once: a related item's own gain does not spread further.
        for item, added in related_scores(scores, fusion.neighbour, fusion.run).items():
            scores[item] += added
    return [(*rows[item][:-1], scores[item]) for item in best_first(scores, digits=12)]


def _keyword_part(ranked: Sequence[ItemRow]) -> list[float]:
    """BM25 over the list's best, rounded to :data:`TIE` (a near-equal score must not reorder)."""
    top = max((float(row[-1]) for row in ranked), default=0.0)
    return [round(float(row[-1]) / top, 6) if top > 0 else 0.0 for row in ranked]


def _vector_part(ranked: Sequence[ItemRow]) -> list[float]:
    """Cosine min-max over the list (its last, at the fixed depth, is 0: a list's tail adds nothing
    and a flat list's noise is not stretched past its own spread), rounded to :data:`TIE`."""
    values = [float(row[-1]) for row in ranked]
    if not values:
        return []
    lo, hi = min(values), max(values)
    span = hi - lo
    return [round((v - lo) / span, 6) if span > TIE else 1.0 for v in values]
