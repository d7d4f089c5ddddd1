"""Fusing keyword and vector results: reciprocal rank fusion (RRF). Pure functions, no I/O.

RRF scores a chunk ``sum(1 / (k + rank))`` over the retrievers that returned it. It needs no score
calibration, which matters here: bm25, ts_rank_cd and cosine similarity live on unrelated scales.
``k = 60`` is the value from Cormack et al. (2009); larger k flattens the advantage of the top ranks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from kassist.fusion import reciprocal_ranks, weighted_sum
from knowledge.index.models import SearchHit, SearchMode

DEFAULT_RRF_K = 60
Ranking = Sequence[tuple[int, float]]  # (chunk row id, retriever score), best first


@dataclass(frozen=True)
class Fused:
    id: int
    score: float
    keyword_rank: int | None = None
    keyword_score: float | None = None
    vector_rank: int | None = None
    vector_score: float | None = None


def reciprocal_rank_fusion(
    keyword: Ranking, vector: Ranking, *, limit: int, k: int = DEFAULT_RRF_K
) -> list[Fused]:
    """Fuse two best-first rankings; ties are broken by best single rank, then by id (deterministic)."""
    kw = {cid: (rank, score) for rank, (cid, score) in enumerate(keyword, start=1)}
    vec = {cid: (rank, score) for rank, (cid, score) in enumerate(vector, start=1)}
    # The one rank-fusion core (kassist/fusion.py), keyword list first: its share is added first.
    scores = weighted_sum(
        (1.0, list(ranked), reciprocal_ranks([rank for rank, _ in ranked.values()], k))
        for ranked in (kw, vec)
    )
    fused: list[Fused] = []
    for cid, score in scores.items():
        kr, ks = kw.get(cid, (None, None))
        vr, vs = vec.get(cid, (None, None))
        fused.append(Fused(cid, score, kr, ks, vr, vs))
    fused.sort(
        key=lambda f: (-f.score, min(r for r in (f.keyword_rank, f.vector_rank) if r is not None), f.id)
    )
    return fused[:limit]


def single(ranking: Ranking, mode: SearchMode, *, limit: int) -> list[Fused]:
    """One retriever alone: its own score is the result's score."""
    out = []
    for rank, (cid, score) in enumerate(ranking[:limit], start=1):
        if mode == "keyword":
            out.append(Fused(cid, score, keyword_rank=rank, keyword_score=score))
        else:
            out.append(Fused(cid, score, vector_rank=rank, vector_score=score))
    return out


def build_hits(fused: Sequence[Fused], rows: Mapping[int, Sequence[object]]) -> list[SearchHit]:
    """Join fused ids with their hydrated rows (id, chunk_id, doc_id, collection, title, source_path,
    heading, position, text, effective_date[, the document's chunk count]); ids deleted meanwhile are skipped."""
    hits = []
    for f in fused:
        row = rows.get(f.id)
        if row is None:
            continue
        eff = row[9]
        hits.append(
            SearchHit(
                chunk_id=str(row[1]),
                doc_id=str(row[2]),
                collection=str(row[3]),
                title=str(row[4]),
                source_path=str(row[5]),
                heading=None if row[6] is None else str(row[6]),
                position=int(str(row[7])),
                text=str(row[8]),
                effective_date=eff if isinstance(eff, date) or eff is None else date.fromisoformat(str(eff)),
                score=f.score,
                keyword_rank=f.keyword_rank,
                keyword_score=f.keyword_score,
                vector_rank=f.vector_rank,
                vector_score=f.vector_score,
                doc_chunks=int(str(row[10])) if len(row) > 10 and row[10] is not None else None,
            )
        )
    return hits
