"""BM25 over entries a full-text index found: pure, no I/O, shared by the memory store, the memory
manager and the knowledge index (each ranks with the searching tenant's own statistics).

Its own module, importing nothing of the store or the index: memory/store/keywords.py imports
knowledge.index, whose SQLite keyword stage ranks with this (an import of the store's keywords
from there was circular, and pulled LangGraph into every `kassist memory` command)."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from memory import lexical

RESCORE_PER_DEPTH = 2
"""The keyword list reads back the best ``RESCORE_PER_DEPTH x depth`` entries by :func:`idf_order`
(idf alone) and scores them with BM25's term frequency and length (:func:`bm25_rescore`)."""


def rescore_count(depth: int) -> int:
    """How many entries a keyword list of ``depth`` rescores by BM25 (200 at the fixed depth of 100;
    a floor of 120 from the depth-30 days was dead since the depth became 100, session 22)."""
    return RESCORE_PER_DEPTH * depth


@dataclass(frozen=True)
class PrefixStats:
    """What BM25 needs of the searched prefix: how many entries it has and their mean length."""

    entries: int
    mean_chars: float


def bm25_idf(entries: int, matching: int) -> float:
    """Lucene's idf (as memory/lexical.py): never negative, however common the word."""
    n = max(entries, matching)
    return math.log1p((n - matching + 0.5) / (matching + 0.5))


def fts5_idf(entries: int, matching: int) -> float:
    """SQLite FTS5's own idf (fts5_aux.c): a word in more than half of the entries weighs 1e-6. The
    knowledge index and the memory manager rank with it, so their per-tenant BM25 orders as the
    FTS5 ``bm25()`` they replaced did with one tenant in the table."""
    n = max(entries, matching)
    return max(math.log((n - matching + 0.5) / (matching + 0.5)), 1e-6)


def stem_counter(stems: Sequence[str]) -> Callable[[str], Counter[str]]:
    """A text -> how often each of ``stems`` occurs in it (Snowball stems, memory/lexical.py). Only
    words that begin as a stem can stem to it: one regular-expression scan finds them and only they
    are stemmed (stemming every word of every text cost ~15 ms a query)."""
    heads = sorted({st[:4] for st in stems if st}, key=len, reverse=True)
    if not heads:
        return lambda text: Counter()
    near = re.compile(r"(?<![^\W_])(?:" + "|".join(map(re.escape, heads)) + r")[^\W_]*")
    wanted = set(stems)

    def count(text: str) -> Counter[str]:
        return Counter(st for st in map(lexical.stem, near.findall(text.lower())) if st in wanted)

    return count


@dataclass(frozen=True)
class Candidates:
    """The entries matching any query word, best first by their idf sum (ties newest first)."""

    order: list[int]
    matched: dict[int, list[int]]  # entry -> the numbers of the query words it contains
    idf: dict[int, float]  # word number -> idf
    coarse: dict[int, float]  # entry -> idf sum


def idf_order(
    postings: Sequence[tuple[int, int]],
    stats: PrefixStats,
    idf_of: Callable[[int, int], float] = bm25_idf,
) -> Candidates:
    """(entry id, word number) pairs -> :class:`Candidates`; the entries :func:`bm25_rescore` reads
    back are the first of ``order``. ``idf_of``: (entries, matching) -> a word's idf."""
    by_word: dict[int, set[int]] = {}
    for entry, word in postings:
        by_word.setdefault(word, set()).add(entry)
    idf = {word: idf_of(stats.entries, len(entries)) for word, entries in by_word.items()}
    matched: dict[int, list[int]] = {}
    coarse: dict[int, float] = {}
    for word, entries in by_word.items():
        weight = idf[word]
        for entry in entries:
            matched.setdefault(entry, []).append(word)
            coarse[entry] = coarse.get(entry, 0.0) + weight
    order = sorted(coarse, key=lambda entry: (-coarse[entry], -entry))
    return Candidates(order, matched, idf, coarse)


def bm25_rescore(
    postings: Sequence[tuple[int, int]],
    words: Sequence[str],
    contents: dict[int, str],
    stats: PrefixStats,
    rescore: int | None = None,
    candidates: Candidates | None = None,
) -> list[tuple[int, float]]:
    """(entry id, word number) pairs of every entry matching a query word -> (entry id, BM25) best
    first, ties newest first. The best ``rescore`` entries (None: all) by idf alone (:func:`idf_order`, or
    ``candidates`` already computed from the same postings) whose text is in ``contents`` are scored
    with each word's frequency in the text and the text's length (characters, over the prefix's
    mean): a long turn naming a word once no longer ties a short one about it. The others keep their
    idf sum (a word's BM25 at frequency 1 and mean length), below the rescored ones. Frequencies
    count Snowball stems of the text's words (memory/lexical.py); a word FTS5 matched but the count
    misses (another stemmer's cut) counts once."""
    found = candidates if candidates is not None else idf_order(postings, stats)
    order, matched, idf, coarse = found.order, found.matched, found.idf, found.coarse
    stems = [lexical.stem(w.lower().removesuffix("'s")) for w in words]
    count = stem_counter(stems)
    mean = stats.mean_chars if stats.mean_chars > 0 else 1.0
    scored: dict[int, float] = {}
    for entry in order if rescore is None else order[:rescore]:
        text = contents.get(entry)
        if text is None:
            continue
        counts = count(text)
        norm = lexical.BM25_K1 * (1 - lexical.BM25_B + lexical.BM25_B * len(text) / mean)
        score = 0.0
        for w in matched[entry]:
            f = max(counts.get(stems[w], 0), 1) if w < len(stems) else 1
            score += idf[w] * f * (lexical.BM25_K1 + 1) / (f + norm)
        scored[entry] = score
    floor = min(scored.values(), default=math.inf)
    for entry in order:
        if entry not in scored:
            scored[entry] = min(coarse[entry], floor * (1 - 1e-9))
    return sorted(scored.items(), key=lambda item: (-item[1], -item[0]))
