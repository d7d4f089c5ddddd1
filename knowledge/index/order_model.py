"""A learned order for the documents the sentence stage looked at: a linear score over what the stages
before it computed.

The sentence stage (knowledge/index/sentences.py) orders documents by one hand-set mix: 0.7 of the
best sentence's score, 0.3 of the rerank's relevance, plus the rerank's bonus for names the question
gives. Other things the earlier stages know also tell the canonical document from a page that repeats
part of it: how many copies of the passage the rerank grouped under it, how long its document is,
whether its title is scoped to something the question does not name, how much of the question its
section heading and title hold. Weighing them by hand has been tried for many sessions; here a
pairwise logistic regression weighs them (``bench/answer_quality_dev_rank.py``: the right document
against each other one looked at, every answerable question of the development sets blind 2-11,
judged leave-one-set-out; docs/benchmarks.md, Answer quality, session 25). The hand-set score is one
of the features, so the model learns corrections to it, not a new order from nothing.

Every feature is computed from the candidates' text and the scores the rerank computes itself (not
the retrievers' ranks or raw scores, which differ between SQLite's bm25 and PostgreSQL's ts_rank):
the same candidates are ordered the same on both backends. Weights: ``order_model.json`` beside this
file (feature names and one weight each).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt

from knowledge.index.errors import OrderModelDamaged
from knowledge.index.models import SearchHit
from knowledge.index.passages import body, lexical_scores, scope_words, section, terms
from knowledge.index.rerank import derived_copy

WEIGHTS = Path(__file__).with_name("order_model.json")
# fmt: off
FEATURES = (
    "base_order",     # the hand-set order score of the hit's document (sentences.refine: first[doc])
    "relevance",      # the rerank's relevance (cosine + word shares)
    "chunk_cos",      # the question's cosine with the passage's vector
    "sent_cos",       # ... with the passage's closest sentence
    "sent_order",     # the sentence stage's order score of its best sentence (cosine + word share)
    "rank_bonus",     # the rerank's bonus for names the question gives
    "facet_bonus",    # ... of it, for the values the question names (an office, a team)
    "names_doc",      # the question names the page's title (sentences.names_document)
    "pos_recip",      # 1 / (1 + its place among the passages looked at, in the rerank's order)
    "variant_len",    # log(1 + chunks of its document) when a scoped page is among those looked at
    "scoped",         # its title has a scope ("...: Singapore office 2026")
    "unnamed_scope",  # ... with words the question does not have
    "derived",        # its title says it restates other documents (a summary, a quick reference)
    "title_cover",    # share of the title's words in the question
    "q_in_title",     # share of the question's words in the title
    "q_in_heading",   # share of the question's words in its section heading
    "lexical",        # idf-weighted share of the question's words in the passage, among those looked at
    "copies",         # log(1 + copies of this passage the rerank grouped under it)
    "same_doc",       # other passages of its document among those looked at
    "is_first",       # the rerank's first passage
)
# fmt: on


class Match(Protocol):
    """What the sentence stage found in a passage (sentences.SentenceMatch)."""

    @property
    def cosine(self) -> float: ...

    @property
    def order(self) -> float | None: ...


@functools.cache
def weights() -> npt.NDArray[np.float64]:
    """The shipped weights, in :data:`FEATURES` order. A missing or damaged file is one
    :class:`OrderModelDamaged` naming it; the index reads it when it opens (sync_index, async_index),
    so a packaging slip or a hand edit is reported at start-up, not inside a user's first search."""
    try:
        data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
        features, values = data["features"], data["weights"]
        if not isinstance(features, list) or tuple(features) != FEATURES:
            raise ValueError("it was trained on other features")
        if not isinstance(values, list):
            raise ValueError("its weights are not a list")
        if len(values) != len(FEATURES):
            raise ValueError(f"it has {len(values)} weights, not {len(FEATURES)}")
        w = np.asarray(values, dtype=np.float64)  # a null is NaN here, a string a ValueError
        if not np.isfinite(w).all():
            raise ValueError("a weight is not a finite number")
    except (OSError, ValueError, KeyError, TypeError) as exc:  # json.JSONDecodeError is a ValueError
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        if isinstance(exc, KeyError):
            reason = f"no {exc} field"
        raise OrderModelDamaged(
            f"{WEIGHTS} is missing or damaged ({reason}); reinstall kassist, or rebuild it with "
            "bench/answer_quality_dev_rank.py --write"
        ) from None
    return w


def feature_rows(
    looked: Sequence[SearchHit],
    hits: Sequence[SearchHit],
    query: str,
    matches: Mapping[str, Match],
    base: Mapping[str, float],
    names_document: Sequence[bool],
) -> npt.NDArray[np.float64]:
    """One row of :data:`FEATURES` per passage of ``looked`` (the current passages the sentence stage
    looked at, in the rerank's order); ``hits``: every reranked hit (copies included), ``base``: the
    hand-set order score per document id, ``names_document``: whether the question names each one's
    title."""
    question = terms(query)
    copies: dict[str, int] = {}
    for h in hits:
        if h.duplicate_of is not None:
            copies[h.duplicate_of] = copies.get(h.duplicate_of, 0) + 1
    lexical = lexical_scores(question, [terms(body(h)) | terms(section(h)) for h in looked])
    # A source is longer than the office, team and year pages quoting it, so length tells the canonical
    # policy among its variants; where no such variant is looked at, length is no evidence (a reference
    # chapter restating twenty short pages is no source of theirs). Session 38 (q3): log(1 + chunks) for
    # every question, fitted on the handbook sets alone (session 25), favoured long documents on every
    # domain; refitted on blind 2-18 and the public set leave-one-set-out it cost blind 18 7 and the
    # public set 4 first documents against this form (bench/q38_refit.py, docs/benchmarks.md).
    variants = any(scope_words(h.title) for h in looked)
    rows = []
    for i, h in enumerate(looked):
        m = matches[h.chunk_id]
        title = terms(h.title)
        scope = scope_words(h.title)
        n = len(question)
        rows.append((
            base[h.doc_id], float(h.relevance or 0.0), float(h.cosine or 0.0), m.cosine,
            m.cosine if m.order is None else m.order, h.rank_bonus, h.facet_bonus,
            float(names_document[i]), 1 / (1 + i), math.log(1 + (h.doc_chunks or 1)) if variants else 0.0,
            float(bool(scope)), float(bool(scope - question)), float(derived_copy(h.title)),
            len(title & question) / len(title) if title else 0.0,
            len(title & question) / n if n else 0.0,
            len(terms(section(h)) & question) / n if n else 0.0,
            lexical[i], math.log(1 + copies.get(h.chunk_id, 0)),
            float(sum(x.doc_id == h.doc_id for x in looked) - 1), float(i == 0),
        ))  # fmt: skip
    return np.asarray(rows, dtype=np.float64).reshape(len(rows), len(FEATURES))


def scores(rows: npt.NDArray[np.float64]) -> list[float]:
    """The learned order score of each row (higher first)."""
    return [float(x) for x in rows @ weights()]
