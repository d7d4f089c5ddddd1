"""``AsyncKnowledgeIndex``: the async twin of :mod:`knowledge.index.sync_index`, same rules, same SQL.

The embedding model is CPU-bound, so it runs in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, date, datetime
from typing import Any, Protocol, TypeVar

from kassist.db import open_database
from kassist.db.sansio import adrive
from kassist.dburl import DatabaseURL, database_url_from_env, parse_database_url
from kassist.tenancy import check_run_tenant, validate_tenant_id
from knowledge.documents import Chunk, Document
from knowledge.embedders.base import Embedder
from knowledge.index import batch, catalog, ops, order_model, sources
from knowledge.index.dialect import Dialect, Op
from knowledge.index.matrix import MatrixCache
from knowledge.index.models import (
    CollectionStats,
    DocumentDetail,
    DocumentPage,
    Removal,
    SearchHit,
    SearchMode,
    UpsertResult,
)
from knowledge.index.search_plan import Blocking, embed_texts, embedder_info, search_plan
from knowledge.retrieval import DEFAULT_RRF_K

T = TypeVar("T")


class AsyncDriver(Protocol):
    dialect: Dialect
    matrices: MatrixCache | None

    async def run(self, op: Op[T], *, write: bool) -> T: ...
    async def migrate(self) -> None: ...
    async def close(self) -> None: ...


async def open_async_driver(url: DatabaseURL) -> AsyncDriver:
    from knowledge.index.database import AsyncIndexDriver

    return AsyncIndexDriver(open_database(url))


class AsyncKnowledgeIndex:
    def __init__(self, driver: AsyncDriver, embedder: Embedder, url: DatabaseURL) -> None:
        self._driver = driver
        self.embedder = embedder
        self.url = url

    @classmethod
    async def from_url(
        cls, url: str | None = None, *, embedder: Embedder, migrate: bool = True
    ) -> AsyncKnowledgeIndex:
        parsed = parse_database_url(url if url is not None else database_url_from_env())
        order_model.weights()  # as KnowledgeIndex.from_url: a damaged install fails here, clearly
        driver = await open_async_driver(parsed)
        try:
            if migrate:
                await driver.migrate()
        except BaseException:
            await driver.close()
            raise
        return cls(driver, embedder, parsed)

    def for_tenant(self, tenant_id: str) -> AsyncTenantKnowledgeIndex:
        return AsyncTenantKnowledgeIndex(self, validate_tenant_id(tenant_id))

    async def run(self, op: Op[T], *, write: bool = False) -> T:
        return await self._driver.run(op, write=write)

    @property
    def driver(self) -> AsyncDriver:
        return self._driver

    async def close(self) -> None:
        await self._driver.close()

    async def __aenter__(self) -> AsyncKnowledgeIndex:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class AsyncTenantKnowledgeIndex:
    def __init__(self, index: AsyncKnowledgeIndex, tenant_id: str) -> None:
        self._index = index
        self.tenant_id = tenant_id

    @property
    def _tenant(self) -> str:
        # Checked at every call, not at binding: a view made outside any run and used inside one
        # that acts for another tenant reaches nothing (kassist.tenancy.check_run_tenant).
        return check_run_tenant(self.tenant_id, "knowledge index")

    async def upsert_document(
        self, document: Document, chunks: Sequence[Chunk], *, source: str | None = None
    ) -> UpsertResult:
        """As the sync index's; ``source``: the writer's (knowledge/index/sources.py), checked
        against the collection's in the write and recorded with the document."""
        embedder = self._index.embedder
        info = embedder_info(embedder)
        d = self._index.driver.dialect
        tenant = self._tenant
        # A batch of one: the rows and results of knowledge.index.batch, as the sync index writes them.
        (plan,) = await self._index.run(batch.prepare_upserts(d, tenant, info, [(document, chunks)], source))
        vectors = await asyncio.to_thread(embed_texts, embedder, [t for _, t in plan.to_embed])
        fresh = {h: v for (h, _), v in zip(plan.to_embed, vectors, strict=True)}
        now = datetime.now(UTC)
        (result,) = await self._index.run(batch.apply_upserts(d, [plan], info, fresh, now), write=True)
        return result

    async def check_source(self, collection: str, source: str) -> None:
        """As the sync index's: ``CollectionMirrorsAnother`` unless ``source`` may write ``collection``."""
        await self._index.run(sources.check(self._index.driver.dialect, self._tenant, collection, source))

    async def delete_document(self, collection: str, doc_id: str) -> int:
        d = self._index.driver.dialect
        return await self._index.run(ops.delete_document(d, self._tenant, collection, doc_id), write=True)

    async def list_documents(
        self, collection: str | None = None, *, limit: int = 100, offset: int = 0
    ) -> DocumentPage:
        d = self._index.driver.dialect
        return await self._index.run(catalog.page(d, self._tenant, collection, limit=limit, offset=offset))

    async def document(
        self, ref: str, collection: str | None = None, *, text: bool = False
    ) -> DocumentDetail:
        d = self._index.driver.dialect
        return await self._index.run(catalog.detail(d, self._tenant, ref, collection, text=text))

    async def remove_document(self, collection: str, doc_id: str, *, dry_run: bool = False) -> Removal:
        d = self._index.driver.dialect
        op = catalog.remove_document(d, self._tenant, collection, doc_id, dry_run=dry_run)
        return await self._index.run(op, write=not dry_run)

    async def remove_collection(self, collection: str, *, dry_run: bool = False) -> Removal:
        d = self._index.driver.dialect
        op = catalog.remove_collection(d, self._tenant, collection, dry_run=dry_run)
        return await self._index.run(op, write=not dry_run)

    async def search(
        self,
        query: str,
        *,
        k: int = 10,
        mode: SearchMode = "hybrid",
        collections: Sequence[str] | None = None,
        doc_id: str | None = None,
        effective_from: date | None = None,
        effective_to: date | None = None,
        rrf_k: int = DEFAULT_RRF_K,
        sentences: bool = True,
    ) -> list[SearchHit]:
        """The best ``k`` passages; ``sentences``: with the sentence stage (knowledge/index/sentences.py)
        where it applies. The model's steps run in a worker thread."""
        plan = search_plan(self._index.embedder, self._index.driver, self._tenant, query, k=k, mode=mode,
                           collections=collections, doc_id=doc_id, effective_from=effective_from,
                           effective_to=effective_to, rrf_k=rrf_k, sentences=sentences)  # fmt: skip
        return await adrive(plan, self._step)

    async def _step(self, step: Blocking | Op[list[SearchHit]]) -> Any:
        if isinstance(step, Blocking):
            return await asyncio.to_thread(step.call)
        return await self._index.driver.run(step, write=False)

    async def stats(self) -> list[CollectionStats]:
        return await self._index.run(ops.stats(self._index.driver.dialect, self._tenant))

    async def collection_names(self) -> list[str]:
        return sorted(await self._index.run(ops.collections(self._index.driver.dialect, self._tenant)))
