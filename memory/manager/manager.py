"""``MemoryManager``: typed long-term memories with a conflict policy, quarantine and erasure.

Every method has an async twin (``a`` prefix): both are made from one plan (memory/manager/plans.py)
that builds the I/O-free operations of ``ops``, ``reads`` and ``erasure`` and hands them to the
backend's sync or async executor.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import partial
from typing import Any, Protocol, TypeVar

from kassist.db import open_database
from kassist.db.closing import Closing
from kassist.db.counts import check_count
from kassist.db.sansio import twin_methods
from kassist.db.statements import Local
from kassist.dburl import database_url_from_env, parse_database_url
from kassist.tenancy import TenantMismatch, TenantRequired, check_run_tenant, validate_tenant_id
from knowledge.embedders import Embedder, HashingEmbedder
from memory.manager import erasure, hybrid, ops, reads, recall_cache
from memory.manager.cues import first_person, rewrite_candidates
from memory.manager.hybrid import Strategy
from memory.manager.models import (
    AuditEntry,
    Decision,
    MemoryInput,
    MemoryRecord,
    MemoryType,
    RememberRequest,
    Source,
    parse_enum,
    validate_user_id,
)
from memory.manager.plans import After, Plan, Run, Step, aexecute, execute
from memory.manager.policy import PolicyConfig
from memory.manager.statements import ManagerSql

T = TypeVar("T")
MAX_K = 1000


class ManagerRunner(Protocol):
    """What a manager runs its operations on (memory/manager/database.py:ManagerBackend)."""

    backend: str
    sql: ManagerSql

    def setup(self) -> None: ...
    def run(self, op: ops.Op[T], *, write: bool, again: Callable[[], ops.Op[T]] | None = None) -> T: ...
    async def arun(
        self, op: ops.Op[T], *, write: bool, again: Callable[[], ops.Op[T]] | None = None
    ) -> T: ...
    def after_erasure(self) -> None: ...
    async def aafter_erasure(self) -> None: ...
    def imported(self, written: int) -> None: ...
    async def aimported(self, written: int) -> None: ...
    def close(self) -> None: ...
    async def aclose(self) -> None: ...


def _utcnow() -> datetime:
    return datetime.now(UTC)


class MemoryManager(Closing):
    """Typed memories of one database. Bind a tenant with :meth:`for_tenant` before using it."""

    def __init__(
        self,
        backend: ManagerRunner,
        embedder: Embedder,
        *,
        config: PolicyConfig | None = None,
        clock: Callable[[], datetime] = _utcnow,
        tenant_id: str | None = None,
        _vectors: recall_cache.VectorCache | None = None,
    ) -> None:
        self._backend = backend
        # Recall's in-process vectors, shared by every tenant view of this manager.
        self._vectors = _vectors if _vectors is not None else recall_cache.new_cache()
        self.embedder = embedder
        self.config = config or PolicyConfig()
        self._clock = clock
        self.tenant_id = validate_tenant_id(tenant_id) if tenant_id is not None else None

    @classmethod
    def from_url(
        cls,
        url: str,
        embedder: Embedder | None = None,
        *,
        config: PolicyConfig | None = None,
        clock: Callable[[], datetime] = _utcnow,
        setup: bool = True,
    ) -> MemoryManager:
        """Open ``url`` (``sqlite:///...`` or ``postgresql://...``) and create or migrate the tables.

        The manager runs on the process's one database object for ``url`` (kassist.db), shared with
        the checkpointer, memory store and knowledge index opened on the same URL (on SQLite: one
        durability policy, FULL unless the database was opened with ``normal``, and one writer lock).
        """
        chosen = embedder or HashingEmbedder()
        from memory.manager.database import ManagerBackend

        backend: ManagerRunner = ManagerBackend(open_database(parse_database_url(url)))
        if setup:
            try:
                backend.setup()
            except BaseException:
                backend.close()
                raise
        return cls(backend, chosen, config=config, clock=clock)

    @classmethod
    def from_env(cls, embedder: Embedder | None = None, **kwargs: Any) -> MemoryManager:
        """:meth:`from_url` with ``KASSIST_DATABASE_URL`` (or the embedded SQLite default)."""
        return cls.from_url(database_url_from_env(), embedder, **kwargs)

    @property
    def backend_name(self) -> str:
        return self._backend.backend

    def for_tenant(self, tenant_id: str) -> MemoryManager:
        """A view bound to ``tenant_id``: it can neither read nor write another tenant's memories."""
        tenant_id = validate_tenant_id(tenant_id)
        if self.tenant_id is not None and tenant_id != self.tenant_id:
            raise TenantMismatch(f"this view is bound to tenant {self.tenant_id!r}, not {tenant_id!r}")
        return MemoryManager(
            self._backend, self.embedder, config=self.config, clock=self._clock, tenant_id=tenant_id,
            _vectors=self._vectors,
        )  # fmt: skip

    def _tenant(self, tenant_id: str | None) -> str:
        if self.tenant_id is not None:
            if tenant_id is not None and tenant_id != self.tenant_id:
                raise TenantMismatch(f"this view is bound to tenant {self.tenant_id!r}, not {tenant_id!r}")
            tenant = self.tenant_id
        elif tenant_id is None:
            raise TenantRequired("no tenant: call manager.for_tenant(tenant_id) or pass tenant_id=")
        else:
            tenant = validate_tenant_id(tenant_id)
        return check_run_tenant(tenant, "memory manager")

    def _select(
        self, plain: str, typed: str, user_id: str, memory_type: MemoryType | str | None,
        tenant_id: str | None, **params: Any,
    ) -> ops.Op[list[MemoryRecord]]:  # fmt: skip
        """The user's rows by ``plain`` (or ``typed``, the same filtered by memory type)."""
        params |= {"tenant_id": self._tenant(tenant_id), "user_id": validate_user_id(user_id)}
        if memory_type:
            params["memory_type"] = parse_enum(MemoryType, memory_type, "memory type").value
        return reads.select(self._backend.sql, typed if memory_type else plain, params)

    def _execute(self, step: Step) -> Any:
        return execute(self._backend, step)

    async def _aexecute(self, step: Step) -> Any:
        return await aexecute(self._backend, step)

    # -- the methods: one plan each, run by a sync and an async driver (plans.py) ------------------

    def _remember(
        self,
        user_id: str,
        memory_type: MemoryType | str,
        key: str,
        value: Any,
        source: Source | str,
        *,
        source_ref: str | None = None,
        confidence: float = 1.0,
        expires_at: datetime | None = None,
        actor: str | None = None,
        tenant_id: str | None = None,
    ) -> Plan[Decision]:
        """Store ``value`` in the slot (type, key) if the policy and the poisoning gates allow it."""

        def build() -> ops.Op[Decision]:  # again from the start if the server rolled it back
            req = RememberRequest(
                tenant_id=self._tenant(tenant_id), user_id=user_id,
                memory_type=parse_enum(MemoryType, memory_type, "memory type"), key=key, value=value,
                source=parse_enum(Source, source, "source"), source_ref=source_ref, confidence=confidence,
                expires_at=expires_at, actor=actor or f"api:{source}",
            )  # fmt: skip
            return ops.remember(self._backend.sql, req, self._clock(), self.config, self.embedder)

        decision: Decision = yield Run(build(), write=True, again=build)
        return decision

    def _recall(
        self,
        user_id: str,
        *,
        memory_type: MemoryType | str | None = None,
        key: str | None = None,
        query: str | None = None,
        query_vector: Sequence[float] | None = None,
        k: int = 20,
        as_of: datetime | None = None,
        tenant_id: str | None = None,
        strategy: Strategy = "hybrid",
    ) -> Plan[list[MemoryRecord]]:
        """Active memories (or those believed at ``as_of``), user-level over tenant defaults.

        With ``query`` they are ranked by keyword and vector search fused with the question's cues
        (time, speaker, names; docs/memory.md, "Recall"); ``strategy`` picks one part alone
        (``keyword``, ``vector``) or plain fusion (``rrf``). With only a ``query_vector`` (from the
        same embedder), or with ``as_of``, by vector similarity. ``score`` is the cosine similarity
        when known. Quarantined, deleted and expired memories are never returned.
        """
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
            raise ValueError(f"k must be a whole number from 1 to {MAX_K}, got {k!r}")
        if as_of is not None and as_of.tzinfo is None:
            raise ValueError("as_of must be timezone-aware (e.g. datetime(2026, 1, 1, tzinfo=UTC))")
        if strategy not in hybrid.STRATEGIES:
            raise ValueError(
                f"unknown recall strategy {strategy!r}; accepted: {', '.join(hybrid.STRATEGIES)}"
            )
        tenant, user = self._tenant(tenant_id), validate_user_id(user_id)
        parsed_type = parse_enum(MemoryType, memory_type, "memory type") if memory_type else None
        vector = query_vector
        if query is not None and vector is None and strategy != "keyword":
            vector = yield Local(partial(self.embedder.embed_query, query))
        rewrites = yield Local(partial(self._rewrites, query, strategy, as_of))
        sql, now, model = self._backend.sql, self._clock(), self.embedder.name
        if query is not None and query.strip() and as_of is None:
            op = hybrid.recall(
                sql, tenant_id=tenant, user_id=user, memory_type=parsed_type, key=key, query=query,
                query_vector=vector, k=k, now=now, embed_model=model, cache=self._vectors, strategy=strategy,
                rewrites=rewrites,
            )  # fmt: skip
        else:
            op = reads.recall(
                sql, tenant_id=tenant, user_id=user, memory_type=parsed_type, key=key, query_vector=vector,
                k=k, as_of=as_of, now=now, embed_model=model,
            )  # fmt: skip
        records: list[MemoryRecord] = yield Run(op, write=False)
        return records

    def _rewrites(
        self, query: str | None, strategy: Strategy, as_of: datetime | None
    ) -> dict[str, list[float]]:
        """The question embedded in the first person of each proper name it has (at most two):
        hybrid recall uses the one of the speaker it names (docs/memory.md, "Recall"). Embedded
        here, before the database work, since which name is a speaker is known only in there.
        Not for the hashing embedder: its vectors are word counts, to which "I" and "my" are only
        more words to match (small talk full of them)."""
        if query is None or not query.strip() or strategy != "hybrid" or as_of is not None:
            return {}
        if self.embedder.name.startswith("hashing-"):
            return {}
        return {
            name: self.embedder.embed_query(first_person(query, name)) for name in rewrite_candidates(query)
        }

    def _remember_many(
        self,
        user_id: str,
        items: Sequence[MemoryInput | dict[str, Any]],
        *,
        source: Source | str,
        actor: str | None = None,
        batch_size: int = 500,
        tenant_id: str | None = None,
    ) -> Plan[list[Decision]]:
        """An import: each item through the same gates and conflict policy as :meth:`remember`,
        ``batch_size`` items per transaction with one embedding call per batch. The per-minute rate
        limit applies to untrusted sources only (tool output, documents), not to a user's or an
        administrator's import. Returns one decision per item, in order."""
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise ValueError(f"batch_size must be a positive whole number, got {batch_size!r}")
        tenant, parsed = self._tenant(tenant_id), parse_enum(Source, source, "source")
        reqs = []
        for n, raw in enumerate(items):
            try:
                item = raw if isinstance(raw, MemoryInput) else MemoryInput.model_validate(raw)
            except ValueError as exc:
                raise ValueError(f"item {n} of remember_many is not a memory: {exc}") from None
            reqs.append(RememberRequest(
                tenant_id=tenant, user_id=user_id, memory_type=item.memory_type, key=item.key,
                value=item.value, source=parsed, source_ref=item.source_ref, confidence=item.confidence,
                expires_at=item.expires_at, actor=actor or f"import:{parsed.value}",
            ))  # fmt: skip
        now, q = self._clock(), self._backend.sql
        decisions: list[Decision] = []
        for i in range(0, len(reqs), batch_size):
            batch = ops.remember_batch(q, reqs[i : i + batch_size], now, self.config, self.embedder)
            decisions += yield Run(batch, write=True)
        yield After("imported", (len(decisions),))  # PostgreSQL: planner statistics after a bulk import
        return decisions

    def _list_all(
        self, user_id: str, *, memory_type: MemoryType | str | None = None, limit: int = 1000,
        tenant_id: str | None = None,
    ) -> Plan[list[MemoryRecord]]:  # fmt: skip
        """Every stored row of the user, any status (an operator's view; recall is the assistant's)."""
        check_count("list_all limit", limit)
        q = self._backend.sql
        op = self._select(q.list_all, q.list_all_type, user_id, memory_type, tenant_id, limit=limit)
        records: list[MemoryRecord] = yield Run(op, write=False)
        return records

    def _history(
        self,
        user_id: str,
        key: str,
        *,
        memory_type: MemoryType | str | None = None,
        tenant_id: str | None = None,
    ) -> Plan[list[MemoryRecord]]:
        """Every version of a slot, oldest first, with its times, source and status."""
        q = self._backend.sql
        op = self._select(q.history, q.history_type, user_id, memory_type, tenant_id, key=key)
        records: list[MemoryRecord] = yield Run(op, write=False)
        return records

    def _forget(
        self, user_id: str, *, key: str | None = None, actor: str = "api", tenant_id: str | None = None
    ) -> Plan[int]:
        """Erase every memory of the user (or every version of one key); returns the rows deleted."""
        tenant, user = self._tenant(tenant_id), validate_user_id(user_id)

        def build() -> ops.Op[int]:
            return erasure.forget(self._backend.sql, tenant, user, key, actor, self._clock())

        count: int = yield Run(build(), write=True, again=build)
        yield After("after_erasure")
        return count

    def _expire(self, *, actor: str = "expire") -> Plan[int]:
        """Tombstone memories past ``expires_at`` (this tenant's, or every tenant's when unbound)."""
        count: int = yield Run(
            erasure.expire(self._backend.sql, self.tenant_id, self._clock(), actor), write=True
        )
        return count

    def _review(
        self, *, limit: int = 100, user_id: str | None = None, tenant_id: str | None = None
    ) -> Plan[list[MemoryRecord]]:
        """Quarantined memories of the tenant (of one user of it, ``user_id``: filtered in the query,
        so ``limit`` counts that user's), oldest first, with the reason for each."""
        check_count("review limit", limit)
        params: dict[str, Any] = {"tenant_id": self._tenant(tenant_id), "limit": limit}
        statement = self._backend.sql.review
        if user_id is not None:
            params["user_id"], statement = user_id, self._backend.sql.review_user
        records: list[MemoryRecord] = yield Run(
            reads.select(self._backend.sql, statement, params), write=False
        )
        return records

    def _release(self, memory_id: str, *, actor: str, tenant_id: str | None = None) -> Plan[Decision]:
        """Admin: activate a quarantined memory (still subject to the conflict policy)."""
        tenant = self._tenant(tenant_id)

        def build() -> ops.Op[Decision]:
            sql, config, embedder = self._backend.sql, self.config, self.embedder
            return ops.release(sql, tenant, memory_id, actor, self._clock(), config, embedder)

        decision: Decision = yield Run(build(), write=True, again=build)
        return decision

    def _delete_quarantined(self, memory_id: str, *, actor: str, tenant_id: str | None = None) -> Plan[None]:
        """Admin: delete a quarantined memory and its text."""
        sql, tenant = self._backend.sql, self._tenant(tenant_id)
        yield Run(erasure.delete_quarantined(sql, tenant, memory_id, actor, self._clock()), write=True)
        yield After("after_erasure")

    def _audit_log(
        self, *, user_id: str | None = None, limit: int = 100, tenant_id: str | None = None
    ) -> Plan[list[AuditEntry]]:
        """The newest audit entries of the tenant (or of one user), newest first."""
        check_count("audit_log limit", limit)
        entries: list[AuditEntry] = yield Run(
            reads.audit_log(self._backend.sql, self._tenant(tenant_id), user_id, limit), write=False
        )
        return entries

    remember, aremember = twin_methods(_remember, "_execute", "_aexecute")
    recall, arecall = twin_methods(_recall, "_execute", "_aexecute")
    remember_many, aremember_many = twin_methods(_remember_many, "_execute", "_aexecute")
    list_all, alist_all = twin_methods(_list_all, "_execute", "_aexecute")
    history, ahistory = twin_methods(_history, "_execute", "_aexecute")
    forget, aforget = twin_methods(_forget, "_execute", "_aexecute")
    expire, aexpire = twin_methods(_expire, "_execute", "_aexecute")
    review, areview = twin_methods(_review, "_execute", "_aexecute")
    release, arelease = twin_methods(_release, "_execute", "_aexecute")
    delete_quarantined, adelete_quarantined = twin_methods(_delete_quarantined, "_execute", "_aexecute")
    audit_log, aaudit_log = twin_methods(_audit_log, "_execute", "_aexecute")

    # -- lifecycle --------------------------------------------------------------------------------

    def close(self) -> None:
        self._backend.close()

    async def aclose(self) -> None:
        await self._backend.aclose()
