"""Hybrid recall's keyword list on SQLite, ranked with the user's own statistics (h4 s29 F5).

One FTS5 table holds every tenant's memories, and its ``bm25()`` takes the entry count, each
word's document frequency and the mean length from the whole table: another tenant's memories
moved a user's scores and order. Here FTS5 only FINDS the entries of the user's scope (the user's
and the tenant defaults' scope tokens) that match a word; BM25 is computed over that scope's own
entries (memory/bm25.py, shared with the memory store and the knowledge index) with
FTS5's idf and constants, so with one user in the table the order stays FTS5's up to the
tokenizer (Snowball stems counted in the text, lengths in characters). PostgreSQL ranks each row
by itself (ts_rank) and keeps its one statement.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from knowledge.index.rules import fts5_phrases
from memory.bm25 import PrefixStats, bm25_rescore, fts5_idf, idf_order, rescore_count
from memory.manager import statements as s
from memory.manager.ops import Op


def scoped_keyword(
    q: s.ManagerSql, params: Mapping[str, Any], by_type: bool, by_key: bool, query: str, limit: int
) -> Op[list[tuple[str, float]]]:
    """The ``limit`` best (memory id, BM25) of the scope for ``query``, best first (ties newest
    first, as bm25_rescore orders them); ``params``: the keyword statement's (scope tokens, filters)."""
    parts = q.keyword_scoped
    assert parts is not None
    phrases = fts5_phrases(query)
    words = [p[1:-1].replace('""', '"') for p in phrases]
    postings: list[tuple[int, int]] = []
    for number, phrase in enumerate(phrases):
        rows = yield q.stmt(parts.postings, {**params, "phrase": phrase})
        postings += [(int(row[0]), number) for row in rows]
    if not postings:
        return []
    counted = yield q.stmt(parts.stats, params)
    stats = PrefixStats(int(counted[0][0]), float(counted[0][1] or 0.0))
    candidates = idf_order(postings, stats, fts5_idf)
    pool = candidates.order[: rescore_count(limit)]
    rows = yield q.stmt(
        parts.texts.pick(by_type=by_type, by_key=by_key), {**params, "entries": json.dumps(pool)}
    )
    ids = {int(row[0]): str(row[2]) for row in rows}
    texts = {int(row[0]): str(row[1]) for row in rows}
    ranked = bm25_rescore(postings, words, texts, stats, len(pool), candidates)
    # bm25_rescore's order as it is (ties newest entry first): memory ids are uuid4s, new at every
    # write, so ordering ties by id ranked tied memories differently in two databases of the same
    # writes (session 34: 20 of 105 keyword top-20 lists of one LoCoMo conversation moved between runs).
    return [(ids[e], score) for e, score in ranked if e in ids][:limit]
