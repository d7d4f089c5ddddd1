"""Stemmed terms and BM25 over a small in-memory collection (one user's memories): pure, no I/O.

Why in Python and not in SQL: the memory manager already holds a user's rows in memory for the
vector pass (memory/manager/hybrid.py), so scoring their words there costs a sparse product, and
it is the same scoring on both backends by construction: SQLite's FTS5 bm25 and PostgreSQL's
ts_rank (no idf at all) ranked the same data differently. Stems are Snowball English (Porter2),
so "relocate" / "relocated" and "studies" / "studying" meet.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt
import snowballstemmer  # type: ignore[import-untyped]

from knowledge.index.rules import STOPWORDS

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
_STEMMER = snowballstemmer.stemmer("english")
BM25_K1 = 1.2
BM25_B = 0.75


@lru_cache(maxsize=65_536)
def stem(word: str) -> str:
    return str(_STEMMER.stemWord(word))


def terms(text: str) -> list[str]:
    """Lower-cased, stemmed words of ``text`` without stop words (a possessive ``'s`` dropped)."""
    out = []
    for word in _WORD.findall(text.lower()):
        word = word.removesuffix("'s")
        if word not in STOPWORDS:
            out.append(stem(word))
    return out


@dataclass(frozen=True)
class Bm25:
    """BM25 (Lucene's idf, k1 1.2, b 0.75) of a fixed list of texts; ``scores`` ranks them for a query.

    Postings by term in flat arrays (term t's are ``rows[starts[t]:starts[t + 1]]``): a query reads
    only its own terms' postings."""

    vocabulary: dict[str, int]
    starts: npt.NDArray[np.int64]
    rows: npt.NDArray[np.int64]
    weights: npt.NDArray[np.float64]  # the saturated, length-normalised term frequency times idf
    size: int

    @classmethod
    def build(cls, texts: Sequence[str]) -> Bm25:
        vocabulary: dict[str, int] = {}
        rows: list[int] = []
        cols: list[int] = []
        counts: list[float] = []
        lengths = np.zeros(len(texts), dtype=np.float64)
        for i, text in enumerate(texts):
            words = terms(text)
            lengths[i] = len(words)
            tf: dict[int, int] = {}
            for word in words:
                term = vocabulary.setdefault(word, len(vocabulary))
                tf[term] = tf.get(term, 0) + 1
            rows += [i] * len(tf)
            cols += list(tf)
            counts += [float(n) for n in tf.values()]
        f = np.asarray(counts, dtype=np.float64)
        row = np.asarray(rows, dtype=np.int64)
        col = np.asarray(cols, dtype=np.int64)
        average = float(lengths.mean()) if len(texts) and lengths.mean() > 0 else 1.0
        df = np.bincount(col, minlength=len(vocabulary)).astype(np.float64)
        idf = np.log1p((len(texts) - df + 0.5) / (df + 0.5))
        weight = idf[col] * f * (BM25_K1 + 1) / (f + BM25_K1 * (1 - BM25_B + BM25_B * lengths[row] / average))
        order = np.argsort(col, kind="stable")
        starts = np.zeros(len(vocabulary) + 1, dtype=np.int64)
        np.cumsum(df.astype(np.int64), out=starts[1:])
        return cls(vocabulary, starts, row[order], weight[order], len(texts))

    def specificity(self) -> npt.NDArray[np.float64]:
        """Per text, the mean idf of its distinct terms (0 for a text without any): how rare its words
        are in this collection."""
        df = np.diff(self.starts)
        idf = np.log1p((self.size - df + 0.5) / (df + 0.5))
        term = np.repeat(np.arange(len(df)), df)
        total = np.bincount(self.rows, weights=idf[term], minlength=self.size)
        count = np.bincount(self.rows, minlength=self.size)
        out: npt.NDArray[np.float64] = np.where(count > 0, total / np.maximum(count, 1), 0.0)
        return out

    def scores(self, query: str) -> npt.NDArray[np.float64]:
        """Every text's BM25 score for ``query`` (0 where it shares no term)."""
        out = np.zeros(self.size, dtype=np.float64)
        for term in sorted({self.vocabulary[t] for t in terms(query) if t in self.vocabulary}):
            lo, hi = self.starts[term], self.starts[term + 1]
            np.add.at(out, self.rows[lo:hi], self.weights[lo:hi])
        return out
