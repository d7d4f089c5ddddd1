"""Hybrid recall: keyword and vector candidates, fused, then conversation cues; no model in the loop.

Candidates come from up to four ranked lists, each a fixed depth (so the first k of a deeper call
are exactly a shallower call's): keyword (FTS5 bm25 / tsvector ts_rank, in SQL), vector (the
user's vectors in process, :mod:`kassist.db.vector_scan`, cached per generation), and, when the
question names a time or a speaker, the vector list again restricted to that time window or to
turns of that speaker. They are fused by weighted reciprocal rank, then the cues add their part: a
memory inside the window, spoken by a named speaker, containing a named entity, next to a strong
turn of the same session (evidence is often a question and its answer), or recent.

A conversation turn is a memory whose value is a dict with ``text`` and any of ``speaker``,
``session``, ``turn`` (its position in the session) and ``at`` (ISO date or time it was said).
Visibility (status, expiry, tenant defaults overridden by the user) is checked in SQL on the fused
candidates, never in the cache. Pure: the I/O is the statements (``q.stmt``) a backend runs.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from kassist.db.vector_scan import top_k
from kassist.fusion import rank_fusion
from knowledge.index.rules import fts5_match, websearch_or
from memory.manager import rows as r
from memory.manager.cues import Cues, Window, read_cues
from memory.manager.keyword_sqlite import scoped_keyword
from memory.manager.models import TENANT_DEFAULTS, MemoryRecord, MemoryType
from memory.manager.ops import Op
from memory.manager.recall_cache import UserVectors, VectorCache
from memory.manager.recall_fusion import (
    ScoreFusion,
    dense_scores,
    keyword_scores,
    session_scores,
    spread_sessions,
)
from memory.manager.statements import RECORD_ID, RECORD_VALUE, ManagerSql

Strategy = Literal["hybrid", "rrf", "keyword", "vector"]
STRATEGIES: tuple[Strategy, ...] = ("hybrid", "rrf", "keyword", "vector")
DEPTH = 100
"""Each list's depth: results are the same for every k up to it (a k=20 query's top 5 is a k=5 query)."""
FETCH = 40
"""How many of the best fused candidates are read back and checked for visibility."""


@dataclass(frozen=True)
class RankFusion:
    """Weights of the fused score (tuned on bench/recall.py; see docs/memory.md)."""

    rrf_k: float = 60.0
    keyword: float = 1.0
    vector: float = 1.0
    window_vector: float = 1.0
    speaker_vector: float = 0.5
    in_window: float = 0.012
    speaker: float = 0.006
    name: float = 0.006
    neighbour: float = 0.25
    recent: float = 0.002


SCORE_FUSION = ScoreFusion()
"""The ``hybrid`` strategy's weights when a query vector is given (memory/manager/recall_fusion.py)."""

PLAIN_RRF = RankFusion(window_vector=0.0, speaker_vector=0.0, in_window=0.0, speaker=0.0, name=0.0,
                   neighbour=0.0, recent=0.0)  # fmt: skip


def recall(
    q: ManagerSql,
    *,
    tenant_id: str,
    user_id: str,
    memory_type: MemoryType | None,
    key: str | None,
    query: str,
    query_vector: Sequence[float] | None,
    k: int,
    now: datetime,
    embed_model: str,
    cache: VectorCache,
    strategy: Strategy = "hybrid",
    rewrites: Mapping[str, Sequence[float]] | None = None,
) -> Op[list[MemoryRecord]]:
    """The ``k`` memories that best answer ``query``, visible now, best first. ``rewrites``: the
    question's vector in the first person of each of its proper names (cues.first_person); the
    hybrid strategy compares a named speaker's one with the turns."""
    base: dict[str, Any] = {
        "tenant_id": tenant_id,
        "user_id": user_id,
        "defaults": TENANT_DEFAULTS,
        "now": now,
    }
    if memory_type is not None:
        base["memory_type"] = memory_type.value
    if key is not None:
        base["key"] = key
    by_type, by_key = memory_type is not None, key is not None
    depth = max(DEPTH, k)
    fusion = PLAIN_RRF if strategy == "rrf" else RankFusion()

    terms = fts5_match(query) if strategy != "vector" else None
    keyword = {
        **base, "terms": terms, "match": websearch_or(query) or "", "limit": depth,
        "scope_user": r.keyword_scope(tenant_id, user_id),
        "scope_defaults": r.keyword_scope(tenant_id, TENANT_DEFAULTS),
    }  # fmt: skip
    hits: list[tuple[str, float]] = []  # the keyword list: (id, score), best first
    scoped = terms is not None and q.keyword_scoped is not None
    if scoped:  # SQLite: ranked with the user's own statistics (keyword_sqlite.py)
        hits = yield from scoped_keyword(q, keyword, by_type, by_key, query, depth)
    vectors: UserVectors | None = None
    if query_vector is not None and strategy != "keyword":
        if terms is not None and not scoped:
            # One statement for the keyword list and the vector cache's generations: one round trip
            # on PostgreSQL where there were two. Rows: (id, score, user_id, generation).
            both = yield q.stmt(q.keyword_generations.pick(by_type=by_type, by_key=by_key), keyword)
            generations = [(owner, gen) for memory_id, _, owner, gen, _ in both if memory_id is None]
            # Best first, ties newest first (as the keyword statement orders them alone).
            found = sorted((row for row in both if row[0] is not None), key=lambda row: (-row[1], -row[4]))
            hits = [(memory_id, score) for memory_id, score, _, _, _ in found]
        else:
            generations = yield q.stmt(q.generations, _owners(base))  # rows: (user_id, generation)
        vectors = yield from _user_vectors(q, base, embed_model, len(query_vector), cache, generations)
    elif terms is not None and not scoped:
        listed = yield q.stmt(q.keyword.pick(by_type=by_type, by_key=by_key), keyword)  # (id, score, written)
        hits = [(memory_id, score) for memory_id, score, _ in listed]
    cues = read_cues(query, now, vectors.speaker_names if vectors is not None else ())

    lists: list[tuple[float, list[str]]] = []
    if terms is not None:
        lists.append((fusion.keyword, [str(memory_id) for memory_id, _ in hits]))
    scores = None
    if vectors is not None and query_vector is not None and len(vectors.matrix):
        scores = vectors.matrix.scores(query_vector)  # one pass over the matrix, every list reuses it
        allowed = _filter_mask(vectors, memory_type, key)
        labels = vectors.matrix.labels
        for weight, mask in _vector_masks(vectors, cues, allowed, fusion, strategy):
            lists.append((weight, [labels[i] for i, _ in top_k(scores, depth, mask)]))

    if strategy == "hybrid" and vectors is not None and scores is not None and query_vector is not None:
        # A record's score stays the cosine to the question as asked; the ranking may use its
        # first-person form.
        spoken = _speaker_vector(rewrites, cues)
        dense_query, dense = (
            (query_vector, scores) if spoken is None else (spoken, vectors.matrix.scores(spoken))
        )
        pre = _score_fusion(vectors, dense, hits, cues, allowed, query, dense_query, depth, SCORE_FUSION)
        return (yield from _read_back(q, base, by_type, by_key, pre, vectors, scores, cues, k, True))
    fused = rank_fusion(lists, fusion.rrf_k)  # the one rank-fusion core (kassist/fusion.py)
    if not fused:
        return []
    pre = _metadata_cues(fused, vectors, cues, fusion) if strategy == "hybrid" else fused
    return (
        yield from _read_back(q, base, by_type, by_key, pre, vectors, scores, cues, k, strategy == "hybrid")
    )


def _read_back(
    q: ManagerSql,
    base: dict[str, Any],
    by_type: bool,
    by_key: bool,
    pre: dict[str, float],
    vectors: UserVectors | None,
    scores: npt.NDArray[np.float32] | None,
    cues: Cues,
    k: int,
    named: bool,
) -> Op[list[MemoryRecord]]:
    fusion = RankFusion()
    # Equal scores keep ``pre``'s order (Python's sort is stable): the fused lists' own order, which
    # puts memories that score alike newest first (the keyword statements and the vector matrix
    # order them so). Sorting them by id ordered them by a uuid4, new at every write (review s34 r2 R8).
    order = sorted(pre, key=lambda i: -pre[i])
    # Only the best candidates are read back (visibility is checked in SQL on them): FETCH of them,
    # more only when some turn out not visible, so the result does not depend on k up to FETCH.
    wanted, start = max(FETCH, k), 0
    rows: dict[str, Sequence[Any]] = {}  # decoded rows of RECORD_ROW by id
    while len(rows) < wanted and start < len(order):
        chunk = order[start : start + wanted]
        start += len(chunk)
        found = q.decode(
            (yield q.stmt(q.rows.pick(by_type=by_type, by_key=by_key), {**base, "ids": r.IdList(chunk)}))
        )
        rows.update((str(row[RECORD_ID]), row) for row in found)
    weight = SCORE_FUSION.name if named and scores is not None else fusion.name
    final = _name_cue(pre, rows, cues, weight) if named else pre
    ranked_ids = sorted((i for i in order if i in rows), key=lambda i: -final[i])[:k]
    return [r.record_from_row(rows[i], _cosine(vectors, scores, i)) for i in ranked_ids]


def _cosine(
    vectors: UserVectors | None, scores: npt.NDArray[np.float32] | None, memory_id: str
) -> float | None:
    if vectors is None or scores is None or len(scores) == 0 or memory_id not in vectors.position:
        return None
    return float(scores[vectors.position[memory_id]])


def _owners(base: dict[str, Any]) -> dict[str, Any]:
    return {"tenant_id": base["tenant_id"], "user_id": base["user_id"], "defaults": base["defaults"]}


def _user_vectors(
    q: ManagerSql,
    base: dict[str, Any],
    embed_model: str,
    dimensions: int,
    cache: VectorCache,
    rows: Sequence[tuple[str, int]],
) -> Op[UserVectors]:
    """The cached vectors if ``rows`` (the owners' generation counters, just read: (user_id,
    generation)) still match."""
    owners = _owners(base)
    generation: Hashable = (tuple(sorted((owner, int(gen)) for owner, gen in rows)), dimensions)
    cache_key = (base["tenant_id"], base["user_id"], embed_model)
    found = cache.get(cache_key, generation)
    if found is None:
        # Rows of VECTOR_ROW, undecoded: from_rows parses their times itself.
        loaded = yield q.stmt(q.load_vectors, {**owners, "embed_model": embed_model})
        found = UserVectors.from_rows(loaded, dimensions)
        cache.put(cache_key, generation, found)
    return found


def _speaker_vector(rewrites: Mapping[str, Sequence[float]] | None, cues: Cues) -> Sequence[float] | None:
    """The question's vector in the first person of the one speaker it names (None: not exactly one)."""
    if not rewrites or len(cues.speakers) != 1:
        return None
    (speaker,) = cues.speakers
    for name in (speaker, speaker.split(" ")[0]):
        if name in rewrites:
            return rewrites[name]
    return None


def _filter_mask(
    vectors: UserVectors, memory_type: MemoryType | None, key: str | None
) -> npt.NDArray[np.bool_] | None:
    mask: npt.NDArray[np.bool_] | None = None
    if memory_type is not None:
        mask = vectors.types == memory_type.value
    if key is not None:
        by_key = vectors.keys == key
        mask = by_key if mask is None else mask & by_key
    return mask


def _and(a: npt.NDArray[np.bool_] | None, b: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    return b if a is None else a & b


def _vector_masks(
    vectors: UserVectors,
    cues: Cues,
    allowed: npt.NDArray[np.bool_] | None,
    fusion: RankFusion,
    strategy: Strategy,
) -> list[tuple[float, npt.NDArray[np.bool_] | None]]:
    out: list[tuple[float, npt.NDArray[np.bool_] | None]] = [(fusion.vector, allowed)]
    if strategy != "hybrid":
        return out
    in_window = _window_mask(vectors, cues.window)
    if in_window is not None and fusion.window_vector:
        out.append((fusion.window_vector, _and(allowed, in_window)))
    if cues.speakers and fusion.speaker_vector:
        by_speaker = np.isin(vectors.speakers, list(cues.speakers))
        if in_window is not None:
            by_speaker &= in_window
        out.append((fusion.speaker_vector, _and(allowed, by_speaker)))
    return out


def _window_mask(
    vectors: UserVectors, window: Window | None, events: bool = True
) -> npt.NDArray[np.bool_] | None:
    """The rows said inside ``window``, or (``events``) whose told event's days overlap it."""
    if window is None:
        return None
    start, end = window.start.timestamp(), window.end.timestamp()
    result: npt.NDArray[np.bool_] = (vectors.times >= start) & (vectors.times < end)
    if events and vectors.event_start is not None and vectors.event_end is not None:
        with np.errstate(invalid="ignore"):  # NaN: no told day, never inside
            result |= (vectors.event_start < end) & (vectors.event_end > start)
    return result


def _metadata_cues(
    fused: dict[str, float], vectors: UserVectors | None, cues: Cues, fusion: RankFusion
) -> dict[str, float]:
    """The fused score plus the cues read from the cached metadata: the time window, a named
    speaker, a strong neighbouring turn, recency (relative to the candidates' time span)."""
    if vectors is None:
        return dict(fused)
    known = [i for i in fused if i in vectors.position]
    if not known:
        return dict(fused)
    # Whole arrays over the candidates (a few hundred), not a Python loop; the same operations in
    # the same order per candidate as the loop it replaced, so the scores are bit for bit the same.
    at = np.fromiter((vectors.position[i] for i in known), dtype=np.int64, count=len(known))
    when = vectors.times[at]
    score = np.fromiter((fused[i] for i in known), dtype=np.float64, count=len(known))
    oldest = float(when.min())
    span = (float(when.max()) - oldest) or 1.0
    if cues.window is not None:
        inside = (cues.window.start.timestamp() <= when) & (when < cues.window.end.timestamp())
        score = np.where(inside, score + fusion.in_window, score)
    if cues.speakers:
        spoke = np.isin(vectors.speakers[at], list(cues.speakers))
        score = np.where(spoke, score + fusion.speaker, score)
    near = np.fromiter(
        (max((fused.get(n, 0.0) for n in vectors.neighbours.get(i, ())), default=np.nan) for i in known),
        dtype=np.float64,
        count=len(known),
    )
    score = np.where(np.isnan(near), score, score + fusion.neighbour * np.nan_to_num(near))
    score = score + fusion.recent * (when - oldest) / span * (3.0 if cues.recent else 1.0)
    final = dict(fused)
    final.update(zip(known, score.tolist(), strict=True))
    return final


def _name_cue(
    scores: dict[str, float], rows: dict[str, Sequence[Any]], cues: Cues, weight: float
) -> dict[str, float]:
    """Plus the share of the question's proper names the memory's content contains."""
    if not cues.names:
        return scores
    final = dict(scores)
    for memory_id, row in rows.items():
        text = r.content_text(row[RECORD_VALUE])
        words = {w.strip('.,!?;:"()') for w in text.lower().replace("'s", "").split()}
        final[memory_id] += weight * len(cues.names & words) / len(cues.names)
    return final


def _score_fusion(
    vectors: UserVectors,
    scores: npt.NDArray[np.float32],
    hits: list[tuple[str, float]],
    cues: Cues,
    allowed: npt.NDArray[np.bool_] | None,
    query: str,
    query_vector: Sequence[float],
    depth: int,
    fusion: ScoreFusion,
) -> dict[str, float]:
    """Every visible-candidate score of the hybrid strategy: normalised dense and keyword scores with
    their neighbouring turns' and a second round's part, plus the time, speaker and recency cues."""
    matrix = vectors.matrix.vectors
    unit = np.asarray(query_vector, dtype=np.float32)
    asks = vectors.asking if fusion.asks_share and vectors.asking is not None else vectors.asks
    total = dense_scores(
        matrix, scores, unit, vectors.prev, vectors.nxt, allowed, fusion, asks, vectors.again
    )
    # The cached rows' words are scored here (BM25, memory/lexical.py), the same on both backends;
    # the SQL keyword list only adds matches that have no vector of this model.
    raw = vectors.words.scores(query) if vectors.words is not None else np.zeros(len(scores))
    outside = {str(i): float(score) for i, score in hits if str(i) not in vectors.position}
    total = total + keyword_scores(raw, vectors.prev, vectors.nxt, fusion, asks, vectors.again)
    if vectors.sessions is not None:
        total = total + session_scores(vectors.sessions, unit, query, fusion)
    if fusion.specific and vectors.specific is not None:
        total = total * (1.0 - fusion.specific + fusion.specific * vectors.specific)
    if fusion.repeated and vectors.repeats is not None:
        total = total / np.maximum(vectors.repeats - 1.0, 1.0) ** fusion.repeated
    window = _window_mask(vectors, cues.window, fusion.event_days)
    if window is not None:
        total = total + fusion.in_window * window
    if cues.speakers:
        total = total + fusion.speaker * np.isin(vectors.speakers, list(cues.speakers))
    if fusion.recent and len(vectors.times):
        oldest = float(vectors.times.min())
        span = (float(vectors.times.max()) - oldest) or 1.0
        total = total + fusion.recent * (vectors.times - oldest) / span * (3.0 if cues.recent else 1.0)
    event = (
        fusion.dated_list if cues.listing or cues.when else fusion.dated_guess if cues.guess else fusion.dated
    )
    if event and vectors.dated is not None:
        total = total + event * vectors.dated
    if fusion.plans and (cues.listing or cues.when) and vectors.plans is not None:
        total = total - fusion.plans * vectors.plans
    share = fusion.list_spread if cues.listing else fusion.spread
    if share and vectors.sessions is not None:
        total = spread_sessions(total, vectors.sessions.of, allowed, depth, share)
    labels = vectors.matrix.labels
    out = {labels[i]: score for i, score in top_k(total, depth, allowed)}
    top_raw = max(outside.values(), default=0.0) or 1.0
    for memory_id, score in outside.items():
        out.setdefault(memory_id, fusion.keyword * score / top_raw)
    return out
