"""Hybrid recall: keyword and vector candidates, fused, then conversation cues; no model in the loop.

Candidates come from up to four ranked lists, each a fixed depth (so the first k of a deeper call
are exactly a shallower call's): keyword (FTS5 bm25 / tsvector ts_rank, in SQL), vector (the
user's vectors in process, :mod:`kassist.vector_scan`, cached per generation), and, when the
question names a time or a speaker, the vector list again restricted to that time window or to
turns of that speaker. They are fused by weighted reciprocal rank, then the cues add their part: a
memory inside the window, spoken by a named speaker, containing a named entity, next to a strong
turn of the same session (evidence is often a question and its answer), or recent.

A conversation turn is a memory whose value is a dict with ``text`` and any of ``speaker``,
``session``, ``turn`` (its position in the session) and ``at`` (ISO date or time it was said).
Visibility (status, expiry, tenant defaults overridden by the user) is checked in SQL on the fused
candidates, never in the cache. Pure: the I/O is the ``Sql`` steps a backend runs.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from kassist.vector_scan import GenerationCache, ScanMatrix, matrix_from_blobs, matrix_from_texts
from knowledge.index.rules import fts5_match, websearch_or
from memory.manager import rows as r
from memory.manager import statements as s
from memory.manager.cues import Cues, Window, read_cues
from memory.manager.models import TENANT_DEFAULTS, MemoryRecord, MemoryType
from memory.manager.ops import Op, Sql

Strategy = Literal["hybrid", "rrf", "keyword", "vector"]
STRATEGIES: tuple[Strategy, ...] = ("hybrid", "rrf", "keyword", "vector")
DEPTH = 100
"""Each list's depth: results are the same for every k up to it (a k=20 query's top 5 is a k=5 query)."""


@dataclass(frozen=True)
class Fusion:
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


PLAIN_RRF = Fusion(window_vector=0.0, speaker_vector=0.0, in_window=0.0, speaker=0.0, name=0.0,
                   neighbour=0.0, recent=0.0)  # fmt: skip


@dataclass(frozen=True)
class UserVectors:
    """One user's (and the tenant defaults') active vectors of one model, with their turn metadata."""

    matrix: ScanMatrix[str]
    user_ids: npt.NDArray[np.object_]
    types: npt.NDArray[np.object_]
    keys: npt.NDArray[np.object_]
    times: npt.NDArray[np.float64]  # POSIX seconds: when said (``at``), else valid_from
    speakers: npt.NDArray[np.object_]  # lower-cased, or ""
    position: dict[str, int]
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def speaker_names(self) -> frozenset[str]:
        return frozenset(x for x in set(self.speakers.tolist()) if x)

    @classmethod
    def from_rows(cls, rows: Sequence[Mapping[str, Any]], dimensions: int) -> UserVectors:
        rows = [row for row in rows if _width(row["embedding"]) == dimensions]
        raw = [row["embedding"] for row in rows]
        vectors = (
            matrix_from_texts(raw, dimensions)
            if raw and isinstance(raw[0], str)
            else matrix_from_blobs([bytes(b) for b in raw], dimensions, what="memory vector")
        )
        ids = [str(row["id"]) for row in rows]
        slots: dict[tuple[str, int], str] = {}
        for row in rows:
            turn = _int(row.get("turn"))
            if row.get("session") is not None and turn is not None:
                slots[(str(row["session"]), turn)] = str(row["id"])
        neighbours: dict[str, tuple[str, ...]] = {}
        for (session, turn), memory_id in slots.items():
            near = tuple(x for d in (-1, 1) if (x := slots.get((session, turn + d))) is not None)
            if near:
                neighbours[memory_id] = near
        return cls(
            matrix=ScanMatrix.build(ids, vectors),
            user_ids=np.array([row["user_id"] for row in rows], dtype=object),
            types=np.array([row["memory_type"] for row in rows], dtype=object),
            keys=np.array([row["key"] for row in rows], dtype=object),
            times=np.array([_when(row) for row in rows], dtype=np.float64),
            speakers=np.array([str(row.get("speaker") or "").strip().lower() for row in rows], dtype=object),
            position={memory_id: i for i, memory_id in enumerate(ids)},
            neighbours=neighbours,
        )


def _width(embedding: Any) -> int:
    if isinstance(embedding, str):
        return embedding.count(",") + 1
    return len(embedding) // 4 if embedding else 0


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _when(row: Mapping[str, Any]) -> float:
    at = row.get("at")
    if isinstance(at, str):
        try:
            parsed = datetime.fromisoformat(at)
            return (parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)).timestamp()
        except ValueError:
            pass
    valid_from = row["valid_from"]
    if isinstance(valid_from, str):
        valid_from = datetime.fromisoformat(valid_from)
    return float(valid_from.timestamp())


VectorCache = GenerationCache[tuple[str, str, str], UserVectors]


def new_cache() -> VectorCache:
    return GenerationCache(max_entries=16)


def recall(
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
) -> Op[list[MemoryRecord]]:
    """The ``k`` memories that best answer ``query``, visible now, best first."""
    base: dict[str, Any] = {"tenant_id": tenant_id, "user_id": user_id, "defaults": TENANT_DEFAULTS, "now": now}
    if memory_type is not None:
        base["memory_type"] = memory_type.value
    if key is not None:
        base["key"] = key
    variant = s.variant_name("hybrid", as_of=False, by_type=memory_type is not None, by_key=key is not None)
    depth = max(DEPTH, k)
    fusion = PLAIN_RRF if strategy == "rrf" else Fusion()

    vectors: UserVectors | None = None
    if query_vector is not None and strategy != "keyword":
        vectors = yield from _user_vectors(base, embed_model, len(query_vector), cache)
    cues = read_cues(query, now, vectors.speaker_names if vectors is not None else ())

    lists: list[tuple[float, list[str]]] = []
    if strategy != "vector":
        terms = fts5_match(query)
        if terms is not None:
            rows = yield Sql(
                variant.replace("hybrid", "keyword"),
                {**base, "terms": terms, "match": websearch_or(query) or "", "limit": depth,
                 "scope_user": r.keyword_scope(tenant_id, user_id),
                 "scope_defaults": r.keyword_scope(tenant_id, TENANT_DEFAULTS)},
            )  # fmt: skip
            lists.append((fusion.keyword, [str(row["id"]) for row in rows]))
    cosine: dict[str, float] = {}
    if vectors is not None and query_vector is not None and len(vectors.matrix):
        scores = vectors.matrix.scores(query_vector)
        allowed = _filter_mask(vectors, memory_type, key)
        for weight, mask in _vector_masks(vectors, cues, allowed, fusion, strategy):
            top = vectors.matrix.top_k(query_vector, depth, mask)
            lists.append((weight, [memory_id for memory_id, _ in top]))
        cosine = {memory_id: float(scores[i]) for memory_id, i in vectors.position.items()}

    fused: dict[str, float] = {}
    for weight, ranked in lists:
        for rank, memory_id in enumerate(ranked, start=1):
            fused[memory_id] = fused.get(memory_id, 0.0) + weight / (fusion.rrf_k + rank)
    if not fused:
        return []
    rows = yield Sql(variant.replace("hybrid", "rows"), {**base, "ids": r.IdList(sorted(fused))})
    records = {str(row["id"]): r.record_from_row(row) for row in rows}
    final = _with_cues(fused, records, vectors, cues, fusion) if strategy == "hybrid" else fused
    ranked_ids = sorted(records, key=lambda i: (-final[i], i))[:k]
    return [records[i].model_copy(update={"score": cosine.get(i)}) for i in ranked_ids]


def _user_vectors(
    base: dict[str, Any], embed_model: str, dimensions: int, cache: VectorCache
) -> Op[UserVectors]:
    owners = {"tenant_id": base["tenant_id"], "user_id": base["user_id"], "defaults": base["defaults"]}
    rows = yield Sql("generations", owners)
    generation: Hashable = (tuple((row["user_id"], int(row["generation"])) for row in rows), dimensions)
    cache_key = (base["tenant_id"], base["user_id"], embed_model)
    found = cache.get(cache_key, generation)
    if found is None:
        loaded = yield Sql("load_vectors", {**owners, "embed_model": embed_model})
        found = UserVectors.from_rows(loaded, dimensions)
        cache.put(cache_key, generation, found)
    return found


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
    vectors: UserVectors, cues: Cues, allowed: npt.NDArray[np.bool_] | None, fusion: Fusion, strategy: Strategy
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


def _window_mask(vectors: UserVectors, window: Window | None) -> npt.NDArray[np.bool_] | None:
    if window is None:
        return None
    result: npt.NDArray[np.bool_] = (vectors.times >= window.start.timestamp()) & (
        vectors.times < window.end.timestamp()
    )
    return result


def _with_cues(
    fused: dict[str, float],
    records: dict[str, MemoryRecord],
    vectors: UserVectors | None,
    cues: Cues,
    fusion: Fusion,
) -> dict[str, float]:
    final = dict(fused)
    times = {i: _record_time(rec) for i, rec in records.items()}
    newest, oldest = max(times.values()), min(times.values())
    span = (newest - oldest) or 1.0
    for memory_id, rec in records.items():
        score = fused[memory_id]
        value = rec.value if isinstance(rec.value, dict) else {}
        if cues.window is not None and cues.window.start.timestamp() <= times[memory_id] < cues.window.end.timestamp():
            score += fusion.in_window
        speaker = str(value.get("speaker") or "").strip().lower()
        if speaker and speaker in cues.speakers:
            score += fusion.speaker
        if cues.names:
            words = set(r.content_text(rec.value).lower().replace("'s", "").split())
            score += fusion.name * len(cues.names & {w.strip(".,!?;:\"()") for w in words}) / len(cues.names)
        if vectors is not None:
            near = [fused.get(n, 0.0) for n in vectors.neighbours.get(memory_id, ())]
            if near:
                score += fusion.neighbour * max(near)
        recency = (times[memory_id] - oldest) / span
        score += fusion.recent * recency * (3.0 if cues.recent else 1.0)
        final[memory_id] = score
    return final


def _record_time(record: MemoryRecord) -> float:
    value = record.value if isinstance(record.value, dict) else {}
    return _when({"at": value.get("at"), "valid_from": record.valid_from})
