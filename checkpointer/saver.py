"""``TenantCheckpointer``: one object serving ``graph.invoke`` and ``graph.ainvoke`` on SQLite or PostgreSQL.

Each method resolves the tenant, builds the pure operation (``ops_*``) and hands it to the backend's
executor; the sync and async twins differ only in which executor entry point they call.
"""

from __future__ import annotations

import copy
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    BaseCheckpointSaver,
    ChannelVersions,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
    DeltaChannelHistory,
)
from langgraph.checkpoint.serde.base import SerializerProtocol

from checkpointer import ops_history, ops_read, ops_write, small_values
from checkpointer.decode_interrupts import interrupt_aware_serde
from checkpointer.executor import CheckpointExecutor
from checkpointer.query import CheckpointSql, Op, Steps, migrate, only
from checkpointer.read_batch import Coalescer
from checkpointer.saver_admin import ThreadAdmin
from checkpointer.tenant import resolve_tenant
from kassist.db import Stmt, check_synchronous, open_database
from kassist.db.closing import Closing
from kassist.dburl import parse_database_url
from kassist.tenancy import TenantMismatch, validate_tenant_id

T = TypeVar("T")


class Executor(Protocol):
    backend: str
    sql: CheckpointSql

    def run(self, op: Op[T]) -> T: ...
    def run_steps(self, steps: Steps[T], write: bool = False, single: bool = False) -> T: ...
    async def arun(self, op: Op[T]) -> T: ...
    def set_up(self, look: Steps[bool], apply: Steps[T], nothing: T) -> T: ...
    async def aset_up(self, look: Steps[bool], apply: Steps[T], nothing: T) -> T: ...

    one: Callable[..., Any]

    def close(self) -> None: ...
    async def aclose(self) -> None: ...


class TenantCheckpointer(Closing, ThreadAdmin, BaseCheckpointSaver[str]):
    """A tenant-aware, versioned LangGraph checkpointer (see docs/checkpointer.md)."""

    def __init__(
        self,
        executor: Executor,
        *,
        serde: SerializerProtocol | None = None,
        tenant_id: str | None = None,
        check_conflicts: bool = True,
    ) -> None:
        # Ours unless one is given: a signal while a value decodes stays a signal (decode_interrupts).
        super().__init__(serde=serde if serde is not None else interrupt_aware_serde())
        self._executor = executor
        self._sql = executor.sql  # the dialect's statements, handed to every operation
        self._bound = validate_tenant_id(tenant_id) if tenant_id is not None else None
        self._checked = check_conflicts
        self._owner = True
        # Shared by every for_tenant view (a view is a shallow copy): concurrent aget_tuple calls
        # of all views are coalesced into one statement (see docs/checkpointer.md, "Concurrent reads").
        self._reads: tuple[SerializerProtocol, Coalescer[ops_read.TupleRequest, CheckpointTuple | None]]
        self._reads = (self.serde, Coalescer(self._read_batch, run_one=self._read_one))
        # Packed small values by (channel, version), shared by every view: a put does not serialise
        # a channel again that is unchanged since an earlier put (small_values.dump_values).
        self._values: tuple[SerializerProtocol, small_values.ValueCache] = (self.serde, {})
        # The head of each thread as this process last wrote or read it (ops_write.plan_put's hint).
        self._heads: ops_read.HeadCache = {}

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        serde: SerializerProtocol | None = None,
        pool_size: int | None = None,
        connect_timeout: float | None = None,
        sqlite_synchronous: str | None = None,
    ) -> TenantCheckpointer:
        """Open ``sqlite:///path.db`` or ``postgresql://...``; call ``setup()`` before first use.

        The saver runs on the process's one database object for ``url`` (kassist.db), shared with
        the memory store, memory manager and knowledge index opened on the same URL. Its settings
        are the database's: ``sqlite_synchronous="normal"`` trades power-cut durability for speed
        on the whole SQLite file (see docs/checkpointer.md, "Durability"; default ``"full"``
        fsyncs every commit); ``pool_size`` (default 8) and ``connect_timeout`` (default 10 s) size
        the PostgreSQL pool. Left out, they follow the database if it is open already.
        """
        if sqlite_synchronous is not None:
            check_synchronous(sqlite_synchronous)  # a typo fails on every backend, not only on SQLite
        parsed = parse_database_url(url)
        if parsed.backend == "sqlite":
            db = open_database(parsed, synchronous=sqlite_synchronous)
        else:
            db = open_database(parsed, pool_size=pool_size, connect_timeout=connect_timeout)
        return cls(CheckpointExecutor(db), serde=serde)

    @property
    def backend(self) -> str:
        return self._executor.backend

    @property
    def tenant_id(self) -> str | None:
        """The tenant this view is bound to, or None for the unbound saver."""
        return self._bound

    def for_tenant(self, tenant_id: str, *, check_conflicts: bool | None = None) -> TenantCheckpointer:
        """A view bound to ``tenant_id``, sharing this saver's connections (closing it closes nothing).

        ``check_conflicts=False`` accepts any parent (for importing histories with branches); every
        accepted checkpoint still becomes the head and bumps the version.
        """
        tenant_id = validate_tenant_id(tenant_id)
        if self._bound is not None and tenant_id != self._bound:
            raise TenantMismatch(
                f"this saver view is bound to tenant {self._bound!r}; bind {tenant_id!r} from the "
                "unbound saver instead"
            )
        view = copy.copy(self)
        view._bound = tenant_id
        view._owner = False
        if check_conflicts is not None:
            view._checked = check_conflicts
        return view

    def _tenant(self, config: RunnableConfig | None) -> str:
        return resolve_tenant(config, self._bound)

    def _run(self, steps: Steps[T], write: bool = False, single: bool = False) -> T:
        return self._executor.run_steps(steps, write, single)

    async def _arun(self, steps: Steps[T], write: bool = False, single: bool = False) -> T:
        return await self._executor.arun(Op(steps, write, single))

    # -- lifecycle ---------------------------------------------------------------------------
    def setup(self) -> list[int]:
        """Apply pending migrations (idempotent, safe from several processes); returns those applied.
        An up-to-date database is only read: the write transaction waited for another process's
        write lock even when nothing was pending (h7 s31 #6)."""
        return self._executor.set_up(self._up_to_date(), migrate(self._sql, self.backend), [])

    async def asetup(self) -> list[int]:
        return await self._executor.aset_up(self._up_to_date(), migrate(self._sql, self.backend), [])

    def _up_to_date(self) -> Steps[bool]:
        from kassist.db.migrate import CHECKPOINTER, up_to_date

        return up_to_date(CHECKPOINTER, len(self._sql.migrations), self.backend)

    def close(self) -> None:
        if self._owner:
            self._executor.close()

    async def aclose(self) -> None:
        if self._owner:
            await self._executor.aclose()

    # -- reads -------------------------------------------------------------------------------
    def get_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        request = ops_read.tuple_request(self._tenant(config), config)
        sql = self._sql
        read_head = sql.read_head
        # The head this process last saw (ops_read.hinted_blobs' rule, one lookup for its parts).
        hint = self._heads.get(request[:3]) if read_head is not None and not request.checkpoint_id else None
        fetched = hint[2] if hint is not None else None
        if read_head is None or (fetched is None and not sql.read_head_unhinted):
            return self._run(ops_read.get_one(sql, self.serde, request, self._heads), single=True)
        # get_one's first statement, the row, alone without the operation, with the blob values the
        # head this process last saw keeps (the usual read ends there).
        if fetched:
            text, params = read_head(request, fetched, hint[3], hint[0])  # type: ignore[index]
        else:
            text, params = read_head(request, fetched, ops_read.NO_BLOBS, None)
        rows = self._executor.one(text, params)
        if sql.head_rows is not None:
            rows = sql.head_rows(rows)
        done = ops_read.tuple_of_rows(self.serde, request, rows, self._heads, fetched)
        if done is not ops_read.MORE:
            return done
        row = next(r for r in rows if r[6] is not None)
        steps = ops_read.get_one(sql, self.serde, request, self._heads, row)
        return self._run(steps, single=True)

    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        # Tenant and thread are resolved (and a bad config refused) here, in the caller, before the
        # read joins the batch of this event-loop tick.
        return await self._coalescer().load(ops_read.tuple_request(self._tenant(config), config))

    def _coalescer(self) -> Coalescer[ops_read.TupleRequest, CheckpointTuple | None]:
        serde, reads = self._reads
        if serde is not self.serde:
            # A copy with a serializer of its own (LangGraph's with_allowlist clones the saver and
            # swaps serde): its reads decode with that serializer, so they batch apart.
            reads = Coalescer(self._read_batch, run_one=self._read_one)
            self._reads = (self.serde, reads)
        return reads

    async def _read_batch(self, requests: list[ops_read.TupleRequest]) -> list[ops_read.TupleResult]:
        return await self._arun(ops_read.get_tuples(self._sql, self.serde, requests), single=True)

    def _read_one(self, request: ops_read.TupleRequest) -> Awaitable[CheckpointTuple | None]:
        # A read with no company: as before batching, the executor's own coroutine is awaited.
        steps = ops_read.get_one(self._sql, self.serde, request, self._heads)
        return self._executor.arun(Op(steps, single=True))

    def list(
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> Iterator[CheckpointTuple]:
        steps = ops_history.list_tuples(
            self._sql, self.serde, self._tenant(config), config, filter, before, limit
        )
        yield from self._run(steps)

    async def alist(
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[CheckpointTuple]:
        steps = ops_history.list_tuples(
            self._sql, self.serde, self._tenant(config), config, filter, before, limit
        )
        for item in await self._arun(steps):
            yield item

    def get_delta_channel_history(
        self, *, config: RunnableConfig, channels: Sequence[str]
    ) -> Mapping[str, DeltaChannelHistory]:
        steps = ops_history.delta_history(self._sql, self.serde, self._tenant(config), config, channels)
        return self._run(steps, single=True)

    async def aget_delta_channel_history(
        self, *, config: RunnableConfig, channels: Sequence[str]
    ) -> Mapping[str, DeltaChannelHistory]:
        steps = ops_history.delta_history(self._sql, self.serde, self._tenant(config), config, channels)
        return await self._arun(steps, single=True)

    # -- writes ------------------------------------------------------------------------------
    def _plan(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        versions: ChannelVersions,
    ) -> ops_write.PutPlan:
        tenant = self._tenant(config)  # (a hook: server.saver resolves the request's tenant)
        serde, cache = self._values
        if serde is not self.serde:  # a copy with a serializer of its own: its own packed forms
            cache = {}
            self._values = (self.serde, cache)
        return ops_write.plan_put(
            self.serde,
            tenant,
            config,
            checkpoint,
            metadata,
            versions,
            checked=self._checked,
            cache=cache,
            heads=self._heads,
            in_row=self._sql.value_in_row,
        )

    def put(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        plan = self._plan(config, checkpoint, metadata, new_versions)
        tried = False
        put_next = self._sql.put_next
        if put_next is not None and plan.row[5] is not None and not plan.blobs and not plan.unresolved:
            # The usual put (a graph's next step, every value in the row): put_planned's first
            # statement, alone without the operation (see query.ROW_FIELDS for the row; [5] is the
            # head version hinted).
            text, params = put_next(plan.row)
            if self._executor.one(text, params, write=True):
                return ops_write.stored(plan, plan.row[5] + 1, self._heads)
            tried = True  # nothing stored: the full check decides
        steps = ops_write.put_planned(self._sql, plan, self._heads, tried_next=tried)
        return self._run(steps, write=True, single=True)

    async def aput(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        plan = self._plan(config, checkpoint, metadata, new_versions)
        return await self._arun(ops_write.put_planned(self._sql, plan, self._heads), write=True, single=True)

    def put_writes(
        self, config: RunnableConfig, writes: Sequence[tuple[str, Any]], task_id: str, task_path: str = ""
    ) -> None:
        request = ops_write.writes_request(
            self._sql, self.serde, self._tenant(config), config, writes, task_id, task_path
        )
        if type(request) is Stmt and request.many is None and not request.fetch:
            # One statement (the usual call: a multi-row INSERT) alone, without the operation.
            self._executor.one(request.sql, request.params, write=True)
        elif request is not None:  # several statements, or an executemany: one operation
            self._run(only(request), write=True, single=True)

    async def aput_writes(
        self, config: RunnableConfig, writes: Sequence[tuple[str, Any]], task_id: str, task_path: str = ""
    ) -> None:
        request = ops_write.writes_request(
            self._sql, self.serde, self._tenant(config), config, writes, task_id, task_path
        )
        if request is not None:
            await self._arun(only(request), write=True, single=True)

    def get_next_version(self, current: str | None, channel: None) -> str:
        # A random suffix keeps versions distinct across branches, so blobs never collide.
        if current is None:
            current_v = 0
        elif isinstance(current, int):
            current_v = current
        else:
            current_v = int(str(current).split(".")[0])
        return f"{current_v + 1:032}.{random.random():016}"
