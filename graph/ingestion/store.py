"""The run registry, the run's manifest and the idempotency ledger, next to the checkpoints.

Operations (:mod:`graph.ingestion.store_ops`, with the records) are sans-I/O generators of
:class:`kassist.db.Stmt`, built from the typed statements of ``sql_sqlite.SQL`` /
``sql_postgres.SQL`` (:class:`graph.ingestion.sql_sqlite.IngestSql`), and run on
the process's database object for the URL (``kassist.db.open_database``: the one the checkpointer
on that URL uses), so these tables share its connections, its transactions and its handling of lost
PostgreSQL connections. Tenant data is reached through one binding, as in every component:
``RunStore.for_tenant(tenant_id)`` gives a :class:`TenantRunStore` whose methods take no tenant.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeAlias

from graph.ingestion.sql_sqlite import IngestSql
from graph.ingestion.state import Settings
from graph.ingestion.store_ops import (  # the records and the operations this store runs
    BATCH_COLUMNS,
    PAGE_COLUMNS,
    SUMS_COLUMNS,
    ClaimOutcome,
    LedgerEntry,
    ManifestRow,
    Planned,
    Registration,
    RunRecord,
    Steps,
    T,
    _ledger_entry,
    _registration,
    _run_record,
    claim_live,
    discover,
    ledger_begin,
    migrate,
    named,
    record_plans,
    record_written,
    register,
    take_claim,
    take_lease,
)
from kassist.db import Database
from kassist.db.handle import Handle, open_set_up
from kassist.db.statements import Options, Text
from kassist.db.statements import stmts as stmt
from kassist.tenancy import TenantBindable, TenantMismatch, TenantRequired, validate_tenant_id

MANIFEST_PAGE = 500


# -- the store and its tenant views ---------------------------------------------------------------


def refuse_unbound(store: object, name: str, methods: frozenset[str]) -> AttributeError:
    """The error of an unbound store asked for ``name``: :class:`TenantRequired` for a tenant data
    operation (it lives on ``store.for_tenant(tenant_id)``), else a plain AttributeError."""
    kind = type(store).__name__
    if name in methods:
        raise TenantRequired(
            f"{kind}.{name} reads or writes one tenant's data: call it on {kind}.for_tenant(tenant_id)"
        )
    return AttributeError(f"{kind!r} object has no attribute {name!r}")


class RunStore:
    """The ingestion tables of one database; tenant data only through :meth:`for_tenant`.

    The unbound store migrates the tables and lists which tenants have runs (retention goes over
    every tenant); every other operation is a :class:`TenantRunStore`'s, and asking the unbound
    store for one raises :class:`TenantRequired`.
    """

    def __init__(self, db: Database) -> None:
        # The process's shared database object for the URL (kassist.db.open_database): the same
        # connections, transactions and writer lock as the checkpointer on it; close() gives it back.
        # The one choice of dialect: the database's backend names the SQL module
        # (graph/ingestion/sql_<backend>.py), so a new backend adds that file and nothing here.
        self._q: IngestSql = import_module(f"graph.ingestion.sql_{db.backend}").SQL
        # Rows are tuples, read by the columns store_ops declares for each statement.
        self._handle = Handle(db, Options(binary=True), closed="this run store is closed")

    @classmethod
    def from_url(cls, database_url: str) -> RunStore:
        """The run store on ``database_url``, its tables created; :meth:`close` it when done."""
        return open_set_up(database_url, cls)

    def close(self) -> None:
        self._handle.close()

    def setup(self) -> list[int]:
        from kassist.db.migrate import INGESTION, up_to_date

        backend = self._handle.backend
        look = up_to_date(INGESTION, len(self._q.migrations), backend)
        return self._handle.set_up(look, migrate(self._q, backend), [])

    @property
    def backend(self) -> str:
        """The database's backend (``sqlite`` or ``postgres``)."""
        return self._handle.backend

    def versions(self, component: str) -> list[int]:
        """The schema versions of ``component`` (one of kassist.db.migrate's names) applied to this
        database, read without writing."""
        from kassist.db.migrate import recorded

        return self._handle.run(recorded(component, self._handle.backend))

    def tenants(self) -> list[str]:
        """Every tenant that has ingestion runs (cross-tenant: retention goes over all of them)."""
        return [str(tenant) for (tenant,) in self._handle.one(self._q.run_tenants, {}, fetch=True)]

    def for_tenant(self, tenant_id: str) -> TenantRunStore:
        """The runs of ``tenant_id``: another tenant's run is "not found" there."""
        return TenantRunStore(self._q, self._handle, validate_tenant_id(tenant_id))

    if not TYPE_CHECKING:  # at run time only: for the type checker these names do not exist here

        def __getattr__(self, name: str) -> Any:
            raise refuse_unbound(self, name, _RUN_METHODS)


class TenantRunStore:
    """The ingestion tables as one tenant sees them (:meth:`RunStore.for_tenant`): no method takes a
    tenant, every statement is keyed by this one (``:tenant_id``)."""

    def __init__(self, q: IngestSql, handle: Handle, tenant_id: str) -> None:
        self._q, self._handle, self.tenant_id = q, handle, tenant_id

    def for_tenant(self, tenant_id: str) -> TenantRunStore:
        """This view again for its own tenant; another tenant's is refused (bind the unbound store)."""
        if validate_tenant_id(tenant_id) != self.tenant_id:
            raise TenantMismatch(f"this run store is bound to tenant {self.tenant_id!r}, not {tenant_id!r}")
        return self

    def _run(self, steps: Steps[T], write: bool = False) -> T:
        return self._handle.run(steps, write=write)

    def _one(
        self, text: Text, params: dict[str, Any], *, fetch: bool = False, write: bool = False
    ) -> list[Any]:
        return self._handle.one(text, {"tenant_id": self.tenant_id, **params}, fetch=fetch, write=write)

    # runs
    def register(
        self,
        run: str,
        settings: Settings,
        goal: str = "",
        conversation_id: str | None = None,
        started_by: str | None = None,
        reports_dir: str | None = None,
    ) -> Registration:
        """Register ``run`` with ``settings`` unless it has settings already; returns the registered
        ones (compare them with ``settings``: the first registration wins). ``started_by``: the
        langgraph dev user whose run it is (RunRecord.started_by); ``reports_dir``: the command
        line's folder for its report files, kept in the same transaction."""
        op = register(
            self._q,
            self.tenant_id,
            run,
            settings,
            goal,
            conversation_id,
            time.time(),
            started_by,
            reports_dir,
        )
        return self._run(op, write=True)

    def registration(self, run: str) -> Registration | None:
        """What ``run`` was registered to do (None: no such run for this tenant)."""
        rows = self._one(self._q.run_registration, {"run": run}, fetch=True)
        return _registration(rows[0]) if rows else None

    def get(self, run: str) -> RunRecord | None:
        rows = self._one(self._q.run_get, {"run": run}, fetch=True)
        return _run_record(rows[0]) if rows else None

    def runs(self) -> list[RunRecord]:
        return [_run_record(r) for r in self._one(self._q.run_list, {}, fetch=True)]

    def take_lease(
        self, run: str, owner: str, seconds: float, free: Callable[[RunRecord], bool]
    ) -> RunRecord | None:
        return self._run(
            take_lease(self._q, self.tenant_id, run, owner, time.time() + seconds, free), write=True
        )

    def renew_lease(self, run: str, owner: str, seconds: float) -> bool:
        params = {"run": run, "owner": owner, "until": time.time() + seconds}
        return bool(self._one(self._q.lease_renew, params, fetch=True, write=True))

    def release_lease(self, run: str, owner: str) -> None:
        self._one(self._q.lease_release, {"run": run, "owner": owner}, write=True)

    # the one batch writing a collection (graph.ingestion.claims)
    def take_claim(self, collection: str, run: str, holder: str, seconds: float) -> tuple[str | None, bool]:
        """Claim ``collection`` for ``holder``: (None when taken, else its holder's run id; whether
        another run waits or waited for it lately) (store_ops.take_claim)."""
        return self._run(
            take_claim(self._q, self.tenant_id, collection, run, holder, time.time(), seconds), write=True
        )

    def renew_claim(self, collection: str, holder: str, seconds: float) -> bool:
        params = {"collection": collection, "holder": holder, "until": time.time() + seconds}
        return bool(self._one(self._q.claim_renew, params, fetch=True, write=True))

    def release_claim(self, collection: str, holder: str) -> None:
        self._one(self._q.claim_release, {"collection": collection, "holder": holder}, write=True)

    def request_cancel(self, run: str) -> bool:
        return bool(self._one(self._q.cancel, {"run": run}, fetch=True, write=True))

    # manifest
    def discover(self, run: str, rows: Sequence[dict[str, Any]]) -> int:
        return self._run(discover(self._q, self.tenant_id, run, rows), write=True)

    def batch(self, run: str, lo: int, hi: int) -> list[ManifestRow]:
        rows = self._one(self._q.manifest_batch, {"run": run, "lo": lo, "hi": hi}, fetch=True)
        return [ManifestRow.model_validate(named(BATCH_COLUMNS, r)) for r in rows]

    def record(self, run: str, plans: Sequence[Planned], audits: dict[int, str]) -> None:
        self._run(record_plans(self._q, self.tenant_id, run, plans, audits, time.time()), write=True)

    def written(self, run: str, seqs: Sequence[int]) -> None:
        """The batch's write of documents ``seqs`` landed now: the order a document's writers are read in
        (doc_uploaders' recorded_at)."""
        if seqs:
            self._run(record_written(self._q, self.tenant_id, run, seqs, time.time()), write=True)

    def sums(self, run: str, lo: int, hi: int) -> list[dict[str, Any]]:
        """Per outcome over the batch ``lo``..``hi``: its documents and chunk totals (SUMS_COLUMNS)."""
        rows = self._one(self._q.manifest_sums, {"run": run, "lo": lo, "hi": hi}, fetch=True)
        return [named(SUMS_COLUMNS, r) for r in rows]

    def manifest(self, run: str, page: int = MANIFEST_PAGE) -> Iterator[dict[str, Any]]:
        """Every row of the run's manifest in order (for the audit and the report at the end of the
        run), read ``page`` rows at a time: only one page is in memory (see ``manifest_page``)."""
        lo = 0
        while True:
            params = {"run": run, "lo": lo, "limit": page}
            rows = [named(PAGE_COLUMNS, r) for r in self._one(self._q.manifest_page, params, fetch=True)]
            yield from rows
            if len(rows) < page:
                return
            lo = int(rows[-1]["seq"]) + 1

    # ledger
    def ledger_begin(
        self, run: str, key: str, request: dict[str, Any], claim: dict[str, Any]
    ) -> tuple[ClaimOutcome, LedgerEntry]:
        """Record the side effect's intent and claim this attempt (store_ops.ledger_begin)."""
        op = ledger_begin(self._q, self.tenant_id, run, key, request, time.time(), claim)
        return self._run(op, write=True)

    def ledger_release(self, key: str, claim: dict[str, Any]) -> None:
        """Give back this attempt's claim (it failed without an answer: the next attempt sends)."""
        self._one(self._q.ledger_release, {"key": key, "claim": json.dumps(claim)}, write=True)

    def ledger_renew(self, key: str, old: dict[str, Any], claim: dict[str, Any]) -> bool:
        """Replace this worker's claim ``old`` by ``claim`` (a later time); False: it is not ours any more."""
        params = {"key": key, "old": json.dumps(old), "claim": json.dumps(claim)}
        return bool(self._one(self._q.ledger_renew, params, fetch=True, write=True))

    def ledger_claimed(self, key: str) -> bool:
        """Whether a live worker's claim holds ``key`` (one read: what a waiting worker looks at)."""
        rows = self._one(self._q.ledger_get, {"key": key}, fetch=True)
        return bool(rows) and claim_live(_ledger_entry(rows[0]))

    def ledger_finish(self, key: str, state: str, result: dict[str, Any]) -> None:
        params = {"key": key, "state": state, "result": json.dumps(result), "now": time.time()}
        self._one(self._q.ledger_done, params, write=True)

    def ledger(self, run: str) -> list[LedgerEntry]:
        return [_ledger_entry(r) for r in self._one(self._q.ledger_list, {"run": run}, fetch=True)]

    # audit reports (graph.ingestion.reports is their API)
    def put_reports(self, run: str, bodies: dict[str, str]) -> None:
        """Store the run's rendered reports, every format in one transaction (a redo overwrites)."""
        now = time.time()
        many = [
            {"tenant_id": self.tenant_id, "run": run, "format": fmt, "body": body, "now": now}
            for fmt, body in sorted(bodies.items())
        ]

        def steps() -> Steps[None]:
            yield stmt(self._q.report_put, many=many)

        self._run(steps(), write=True)

    def report(self, run: str, fmt: str) -> str | None:
        rows = self._one(self._q.report_get, {"run": run, "format": fmt}, fetch=True)
        for (body,) in rows:  # one row at most: (tenant, run, format) is the key
            return str(body)
        return None

    def report_formats(self, run: str) -> list[str]:
        return [str(fmt) for (fmt,) in self._one(self._q.report_formats, {"run": run}, fetch=True)]

    def keep_reports_dir(self, run: str, folder: str) -> None:
        """The command line's ``--reports-dir`` for ``run`` (absolute), kept with its registration."""
        self._one(self._q.reports_dir_set, {"run": run, "folder": folder}, write=True)

    def reports_dir(self, run: str) -> str | None:
        """The folder the command line last asked ``run``'s report files written to, or None."""
        for (folder,) in self._one(self._q.reports_dir_get, {"run": run}, fetch=True):
            return str(folder) if folder else None
        return None

    def prune_orphans(self, older_than_s: float) -> None:
        """Drop the ingestion rows of runs whose checkpoints retention already removed."""
        self._one(self._q.prune_orphans, {"cutoff": time.time() - older_than_s}, write=True)


_RUN_METHODS = frozenset(
    name for name, value in vars(TenantRunStore).items() if callable(value) and not name.startswith("_")
) - {"for_tenant"}

BindsRuns: TypeAlias = TenantBindable[TenantRunStore]
"""What functions given "a run store and a tenant" take: the unbound store or a tenant's view; they
bind it with ``for_tenant`` (a view refuses any tenant but its own)."""
