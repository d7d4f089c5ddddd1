"""Score fusion for conversation recall: normalised keyword and dense scores, neighbouring turns,
and a second (multi-hop) round seeded by the first round's best turns. Pure numpy, no I/O.

Why scores and not ranks: reciprocal rank fusion throws away how far apart the scores are, and on
long conversations (bench/recall.py, LoCoMo's categories) plain RRF was below dense alone. Every
turn's cosine is known (one pass over the user's matrix), so a keyword match's dense score is
never missing; each side is rescaled to [0, 1] over its own best candidates before weighting.

Neighbouring turns: evidence is often a reply ("Where is the new place?" / "Riverside, by the
bakery"), so a turn also scores by the best of its same-session neighbours, on both sides.
Multi-hop: the mean vector of the first round's best turns (the question's own vector included)
is scored again, so a later turn that refers back to the event without naming it ("finally
unpacked the last box") is found through the turns that did name it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from kassist.db.vector_scan import dot, top_k, unit_query
from memory.manager.recall_cache import Sessions

F64 = npt.NDArray[np.float64]


@dataclass(frozen=True)
class ScoreFusion:
    """Weights fitted on bench/recall.py's tuning split (docs/benchmarks.md, "Recall")."""

    dense: float = 1.0
    # 0.3 until session 22: on real LoCoMo 1-7 (the hard bench) 1.0 lifts recall@10 0.781 -> 0.796, every
    # conversation up or level; the generated splits drop (heldout3 0.802 -> 0.767: its decoys carry the
    # question's words by design), none below 0.75. docs/benchmarks.md, Recall, session 22.
    keyword: float = 1.0
    dense_context: float = 0.25
    keyword_context: float = 0.0
    expand: float = 0.55
    expand_turns: int = 3
    expand_share: float = 0.7  # seeds only turns within this share of the best first-round score
    expand_min: float = 0.5  # ... and at least this first-round score
    in_window: float = 1.0  # 0.35 until session 19 (fitted on tune7, tune5, tune4, tune3)
    event_days: bool = True  # a turn is inside a window when the days its relative time names are too
    speaker: float = 2.0
    name: float = 0.15
    recent: float = 0.02
    floor_rank: int = 300
    min_span: float = 0.2  # cosine spread below which the dense side is not stretched (rescale)
    session_dense: float = 0.2
    session_keyword: float = 0.3
    session_floor: int = 10  # the session ranked here (or below) adds nothing
    answer: float = 0.0  # weight of the previous turn in the neighbours' part (the next turn: 1); fitted
    asks: float = 0.75  # a turn that is a question loses this share of its own score (it asks, not tells)
    asks_share: bool = True  # ... times its share of question words (a turn may tell, then ask back)
    repeated: float = 1.5  # a text its owner said n > 2 times keeps 1 / (n - 1) ** repeated of its match
    specific: float = 0.5  # the match keeps 1 - specific + specific * (rank of its words' rarity)
    follow: float = 0.8  # share of the same speaker's turn two before (the friend asked in between)
    spread: float = 0.0  # every question: a candidate loses this per better one of its session
    list_spread: float = 0.0  # a list question's (cues.is_listing) share, instead of ``spread``
    dated: float = 0.0  # added to a turn that tells when something happened (recall_cache.tells_when)
    dated_list: float = 0.6  # the same for a list or "when" question (cues.listing / cues.when), instead
    dated_guess: float = 0.6  # the same for a question asking for an inference (cues.guess), instead
    plans: float = 0.4  # taken from a turn telling only a plan or a wish, for a list or "when" question


def neighbour_max(
    values: F64, prev: npt.NDArray[np.int64], nxt: npt.NDArray[np.int64], answer: float = 1.0
) -> F64:
    """Per row, the larger of its previous turn's value (times ``answer``) and its next turn's
    (0 where it has none)."""
    padded = np.append(values, 0.0)  # index -1 (no neighbour) reads the appended 0
    out: F64 = np.maximum(answer * padded[prev], padded[nxt])
    return out


def follow_up(own: F64, again: npt.NDArray[np.int64] | None, share: float) -> F64:
    """Per row, ``share`` of the same speaker's turn two before (``again``; 0 where none)."""
    if again is None or not share or len(again) != len(own):
        return np.zeros_like(own)
    out: F64 = share * np.append(own, 0.0)[again]
    return out


def damp_questions(
    own: F64, asks: npt.NDArray[np.bool_] | npt.NDArray[np.float64] | None, share: float
) -> F64:
    """``own`` with question turns' part cut by ``share`` (times the turn's share of question words,
    when ``asks`` is that share: a turn that tells and then asks back keeps most of its part);
    their neighbours still read the full value."""
    if asks is None or not share:
        return own
    out: F64 = own * (1.0 - share * asks.astype(np.float64))
    return out


def rescale(values: F64, mask: npt.NDArray[np.bool_] | None, floor_rank: int, min_span: float = 0.0) -> F64:
    """``values`` mapped so the best allowed row is 1 and the ``floor_rank``-th best is 0 (below it 0).
    With ``min_span``, a spread smaller than it is not stretched to [0, 1]: when no row is really
    close (cosines of unrelated texts differ by noise), the best of the noise does not count as a match."""
    pool = values if mask is None else values[mask]
    if len(pool) == 0:
        return np.zeros_like(values)
    top = float(pool.max())
    floor = float(
        np.partition(pool, len(pool) - min(floor_rank, len(pool)))[len(pool) - min(floor_rank, len(pool))]
    )
    span = max(top - floor, min_span)
    if span <= 0:
        return np.where(values >= top, 1.0, 0.0)
    out: F64 = np.clip((values - floor) / span, 0.0, None)
    return out


def dense_scores(
    matrix: npt.NDArray[np.float32],
    cosine: npt.NDArray[np.float32],
    query: npt.NDArray[np.float32],
    prev: npt.NDArray[np.int64],
    nxt: npt.NDArray[np.int64],
    mask: npt.NDArray[np.bool_] | None,
    fusion: ScoreFusion,
    asks: npt.NDArray[np.bool_] | npt.NDArray[np.float64] | None = None,
    again: npt.NDArray[np.int64] | None = None,
) -> F64:
    """Rescaled cosine with its neighbours' part, plus the second round's."""

    def with_context(raw: npt.NDArray[np.float32], scale: npt.NDArray[np.bool_] | None = mask) -> F64:
        own = rescale(raw.astype(np.float64), scale, fusion.floor_rank, fusion.min_span)
        near = neighbour_max(own, prev, nxt, fusion.answer)
        told = np.maximum(damp_questions(own, asks, fusion.asks), follow_up(own, again, fusion.follow))
        return told + fusion.dense_context * near

    first = with_context(cosine)
    if not fusion.expand or fusion.expand_turns <= 0:
        return fusion.dense * first
    ranked = top_k(first, fusion.expand_turns, mask)
    # Seeds must be matches: when nothing is (a flat first round, see rescale's min_span), a second
    # round from the best of the noise would only spread it.
    least = max(fusion.expand_share * ranked[0][1], fusion.expand_min) if ranked else 0.0
    best = [i for i, score in ranked if score >= least]
    if not best:
        return fusion.dense * first
    seed = matrix[best].astype(np.float64).sum(axis=0) + query.astype(np.float64) * len(best)
    # The seeds are the best match of their own sum: the second round is scaled over the other
    # turns, or it would only confirm the first round.
    others = np.ones(len(cosine), dtype=np.bool_) if mask is None else mask.copy()
    others[best] = False
    second = with_context(dot(matrix, unit_query(seed.tolist())), others if others.any() else mask)
    return fusion.dense * first + fusion.expand * second


def keyword_scores(
    raw: F64,
    prev: npt.NDArray[np.int64],
    nxt: npt.NDArray[np.int64],
    fusion: ScoreFusion,
    asks: npt.NDArray[np.bool_] | npt.NDArray[np.float64] | None = None,
    again: npt.NDArray[np.int64] | None = None,
) -> F64:
    """The keyword scores (0 where no match) over their best, with the neighbours' part."""
    top = float(raw.max()) if len(raw) else 0.0
    own = raw / top if top > 0 else raw
    near = neighbour_max(own, prev, nxt, fusion.answer)
    told = np.maximum(damp_questions(own, asks, fusion.asks), follow_up(own, again, fusion.follow))
    out: F64 = fusion.keyword * told + fusion.keyword_context * near
    return out


def spread_sessions(
    total: F64, of: npt.NDArray[np.int64], mask: npt.NDArray[np.bool_] | None, depth: int, share: float
) -> F64:
    """``total`` with its best ``depth`` rows re-ranked so that each loses ``share`` per better row
    of its own session already ranked (greedy, as maximal marginal relevance does with
    similarity): a list question's evidence sits in several sessions ("What has Melanie
    painted?"), and one session's telling, reply and musings would otherwise fill the top k. Rows
    outside a session are not penalised; the result keeps every other row's score, and the
    re-ranked rows' scores fall in the order picked, so the first k do not depend on k."""
    if not share or not len(total):
        return total
    pool = np.flatnonzero(mask) if mask is not None else np.arange(len(total))
    if not len(pool):
        return total
    top = pool[np.argsort(-total[pool], kind="stable")[:depth]]
    left = total[top].astype(np.float64)
    sessions = of[top]
    picked = np.zeros(len(top), dtype=np.bool_)
    taken: dict[int, int] = {}
    out = total.astype(np.float64, copy=True)
    adjusted = left.copy()
    for _ in range(len(top)):
        best = int(np.argmax(np.where(picked, -np.inf, adjusted)))
        picked[best] = True
        out[top[best]] = adjusted[best]
        session = int(sessions[best])
        if session >= 0:
            taken[session] = taken.get(session, 0) + 1
            same = sessions == session
            adjusted = np.where(same & ~picked, left - share * taken[session], adjusted)
    return out


def session_scores(sessions: Sessions, query: npt.NDArray[np.float32], text: str, fusion: ScoreFusion) -> F64:
    """Per row, its session's score as a whole (0 outside a session): the cosine of the session's
    mean vector and the BM25 of its whole text, each rescaled over the sessions, so the turns of
    the few sessions about the question rise together (evidence sits in a telling of a few turns)."""
    if not len(sessions.vectors):
        return np.zeros(len(sessions.of), dtype=np.float64)
    dense = rescale(dot(sessions.vectors, query).astype(np.float64), None, fusion.session_floor)
    words = sessions.words.scores(text)
    top = float(words.max())
    per_session = fusion.session_dense * dense + fusion.session_keyword * (words / top if top > 0 else words)
    out: F64 = np.append(per_session, 0.0)[sessions.of]
    return out
