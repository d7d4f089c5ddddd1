"""SQLite's keyword ranking with the searching tenant's own statistics (h4 s29 F5).

One FTS5 table holds every tenant's chunks, and its ``bm25()`` takes the number of rows, each
word's document frequency and the mean length from the whole table: another tenant indexing a word
many times moved this tenant's scores (a side channel on other tenants' word counts, and a way to
push a word down in everyone's ranking). Here FTS5 only FINDS the tenant's matching chunks, one
query per phrase (the tenant filter applied in SQL); the score is BM25 over the tenant's own count,
document frequencies and mean length (memory/bm25.py, shared with the memory store), with
FTS5's own idf and constants (k1 1.2, b 0.75), so with one tenant the order stays FTS5's up to the
tokenizer (Snowball stems counted in the text, lengths in characters). A heading counts twice, as
``bm25(2.0, 1.0)`` weighed it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from knowledge.index.dialect import Dialect, Op, Stmt
from knowledge.index.matrix import Generations, MatrixCache
from knowledge.retrieval import Ranking
from memory import bm25  # a module: memory.bm25 imports knowledge.index (through lexical)


def chunk_text(heading: object, text: object) -> str:
    """What a chunk's BM25 counts: the heading twice (its weight) and the text."""
    head = f"{heading}\n" if heading else ""
    return f"{head}{head}{text}"


def tenant_stats(
    d: Dialect, tenant: str, generations: Generations, cache: MatrixCache | None
) -> Op[bm25.PrefixStats]:
    """The tenant's chunk count and mean :func:`chunk_text` length, cached until its next write
    (the collections' generation counters): counting them reads every chunk of the tenant."""
    cached = cache.keyword_stats.get(tenant, generations) if cache is not None else None
    if cached is not None:
        return cached
    assert d.keyword_stats is not None
    rows = yield Stmt(d.keyword_stats, {"tenant": tenant})
    stats = bm25.PrefixStats(int(rows[0][0]), float(rows[0][1] or 0.0))
    if cache is not None:
        cache.keyword_stats.put(tenant, generations, stats)
    return stats


def tenant_keyword(
    d: Dialect,
    params: dict[str, Any],
    phrases: Sequence[str],
    words: Sequence[str],
    limit: int,
    rescore: int,
    generations: Generations,
    cache: MatrixCache | None,
) -> Op[Ranking]:
    """The best ``limit`` chunks passing ``params``' filters that match any of ``phrases`` (FTS5
    phrase queries; ``words``: their words, for term frequencies), by the tenant's BM25. The best
    ``rescore`` by idf alone are scored with frequency and length (memory/bm25.py)."""
    assert d.keyword_postings is not None and d.keyword_texts is not None
    postings: list[tuple[int, int]] = []
    for number, phrase in enumerate(phrases):
        rows = yield Stmt(d.keyword_postings, {**params, "match": phrase})
        postings += [(int(r[0]), number) for r in rows]
    if not postings:
        return []
    stats = yield from tenant_stats(d, params["tenant"], generations, cache)
    candidates = bm25.idf_order(postings, stats, bm25.fts5_idf)
    pool = candidates.order[:rescore]
    rows = yield Stmt(d.keyword_texts, {"tenant": params["tenant"], "ids": d.encode_list(pool)})
    texts = {int(r[0]): chunk_text(r[1], r[2]) for r in rows}
    ranked = bm25.bm25_rescore(postings, words, texts, stats, len(pool), candidates)
    # Ties by id, as FTS5's ORDER BY rank, c.id did.
    best: Ranking = sorted(ranked, key=lambda h: (-h[1], h[0]))[:limit]
    return best
