"""Ingestion runs in the console: the list with live progress, one run with approve / reject /
cancel, and its audit report. Calls the ingestion pipeline's Python API (what ``kassist runs``
calls); another tenant's run is not found (404), whatever its id."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response

from graph.ingestion.store_ops import holder_gone
from knowledge.audit import report_stem
from server import run_reports
from server.console.core import SECURITY_HEADERS, Console, ConsoleError, Session
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import RUN_ID
from server.thread_owner import reaches_run

# The report's link suffix -> its format; the report quotes documents, so it is served sandboxed
# (run_reports.REPORT_HEADERS): its scripts, if any got in, cannot run.
REPORT_TYPES = {"html": "html", "json": "json", "md": "markdown"}
REPORT_HEADERS = {**SECURITY_HEADERS, **run_reports.REPORT_HEADERS}
VIEW_HEADERS = {**SECURITY_HEADERS, **run_reports.VIEW_HEADERS}
WAITING = "needs_review"
LISTED = 50
"""The most runs the runs list shows (and reads) at once."""
SCANNED = 10 * LISTED
"""The most runs one list reads past to find those the caller reaches (server/runs/listing.PAGE_SCAN)."""
ENDED = ("completed", "cancelled")


def actions(view: dict[str, Any], session: Session | None) -> list[str]:
    """What the caller may do to the run now: a decision on a run waiting for review (an admin's),
    cancel on a run that has not ended; nothing while the console is still carrying an action out."""
    if session is None or view.get("pending"):
        return []
    if view["status"] == WAITING:
        return [d for d in ("approve", "reject") if session.may(f"{d} a run that needs review")]
    return [] if view["status"] in ENDED else ["cancel"]


def _view(record: Any, state: Any, snapshot: Any, source: str) -> dict[str, Any]:
    """What the pages show of one run (None state: registered, not started); ``source`` as the
    tenant's users are told it (never the server's own path)."""
    # The lease's one rule (store_ops.holder_gone): a killed run's holder on this host is gone at
    # once, not when its time runs out - its page said "busy" for up to LEASE_S (h17 s36 H17-5).
    busy = record.owner is not None and not holder_gone(record.owner, record.lease_until)
    if state is None:
        return {"run_id": record.run_id, "status": "pending", "collection": record.collection,
                "source": source, "busy": busy, "done": 0, "total": 0, "percent": 0, "final": False}  # fmt: skip
    status = WAITING if snapshot.interrupts else state.status
    c = state.counters
    done, total = c.documents_seen + c.documents_removed, state.documents_total
    final = status in ("completed", "cancelled", WAITING, "failed", "paused") and not busy
    return {
        "run_id": record.run_id, "status": status, "collection": record.collection, "source": source,
        "busy": busy, "done": done, "total": total, "percent": int(100 * done / total) if total else (100 if final and status == "completed" else 0),
        "step": state.step.kind if state.step else "end", "batch": state.batch_cursor, "batches": state.batches_total,
        "counters": c.model_dump(), "findings": state.findings, "review": state.review,
        "last_error": state.last_error,
        "reports": [suffix for suffix, fmt in REPORT_TYPES.items() if fmt in state.reports],
        "embedder": state.embedder_name, "final": final,
    }  # fmt: skip


class Runs:
    def __init__(self, console: Console) -> None:
        self.console = console
        self.config = RunsConfig.from_env(os.environ)  # the runs API's roots: one way to name a source

    def _graph(self, tenant: str) -> Any:
        from graph.ingestion.graph import build_graph

        return build_graph().compile(checkpointer=self.console.resources().saver.for_tenant(tenant))

    def _state(self, graph: Any, tenant: str, run_id: str) -> tuple[Any, Any]:
        from graph.ingestion.runner import config_for
        from graph.ingestion.state import stored_state

        snapshot = graph.get_state(config_for(tenant, run_id))
        return (stored_state(snapshot.values) if snapshot.values else None), snapshot

    def list(self, who: Principal) -> dict[str, Any]:
        """The runs the list shows (``runs``) and how many runs the caller may see (``total``; None when
        a member's list stopped before reading every run: h10 s32 #2): the runs
        waiting for review the runs API knows of first, then the newest, at most :data:`LISTED`,
        each read from its checkpoint. The list is polled every second while a tab is open, and
        every run stays registered: reading the tenant's whole history (each run's checkpoint and
        head) on each poll cost ~0.25 ms of CPU a run (session 29, h3's E8). Older runs: the runs
        API's pages."""
        from graph.ingestion.jobs import JobStore

        res, tenant = self.console.resources(), who.tenant_id
        graph = self._graph(tenant)
        records = sorted(
            res.runs.for_tenant(tenant).runs(), key=lambda r: (r.created_at, r.run_id), reverse=True
        )
        waiting = {j.run_id for j in JobStore(res.runs).for_tenant(tenant).page(WAITING, None, LISTED)}
        views: list[dict[str, Any]] = []
        read = 0
        for r in sorted(records, key=lambda r: r.run_id not in waiting):  # stable
            if len(views) == LISTED or read == SCANNED:  # another member's runs are read past, so far
                break
            read += 1
            if reaches_run(who, res.saver, r.run_id, started_by=r.started_by):
                state = self._state(graph, tenant, r.run_id)
                views.append(_view(r, *state, self.config.source_label(tenant, r.source)))
        runs = sorted(views, key=lambda v: (v["status"] != WAITING, not v["busy"]))
        # How many runs the caller may see: an admin reaches every one; a member is told a count only
        # when every run was read, never the tenant's (it counted another member's langgraph dev
        # runs, each "not found" to this member: h10 s32 #2). None: more than the list shows.
        total = len(records) if who.is_admin else (len(views) if read == len(records) else None)
        return {"runs": runs, "total": total}

    def one(self, who: Principal, run_id: str) -> tuple[dict[str, Any], Any]:
        # A name no run can have is not looked up (PostgreSQL refuses a NUL in text).
        plain = RUN_ID.fullmatch(run_id) and ".." not in run_id
        tenant, res = who.tenant_id, self.console.resources()
        record = res.runs.for_tenant(tenant).get(run_id) if plain else None
        # Another member's langgraph dev run is "not found".
        if record is None or not reaches_run(who, res.saver, run_id, started_by=record.started_by):
            raise ConsoleError(404, f"no ingestion run {run_id!r} in your tenant")
        state, snapshot = self._state(self._graph(tenant), tenant, run_id)
        view = _view(record, state, snapshot, self.config.source_label(tenant, record.source))
        if (tenant, run_id) in self.console.pending:
            view["final"], view["busy"], view["pending"] = False, True, True
        error = self.console.action_errors.get((tenant, run_id))
        if error:
            view["action_error"] = error
        return view, state

    def _continue(self, tenant: str, run_id: str, seq: int | None = None, **kwargs: Any) -> None:
        """Drive the run in the background until it stops again (what ``kassist runs ...`` does)."""
        from graph.ingestion.jobs import JobStore
        from graph.ingestion.runner import RunBusy, execute

        key = (tenant, run_id)
        self.console.action_errors.pop(key, None)
        self.console.pending.add(key)  # the page keeps polling until the work is over

        def finished(_: Any) -> None:
            if seq is not None:  # the request this console claimed is carried out (workers skip it)
                JobStore(self.console.resources().runs).for_tenant(tenant).done(run_id, seq)

        def work() -> None:
            try:
                execute(self.console.resources(), tenant, run_id, on_finish=finished, **kwargs)
            except RunBusy:  # a live worker has it: a cancel reaches it at its next node
                pass
            except Exception as exc:  # shown on the run's page; the run itself is resumable
                self.console.action_errors[key] = f"{type(exc).__name__}: {exc}"
            finally:
                self.console.pending.discard(key)

        self.console.worker.submit(work)

    def decide(self, session: Session, run_id: str, decision: str) -> None:
        from graph.ingestion.jobs import DecisionTaken, JobStore

        view, _ = self.one(session.principal, run_id)  # another tenant's run: 404 before anything else
        session.require_admin(f"{decision} a run that needs review")
        if view["status"] != WAITING:
            raise ConsoleError(409, f"run {run_id!r} is {view['status']}, not waiting for a review")
        jobs = JobStore(self.console.resources().runs).for_tenant(session.tenant)
        record = jobs.get(run_id)
        if record is None:
            raise ConsoleError(404, f"no ingestion run {run_id!r} in your tenant")
        resume = {"decision": decision, "by": session.actor}
        claimed = record.model_copy(update={"decision": resume})  # the request this claims
        from server.runs.served_again import reads_or_sends, served_refusal

        if reads_or_sends(claimed):  # a start that reads and sends meets the served-run rules again
            refused = served_refusal(self.console.resources(), self.config, claimed)
            if refused is not None:
                raise ConsoleError(409, f"run {run_id!r} cannot be approved now: {refused}")
        # The first decision wins, whichever console, server or API client sends it: the others 409.
        try:
            seq = jobs.claim_first(record, session.actor, resume)
        except DecisionTaken as exc:
            raise ConsoleError(409, str(exc)) from None
        self._continue(session.tenant, run_id, seq=seq, resume=resume)

    def cancel(self, session: Session, run_id: str) -> None:
        from graph.ingestion.notify import announced
        from graph.ingestion.state import too_late_to_cancel

        view, state = self.one(session.principal, run_id)
        if view["status"] in ENDED:
            raise ConsoleError(409, f"run {run_id!r} is {view['status']} already")
        runs = self.console.resources().runs.for_tenant(session.tenant)
        if state is not None and announced(runs, state):
            raise ConsoleError(409, too_late_to_cancel(run_id))
        if view["status"] == WAITING:
            raise ConsoleError(409, f"run {run_id!r} is waiting for a review: an admin rejects it to stop it")
        if not runs.request_cancel(run_id):
            raise ConsoleError(404, f"no ingestion run {run_id!r} in your tenant")
        self._continue(session.tenant, run_id)

    def report(self, who: Principal, run_id: str, suffix: str, query: Sequence[tuple[str, str]]) -> Response:
        """The run's report in ``suffix``'s format. The HTML page is rendered from the stored JSON
        as the query sorts and filters it (a report stored before JSON was: its HTML as stored)."""
        from knowledge.audit.report import render_view
        from knowledge.audit.report_view import ReportView, ReportViewError

        self.one(who, run_id)  # another tenant's run: not found
        tenant = who.tenant_id
        fmt = REPORT_TYPES.get(suffix)
        if fmt is None:
            raise ConsoleError(404, f"run {run_id!r} has no {suffix} audit report; use html, json or md")
        if query and fmt != "html":
            raise ConsoleError(400, f"the {suffix} report takes no parameters; sort and filter report.html")
        try:
            view = ReportView.from_query(query)
        except ReportViewError as exc:
            raise ConsoleError(400, str(exc)) from None
        res = self.console.resources()
        stored = run_reports.read_report(res, tenant, run_id, "json") if fmt == "html" else None
        text = (
            render_view(stored, view)
            if stored is not None
            else run_reports.read_report(res, tenant, run_id, fmt)
        )
        if text is None or (query and stored is None):
            raise ConsoleError(404, f"run {run_id!r} has no {suffix} audit report (yet)")
        if stored is not None:  # the console's page: its filter form submits to itself
            return Response(text, media_type=run_reports.MEDIA[fmt], headers=VIEW_HEADERS)
        headers = dict(REPORT_HEADERS)
        if fmt == "markdown":  # a browser shows no Markdown: it downloads, under the export's name
            headers["Content-Disposition"] = f'attachment; filename="{report_stem(tenant, run_id)}.md"'
        return Response(text, media_type=run_reports.MEDIA[fmt], headers=headers)


def router(console: Console) -> APIRouter:
    runs = Runs(console)
    api = APIRouter()
    signed_in = Depends(console.session)

    @api.get("/ui/runs")
    def runs_page(session: Session = signed_in) -> Response:
        return console.render("runs.html", session, **runs.list(session.principal))

    @api.get("/ui/fragments/runs")
    def runs_fragment(session: Session = signed_in) -> Response:
        return console.render("runs_table.html", session, **runs.list(session.principal))

    @api.get("/ui/runs/{run_id}")
    def run_page(run_id: str, session: Session = signed_in) -> Response:
        view = runs.one(session.principal, run_id)[0]
        return console.render("run.html", session, run=view, actions=actions(view, session))

    @api.get("/ui/fragments/runs/{run_id}")
    def run_fragment(run_id: str, session: Session = signed_in) -> Response:
        view = runs.one(session.principal, run_id)[0]
        return console.render("run_status.html", session, run=view, actions=actions(view, session))

    @api.get("/ui/runs/{run_id}/report.{fmt}")
    def run_report(run_id: str, fmt: str, request: Request, session: Session = signed_in) -> Response:
        return runs.report(session.principal, run_id, fmt, request.query_params.multi_items())

    @api.post("/ui/runs/{run_id}/{action}")
    def run_action(run_id: str, action: str, session: Session = signed_in) -> Response:
        if action in ("approve", "reject"):
            runs.decide(session, run_id, action)
        elif action == "cancel":
            runs.cancel(session, run_id)
        else:
            raise ConsoleError(404, f"no action {action!r}; use approve, reject or cancel")
        return RedirectResponse(f"/ui/runs/{quote(run_id, safe='')}", status_code=303)

    return api
