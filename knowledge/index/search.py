"""The search operation: keyword and/or vector candidates, fusion, hydration, in one read transaction."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kassist.db.vector_scan import dot
from knowledge.index.dialect import Dialect, Op, Row, Stmt
from knowledge.index.errors import InvalidQuery
from knowledge.index.keyword_tenant import tenant_keyword
from knowledge.index.matrix import Generations, MatrixCache, VectorMatrix
from knowledge.index.models import SearchFilters, SearchHit, SearchMode
from knowledge.index.ops import EmbedderInfo, check_embedder, collections, not_found
from knowledge.index.passages import terms
from knowledge.index.rerank import QUOTE_WORDS, rerank
from knowledge.index.rules import (
    fts5_phrases,
    keyword_depth,
    rerank_depth,
    validate_collection,
    validate_k,
)
from knowledge.index.status import demotes
from knowledge.retrieval import DEFAULT_RRF_K, Fused, Ranking, build_hits, reciprocal_rank_fusion, single

MODES: tuple[SearchMode, ...] = ("hybrid", "keyword", "vector")
LEXICAL_EMBEDDERS = ("hashing-",)
SOURCE_PROBE_DEPTH = 10  # keyword hits fetched for the best passage's quoted sentences
SOURCE_PROBES = 3  # sentences of the best passage looked up as phrases (one OR query)


@dataclass(frozen=True)
class SearchRequest:
    tenant: str
    query: str
    k: int
    mode: SearchMode
    filters: SearchFilters
    rrf_k: int = DEFAULT_RRF_K

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise InvalidQuery(f"unknown search mode {self.mode!r}; use one of {', '.join(MODES)}")
        if not isinstance(self.query, str) or not self.query.strip():
            raise InvalidQuery("the search query is empty; type what you are looking for")
        validate_k(self.k)
        for c in self.filters.collections or ():
            validate_collection(c)

    @property
    def wants_vector(self) -> bool:
        return self.mode in ("hybrid", "vector")


def _params(d: Dialect, req: SearchRequest, names: Sequence[str], limit: int) -> dict[str, Any]:
    f = req.filters
    return {
        "tenant": req.tenant,
        "collections": d.encode_list(sorted(names)),
        "doc_id": f.doc_id,
        "dated": f.has_date_range,
        "date_from": f.effective_from.isoformat() if f.effective_from else None,
        "date_to": f.effective_to.isoformat() if f.effective_to else None,
        "limit": limit,
    }


def _keyword(
    d: Dialect,
    req: SearchRequest,
    names: Sequence[str],
    limit: int,
    *,
    phrases: Sequence[str] = (),
    generations: Generations = (),
    matrices: MatrixCache | None = None,
) -> Op[Ranking]:
    """The keyword retriever; ``phrases``: the chunks holding any of them as a phrase (its words in
    order: FTS5 phrase syntax, websearch_to_tsquery's quotes), ranked the same way. ``generations``:
    of every collection of the tenant (the key of its keyword statistics on SQLite)."""
    if d.keyword_postings is not None:
        if not names:
            return []
        params = _params(d, req, names, limit)
        if phrases:
            words = [" ".join(query_terms_all(p)) for p in phrases]
            quoted = ['"' + w + '"' for w in words]
        else:
            quoted = fts5_phrases(req.query)
            words = [q[1:-1].replace('""', '"') for q in quoted]
        if not quoted:
            return []
        return (
            yield from tenant_keyword(
                d, params, quoted, words, limit, keyword_depth(limit), generations, matrices
            )
        )
    if phrases:
        match: str | None = d.phrase_or.join('"' + " ".join(query_terms_all(p)) + '"' for p in phrases)
        rows = yield Stmt(d.keyword_search, {**_params(d, req, names, limit), "match": match})
        return [(int(r[0]), float(r[1])) for r in rows]
    match = d.keyword_match(req.query)
    if match is None or not names:
        return []
    params = {**_params(d, req, names, limit), "match": match}
    rows = yield Stmt(d.keyword_search, params)
    return [(int(r[0]), float(r[1])) for r in rows]


def _vector(
    d: Dialect,
    req: SearchRequest,
    names: Sequence[str],
    vector: Sequence[float],
    embedder: EmbedderInfo,
    generations: tuple[tuple[str, int], ...],
    matrices: MatrixCache | None,
    limit: int,
) -> Op[Ranking]:
    if not names:
        return []
    if d.vector_search is not None:
        for sql in d.search_settings:
            yield Stmt(sql)
        rows = yield Stmt(
            d.vector_search(embedder.dimensions),
            {**_params(d, req, names, limit), "vector": d.encode_vector(vector)},
        )
        return [(int(r[0]), float(r[1])) for r in rows]
    assert d.load_matrix is not None and matrices is not None
    key = tuple(sorted(names))
    matrix = matrices.get(req.tenant, key, generations)
    if matrix is None:
        rows = yield Stmt(d.load_matrix, {"tenant": req.tenant, "collections": d.encode_list(key)})
        matrix = VectorMatrix.from_rows(rows, generations, embedder.dimensions)
        matrices.put(req.tenant, key, matrix)
    f = req.filters
    return matrix.top_k(vector, limit, doc_id=f.doc_id, date_from=f.effective_from, date_to=f.effective_to)


def search(
    d: Dialect,
    req: SearchRequest,
    vector: Sequence[float] | None,
    embedder: EmbedderInfo,
    matrices: MatrixCache | None = None,
) -> Op[list[SearchHit]]:
    """Run ``req``; ``vector`` is the embedded query (None in keyword mode)."""
    known = yield from collections(d, req.tenant)
    requested = req.filters.collections
    for name in requested or ():
        if name not in known:
            raise not_found(req.tenant, name, known)
    names = sorted(requested or known)
    vector_names = names
    if req.wants_vector:
        if requested:
            for name in requested:
                check_embedder(known[name], embedder)
        else:
            # Unnamed collections made with another model are left out of the vector side only.
            vector_names = [
                n
                for n in names
                if (known[n].embedder, known[n].dimensions) == (embedder.name, embedder.dimensions)
            ]
    limit = rerank_depth(req.k)
    tenant_generations = tuple(sorted((n, c.generation) for n, c in known.items()))
    keyword: Ranking = []
    if req.mode in ("hybrid", "keyword"):
        keyword = yield from _keyword(d, req, names, limit, generations=tenant_generations, matrices=matrices)
    vec: Ranking = []
    if req.wants_vector:
        if vector is None:
            raise InvalidQuery(f"mode {req.mode!r} needs the query's vector")
        generations = tuple((n, known[n].generation) for n in vector_names)
        vec = yield from _vector(d, req, vector_names, vector, embedder, generations, matrices, limit)
    # Fused to the candidate depth, not k: the rerank rescores every candidate, and the canonical
    # copy of a passage is often below its office variants in both retrievers' lists.
    if req.mode == "hybrid":
        fused = reciprocal_rank_fusion(keyword, vec, limit=limit, k=req.rrf_k)
    else:
        fused = single(keyword if req.mode == "keyword" else vec, req.mode, limit=limit)
    if not fused:
        return []
    hits, dense = yield from _hydrate(d, req, fused, vector, embedder)
    ranked = rerank(hits, req.query, req.k, dense=dense)
    # The best passage may be a quote: a meeting note or a request that copies a policy's section,
    # while the policy's own chunk (spanning more sections) is in neither retriever's list. One
    # keyword search for the quoted sentence brings the source in; the rerank groups the copies
    # (they share the sentence) and shows the source.
    quotes = (
        source_probes(ranked[0].text, req.query) if ranked and QUOTE_WORDS and req.mode != "vector" else []
    )
    if quotes:
        probe = SearchRequest(req.tenant, quotes[0], SOURCE_PROBE_DEPTH, "keyword", req.filters)
        found = yield from _keyword(
            d, probe, names, SOURCE_PROBE_DEPTH, phrases=quotes, generations=tenant_generations,
            matrices=matrices,
        )  # fmt: skip
        known_ids = {f.id for f in fused}
        extra = [Fused(i, 0.0, keyword_rank=None) for i, _ in found if i not in known_ids]
        if extra:
            more, more_dense = yield from _hydrate(d, req, extra, vector, embedder)
            if more_dense is not None and dense is not None:
                dense.update(more_dense)
            ranked = rerank([*hits, *more], req.query, req.k, dense=dense)
    return ranked


# A word both backends' parsers cut the same way: letters and digits only, perhaps followed by
# punctuation. Hyphens, quotes, apostrophes, decimal points and paths are cut differently (PostgreSQL
# keeps "three-year" as a word beside "three" and "year", which shifts a phrase's positions).
_PLAIN_WORD = re.compile(r"[^\W_]+[,;:.!?]?", re.UNICODE)


def plain_runs(sentence: str) -> list[str]:
    """The sentence's runs of plain words (:data:`_PLAIN_WORD`) of at least :data:`QUOTE_WORDS` words:
    the part of a quoted sentence a phrase search finds alike on both backends."""
    runs: list[list[str]] = [[]]
    for token in sentence.split():
        if _PLAIN_WORD.fullmatch(token):
            runs[-1].append(token)
        elif runs[-1]:
            runs.append([])
    return [" ".join(r) for r in runs if len(r) >= QUOTE_WORDS]


def source_probe(text: str) -> str | None:
    """The passage's longest run of plain words (:func:`plain_runs`), when long enough to identify a
    quote; else None."""
    found = [r for s in re.split(r"(?<=[.!?])\s+", text.replace("\n", " ")) for r in plain_runs(s)]
    return max(found, key=len) if found else None


def source_probes(text: str, query: str, limit: int = SOURCE_PROBES) -> list[str]:
    """Up to ``limit`` quotes of the passage to look its source up by: the longest plain run of
    each sentence, the sentences sharing most words with the question first (a page that copies
    several sections is a copy of the one the question is about), then the longest."""
    asked = terms(query)
    runs = []
    for sentence in re.split(r"(?<=[.!?])\s+", text.replace("\n", " ")):
        found = plain_runs(sentence)
        if found:
            shared = len(asked & terms(sentence))
            runs.append((shared, max(found, key=len)))
    runs.sort(key=lambda r: (-r[0], -len(r[1])))
    return [r for _, r in runs[:limit]]


def query_terms_all(text: str) -> list[str]:
    """Every word of ``text``, in order, stop words included (a phrase keeps them)."""
    return re.findall(r"[^\W_]+", text.lower())


def _hydrate(
    d: Dialect,
    req: SearchRequest,
    fused: Sequence[Fused],
    vector: Sequence[float] | None,
    embedder: EmbedderInfo,
) -> Op[tuple[list[SearchHit], dict[str, float] | None]]:
    """The candidates' rows as hits, and the question's cosine with each (None: no dense part)."""
    rows: list[Row] = yield Stmt(
        d.hydrate, {"tenant": req.tenant, "ids": d.encode_list([f.id for f in fused])}
    )
    hits = build_hits(fused, {int(r[0]): r for r in rows})
    # A document that says in its body that it is superseded or archived (knowledge/index/status.py)
    # is marked here, so every later stage ranks it as it ranks a title-marked archived edition.
    stated = {str(r[1]) for r in rows if len(r) > 12 and demotes(r[12])}
    if stated:
        hits = [h.model_copy(update={"superseded": True}) if h.chunk_id in stated else h for h in hits]
    dense = None
    # A lexical embedder's cosine (feature hashing) says nothing the keyword score does not: the
    # retrievers' fused order stands in for it, as in keyword mode.
    if vector is not None and req.wants_vector and not embedder.name.startswith(LEXICAL_EMBEDDERS):
        by_id = {int(r[0]): r for r in rows}
        dense = {
            h.chunk_id: c
            for h, c in zip(
                hits, _cosines(vector, [by_id[f.id][11] for f in fused if f.id in by_id]), strict=True
            )
        }
    return hits, dense


def _cosines(query: Sequence[float], stored: Sequence[object]) -> list[float]:
    """The question's cosine with each candidate's stored vector (SQLite float32 blobs, pgvector text);
    vectors are unit length, as the embedders return them."""
    q = np.asarray(query, dtype=np.float32)
    rows = [
        np.frombuffer(v, dtype="<f4") if isinstance(v, bytes | bytearray | memoryview)
        else np.array(str(v).strip("[]").split(","), dtype=np.float32)
        for v in stored
    ]  # fmt: skip
    return [float(x) for x in dot(np.vstack(rows), q)] if rows else []  # dot: no spinning BLAS threads
