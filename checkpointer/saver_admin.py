"""The saver's thread administration: delete, copy, prune, delete_for_runs, retention.

A base class of :class:`checkpointer.saver.TenantCheckpointer` (its own module for size): the
calls resolve the caller's tenant and hand the pure operations of :mod:`checkpointer.ops_admin` to
the saver's executor, sync and async.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from checkpointer import ops_admin
from checkpointer.query import CheckpointSql, Steps
from checkpointer.retention import RetentionReport, Strategy, ThreadRetention
from kassist.db.sansio import twin_methods
from kassist.tenancy import TenantRequired, validate_tenant_id

T = TypeVar("T")


class ThreadAdmin:
    """Id-only administration calls; the saver supplies ``_sql``, ``_bound``, ``_run`` and ``_arun``."""

    _sql: CheckpointSql
    _bound: str | None

    def _run(self, steps: Steps[T], write: bool = False, single: bool = False) -> T:
        raise NotImplementedError

    async def _arun(self, steps: Steps[T], write: bool = False, single: bool = False) -> T:
        raise NotImplementedError

    # id-only calls act for the caller's tenant, never the data's
    def _caller_tenant(self, what: str) -> str:
        """The tenant an id-only call acts for: the view's binding (``server.saver`` adds the
        authenticated request's). The data never decides: the same id under another tenant is
        another thread."""
        if self._bound is None:
            raise TenantRequired(
                f"{what} names threads or runs by id only, and this saver is not bound to a tenant; "
                f"call it on saver.for_tenant(<tenant>).{what}(...)"
            )
        return self._bound

    def delete_thread(self, thread_id: str) -> None:
        tenant = self._caller_tenant("delete_thread")
        self._run(ops_admin.delete_threads(self._sql, tenant, [thread_id]), write=True)

    async def adelete_thread(self, thread_id: str) -> None:
        tenant = self._caller_tenant("delete_thread")
        await self._arun(ops_admin.delete_threads(self._sql, tenant, [thread_id]), write=True)

    def delete_for_runs(self, run_ids: Sequence[str]) -> None:
        tenant = self._caller_tenant("delete_for_runs")
        self._run(ops_admin.delete_for_runs(self._sql, tenant, run_ids), write=True)

    async def adelete_for_runs(self, run_ids: Sequence[str]) -> None:
        tenant = self._caller_tenant("delete_for_runs")
        await self._arun(ops_admin.delete_for_runs(self._sql, tenant, run_ids), write=True)

    def copy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        tenant = self._caller_tenant("copy_thread")
        self._run(ops_admin.copy_thread(self._sql, tenant, source_thread_id, target_thread_id), write=True)

    async def acopy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        tenant = self._caller_tenant("copy_thread")
        await self._arun(
            ops_admin.copy_thread(self._sql, tenant, source_thread_id, target_thread_id), write=True
        )

    def prune(self, thread_ids: Sequence[str], *, strategy: str = "keep_latest") -> None:
        tenant = self._caller_tenant("prune")
        self._run(ops_admin.prune(self._sql, tenant, thread_ids, strategy), write=True)

    async def aprune(self, thread_ids: Sequence[str], *, strategy: str = "keep_latest") -> None:
        tenant = self._caller_tenant("prune")
        await self._arun(ops_admin.prune(self._sql, tenant, thread_ids, strategy), write=True)

    def _retain_scope(
        self, older_than: timedelta, tenant_id: str | None, strategy: Strategy, now: datetime | None
    ) -> tuple[datetime, str | None]:
        """The cutoff and the tenant (None: every tenant) of a retention call, checked."""
        if older_than < timedelta(0):
            raise ValueError(f"older_than must not be negative, got {older_than}")
        if tenant_id is not None:
            tenant_id = validate_tenant_id(tenant_id)
            if self._bound is not None and tenant_id != self._bound:
                raise PermissionError(f"this view is bound to tenant {self._bound!r}, not {tenant_id!r}")
        cutoff = ops_admin.retention_cutoff((now or datetime.now(UTC)) - older_than, strategy)
        return cutoff, self._bound if self._bound is not None else tenant_id

    def _retain(
        self, older_than: timedelta, tenant_id: str | None, strategy: Strategy, now: datetime | None
    ) -> Steps[RetentionReport]:
        """Retention as one operation (what a dry run's plan reads)."""
        cutoff, scope = self._retain_scope(older_than, tenant_id, strategy, now)
        return ops_admin.retain(self._sql, scope, None, cutoff, strategy)

    def _run_write(self, steps: Steps[T]) -> T:
        return self._run(steps, write=True)

    async def _arun_write(self, steps: Steps[T]) -> T:
        return await self._arun(steps, write=True)

    def _retain_call(
        self,
        older_than: timedelta,
        tenant_id: str | None = None,
        strategy: Strategy = "keep_latest",
        *,
        now: datetime | None = None,
    ) -> Generator[Steps[Any], Any, RetentionReport]:
        """Age-based retention (by checkpoint timestamp); only checkpointer tables are touched.

        One transaction per tenant: a delete holds the writers' lock (PostgreSQL) from just before
        it until its commit, which must not last over every other tenant's read."""
        cutoff, scope = self._retain_scope(older_than, tenant_id, strategy, now)
        threads: list[ThreadRetention] = []
        for tenant in (yield ops_admin.retain_tenants(self._sql, scope, cutoff)):
            threads += yield ops_admin.retain_tenant(self._sql, tenant, cutoff, strategy)
        return RetentionReport(strategy=strategy, cutoff=cutoff, tenant_id=scope, threads=threads)

    # retain and aretain: the one operation, a write transaction per tenant (twin_methods).
    retain, aretain = twin_methods(_retain_call, "_run_write", "_arun_write", name="retain")
