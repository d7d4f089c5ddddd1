"""The runs API's operations, for one authenticated principal at a time (the router is a thin HTTP
layer over these). The tenant is always the principal's: every lookup is keyed by it, so another
tenant's run is simply not found."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from graph.ingestion.head import read_head
from graph.ingestion.jobs import (
    DecisionTaken,
    JobRecord,
    JobStore,
    TenantJobStore,
    TooManyWaiting,
    WaitingBound,
)
from graph.ingestion.notify import announced
from graph.ingestion.registration import default_goal
from graph.ingestion.resources import Resources
from graph.ingestion.served import INGEST_ROOT_ENV, ServedRunRefused
from graph.ingestion.state import TERMINAL, AgentRunState, Settings, too_late_to_cancel
from graph.ingestion.store_ops import process_holder
from kassist.db.retry import AVAILABLE_WITHIN_S, until_available
from kassist.dburl import DatabaseUnavailable
from kassist.file_modes import warn_if_shared
from server import run_reports
from server.keys import KeyResolver, Principal
from server.run_limits import tenant_waiting_runs_limit, waiting_runs_limit
from server.runs import upload_ends, upload_run, uploads
from server.runs.admission import check_source, run_settings, thread_in_use, under
from server.runs.config import RunsConfig
from server.runs.listing import carried, runs_page
from server.runs.models import (
    Accepted,
    CreateRun,
    Errors,
    FailedDocument,
    Progress,
    ReportFormat,
    RunOptions,
    RunPage,
    RunView,
)
from server.runs.names import (
    PREFIX,
    ApiError,
    check_new_run_id,
    check_run_id,
    held,
    links,
    new_id,
    not_waiting,
    taken,
    too_many_waiting,
)
from server.runs.served_again import served_folder, served_refusal
from server.runs.worker import RunWorker
from server.thread_owner import reaches_run

logger = logging.getLogger(__name__)

if TYPE_CHECKING:
    from server.accepted_runs import AcceptedRuns


class RunsService:
    def __init__(
        self,
        res: Resources,
        config: RunsConfig,
        keys: KeyResolver | None = None,
        accepted: AcceptedRuns | None = None,
    ) -> None:
        self.res = res
        self.config = config
        # The record kassist serve's LangServe turns claim a new thread id in (server/accepted_runs):
        # a run id names its thread, so a run claims it there too (h16 s36 H16-14). None: no other
        # door (a service alone, in tests). Closed with the service.
        self.accepted = accepted
        self.jobs = JobStore(res.runs)
        # A user's (and a tenant's) runs waiting or running, bounded as on langgraph dev (h14 s35 H7).
        self.bound = WaitingBound(waiting_runs_limit(config.env), tenant_waiting_runs_limit(config.env))
        # keys: a request starts only while its requester holds a key (server/run_creator.py)
        self.worker = RunWorker(
            res, config.lease_s, config.poll_s, config.workers, keys, self.served_refusal, self.served_folder,
            uploads=config.uploads_dir,
        )  # fmt: skip

    def sent_key(self, token: str | None) -> str | None:
        """The managed key (its prefix) ``token`` is; None for a key of the environment's table (or
        a server that checks no keys). Recorded with each request: the run starts with that key's
        current rights, not its identity's (session 30: a revoked key's identity holding a second
        key still started what the revoked one had queued)."""
        keys = self.worker.keys
        return None if keys is None else keys.key_of(token)

    def tenant_jobs(self, who: Principal) -> TenantJobStore:
        """The runs API's records as the caller's tenant sees them: another tenant's run is not found."""
        return self.jobs.for_tenant(who.tenant_id)

    @classmethod
    def open(
        cls,
        database_url: str,
        env: Mapping[str, str] | None = None,
        keys: KeyResolver | None = None,
    ) -> RunsService:
        from kassist.db.handle import open_set_up
        from server.accepted_runs import AcceptedRuns

        config = RunsConfig.from_env(os.environ if env is None else env)
        # Where kassist serve's LangServe turns claim a new thread id: its runs claim theirs there too.
        accepted = open_set_up(database_url, AcceptedRuns)
        try:
            # The runs' nodes check them against this server's environment too (Resources.env).
            service = cls(Resources.open(database_url, env=config.env), config, keys, accepted)
        except BaseException:
            accepted.close()
            raise
        try:
            # One uploads folder belongs to one database, which can write it: claimed here, or the start
            # is refused.
            upload_ends.own(service.res, config.uploads_dir)
        except upload_ends.UploadsRefused as exc:  # another database's, or not writable
            service.stop()
            from server.startup import ConfigError

            raise ConfigError(str(exc)) from None
        return service

    def start(self) -> None:
        # Nothing is installed process-wide: the runner binds ``self.res`` to every invocation, so
        # this server's runs reach its database only, whatever else the process serves.
        # An uploads folder an older kassist made 0755 keeps its mode (0644 files in it): said once.
        warn_if_shared(self.config.uploads_dir, "uploads folder", "-R go-rwx")
        self.worker.start()

    def stop(self) -> None:
        self.worker.stop()
        self.res.close()
        if self.accepted is not None:
            self.accepted.close()

    def served_refusal(self, job: JobRecord) -> str | None:
        """:func:`server.runs.served_again.served_refusal` on this server's resources and roots."""
        return served_refusal(self.res, self.config, job)

    def served_folder(self, job: JobRecord) -> Path | None:
        """:func:`server.runs.served_again.served_folder` on this server's resources and roots."""
        return served_folder(self.res, self.config, job)

    # -- creating runs ------------------------------------------------------------------------------
    def create(self, who: Principal, body: CreateRun, key: str | None) -> Accepted:
        # First, as the body's pattern checked it before: "" too is no run id (None: one is made).
        run = check_new_run_id(body.run_id, ("body", "run_id")) if body.run_id is not None else new_id()
        try:
            root = self.config.root_for(who.tenant_id)
        except ServedRunRefused as exc:  # the tenant has no folder of its own (kassist.names)
            raise ApiError(422, str(exc), ("body", "path")) from None
        if root is None:
            raise ApiError(
                422, "this server ingests no server-side folders: its operator enables that by setting "
                f"{INGEST_ROOT_ENV}; upload the files instead (POST {PREFIX}/uploads)", ("body", "path"),
            )  # fmt: skip
        source = under(root, body.path, ("body", "path"), folder=True)
        settings, rules_text = run_settings(self.config.env, source, root, body.collection, body.options)
        check_source(self.res, self.config.env, who, settings, rules_text)
        goal = body.goal or f"Ingest {body.path} into {body.collection}"
        return self.record_run(who, key, run, settings, goal, body.options)

    async def create_upload(
        self, who: Principal, files: Sequence[uploads.Readable], collection: str, run_id: str | None,
        options: RunOptions, key: str | None,
    ) -> Accepted:  # fmt: skip
        """A run of uploaded files: :func:`server.runs.upload_run.create_upload` on this service."""
        return await upload_run.create_upload(self, who, files, collection, run_id, options, key)

    def record_run(
        self,
        who: Principal,
        key: str | None,
        run: str,
        settings: Settings,
        goal: str,
        options: RunOptions,
        wake: bool = True,
    ) -> Accepted:
        """Store run ``run``'s request (its thread id claimed first: 409 when it is another use's or
        an existing run's); ``wake``: its worker is woken now (an upload's once its folder is in place:
        server/runs/upload_run.py)."""
        request = {
            "settings": settings.model_dump(),
            "goal": goal,
            "max_steps": options.max_steps,
            "by": who.identity,
            "role": who.role,  # the create's, kept: an upload's run is held to its uploader's rule
            "key": key,
            "placing": not wake,  # an upload's: wanted once its folder is in place (create_upload)
            # ... by this process: killed first, a server places it (upload_placing.place_orphans)
            "placer": None if wake else process_holder(),
        }
        if thread_in_use(self.res, who.tenant_id, run):
            raise taken(run)
        if not self._claim(who, run):
            raise taken(run) if self.tenant_jobs(who).get(run) is not None else held(run)
        try:
            created = self.tenant_jobs(who).create(
                run, settings.source, settings.collection, request, self.bound
            )
        except TooManyWaiting as exc:
            self._unclaim(who, run)
            raise too_many_waiting(exc) from None
        if not created:
            # The id is an existing run's (its row decides a turn's 404 from now on, the claim
            # is no longer needed): the claim does not outlive the refusal.
            self._unclaim(who, run)
            raise taken(run)
        if wake:  # an upload's worker wakes once its files are in place
            self.worker.wake()
        return Accepted(run_id=run, status="pending", version=0, links=links(run))

    def _claim(self, who: Principal, run: str) -> bool:
        """Claim the thread id ``run`` before the run is stored, where a LangServe turn claims a new
        thread (server/accepted_runs.AcceptedRuns.claim_blocking); False: it is another use's. Each
        door read the other's "nobody's" before either wrote, and an admin's run and a member's
        first turn on one new id were both accepted, the run's checkpoints chained after her
        conversation (h16 s36 H16-14). One row, one writer first: a turn after this claim reads a
        job's thread (404), a run after a turn's claim is refused here (409)."""
        if self.accepted is None:
            return True
        return self.accepted.claim_blocking(who.tenant_id, run, who.identity, "ingestion", run)

    def _unclaim(self, who: Principal, run: str) -> None:
        if self.accepted is not None:
            self.accepted.unclaim_blocking(who.tenant_id, run, who.identity, run)

    def taken_already(self, who: Principal, run: str) -> bool:
        """Whether ``run`` names a run of ``who``'s tenant already, or a thread in use."""
        return self.tenant_jobs(who).get(run) is not None or thread_in_use(self.res, who.tenant_id, run)

    # -- reading runs -------------------------------------------------------------------------------
    def _job(self, who: Principal, run: str) -> JobRecord:
        check_run_id(run, ("path", "run_id"))
        job = self.tenant_jobs(who).get(run)
        # Another member's langgraph dev run is "not found".
        if job is None or not reaches_run(who, self.res.saver, run, started_by=job.started_by):
            raise ApiError(404, f"run {run!r} not found")
        return job

    def _state(self, who: Principal, job: JobRecord) -> tuple[AgentRunState | None, str, int]:
        # The head checkpoint answers what get_state would (values, the review's interrupt, the
        # version) without building and compiling the graph for every request (issue 29).
        head = read_head(self.res.saver, who.tenant_id, job.run_id)
        state, version = head.state, int(head.version or 0)
        if head.interrupted:
            return state, "needs_review", version
        return state, state.status if state else (job.status or "pending"), version

    def source_label(self, tenant: str, source: str) -> str:
        return self.config.source_label(tenant, source)

    def goal_label(self, tenant: str, state: AgentRunState, job: JobRecord) -> str | None:
        """The run's goal as its tenant's users are told it: the default goal the server derived
        names the source as :meth:`source_label` does (a command-line run's default goal held the
        server's absolute path); a requester's own goal as it was given."""
        goal = state.goal or job.goal
        if goal and goal == default_goal(state.settings):
            return default_goal(
                state.settings.model_copy(update={"source": self.source_label(tenant, job.source)})
            )
        return goal

    def view(self, who: Principal, run: str) -> RunView:
        job = self._job(who, run)
        state, status, version = self._state(who, job)
        s = state or AgentRunState(run_id=run, tenant_id=who.tenant_id)
        failed = self.tenant_jobs(who).failed_documents(run) if s.counters.documents_failed else []
        reports = {str(fmt): f"{PREFIX}/{run}/report?format={fmt}" for fmt in s.reports}
        return RunView(
            run_id=run, status=status, version=version, active=carried(job), queued=job.wanted,
            collection=job.collection, source=self.source_label(who.tenant_id, job.source), created_at=job.created_at,
            goal=self.goal_label(who.tenant_id, s, job), embedder=s.embedder_name or None,
            progress=Progress(
                step=s.step.kind if s.step else None, documents_total=s.documents_total, batch=s.batch_cursor,
                batches=s.batches_total, last_document=s.last_document, counters=s.counters.model_dump(),
            ),
            errors=Errors(
                last_error=s.last_error, worker_error=job.error, retry_counts=s.retry_counts,
                failed_documents=[FailedDocument(path=p, reason=r) for p, r in failed],
            ),
            findings=s.findings, review=s.review, reports=reports, links=links(run),
        )  # fmt: skip

    def page(self, who: Principal, status: str | None, limit: int, cursor: str | None) -> RunPage:
        """``GET /v1/runs``: :func:`server.runs.listing.runs_page` for ``who``'s tenant."""
        return runs_page(self.res, self.tenant_jobs(who), who, status, limit, cursor, self.source_label)

    def report(self, who: Principal, run: str, fmt: ReportFormat) -> str:
        self._job(who, run)
        text = run_reports.read_report(self.res, who.tenant_id, run, fmt)
        if text is None:
            raise ApiError(
                404, f"run {run!r} has no {fmt} audit report yet: it is written at the run's report step"
            )
        return text

    # -- steering runs ------------------------------------------------------------------------------
    def resume(self, who: Principal, run: str, max_steps: int | None, key: str | None) -> Accepted:
        job = self._job(who, run)
        state, status, version = self._state(who, job)
        if job.started_by is not None and not thread_in_use(self.res, who.tenant_id, run):
            # A langgraph dev run whose thread is gone: started again here from its registered
            # settings, a rejected or finished run ran once more (h12 s34 #7, #12).
            raise ApiError(
                409, f"run {run!r} was started on the LangGraph server and its thread is gone (a run "
                "without a thread, or a deleted thread): there is nothing to resume; start a new run",
            )  # fmt: skip
        if status == "needs_review":
            raise ApiError(409, f"run {run!r} is waiting for a review: an admin approves or rejects it")
        if status in TERMINAL and (state is None or state.ended):  # not a decision still to report
            raise ApiError(409, f"run {run!r} is {status}; there is nothing to resume")
        if carried(job) and status == "running":
            raise ApiError(409, f"run {run!r} is running right now; it needs no resume")
        try:
            self.tenant_jobs(who).request(run, who.identity, max_steps, key, self.bound)
        except TooManyWaiting as exc:
            raise too_many_waiting(exc) from None
        self.worker.wake()
        return Accepted(run_id=run, status=status, version=version, links=links(run))

    def decide(self, who: Principal, run: str, decision: str, key: str | None) -> Accepted:
        job = self._job(who, run)
        if who.role != "admin":
            raise ApiError(
                403, f"to {decision} a run that needs review takes an admin key; {who.identity!r} is a member"
            )
        _, status, version = self._state(who, job)
        if status != "needs_review":
            raise ApiError(409, not_waiting(run, status))
        # The first decision wins; any other, at the same moment or later, is refused.
        try:
            self.tenant_jobs(who).claim_first(
                job, who.identity, {"decision": decision, "by": who.identity}, key
            )
        except DecisionTaken as exc:
            raise ApiError(409, str(exc)) from None
        self.worker.wake()
        return Accepted(run_id=run, status=status, version=version, links=links(run))

    def cancel(self, who: Principal, run: str, key: str | None) -> Accepted:
        job = self._job(who, run)
        state, status, version = self._state(who, job)
        if status in TERMINAL:
            raise ApiError(409, f"run {run!r} is {status} already")
        if state is not None and announced(self.res.runs.for_tenant(who.tenant_id), state):
            raise ApiError(409, too_late_to_cancel(run))
        if status == "needs_review":
            raise ApiError(
                409, f"run {run!r} is waiting for a review: an admin stops it with POST {PREFIX}/{run}/reject"
            )
        self.res.runs.for_tenant(who.tenant_id).request_cancel(run)
        # A run nobody executes is taken by a worker and stops at its first node boundary. Tried
        # again through a busy or restarting database: the cancel is recorded already, so a 503 "not
        # carried out" was false - the client went on and the run ended cancelled (h22 s38 H22-14).
        try:
            until_available(partial(self.tenant_jobs(who).request, run, who.identity, None, key))
        except DatabaseUnavailable:
            raise ApiError(
                503, f"the cancel of run {run!r} is recorded (it stops at its next start), but its stop "
                f"could not be queued: the database stayed busy or unavailable for {AVAILABLE_WITHIN_S:g} s; "
                f"POST {PREFIX}/{run}/cancel again once it is back stops it now",
            ) from None  # fmt: skip
        self.worker.wake()
        return Accepted(run_id=run, status=status, version=version, links=links(run))
