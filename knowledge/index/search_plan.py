"""What the blocking and the async index both run (knowledge/index/sync_index.py, async_index.py):
the model's steps, checked against its promises (count, dimensions) before anything is stored or
searched, and one search's plan - its model steps (:class:`Blocking`) and its operations, which
each index drives its own way."""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from knowledge.embedders.base import Embedder
from knowledge.index import ops
from knowledge.index import sentences as sentence_stage
from knowledge.index.dialect import Op
from knowledge.index.models import SearchFilters, SearchHit, SearchMode
from knowledge.index.rules import check_vector, validate_k
from knowledge.index.search import SearchRequest, search

if TYPE_CHECKING:
    from knowledge.index.sync_index import SyncDriver


def embedder_info(embedder: Embedder) -> ops.EmbedderInfo:
    return ops.EmbedderInfo(embedder.name, int(embedder.dimensions))


def embed_texts(embedder: Embedder, texts: Sequence[str]) -> list[list[float]]:
    """Embed and check the model kept its promise (count and dimensions) before anything is stored."""
    if not texts:
        return []
    vectors = embedder.embed_documents(list(texts))
    if len(vectors) != len(texts):
        raise ValueError(f"embedder {embedder.name!r} returned {len(vectors)} vectors for {len(texts)} texts")
    for v in vectors:
        check_vector(v, embedder.dimensions, embedder.name)
    return vectors


def embed_query(embedder: Embedder, text: str) -> list[float]:
    vector = embedder.embed_query(text)
    check_vector(vector, embedder.dimensions, embedder.name)
    return vector


def make_request(
    tenant: str,
    query: str,
    *,
    k: int,
    mode: SearchMode,
    collections: Sequence[str] | None,
    doc_id: str | None,
    effective_from: date | None,
    effective_to: date | None,
    rrf_k: int,
) -> SearchRequest:
    if isinstance(collections, str):
        collections = [collections]
    filters = SearchFilters(
        collections=tuple(collections) if collections is not None else None,
        doc_id=doc_id,
        effective_from=effective_from,
        effective_to=effective_to,
    )
    return SearchRequest(tenant=tenant, query=query, k=k, mode=mode, filters=filters, rrf_k=rrf_k)


@dataclass(frozen=True)
class Blocking:
    """A step of :func:`search_plan` that runs the model (CPU-bound): called in place by the blocking
    index, in a worker thread by the async one (never on its event loop)."""

    call: Callable[[], Any]


SearchPlan = Generator[Blocking | Op[list[SearchHit]], Any, list[SearchHit]]


def search_plan(
    embedder: Embedder,
    driver: SyncDriver | Any,
    tenant: str,
    query: str,
    *,
    k: int,
    mode: SearchMode,
    collections: Sequence[str] | None,
    doc_id: str | None,
    effective_from: date | None,
    effective_to: date | None,
    rrf_k: int,
    sentences: bool,
) -> SearchPlan:
    """One search, run by the blocking and the async index alike (``driver``: either's, for its
    dialect and vector matrices): embed the question (a :class:`Blocking` step), the search operation
    (an ``Op`` step, a read), and the sentence stage (knowledge/index/sentences.py, a
    :class:`Blocking` step) where it applies, which asks the search for more candidates."""
    # k is checked here, before the sentence stage widens it: sentences.depth(k) passed -1 or 0 to
    # the request's own check as 10, and refine_with's [:k] then returned all hits but the last, or
    # none (`kassist kb search --k -1`, session 36, n N11).
    validate_k(k)
    refine = sentences and sentence_stage.applies(mode, embedder.name)
    req = make_request(tenant, query, k=sentence_stage.depth(k) if refine else k, mode=mode,
                       collections=collections, doc_id=doc_id, effective_from=effective_from,
                       effective_to=effective_to, rrf_k=rrf_k)  # fmt: skip
    vector: list[float] | None = None
    if req.wants_vector:
        vector = yield Blocking(lambda: embed_query(embedder, query))
    hits: list[SearchHit] = yield search(
        driver.dialect, req, vector, embedder_info(embedder), driver.matrices
    )
    if not refine or vector is None:
        return hits
    found = vector
    refined: list[SearchHit] = yield Blocking(
        lambda: sentence_stage.refine_with(hits, query, k, found, embedder.embed_documents, embedder.name)
    )
    return refined
