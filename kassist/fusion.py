"""Rank fusion: the one core under every "several ranked lists into one" of kassist (pure, no I/O).

Three callers fuse lists with it, each with its own parameters:

* the knowledge index (knowledge/retrieval.py): keyword and vector lists, exact ranks, plain
  reciprocal rank fusion, ties by the best single rank, then the id;
* the memory manager's ``rrf`` strategy (and hybrid recall without a question vector,
  memory/manager/hybrid.py): up to four weighted lists, exact ranks;
* the memory store's search (memory/store/keywords.py): two weighted lists, by reciprocal rank with
  near-equal scores sharing a rank, or by each list's normalised scores (``shares`` given directly).

What they share is here: ranks (exact, or tie-aware), reciprocal-rank shares, the weighted sum per
item over the lists in order, and best-first ordering with the caller's tie-break. What differs is a
parameter. One difference is kept on purpose: ``weight / (k + r)`` (the manager's, the ``weight``
argument of :func:`reciprocal_ranks`) and ``weight * (1 / (k + r))`` (the store's, the ``weight`` of a
list given to :func:`weighted_sum`) differ in the last bit for a weight that is not a power of two,
and the store's fused score is shown to its users: each caller keeps its own arithmetic, so its
output is identical to what it was before this module (docs/benchmarks.md, "Issue 30").
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

K = TypeVar("K", bound=Hashable)


def exact_ranks(count: int) -> range:
    """1-based ranks of a best-first list of ``count`` items, one per position."""
    return range(1, count + 1)


def tied_ranks(scores: Sequence[float], tie: float) -> list[int]:
    """1-based ranks of a best-first list of ``scores``: an item whose score is within ``tie`` of
    the one before it shares that one's rank (a near-equal score must not outrank its twin)."""
    ranks: list[int] = []
    for i, score in enumerate(scores):
        tied = i > 0 and abs(float(scores[i - 1]) - float(score)) < tie
        ranks.append(ranks[-1] if tied else i + 1)
    return ranks


def reciprocal_ranks(ranks: Iterable[int], k: float, weight: float = 1.0) -> list[float]:
    """Each rank's reciprocal-rank share, ``weight / (k + rank)``."""
    if k < 0:
        raise ValueError(f"RRF k must be >= 0, got {k}")
    return [weight / (k + rank) for rank in ranks]


def weighted_sum(lists: Iterable[tuple[float, Sequence[K], Sequence[float]]]) -> dict[K, float]:
    """Per item, the sum over ``lists`` (each ``(weight, items, shares)``) of ``weight * share``,
    added in the lists' order (float addition is not associative: the order is part of the result).
    A list whose weight is 0 adds nothing and no items."""
    fused: dict[K, float] = {}
    for weight, items, shares in lists:
        if not weight:
            continue
        for item, share in zip(items, shares, strict=True):
            fused[item] = fused.get(item, 0.0) + weight * share
    return fused


def rank_fusion(lists: Iterable[tuple[float, Sequence[K]]], k: float) -> dict[K, float]:
    """Weighted reciprocal rank fusion of best-first lists with exact ranks: per item, the sum of
    ``weight / (k + rank)`` over the lists it is in (a list of weight 0 still adds its items, at 0)."""
    return weighted_sum(
        (1.0, items, reciprocal_ranks(exact_ranks(len(items)), k, weight)) for weight, items in lists
    )


def best_first(
    scores: Mapping[K, float], tie_break: Callable[[K], Any] = lambda item: item, digits: int | None = None
) -> list[K]:
    """The items of ``scores``, best first; equal scores (rounded to ``digits`` when given) in
    ``tie_break`` order."""
    if digits is None:
        return sorted(scores, key=lambda item: (-scores[item], tie_break(item)))
    return sorted(scores, key=lambda item: (-round(scores[item], digits), tie_break(item)))
