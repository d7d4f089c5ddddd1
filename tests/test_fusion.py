"""The one rank-fusion core (kassist/fusion.py) as its three callers use it."""

from __future__ import annotations

import pytest

from kassist.fusion import best_first, exact_ranks, rank_fusion, reciprocal_ranks, tied_ranks, weighted_sum


def test_exact_and_tied_ranks() -> None:
    assert list(exact_ranks(3)) == [1, 2, 3]
    # Near-equal neighbours share the first one's rank; the next distinct score takes its position.
    assert tied_ranks([0.9, 0.9, 0.9000000001, 0.5, 0.5, 0.1], 1e-6) == [1, 1, 1, 4, 4, 6]
    assert tied_ranks([], 1e-6) == []


def test_reciprocal_rank_fusion_sums_weighted_shares_in_list_order() -> None:
    fused = rank_fusion([(1.0, ["a", "b", "c"]), (0.5, ["c", "a"])], 60)
    assert fused == {"a": 1 / 61 + 0.5 / 62, "b": 1 / 62, "c": 1 / 63 + 0.5 / 61}
    assert list(fused) == ["a", "b", "c"]  # first seen first
    # An item in both lists outranks one at the same rank in only one.
    assert best_first(fused) == ["a", "c", "b"]


def test_a_list_of_weight_zero() -> None:
    # rank_fusion (the memory manager's) keeps its items at 0; weighted_sum (the store's) drops the list.
    assert rank_fusion([(1.0, ["a"]), (0.0, ["z"])], 60) == {"a": 1 / 61, "z": 0.0}
    assert weighted_sum([(1.0, ["a"], [0.5]), (0.0, ["z"], [1.0])]) == {"a": 0.5}


def test_ties_are_broken_by_the_callers_key_and_rounding() -> None:
    scores = {"b": 0.25, "a": 0.25, "c": 0.5}
    assert best_first(scores) == ["c", "a", "b"]
    assert best_first(scores, tie_break=lambda item: -ord(item)) == ["c", "b", "a"]
    # Rounded, scores equal but for float noise tie and fall back to the tie-break.
    noisy = {"b": 0.1 + 0.2, "a": 0.3}
    assert best_first(noisy) == ["b", "a"]
    assert best_first(noisy, digits=12) == ["a", "b"]


def test_each_callers_arithmetic_is_kept() -> None:
    # weight / (k + r) (the manager's) and weight * (1 / (k + r)) (the store's) differ in the last
    # bit for some weights: the core computes each as its caller always did.
    weight, k, rank = 30.0, 60.0, 7
    assert reciprocal_ranks([rank], k, weight) == [weight / (k + rank)]
    assert weighted_sum([(weight, ["x"], reciprocal_ranks([rank], k))]) == {"x": weight * (1 / (k + rank))}


def test_negative_k_is_refused() -> None:
    with pytest.raises(ValueError, match="RRF k must be >= 0, got -1"):
        reciprocal_ranks([1], -1)
