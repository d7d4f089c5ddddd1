"""``MemoryStore``: a multi-tenant LangGraph ``BaseStore`` on SQLite or PostgreSQL.

The rules live in pure modules (namespaces, filters, program); this class resolves the tenant view,
embeds texts outside the database transaction, and hands the batch program to the backend driver.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Generator, Iterable, Mapping, Sequence
from concurrent.futures import Future
from typing import Any, Literal, TypeVar

from langgraph.store.base import (
    NOT_PROVIDED,
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    MatchCondition,
    NamespacePath,
    NotProvided,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
    TTLConfig,
)

from kassist.db.closing import Closing
from kassist.db.sansio import twin_methods
from kassist.tenancy import TenantMismatch, validate_tenant_id
from knowledge.embedders.base import Embedder
from memory.store.backend import Clock, StoreBackend, open_backend
from memory.store.indexing import DEFAULT_FIELDS
from memory.store.keywords import SearchMode
from memory.store.migrations import (
    check_program,
    fetch_all,
    ready_program,
    setup_program,
    sweep_program,
)
from memory.store.namespaces import Scope, as_namespace
from memory.store.program import BULK_PUTS, Batch, prepare
from memory.store.readers import narrowing
from memory.store.statements import Program
from memory.store.sweeper import Sweeper

logger = logging.getLogger(__name__)
T = TypeVar("T")
Calls = Generator[list[Op], list[Result], T]
"""A convenience method's body: yields the ops it needs run, receives their results."""


class MemoryStore(Closing, BaseStore):
    """LangGraph store with enforced tenant scoping, typed filters, semantic search and TTL.

    Open with :meth:`from_url`, call :meth:`setup` once, then bind a tenant with
    :meth:`for_tenant`. See ``docs/memory-store.md``.
    """

    supports_ttl: bool = True

    def __init__(self, backend: StoreBackend, *, scope: Scope, ttl: TTLConfig | None = None) -> None:
        self._backend = backend
        self._scope = scope
        self.ttl_config = ttl
        self._sweeper = Sweeper(self.sweep_ttl)

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        embedder: Embedder | None = None,
        index_fields: Sequence[str] = DEFAULT_FIELDS,
        ttl: TTLConfig | None = None,
        tenant_from_namespace: bool = False,
        clock: Clock | None = None,
        pool_size: int | None = None,
        search: SearchMode = "hybrid",
    ) -> MemoryStore:
        """Open the store at ``url`` (``sqlite:///...`` or ``postgresql://...``).

        ``tenant_from_namespace=True`` opens an admin store whose namespaces start with the tenant
        id; without it the store refuses every operation until bound with :meth:`for_tenant`.
        PostgreSQL is contacted at once: an unreachable server raises ``DatabaseUnavailable``.
        ``search`` is what a query ranks by: ``"hybrid"`` (keyword and vector fused, the default),
        ``"vector"`` or ``"keyword"`` alone.
        """
        backend = open_backend(
            url, embedder=embedder, index_fields=index_fields, clock=clock, pool_size=pool_size, search=search
        )
        return cls(backend, scope=Scope(tenant_from_namespace=tenant_from_namespace), ttl=ttl)

    def __repr__(self) -> str:
        view = (
            f"tenant={self.tenant!r}"
            if self.tenant
            else ("admin" if self._scope.tenant_from_namespace else "unbound")
        )
        return f"MemoryStore({self._backend.where}, {view})"

    # -- tenancy -----------------------------------------------------------------------------

    @property
    def tenant(self) -> str | None:
        """The tenant this view is bound to, or None for an unbound/admin store."""
        return self._scope.tenant

    def for_tenant(self, tenant_id: str) -> MemoryStore:
        """A view bound to ``tenant_id``: namespaces are given and returned without the tenant label."""
        tenant = validate_tenant_id(tenant_id)
        if self._scope.tenant is not None and self._scope.tenant != tenant:
            raise TenantMismatch(f"this store is bound to tenant {self._scope.tenant!r}, not {tenant!r}")
        return MemoryStore(self._backend, scope=Scope(tenant=tenant), ttl=self.ttl_config)

    # -- setup and lifecycle -----------------------------------------------------------------

    def _setup(self) -> Program:
        b = self._backend
        return setup_program(b.dialect.statements, b.index, b.driver.backend)

    def _ready(self) -> Program:
        b = self._backend
        return ready_program(b.dialect.statements, b.index, b.driver.backend)

    def setup(self) -> int:
        """Create or migrate the tables (idempotent); returns how many migrations ran."""
        driver = self._backend.driver
        if driver.backend == "postgres":
            driver.ensure_vector_extension()
        applied = driver.set_up(self._ready, self._setup)
        self._backend.checked = True
        return applied

    async def asetup(self) -> int:
        driver = self._backend.driver
        if driver.backend == "postgres":
            await asyncio.to_thread(driver.ensure_vector_extension)
        applied = await driver.aset_up(self._ready, self._setup)
        self._backend.checked = True
        return applied

    def close(self) -> None:
        """Close the connections (shared with every view made by :meth:`for_tenant`)."""
        self._sweeper.stop(timeout=1)
        self._backend.driver.close()

    async def aclose(self) -> None:
        self._sweeper.stop(timeout=1)
        await self._backend.driver.aclose()

    # -- batches -----------------------------------------------------------------------------

    def _prepare(self, ops: Iterable[Op]) -> Batch:
        return prepare(self._scope, ops, self._backend.index, self._backend.clock(), narrowing())

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        b = self._backend
        batch = self._prepare(ops)
        embedder = b.index.embedder
        docs = embedder.embed_documents(batch.doc_texts) if batch.doc_texts else []
        queries = [embedder.embed_query(t) for t in batch.query_texts]
        if not b.checked:
            b.driver.run(lambda: check_program(b.dialect.statements, b.index, b.driver.backend), write=False)
            b.checked = True
        result: list[Result] = b.driver.run(lambda: batch.run(b.dialect, docs, queries), write=batch.writes)
        if (puts := batch.puts) >= BULK_PUTS:
            try:
                b.driver.run(lambda: b.dialect.after_bulk_write(puts), write=False)
            except Exception as exc:  # the batch is committed; fresher statistics are only a bonus
                logger.warning("refreshing the store's planner statistics failed: %s", exc)
        return result

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        b = self._backend
        batch = self._prepare(ops)
        embedder = b.index.embedder
        docs: list[list[float]] = []
        queries: list[list[float]] = []
        if batch.doc_texts:
            docs = await asyncio.to_thread(embedder.embed_documents, batch.doc_texts)
        if batch.query_texts:
            queries = await asyncio.to_thread(lambda: [embedder.embed_query(t) for t in batch.query_texts])
        if not b.checked:
            await b.driver.arun(
                lambda: check_program(b.dialect.statements, b.index, b.driver.backend), write=False
            )
            b.checked = True
        result: list[Result] = await b.driver.arun(
            lambda: batch.run(b.dialect, docs, queries), write=batch.writes
        )
        if (puts := batch.puts) >= BULK_PUTS:
            try:
                await b.driver.arun(lambda: b.dialect.after_bulk_write(puts), write=False)
            except Exception as exc:  # as in batch
                logger.warning("refreshing the store's planner statistics failed: %s", exc)
        return result

    # -- TTL ---------------------------------------------------------------------------------

    def _sweep(self) -> Program:
        b = self._backend
        removed = yield from sweep_program(b.dialect.statements, b.dialect.time(b.clock()))
        return removed

    def sweep_ttl(self) -> int:
        """Delete expired items now (all tenants); returns how many were removed."""
        return int(self._backend.driver.run(self._sweep, write=True))

    async def asweep_ttl(self) -> int:
        return int(await self._backend.driver.arun(self._sweep, write=True))

    def start_ttl_sweeper(self, sweep_interval_minutes: float | None = None) -> Future[None]:
        """Sweep in a daemon thread every ``sweep_interval_minutes`` (default: ttl config, else 5)."""
        interval = sweep_interval_minutes or (self.ttl_config or {}).get("sweep_interval_minutes") or 5
        return self._sweeper.start(float(interval))

    def stop_ttl_sweeper(self, timeout: float | None = None) -> bool:
        return self._sweeper.stop(timeout)

    def _refresh(self, refresh_ttl: bool | None) -> bool:
        if refresh_ttl is not None:
            return refresh_ttl
        return bool((self.ttl_config or {}).get("refresh_on_read", True))

    def _ttl(self, ttl: float | NotProvided | None) -> float | None:
        if isinstance(ttl, NotProvided):
            return (self.ttl_config or {}).get("default_ttl")
        return ttl

    # -- admin -------------------------------------------------------------------------------

    def list_tenants(self) -> list[str]:
        """Tenants with at least one item (admin stores only)."""
        if self._scope.tenant is not None or not self._scope.tenant_from_namespace:
            raise PermissionError(
                "list_tenants needs an admin store (from_url(..., tenant_from_namespace=True))"
            )
        tenants_sql = self._backend.dialect.statements.tenants
        rows = self._backend.driver.run(lambda: fetch_all(tenants_sql), write=False)
        return [r[0] for r in rows]

    # -- BaseStore convenience methods, re-declared so labels may contain dots ----------------
    # (BaseStore's versions reject '.' before the batch; this store's own validation runs in prepare.)
    # Each is written once, as a generator yielding the ops it needs run; twin_methods makes the
    # method that runs them with batch and its async twin with abatch (about 0.6 us per call more
    # than calling batch directly, ~1% of a SQLite get).

    def _get(
        self, namespace: tuple[str, ...], key: str, *, refresh_ttl: bool | None = None
    ) -> Calls[Item | None]:
        result = (yield [GetOp(as_namespace(namespace), key, self._refresh(refresh_ttl))])[0]
        return result if isinstance(result, Item) else None

    def _search(
        self,
        namespace_prefix: tuple[str, ...],
        /,
        *,
        query: str | None = None,
        filter: dict[str, Any] | None = None,
        limit: int = 10,
        offset: int = 0,
        refresh_ttl: bool | None = None,
    ) -> Calls[list[SearchItem]]:
        op = SearchOp(tuple(namespace_prefix), filter, limit, offset, query, self._refresh(refresh_ttl))
        return _search_items((yield [op])[0])

    def _put(
        self,
        namespace: tuple[str, ...],
        key: str,
        value: Mapping[str, Any],
        index: Literal[False] | list[str] | None = None,
        *,
        ttl: float | NotProvided | None = NOT_PROVIDED,
    ) -> Calls[None]:
        yield [PutOp(as_namespace(namespace), key, value, index=index, ttl=self._ttl(ttl))]

    def _delete(self, namespace: tuple[str, ...], key: str) -> Calls[None]:
        yield [PutOp(as_namespace(namespace), key, None)]

    def _list_namespaces(
        self,
        *,
        prefix: NamespacePath | None = None,
        suffix: NamespacePath | None = None,
        max_depth: int | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> Calls[list[tuple[str, ...]]]:
        return _namespaces((yield [_list_op(prefix, suffix, max_depth, limit, offset)])[0])

    get, aget = twin_methods(_get, "batch", "abatch")
    search, asearch = twin_methods(_search, "batch", "abatch")
    put, aput = twin_methods(_put, "batch", "abatch")
    delete, adelete = twin_methods(_delete, "batch", "abatch")
    list_namespaces, alist_namespaces = twin_methods(_list_namespaces, "batch", "abatch")


def _list_op(
    prefix: NamespacePath | None, suffix: NamespacePath | None, max_depth: int | None, limit: int, offset: int
) -> ListNamespacesOp:
    conditions: list[MatchCondition] = []
    if prefix:
        conditions.append(MatchCondition(match_type="prefix", path=tuple(prefix)))
    if suffix:
        conditions.append(MatchCondition(match_type="suffix", path=tuple(suffix)))
    return ListNamespacesOp(tuple(conditions), max_depth, limit, offset)


def _search_items(result: Result) -> list[SearchItem]:
    return [r for r in result if isinstance(r, SearchItem)] if isinstance(result, list) else []


def _namespaces(result: Result) -> list[tuple[str, ...]]:
    return [r for r in result if isinstance(r, tuple)] if isinstance(result, list) else []
