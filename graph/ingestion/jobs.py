"""The runs API's side of the ingestion tables (kassist_ingest_jobs, used by server/runs): a run's
last known status and the requests a server is to carry out, on :class:`RunStore`'s database."""

from __future__ import annotations

import json
import time
from typing import Any

from graph.ingestion.sql_sqlite import IngestSql
from graph.ingestion.store import RunRecord, RunStore, Steps, _run_record
from kassist.db.statements import stmts as stmt
from kassist.tenancy import validate_tenant_id


class JobRecord(RunRecord):
    """A run as the runs API sees it: its registry row (the RunRecord fields), tenant, last known
    status and pending request."""

    tenant_id: str
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
        """The registry row alone, as :class:`RunStore` gives it."""
        return RunRecord.model_validate(self.model_dump(include=set(RunRecord.model_fields)))


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
    q: IngestSql, tenant: str, run: str, source: str, collection: str, request: dict[str, Any], now: float
) -> Steps[bool]:
    """Register a new run and queue its start, in one transaction; False when the id is taken."""
    key = {"tenant": tenant, "run": run}
    created = yield stmt(
        q.run_create, {**key, "source": source, "collection": collection, "now": now}, fetch=True
    )
    if not created:
        return False
    params = {
        **key, "settings": json.dumps(request["settings"]), "goal": request.get("goal"),
        "max_steps": request.get("max_steps"), "by": request.get("by"), "now": now,
    }  # fmt: skip
    yield stmt(q.job_create, params)
    return True


class JobStore:
    """The runs API's side of :class:`RunStore` (same executor, same transactions)."""

    def __init__(self, store: RunStore) -> None:
        self._store = store

    def create(self, tenant: str, run: str, source: str, collection: str, request: dict[str, Any]) -> bool:
        op = create_run(
            self._store._q, validate_tenant_id(tenant), run, source, collection, request, time.time()
        )
        return self._store._run(op, write=True)

    def request(self, tenant: str, run: str, by: str, max_steps: int | None = None) -> int:
        params = {"tenant": tenant, "run": run, "by": by, "max_steps": max_steps, "now": time.time()}
        return int(self._store._one(self._store._q.job_request, params, fetch=True, write=True)[0]["seq"])

    def decide(self, tenant: str, run: str, by: str, decision: dict[str, Any]) -> int | None:
        """Queue an approve/reject; None when another decision is already waiting to be carried out."""
        params = _decision_params(tenant, run, by, decision)
        rows = self._store._one(self._store._q.job_decide, params, fetch=True, write=True)
        return int(rows[0]["seq"]) if rows else None

    def claim_decision(self, tenant: str, run: str, by: str, decision: dict[str, Any]) -> int | None:
        """Queue the decision on a run waiting for review if it is the first one: its request's seq,
        or None when another decision came first (waiting, being carried out, or carried out)."""
        params = _decision_params(tenant, run, by, decision)
        rows = self._store._one(self._store._q.job_claim_decision, params, fetch=True, write=True)
        return int(rows[0]["seq"]) if rows else None

    def note_status(self, tenant: str, run: str, status: str) -> None:
        params = {"tenant": tenant, "run": run, "status": status, "now": time.time()}
        self._store._one(self._store._q.job_status, params, write=True)

    def claimed(self, tenant: str, run: str, worker: str) -> None:
        self._store._one(
            self._store._q.job_claimed, {"tenant": tenant, "run": run, "worker": worker}, write=True
        )

    def done(self, tenant: str, run: str, seq: int, error: str | None = None) -> None:
        params = {"tenant": tenant, "run": run, "seq": seq, "error": error}
        self._store._one(self._store._q.job_done, params, write=True)

    def get(self, tenant: str, run: str) -> JobRecord | None:
        rows = self._store._one(self._store._q.job_get, {"tenant": tenant, "run": run}, fetch=True)
        return _job_record(tenant, rows[0]) if rows else None

    def wanted(self, limit: int = 100) -> list[JobRecord]:
        """Runs with a request no worker has carried out, every tenant's, oldest request first."""
        rows = self._store._one(self._store._q.jobs_wanted, {"limit": limit}, fetch=True)
        return [_job_record(r["tenant_id"], r) for r in rows]

    def page(
        self, tenant: str, status: str | None, before: tuple[float, str] | None, limit: int
    ) -> list[JobRecord]:
        """The tenant's runs, newest first, created before ``before`` (a keyset cursor)."""
        at, run = before or (float("inf"), "")
        params = {"tenant": tenant, "status": status, "before_at": at, "before_run": run, "limit": limit}
        return [
            _job_record(tenant, r) for r in self._store._one(self._store._q.jobs_page, params, fetch=True)
        ]

    def unknown(self, tenant: str) -> list[str]:
        """The tenant's runs whose status was never noted (registered before the runs API)."""
        return [
            str(r["run_id"])
            for r in self._store._one(self._store._q.jobs_unknown, {"tenant": tenant}, fetch=True)
        ]

    def failed_documents(self, tenant: str, run: str, limit: int = 100) -> list[tuple[str, str | None]]:
        """The run's first ``limit`` failed documents: (path, reason)."""
        params = {"tenant": tenant, "run": run, "limit": limit}
        rows = self._store._one(self._store._q.manifest_failed, params, fetch=True)
        return [(str(r["source_path"]), r["reason"]) for r in rows]


def _decision_params(tenant: str, run: str, by: str, decision: dict[str, Any]) -> dict[str, Any]:
    # decide and claim_decision queue the same request row; only their condition differs.
    return {"tenant": tenant, "run": run, "by": by, "decision": json.dumps(decision), "now": time.time()}
