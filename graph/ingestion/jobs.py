"""The runs API's side of the ingestion tables (kassist_ingest_jobs, used by server/runs): a run's
last known status and the requests a server is to carry out, on :class:`RunStore`'s database.

As for the run store, tenant data goes through one binding: ``JobStore(store).for_tenant(tenant_id)``
gives a :class:`TenantJobStore` whose methods take no tenant; the unbound :class:`JobStore` only
lists the requests waiting in every tenant (what a server's worker polls)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from graph.ingestion.sql_sqlite import IngestSql
from graph.ingestion.store import RunStore, TenantRunStore, refuse_unbound
from graph.ingestion.store_ops import RunRecord, Steps, holder_gone, named
from kassist.db.statements import stmts as stmt
from kassist.tenancy import TenantMismatch, validate_tenant_id


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
    requested_key: str | None = None
    """The prefix of the managed key the request was sent with (None: a key of the environment's
    table, the console, or a row from before session 30): whose current rights start the run."""
    claims: int = 0
    worker: str | None = None
    error: str | None = None
    created_by: str | None = None
    """Who sent the run's create (an upload's uploader), as sent; None: not a runs API run, or one
    created before it was kept (``requested_by`` stands for it)."""
    created_role: str | None = None
    """Their role then (``admin`` or ``member``), from their key: an upload's run is held to the rule
    of its uploader's role (graph/ingestion/upload_owner.py)."""
    created_key: str | None = None
    """The managed key (its prefix) the create was sent with (None: an environment table's key, or
    not kept): whose rights now decide what only an admin's run may do (server/runs/worker.py)."""

    @property
    def wanted(self) -> bool:
        """A request no worker has carried out yet."""
        return self.seq > self.done_seq

    @property
    def lease(self) -> RunRecord:
        """The registry row alone, as :class:`TenantRunStore` gives it."""
        return RunRecord.model_validate(self.model_dump(include=set(RunRecord.model_fields)))


JOB_COLUMNS = tuple(name for name in JobRecord.model_fields if name != "tenant_id")
"""What job_get and jobs_page select, in order: the run's registry row (RunRecord's fields, first)
and its runs-API row; jobs_wanted selects the tenant first (rows are tuples, see store_ops)."""


def _job_record(tenant: str, row: Sequence[Any]) -> JobRecord:
    def load(text: str | None) -> Any:
        return None if text is None else json.loads(text)

    j = named(JOB_COLUMNS, row)
    counts = {name: int(j[name] or 0) for name in ("seq", "done_seq", "claims")}  # NULL: no jobs row yet
    return JobRecord.model_validate(
        {**j, **counts, "tenant_id": tenant, "settings": load(j["settings"]), "decision": load(j["decision"])}
    )


def _seq(rows: list[Any]) -> int | None:
    """The seq a request statement returned (RETURNING seq), None when it queued nothing."""
    for (seq,) in rows:
        return int(seq)
    return None


@dataclass(frozen=True)
class WaitingBound:
    """The most runs waiting or running (a request not yet carried out) one user, and one tenant, may
    have on the runs API (server/run_limits' settings, which langgraph dev and kassist serve's turns
    keep too): one member's backlog held every worker while other tenants' runs waited behind it
    (h14 s35 H7)."""

    per_user: int
    per_tenant: int


class TooManyWaiting(Exception):
    """A request past a :class:`WaitingBound`: ``scope`` "user" or "tenant", ``count`` of its runs
    waiting or running already, ``limit`` the bound. Nothing was queued."""

    def __init__(self, scope: str, count: int, limit: int) -> None:
        super().__init__(f"{scope} has {count} runs waiting or running (at most {limit})")
        self.scope, self.count, self.limit = scope, count, limit


def check_waiting(q: IngestSql, tenant: str, run: str, by: str, bound: WaitingBound) -> Steps[None]:
    """Raise :class:`TooManyWaiting` when queueing ``run`` for ``by`` would pass ``bound`` (``run``
    itself is not counted: a resume of a run already waiting takes no second place). In the write
    that queues it, after the tenant's lock: two requests never both take the last place."""
    yield stmt(q.jobs_lock, {"tenant_id": tenant})
    rows = yield stmt(q.jobs_waiting, {"tenant_id": tenant, "by": by, "run": run}, fetch=True)
    mine, ours = (int(n) for n in rows[0])
    if mine >= bound.per_user:
        raise TooManyWaiting("user", mine, bound.per_user)
    if ours >= bound.per_tenant:
        raise TooManyWaiting("tenant", ours, bound.per_tenant)


def create_run(
    q: IngestSql,
    tenant: str,
    run: str,
    source: str,
    collection: str,
    request: dict[str, Any],
    now: float,
    bound: WaitingBound | None = None,
) -> Steps[bool]:
    """Register a new run and queue its start, in one transaction; False when the id is taken;
    :class:`TooManyWaiting` past ``bound``."""
    key = {"tenant_id": tenant, "run": run}
    if bound is not None:
        yield from check_waiting(q, tenant, run, str(request.get("by") or ""), bound)
    created = yield stmt(
        q.run_create, {**key, "source": source, "collection": collection, "now": now}, fetch=True
    )
    if not created:
        return False
    params = {
        **key, "settings": json.dumps(request["settings"]), "goal": request.get("goal"),
        "max_steps": request.get("max_steps"), "by": request.get("by"), "by_key": request.get("key"),
        "role": request.get("role"), "now": now,
        "done_seq": 1 if request.get("placing") else 0,  # an upload's: wanted once placed (placed)
        "placer": request.get("placer"),  # who places it (jobs_placing): a worker's claim names itself
    }  # fmt: skip
    yield stmt(q.job_create, params)
    return True


def review_again(
    q: IngestSql, tenant: str, run: str, seen: str | None, seen_until: float | None
) -> Steps[bool]:
    """Release the lease of a decision's carrier judged gone (``seen`` holding it until
    ``seen_until``, as read) and note the review waiting again, in one transaction; False (nothing
    changed) when the lease was renewed or taken since: its holder is alive and keeps the run."""
    key = {"tenant_id": tenant, "run": run}
    released = yield stmt(q.lease_release_judged, {**key, "seen": seen, "seen_until": seen_until}, fetch=True)
    if not released:
        return False
    yield stmt(q.job_review_again, key)
    return True


class JobStore:
    """The runs API's side of :class:`RunStore` (same database, same transactions); tenant data
    only through :meth:`for_tenant`."""

    def __init__(self, store: RunStore) -> None:
        self._store = store

    def for_tenant(self, tenant_id: str) -> TenantJobStore:
        """The runs API's records of ``tenant_id``: another tenant's run is "not found" there."""
        return TenantJobStore(self._store.for_tenant(tenant_id))

    def wanted_in_every_tenant(self, limit: int = 100) -> list[JobRecord]:
        """Runs with a request no worker has carried out, every tenant's (cross-tenant: what a
        server's worker polls; each record names its tenant), in turns: each tenant's oldest request,
        then each one's second, ..., oldest first within a turn (one tenant's backlog does not hold
        another's run back: h16 s36 H16-3)."""
        rows = self._store._handle.one(self._store._q.jobs_wanted, {"limit": limit}, fetch=True)
        return [
            _job_record(tenant, job) for tenant, *job in rows
        ]  # jobs_wanted: the tenant, then JOB_COLUMNS

    def placing_in_every_tenant(self, limit: int = 100) -> list[JobRecord]:
        """Uploads' runs stored and never made wanted, every tenant's, oldest first; each record's
        ``worker`` names the process that stored it (server/runs/upload_placing.place_orphans)."""
        rows = self._store._handle.one(self._store._q.jobs_placing, {"limit": limit}, fetch=True)
        return [_job_record(tenant, job) for tenant, *job in rows]

    if not TYPE_CHECKING:  # at run time only: for the type checker these names do not exist here

        def __getattr__(self, name: str) -> object:
            raise refuse_unbound(self, name, _JOB_METHODS)


class TenantJobStore:
    """The runs API's records as one tenant sees them (:meth:`JobStore.for_tenant`)."""

    def __init__(self, runs: TenantRunStore) -> None:
        self._runs = runs
        self._q: IngestSql = runs._q
        self.tenant_id = runs.tenant_id

    def for_tenant(self, tenant_id: str) -> TenantJobStore:
        """This view again for its own tenant; another tenant's is refused (bind the unbound store)."""
        if validate_tenant_id(tenant_id) != self.tenant_id:
            raise TenantMismatch(f"this job store is bound to tenant {self.tenant_id!r}, not {tenant_id!r}")
        return self

    def create(
        self,
        run: str,
        source: str,
        collection: str,
        request: dict[str, Any],
        bound: WaitingBound | None = None,
    ) -> bool:
        """Register a new run and queue its start, in one transaction; False when the id is taken;
        :class:`TooManyWaiting` when ``bound`` is given and the request would pass it."""
        op = create_run(self._q, self.tenant_id, run, source, collection, request, time.time(), bound)
        return self._runs._run(op, write=True)

    def request(
        self,
        run: str,
        by: str,
        max_steps: int | None = None,
        key: str | None = None,
        bound: WaitingBound | None = None,
    ) -> int:
        """Queue a resume or a cancel's stop sent by ``by`` with the managed key ``key`` (its
        prefix; None: a key of the environment's table): the run starts with that key's rights.
        ``bound``: a resume's (never a cancel's), :class:`TooManyWaiting` past it."""
        params = {"run": run, "by": by, "by_key": key, "max_steps": max_steps, "now": time.time()}
        tenant = self.tenant_id

        def op() -> Steps[int]:
            if bound is not None:
                yield from check_waiting(self._q, tenant, run, by, bound)
            rows = yield stmt(self._q.job_request, {"tenant_id": tenant, **params}, fetch=True)
            (seq,) = rows[0]  # an upsert: it always returns its row
            return int(seq)

        return self._runs._run(op(), write=True)

    def decide(self, run: str, by: str, decision: dict[str, Any], key: str | None = None) -> int | None:
        """Queue an approve/reject; None when another decision is already waiting to be carried out."""
        params = _decision(run, by, decision, key)
        return _seq(self._runs._one(self._q.job_decide, params, fetch=True, write=True))

    def claim_decision(
        self, run: str, by: str, decision: dict[str, Any], key: str | None = None
    ) -> int | None:
        """Queue the decision on a run waiting for review if it is the first one: its request's seq,
        or None when another decision came first (waiting, being carried out, or carried out)."""
        params = _decision(run, by, decision, key)
        return _seq(self._runs._one(self._q.job_claim_decision, params, fetch=True, write=True))

    def note_status(self, run: str, status: str) -> None:
        params = {"run": run, "status": status, "now": time.time()}
        self._runs._one(self._q.job_status, params, write=True)

    def note_ended(self, run: str, status: str) -> None:
        """Note ``status`` (one its head says the run ended with) over a ``running`` one only."""
        self._runs._one(self._q.job_ended, {"run": run, "status": status}, write=True)

    def start_decision(self, run: str, decision: Any) -> None:
        """Note that ``decision`` is being carried out (status ``running``), atomically with the first
        decision rule: raises :class:`DecisionTaken` when another decision is queued (the runs API or
        the console accepted it first). Called by the decision's carrier with the run's lease held:
        the runner's start, and the review's node (await_review), which takes the lease for a server
        that runs the graph itself."""
        params = {"run": run, "decision": json.dumps(decision, default=str), "now": time.time()}
        if not self._runs._one(self._q.job_start_decision, params, fetch=True, write=True):
            raise self._taken(run)

    def claim_first(self, job: JobRecord, by: str, decision: dict[str, Any], key: str | None = None) -> int:
        """The first-decision rule at the runs API's and the console's door: the review waiting
        again if its last carrier is gone (:meth:`waiting_again`), then ``decision`` queued if it
        is the first (its request's seq), else :class:`DecisionTaken` naming the first one."""
        self.waiting_again(job)
        seq = self.claim_decision(job.run_id, by, decision, key)
        if seq is None:
            raise self._taken(job.run_id)
        return seq

    def _taken(self, run: str) -> DecisionTaken:
        queued = self.get(run)
        return DecisionTaken(decision_taken(run, queued.decision if queued else None))

    def waiting_again(self, job: JobRecord) -> None:
        """Before a decision is claimed on a run whose checkpoint waits for review: a status never
        noted (a run from before the runs API) is noted; a status ``running`` whose carrier is gone
        (a ``kassist runs approve`` killed before its decision committed: the run still waits) is
        ``needs_review`` again and its lease released, unless the lease changed since it was read
        (:func:`review_again`). Without it, a killed command line's review was refused by the API
        and the console as decided already."""
        if job.status is None:
            self.note_status(job.run_id, "needs_review")
        elif job.status == "running" and job.decision is None and holder_gone(job.owner, job.lease_until):
            op = review_again(self._q, self.tenant_id, job.run_id, job.owner, job.lease_until)
            self._runs._run(op, write=True)

    def claimed(self, run: str, worker: str) -> None:
        self._runs._one(self._q.job_claimed, {"run": run, "worker": worker}, write=True)

    def placed(self, run: str) -> None:
        """Make the start of an upload's run stored with ``placing`` (its folder not in place yet:
        no worker takes it) wanted: its folder is in place now."""
        self._runs._one(self._q.job_placed, {"run": run, "now": time.time()}, write=True)

    def done(self, run: str, seq: int, error: str | None = None) -> None:
        self._runs._one(self._q.job_done, {"run": run, "seq": seq, "error": error}, write=True)

    def get(self, run: str) -> JobRecord | None:
        rows = self._runs._one(self._q.job_get, {"run": run}, fetch=True)
        return _job_record(self.tenant_id, rows[0]) if rows else None

    def page(self, status: str | None, before: tuple[float, str] | None, limit: int) -> list[JobRecord]:
        """The tenant's runs, newest first, created before ``before`` (a keyset cursor)."""
        at, run = before or (float("inf"), "")
        params = {"status": status, "before_at": at, "before_run": run, "limit": limit}
        return [
            _job_record(self.tenant_id, r) for r in self._runs._one(self._q.jobs_page, params, fetch=True)
        ]

    def unknown(self) -> list[str]:
        """The tenant's runs whose status was never noted (registered before the runs API)."""
        return [str(run) for (run,) in self._runs._one(self._q.jobs_unknown, {}, fetch=True)]

    def uploaders(self, collection: str, paths: list[str]) -> dict[str, str | None]:
        """Who uploaded each document of ``collection`` at one of ``paths`` (who sent the create of the
        last run that indexed it - never a later request's requester, a resume's or an approve's
        (review s37 r2 R2-1) - else, for a run created before that was kept, its requester, else who
        started that run; None: unknown); a path with no document is left out."""
        found: dict[str, str | None] = {}
        for at in range(0, len(paths), 500):
            params = {"collection": collection, "paths": json.dumps(paths[at : at + 500])}
            rows = self._runs._one(self._q.doc_uploaders, params, fetch=True)
            for path, created_by, requested_by, started_by in rows:
                found[str(path)] = created_by or requested_by or started_by  # the last run's, oldest first
        return found

    def failed_documents(self, run: str, limit: int = 100) -> list[tuple[str, str | None]]:
        """The run's first ``limit`` failed documents: (path, reason)."""
        rows = self._runs._one(self._q.manifest_failed, {"run": run, "limit": limit}, fetch=True)
        return [(str(path), reason) for path, reason in rows]


_JOB_METHODS = frozenset(
    name for name, value in vars(TenantJobStore).items() if callable(value) and not name.startswith("_")
) - {"for_tenant"}


class DecisionTaken(ValueError):
    """A decision on a review that another decision came first to (:func:`decision_taken`)."""


def decision_taken(run: str, first: dict[str, Any] | None, carry_out: str = "") -> str:
    """The one refusal of a decision on a review another decision came first to, at every door (the
    runs API's and the console's 409, ``kassist runs approve|reject``): ``first``, the decision
    still queued for a server's worker if there is one (named: verdict and author), and
    ``carry_out``, what the caller can do about it (the command line's command)."""
    what = ""
    if first:
        by = f" by {first['by']}" if first.get("by") else ""
        what = f" ({first.get('decision', 'another decision')}{by}, waiting for a server's worker)"
    return f"run {run!r} has a decision already{what}; only the first one is carried out{carry_out}"


def _decision(run: str, by: str, decision: dict[str, Any], key: str | None) -> dict[str, Any]:
    # decide and claim_decision queue the same request row; only their condition differs.
    return {"run": run, "by": by, "by_key": key, "decision": json.dumps(decision), "now": time.time()}
