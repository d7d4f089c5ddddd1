"""The run registry, the run's manifest and the idempotency ledger, in the checkpointer's database.

Operations are sans-I/O generators of :class:`checkpointer.query.Query` (the checkpointer's own
vocabulary) run by the checkpointer's executor, so these tables share its connections, its
transactions and its handling of lost PostgreSQL connections; the statements live in
``sql_sqlite.py`` / ``sql_postgres.py`` of this package, registered under ``ingest_*`` names.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

from pydantic import BaseModel

from checkpointer import TenantCheckpointer
from checkpointer import sql_postgres as cp_sql_postgres
from checkpointer import sql_sqlite as cp_sql_sqlite
from checkpointer.query import Op, Query, Steps
from graph.ingestion import sql_postgres, sql_sqlite
from kassist.tenancy import validate_tenant_id

T = TypeVar("T")
Outcome = Literal["indexed", "unchanged", "failed", "removed"]


def _register() -> None:
    for target, ours in (
        (cp_sql_sqlite.STATEMENTS, sql_sqlite.STATEMENTS),
        (cp_sql_postgres.STATEMENTS, sql_postgres.STATEMENTS),
    ):
        for name, sql in ours.items():
            if target.get(name, sql) != sql:
                raise RuntimeError(f"statement {name!r} is registered twice with different SQL")
            target[name] = sql


_register()


MANIFEST_COLUMNS = (
    "seq",
    "kind",
    "source_path",
    "doc_id",
    "outcome",
    "reason",
    "chunks_added",
    "chunks_unchanged",
    "audit",
)


class RunRecord(BaseModel):
    run_id: str
    source: str
    collection: str
    created_at: float
    owner: str | None
    lease_until: float | None
    cancel_requested: bool


class ManifestRow(BaseModel):
    seq: int
    kind: Literal["file", "delete", "error"]
    source_path: str
    doc_id: str | None
    outcome: Outcome | None


class Planned(BaseModel):
    """What processing one document did (or will do), recorded before the index is written."""

    seq: int
    outcome: Outcome
    reason: str | None = None
    added: int = 0
    unchanged: int = 0
    removed: int = 0
    hits: int = 0
    embedded: int = 0


class LedgerEntry(BaseModel):
    key: str
    run_id: str
    state: Literal["intent", "done", "failed"]
    request: dict[str, Any]
    result: dict[str, Any] | None
    attempts: int


# -- operations (no I/O) ------------------------------------------------------------------------------


def migrate() -> Steps[list[int]]:
    yield Query("ingest_migration_lock")
    yield Query("ingest_version_table")
    rows = yield Query("ingest_applied_versions", fetch=True)
    done = {int(r["version"]) for r in rows}
    applied = []
    for version in range(1, len(sql_sqlite.MIGRATIONS) + 1):
        if version not in done:
            yield Query(f"ingest_migration:{version}")
            yield Query("ingest_record_version", {"v": version})
            applied.append(version)
    return applied


def _run_record(row: Any) -> RunRecord:
    return RunRecord(
        run_id=row["run_id"],
        source=row["source"],
        collection=row["collection"],
        created_at=float(row["created_at"]),
        owner=row["owner"],
        lease_until=None if row["lease_until"] is None else float(row["lease_until"]),
        cancel_requested=bool(row["cancel_requested"]),
    )


def take_lease(
    tenant: str, run: str, owner: str, until: float, free: Callable[[RunRecord], bool]
) -> Steps[RunRecord | None]:
    """Make ``owner`` the run's worker if the lease is free (``free`` decides); None when busy."""
    rows = yield Query("ingest_run_get", {"tenant": tenant, "run": run}, fetch=True)
    if not rows:
        raise KeyError(run)
    record = _run_record(rows[0])
    if record.owner not in (None, owner) and not free(record):
        return record
    params = {"tenant": tenant, "run": run, "owner": owner, "until": until, "seen": record.owner}
    taken = yield Query("ingest_lease_take", params, fetch=True)
    return None if taken else record


def discover(tenant: str, run: str, rows: Sequence[dict[str, Any]]) -> Steps[int]:
    """Fix the run's document list (all of it or nothing: one transaction)."""
    yield Query("ingest_manifest_clear", {"tenant": tenant, "run": run})
    many = [{"tenant": tenant, "run": run, **r} for r in rows]
    if many:
        yield Query("ingest_manifest_add", many=many)
    return len(many)


def record_plans(tenant: str, run: str, plans: Sequence[Planned], audits: dict[int, str]) -> Steps[None]:
    """What each document of a batch does (first write wins) and its audit, in one transaction."""
    key = {"tenant": tenant, "run": run}
    if plans:
        yield Query("ingest_manifest_plan", many=[{**key, **p.model_dump()} for p in plans])
    if audits:
        yield Query("ingest_manifest_audit", many=[{**key, "seq": s, "audit": a} for s, a in audits.items()])


def ledger_begin(tenant: str, run: str, key: str, request: dict[str, Any], now: float) -> Steps[LedgerEntry]:
    """Record the intent of a side effect (once) and count this attempt; returns the entry."""
    params = {"tenant": tenant, "run": run, "key": key, "request": json.dumps(request), "now": now}
    yield Query("ingest_ledger_intent", params)
    rows = yield Query("ingest_ledger_get", {"tenant": tenant, "key": key}, fetch=True)
    entry = _ledger_entry(rows[0])
    if entry.state == "intent":
        yield Query("ingest_ledger_attempt", {"tenant": tenant, "key": key, "now": now})
        entry = entry.model_copy(update={"attempts": entry.attempts + 1})
    return entry


def _ledger_entry(row: Any) -> LedgerEntry:
    return LedgerEntry(
        key=row["key"],
        run_id=row["run_id"],
        state=row["state"],
        request=json.loads(row["request"]),
        result=None if row["result"] is None else json.loads(row["result"]),
        attempts=int(row["attempts"]),
    )


# -- the executor-backed store ----------------------------------------------------------------------


class RunStore:
    """The ingestion tables of one database, reached through a checkpointer's executor."""

    def __init__(self, saver: TenantCheckpointer) -> None:
        # The saver's executor, shared: same connections, same transaction rules (see module doc).
        self._executor = saver._executor

    def _run(self, steps: Steps[T], write: bool = False) -> T:
        return self._executor.run(Op(steps, write=write))

    def _one(
        self, name: str, params: dict[str, Any], *, fetch: bool = False, write: bool = False
    ) -> list[Any]:
        def steps() -> Steps[list[Any]]:
            rows = yield Query(name, params, fetch=fetch)
            return rows

        return self._executor.run(Op(steps(), write=write, single=True))

    def setup(self) -> list[int]:
        return self._run(migrate(), write=True)

    # runs
    def register(self, tenant: str, run: str, source: str, collection: str) -> RunRecord:
        tenant = validate_tenant_id(tenant)
        params = {
            "tenant": tenant,
            "run": run,
            "source": source,
            "collection": collection,
            "now": time.time(),
        }
        self._one("ingest_run_register", params, write=True)
        record = self.get(tenant, run)
        assert record is not None
        return record

    def get(self, tenant: str, run: str) -> RunRecord | None:
        rows = self._one("ingest_run_get", {"tenant": tenant, "run": run}, fetch=True)
        return _run_record(rows[0]) if rows else None

    def runs(self, tenant: str) -> list[RunRecord]:
        return [_run_record(r) for r in self._one("ingest_run_list", {"tenant": tenant}, fetch=True)]

    def take_lease(
        self, tenant: str, run: str, owner: str, seconds: float, free: Callable[[RunRecord], bool]
    ) -> RunRecord | None:
        return self._run(take_lease(tenant, run, owner, time.time() + seconds, free), write=True)

    def renew_lease(self, tenant: str, run: str, owner: str, seconds: float) -> bool:
        params = {"tenant": tenant, "run": run, "owner": owner, "until": time.time() + seconds}
        return bool(self._one("ingest_lease_renew", params, fetch=True, write=True))

    def release_lease(self, tenant: str, run: str, owner: str) -> None:
        self._one("ingest_lease_release", {"tenant": tenant, "run": run, "owner": owner}, write=True)

    def request_cancel(self, tenant: str, run: str) -> bool:
        return bool(self._one("ingest_cancel", {"tenant": tenant, "run": run}, fetch=True, write=True))

    # manifest
    def discover(self, tenant: str, run: str, rows: Sequence[dict[str, Any]]) -> int:
        return self._run(discover(tenant, run, rows), write=True)

    def batch(self, tenant: str, run: str, lo: int, hi: int) -> list[ManifestRow]:
        rows = self._one(
            "ingest_manifest_batch", {"tenant": tenant, "run": run, "lo": lo, "hi": hi}, fetch=True
        )
        return [
            ManifestRow(
                seq=int(r["seq"]),
                kind=r["kind"],
                source_path=r["source_path"],
                doc_id=r["doc_id"],
                outcome=r["outcome"],
            )
            for r in rows
        ]

    def record(self, tenant: str, run: str, plans: Sequence[Planned], audits: dict[int, str]) -> None:
        self._run(record_plans(tenant, run, plans, audits), write=True)

    def sums(self, tenant: str, run: str, lo: int, hi: int) -> list[Any]:
        return self._one(
            "ingest_manifest_sums", {"tenant": tenant, "run": run, "lo": lo, "hi": hi}, fetch=True
        )

    def manifest(self, tenant: str, run: str) -> list[dict[str, Any]]:
        """Every row of the run's manifest (for the audit and the report at the end of the run)."""
        rows = self._one("ingest_manifest_all", {"tenant": tenant, "run": run}, fetch=True)
        return [{k: r[k] for k in MANIFEST_COLUMNS} for r in rows]

    # ledger
    def ledger_begin(self, tenant: str, run: str, key: str, request: dict[str, Any]) -> LedgerEntry:
        return self._run(ledger_begin(tenant, run, key, request, time.time()), write=True)

    def ledger_finish(self, tenant: str, key: str, state: str, result: dict[str, Any]) -> None:
        params = {
            "tenant": tenant,
            "key": key,
            "state": state,
            "result": json.dumps(result),
            "now": time.time(),
        }
        self._one("ingest_ledger_done", params, write=True)

    def ledger(self, tenant: str, run: str) -> list[LedgerEntry]:
        return [
            _ledger_entry(r)
            for r in self._one("ingest_ledger_list", {"tenant": tenant, "run": run}, fetch=True)
        ]

    def prune_orphans(self, tenant: str, older_than_s: float) -> None:
        """Drop the ingestion rows of runs whose checkpoints retention already removed."""
        params = {"tenant": validate_tenant_id(tenant), "cutoff": time.time() - older_than_s}
        self._one("ingest_prune_orphans", params, write=True)


# -- the runs API's requests and statuses (kassist_ingest_jobs; used by server/runs) --------------


class JobRecord(BaseModel):
    """A run as the runs API sees it: its registry row, last known status and pending request."""

    tenant_id: str
    run_id: str
    source: str
    collection: str
    created_at: float
    owner: str | None
    lease_until: float | None
    cancel_requested: bool
    status: str | None = None
    seq: int = 0
    done_seq: int = 0
    settings: dict[str, Any] | None = None
    goal: str | None = None
    decision: dict[str, Any] | None = None
    max_steps: int | None = None
    requested_by: str | None = None
    claims: int = 0
    worker: str | None = None
    error: str | None = None

    @property
    def wanted(self) -> bool:
        """A request no worker has carried out yet."""
        return self.seq > self.done_seq

    @property
    def lease(self) -> RunRecord:
        return RunRecord(
            run_id=self.run_id, source=self.source, collection=self.collection, created_at=self.created_at,
            owner=self.owner, lease_until=self.lease_until, cancel_requested=self.cancel_requested,
        )  # fmt: skip


def _job_record(tenant: str, row: Any) -> JobRecord:
    def load(text: Any) -> Any:
        return None if text is None else json.loads(text)

    return JobRecord(
        tenant_id=tenant,
        **_run_record(row).model_dump(),
        status=row["status"],
        seq=int(row["seq"] or 0),
        done_seq=int(row["done_seq"] or 0),
        settings=load(row["settings"]),
        goal=row["goal"],
        decision=load(row["decision"]),
        max_steps=row["max_steps"],
        requested_by=row["requested_by"],
        claims=int(row["claims"] or 0),
        worker=row["worker"],
        error=row["error"],
    )


def create_run(
    tenant: str, run: str, source: str, collection: str, request: dict[str, Any], now: float
) -> Steps[bool]:
    """Register a new run and queue its start, in one transaction; False when the id is taken."""
    key = {"tenant": tenant, "run": run}
    created = yield Query(
        "ingest_run_create", {**key, "source": source, "collection": collection, "now": now}, fetch=True
    )
    if not created:
        return False
    params = {
        **key, "settings": json.dumps(request["settings"]), "goal": request.get("goal"),
        "max_steps": request.get("max_steps"), "by": request.get("by"), "now": now,
    }  # fmt: skip
    yield Query("ingest_job_create", params)
    return True


class JobStore:
    """The runs API's side of :class:`RunStore` (same executor, same transactions)."""

    def __init__(self, store: RunStore) -> None:
        self._store = store

    def create(self, tenant: str, run: str, source: str, collection: str, request: dict[str, Any]) -> bool:
        op = create_run(validate_tenant_id(tenant), run, source, collection, request, time.time())
        return self._store._run(op, write=True)

    def request(self, tenant: str, run: str, by: str, max_steps: int | None = None) -> int:
        params = {"tenant": tenant, "run": run, "by": by, "max_steps": max_steps, "now": time.time()}
        return int(self._store._one("ingest_job_request", params, fetch=True, write=True)[0]["seq"])

    def decide(self, tenant: str, run: str, by: str, decision: dict[str, Any]) -> int | None:
        """Queue an approve/reject; None when another decision is already waiting to be carried out."""
        params = {
            "tenant": tenant,
            "run": run,
            "by": by,
            "decision": json.dumps(decision),
            "now": time.time(),
        }
        rows = self._store._one("ingest_job_decide", params, fetch=True, write=True)
        return int(rows[0]["seq"]) if rows else None

    def note_status(self, tenant: str, run: str, status: str) -> None:
        params = {"tenant": tenant, "run": run, "status": status, "now": time.time()}
        self._store._one("ingest_job_status", params, write=True)

    def claimed(self, tenant: str, run: str, worker: str) -> None:
        self._store._one("ingest_job_claimed", {"tenant": tenant, "run": run, "worker": worker}, write=True)

    def done(self, tenant: str, run: str, seq: int, error: str | None = None) -> None:
        params = {"tenant": tenant, "run": run, "seq": seq, "error": error}
        self._store._one("ingest_job_done", params, write=True)

    def get(self, tenant: str, run: str) -> JobRecord | None:
        rows = self._store._one("ingest_job_get", {"tenant": tenant, "run": run}, fetch=True)
        return _job_record(tenant, rows[0]) if rows else None

    def wanted(self, limit: int = 100) -> list[JobRecord]:
        """Runs with a request no worker has carried out, every tenant's, oldest request first."""
        rows = self._store._one("ingest_jobs_wanted", {"limit": limit}, fetch=True)
        return [_job_record(r["tenant_id"], r) for r in rows]

    def page(
        self, tenant: str, status: str | None, before: tuple[float, str] | None, limit: int
    ) -> list[JobRecord]:
        """The tenant's runs, newest first, created before ``before`` (a keyset cursor)."""
        at, run = before or (float("inf"), "")
        params = {"tenant": tenant, "status": status, "before_at": at, "before_run": run, "limit": limit}
        return [_job_record(tenant, r) for r in self._store._one("ingest_jobs_page", params, fetch=True)]

    def unknown(self, tenant: str) -> list[str]:
        """The tenant's runs whose status was never noted (registered before the runs API)."""
        return [
            str(r["run_id"]) for r in self._store._one("ingest_jobs_unknown", {"tenant": tenant}, fetch=True)
        ]

    def failed_documents(self, tenant: str, run: str, limit: int = 100) -> list[tuple[str, str | None]]:
        """The run's first ``limit`` failed documents: (path, reason)."""
        params = {"tenant": tenant, "run": run, "limit": limit}
        rows = self._store._one("ingest_manifest_failed", params, fetch=True)
        return [(str(r["source_path"]), r["reason"]) for r in rows]
