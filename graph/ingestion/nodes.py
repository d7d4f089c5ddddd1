"""The nodes of the ingestion graph: small functions over :class:`AgentRunState`.

Each returns only the fields it changes. The ones that do work are wrapped by
:func:`graph.ingestion.work.work_node` with the rules every step shares (the run's resources, a
cancel at the node boundary, the served-run rules, retries, the error taxonomy, the step budget).
"""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime
from functools import partial
from pathlib import Path
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.types import interrupt

from graph.ingestion import registration, upload_owner, work
from graph.ingestion.errors import describe
from graph.ingestion.folders import source_record
from graph.ingestion.jobs import JobStore
from graph.ingestion.notify import announced
from graph.ingestion.resources import RunResources, for_run
from graph.ingestion.served import ServedRunRefused, check_client_settings, check_served
from graph.ingestion.served_lease import after_node, carried_by_server, lease_held, refuse_if_busy, release
from graph.ingestion.state import AgentRunState, Settings, validate_run_id
from graph.ingestion.work import Update, open_run, work_node
from kassist.review import ReviewDecision
from kassist.tenancy import AUTH_USER_KEY, auth_user_field
from knowledge.index import collection_rules

# Each step imports its own modules (the audit's datasketch and scipy, the report's jinja2, the
# loaders, the memory manager: ~0.9 s): building the graph loads none of them, and a run resumed at
# its last steps loads only theirs (issue 29).

logger = logging.getLogger(__name__)


def begin(state: AgentRunState, config: RunnableConfig) -> Update:
    """Every invocation starts here: bind the run (its id is the thread's, a validated name; its
    tenant the authenticated one) and make its settings the REGISTERED ones. The first invocation
    registers them; whatever a later input held, the registered settings, goal and conversation are
    written back, and other settings are refused by the ``refuse`` node (an error naming them),
    after this node committed the registered ones, so a refused input never lingers in the state.
    A new invocation is the request to go on: a paused or failed run runs again; a completed,
    cancelled or rejected run stays as it is (``route`` ends it), a run waiting for review waits."""
    run = open_run(state, config)
    conf = config.get("configurable") or {}
    run_id = validate_run_id(str(conf.get("thread_id") or ""))
    given: Settings | None = None if state.settings == Settings() else state.settings  # {}: go on
    current = run.runs.registration(run_id)
    jobs = JobStore(run.shared.runs).for_tenant(run.tenant)
    # No checkpoint of an earlier invocation, yet it ran: retention or a thread delete took its
    # checkpoints; not run again from nothing at langgraph dev's door either (review s36 r1 F2; the
    # runner's H17-2 rule).
    if not state.run_id and current is not None and registration.ran_before(run.runs, jobs, run_id):
        raise registration.checkpoints_gone(run_id)
    refused: str | None = None
    if current is not None and current.settings is not None:
        reg = current
        if given is not None and given != current.settings:
            refused = str(registration.mismatch(run_id, current.settings, given))
    else:
        if given is not None and AUTH_USER_KEY in conf:  # settings came from a client
            try:
                check_client_settings(given)  # the server's own marks (settings.uploaded) are not a client's
                check_served(given, run.shared.env, run.tenant)
            except ServedRunRefused as exc:  # stops before anything is registered, read or sent
                return {"run_id": run_id, "tenant_id": run.tenant, "status": "failed",
                        "last_error": f"begin: {describe(exc)}"}  # fmt: skip
        user = conf.get(AUTH_USER_KEY)
        by = auth_user_field(user, "identity") if user is not None else None  # langgraph dev's caller
        reg = registration.settle(
            run.runs, run.tenant, run_id, given, state.goal, state.conversation_id,
            started_by=by if isinstance(by, str) and by else None,
        )  # fmt: skip
    assert reg.settings is not None
    if AUTH_USER_KEY in conf:  # langgraph dev's invocation: nothing written beside another executor
        refuse_if_busy(run.runs, run_id)
    update: Update = {
        "run_id": run_id, "tenant_id": run.tenant, "settings": reg.settings.model_dump(),
        "goal": reg.goal, "conversation_id": reg.conversation_id, "refused": refused,
    }  # fmt: skip
    if refused is None and state.status in ("pending", "paused", "failed"):
        update |= {"status": "running", "last_error": None}
    return update


def refuse(state: AgentRunState) -> Update:
    """End a refused invocation with its reason (the state already holds the registered settings)."""
    raise registration.SettingsMismatch(state.refused or "refused")


@work_node("discover")
def discover(state: AgentRunState, run: RunResources) -> Update:
    from graph.ingestion import adoption, pipeline
    from knowledge.index.sources import UPLOADS

    settings, tenant = state.settings, run.tenant
    if state.embedder_name:  # a resumed run: the model it recorded
        model, reason = run.embedder(state.embedder_name)
    else:
        model, reason = run.collection_embedder(settings.embedder, settings.collection)
    kb = run.index(model.name)
    # Re-checked here, at the run's start: the collection may have been filled from another source
    # since the run was let in (knowledge/index/sources.py); refused, the run fails saying so. The
    # documents a previous release indexed get their writer's source first (graph/ingestion/adoption.py).
    source = source_record(settings.source, uploaded=settings.uploaded, env=run.shared.env)
    adoption.adopt(run.shared.index(model.name), tenant, settings.collection, run.shared.env)
    kb.check_source(settings.collection, source)
    # The chunk settings the collection keeps: a member's run keeps them (refused at its door too);
    # an admin's or the operator's records its own with its batches' writes. Decided here, by the
    # run's first invocation: a member's resume of an admin's run is the admin's (review s34 r1 L3).
    rechunk = state.rechunk if state.embedder_name else work.may_rechunk()
    if not rechunk:
        kb.check_chunking(settings.collection, settings.chunk_tokens, settings.overlap_tokens)
    # The audit rules the collection keeps, the same way (knowledge/index/collection_rules.py): a
    # member's run naming other rules is refused; a run naming rules records them (an admin's, the
    # operator's: whatever the collection kept; a member's: where it keeps none).
    own = _own_rules(settings, run)
    if own is not None:
        if not rechunk:
            kb.check_rules(settings.collection, own.text)
        kb.record_rules(settings.collection, own, replace=rechunk)
    # Only the run's own source's documents can be gone from it; an upload removes none.
    mine = [] if source == UPLOADS else kb.documents(settings.collection, of=source)
    # A served run's folder, else the run's own folder as registered (as its loads: pipeline.prepare).
    within = work.within(run)
    folder = Path(settings.source)
    exact = within is None and folder.is_absolute()
    rows = pipeline.list_source(
        folder, tenant, settings.collection, mine, within if within is not None else folder, exact
    )
    uploader = _uploader(state, run) if settings.uploaded else None
    if uploader is not None:  # its door checked it when it was sent; the collection may have changed since
        paths = [str(r["path"]) for r in rows if r["kind"] == "file"]
        upload_owner.check_batch(run.shared.runs, tenant, state.run_id, uploader, settings.collection, paths)
    total = run.runs.discover(state.run_id, rows)
    batches = -(-total // settings.batch_size)
    files = sum(1 for r in rows if r["kind"] != "delete")
    return {
        "tenant_id": tenant,
        "audit_date": state.audit_date or date.today().isoformat(),
        "embedder_name": model.name,
        "rechunk": rechunk,
        "documents_total": files,
        "batches_total": batches,
        **work.advance(
            state, "discover", f"{files} files, {total - files} to remove, {batches} batches; {reason}"
        ),
    }


def _uploader(state: AgentRunState, run: RunResources) -> upload_owner.Uploader | None:
    """Who uploaded the run's files, held to the rule of their rights now (its worker says them)."""
    from langgraph.config import get_config

    admin_now = (get_config().get("configurable") or {}).get(upload_owner.ADMIN_NOW_KEY)
    return upload_owner.uploader_of(run.shared.runs, run.tenant, state.run_id, admin_now)


def _own_rules(settings: Settings, run: RunResources) -> collection_rules.Recorded | None:
    """The rules file the run names, as its collection records it (its text and its name, no
    folder), or None: it names none."""
    if not settings.audit_rules:
        return None
    from graph.ingestion import audit_step

    within = work.within(run)
    text = audit_step.read_rules_text(settings.audit_rules, within=within.resolve() if within else None)
    return collection_rules.Recorded(text, Path(settings.audit_rules).name)


def _kept_rules(state: AgentRunState, run: RunResources) -> str | None:
    """The text of the rules the run is audited with: its collection's, if it keeps any
    (graph/ingestion/audit_step.rules_at) - a run naming no file, and one naming a file, which
    discover checked against them or recorded as them: the file is not read again (a member's file
    rewritten after that check lowered the bar: review s37 r2 R2-3). None: the collection keeps none
    yet (a run naming a file reads it: its first batch records it)."""
    kept = run.index(state.embedder_name).rules_kept(state.settings.collection)
    return kept.text if kept is not None else None


@work_node("ingest")
def ingest_batch(state: AgentRunState, run: RunResources) -> Update:
    from graph.ingestion import pipeline

    settings = state.settings
    lo = state.batch_cursor * settings.batch_size
    uploader = _uploader(state, run) if settings.uploaded else None
    # A member's upload replaces only her documents: checked again where it writes, under the
    # collection's claim (another upload accepted before this one ran may have written since).
    replaces = None
    if uploader is not None:
        replaces = partial(
            upload_owner.check_batch, run.shared.runs, run.tenant, state.run_id, uploader, settings.collection
        )
    done = pipeline.run_batch(
        run.runs,
        run.index(state.embedder_name),
        run_id=state.run_id,
        root=Path(settings.source),
        collection=settings.collection,
        lo=lo,
        hi=lo + settings.batch_size,
        chunk_tokens=settings.chunk_tokens,
        overlap_tokens=settings.overlap_tokens,
        audit_rules=settings.audit_rules,
        today=_audit_date(state),
        max_bytes=settings.max_bytes,
        within=work.within(run),
        source=source_record(settings.source, uploaded=settings.uploaded, env=run.shared.env),
        rechunk=state.rechunk,
        replaces=replaces,
        kept_rules=_kept_rules(state, run),
    )
    own = _own_rules(settings, run) if state.batch_cursor == 0 else None
    if own is not None:  # a collection this batch made records the rules now (none at discover)
        run.index(state.embedder_name).record_rules(settings.collection, own, replace=state.rechunk)
    cursor = state.batch_cursor + 1
    counters = state.counters.plus(done.counters)
    output = f"batch {cursor}/{state.batches_total}; documents indexed up to {done.last_document or state.last_document}"
    # Nested values go into the checkpoint as plain dicts (no pickled classes to allow-list).
    update: Update = {
        "batch_cursor": cursor,
        "counters": counters.model_dump(),
        "last_document": done.last_document or state.last_document,
    }
    if cursor >= state.batches_total:
        return {**update, **work.advance(state, "ingest", output)}
    return {
        **update,
        "step_outputs": work.output(state, "ingest", output),
        "step_statuses": {**state.step_statuses, "ingest": "running"},
    }


def _audit_date(state: AgentRunState) -> date:
    return date.fromisoformat(state.audit_date) if state.audit_date else date.today()


@work_node("audit")
def audit(state: AgentRunState, run: RunResources) -> Update:
    from graph.ingestion import audit_step

    rows = run.runs.manifest(state.run_id)
    within = work.within(run)  # a tenant's rules file only adds to the server's, read from its folder
    kept = _kept_rules(state, run)
    found = audit_step.findings(rows, state.settings.audit_rules, within=within, recorded=kept)
    c = state.counters
    why = audit_step.reasons(
        found, failed=c.documents_failed, total=c.documents_seen, rules_path=state.settings.audit_rules,
        within=within, recorded=kept,
    )  # fmt: skip
    kb = run.index(state.embedder_name)
    held = kb.held(state.settings.collection)
    if held:  # usually none: the whole manifest is read again only then
        rows = run.runs.manifest(state.run_id)
        unread = audit_step.unread_held(rows, held, state.run_id, run.tenant, state.settings.collection)
        why += [unread] if unread is not None else []
        taken = kb.taken(state.settings.collection, state.run_id)
        why += [audit_step.taken_over(taken)] if taken else []
    counts = audit_step.severity_counts(found)
    summary = ", ".join(f"{n} {s}" for s, n in counts.items()) or "no findings"
    return {
        "findings": counts,
        "review_reasons": why,
        **work.advance(state, "audit", f"{len(found)} findings: {summary}"),
    }


@work_node("report")
def report(state: AgentRunState, run: RunResources) -> Update:
    formats = store_report(state, run)
    return {"reports": formats, **work.advance(state, "report", f"audit report stored: {', '.join(formats)}")}


def store_report(
    state: AgentRunState, run: RunResources, decision: ReviewDecision | None = None
) -> list[str]:
    """Render the run's audit report and store it with the run's data (tenant-keyed; a redo or a
    decision overwrites it): any server serves it from there, `kassist runs report` exports it, and
    the state names its formats, never a path."""
    from graph.ingestion import audit_step

    stored = run.runs.report(state.run_id, "json") if decision is not None else None
    if decision is not None and stored is not None:  # the report the admin reviewed, with its decision
        bodies = audit_step.with_decision(stored, decision)
        run.runs.put_reports(state.run_id, bodies)
        return sorted(bodies)
    # The manifest is read twice, a page at a time, rather than held whole (the end of a large run
    # is where its peak memory was).
    found = audit_step.findings(
        run.runs.manifest(state.run_id), state.settings.audit_rules, within=work.within(run),
        recorded=_kept_rules(state, run),
    )  # fmt: skip
    bodies = audit_step.render_report(
        run_id=state.run_id,
        tenant_id=run.tenant,
        collection=state.settings.collection,
        today=_audit_date(state),
        counters=state.counters.model_dump(),
        rows=run.runs.manifest(state.run_id),
        found=found,
        review=state.review_reasons,
        decision=decision,
    )
    run.runs.put_reports(state.run_id, bodies)
    return sorted(bodies)


@work_node("review")
def review(state: AgentRunState, run: RunResources) -> Update:
    # No shortcut here: approval is only the decision that resumes await_review (runs approve).
    reason = "; ".join(state.review_reasons)
    if not reason:  # its documents into search (knowledge/index/holds.py); a redo releases none
        run.index(state.embedder_name).release(state.settings.collection, state.run_id)
        return work.advance(state, "review", "not needed", status="skipped")
    return {"review": reason, "status": "needs_review"}


def await_review(state: AgentRunState, config: RunnableConfig) -> Update:
    """Pause for a person: ``kassist runs approve|reject`` resumes with Command(resume=...)."""
    # A cancel accepted while the run was still running (checked while the review node ran, written
    # after its own check) stops it here: waiting with the flag set, the run took the admin's approve
    # later and ended "cancelled before the notify step" (h9 s32 #10). Every door refuses a cancel
    # once the run waits, so a flag seen here came first.
    runs = for_run(config).runs
    record = runs.get(state.run_id) if state.run_id else None
    if record is not None and record.cancel_requested and not announced(runs, state):
        return {
            "status": "cancelled",
            "last_error": "cancelled before the await_review step (a cancel accepted before the review; "
            "no decision was carried out)",
        }
    decision = interrupt({"run_id": state.run_id, "reason": state.review, "reports": state.reports})
    refused = _first_decision(state, config, decision)
    if refused is not None:  # the review waits again, at a new interrupt (route: await_review)
        return {"status": "needs_review", "last_error": refused}
    verdict = str(decision.get("decision") if isinstance(decision, dict) else decision)
    who = str(decision.get("by", "")) if isinstance(decision, dict) else ""
    at = str(decision.get("at", "")) if isinstance(decision, dict) else ""
    approved = verdict == "approve"
    if not at:
        at = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    decided = ReviewDecision(verdict="approved" if approved else "rejected", by=who, at=at)
    # The report is re-rendered by record_decision, the next node, never here: a write in this node
    # outlived a kill before the node's checkpoint, and the served report said "approved by ..."
    # of a run still waiting for its review (which could then be rejected).
    update: Update = {"decision_to_report": decided.model_dump()}
    if state.run_id and carried_by_server(config.get("configurable") or {}):
        # The decision's checkpoint is the next thing: the lease _first_decision took for this process
        # is kept for the grace only, and record_decision takes it back at its start - an invocation
        # stopped in between (interrupt_before record_decision, a cancel, a recursion limit) left the
        # run "running right now" to every other door for LEASE_S (h17 s36 H17-6; work_node's rule).
        after_node(runs, state.run_id, for_run(config).shared.env)
    if approved:
        text = f"approved{' by ' + who if who else ''}: {state.review}"
        return {**update, "status": "running", "review": text, **work.advance(state, "review", text)}
    text = f"rejected{' by ' + who if who else ''}: {state.review}"
    return {**update, "status": "cancelled", "review": text, "last_error": text}


def _first_decision(state: AgentRunState, config: RunnableConfig, decision: Any) -> str | None:
    """The first-decision rule, taken by the decision's carrier as it starts (``start_decision``, the
    one atomic statement the runs API's and the console's claim exclude): None when ``decision`` may
    be carried out, else the refusal line. The runner took it already (the same decision passes
    again); langgraph dev resumes this node directly, so a decision it accepted loses here to one the
    API or the console queued first, and theirs lose to it once it is noted (h9 s32 #1, #5).
    Returned, not raised: a node that fails after interrupt() keeps its task's resume, and every
    later resume would get the refused decision back (the queued one could never be carried out);
    the run waits again instead, at a new task's interrupt."""
    from graph.ingestion.jobs import DecisionTaken, TenantJobStore, decision_taken
    from graph.ingestion.store_ops import LEASE_S, held_here, holder_gone, process_holder

    runs = for_run(config).runs
    record = runs.get(state.run_id)
    here = process_holder()
    # The decision's carrier holds the run's lease until its checkpoint is written, as the runner
    # does: the runner of this process holds it already (the command line, a server's worker);
    # langgraph dev carries the decision itself, so this node takes it for its process and
    # record_decision, the next node, releases it. Without a holder, another door judged the carrier
    # gone between this statement and the checkpoint and re-opened the review (h9 s32 #9).
    taken = False
    if record is not None and not held_here(record.owner):
        if runs.take_lease(state.run_id, here, LEASE_S, lambda r: holder_gone(r.owner, r.lease_until)):
            return decision_taken(state.run_id, None)  # another live carrier has the run
        taken = True
    try:
        TenantJobStore(runs).start_decision(state.run_id, decision)
    except DecisionTaken as exc:
        if taken:
            runs.release_lease(state.run_id, here)
        return str(exc)
    return None


def record_decision(state: AgentRunState, config: RunnableConfig) -> Update:
    """Put the committed review decision into the stored report (who decided what, when: no stale
    "Needs review"). It runs after await_review's checkpoint, so a kill anywhere leaves either no
    decision or a committed one whose report this node (re-run on resume) writes; a redo overwrites.
    A write that fails (after the graph's retries of a transient error) fails the invocation: the
    decision is committed already, the run keeps this node as its next, and a resume writes it
    (swallowing the error served "Needs review" of a decided run for good). langgraph dev's carrier
    takes the run's lease back here (await_review left it the grace) and, as after a work node,
    gives it up when the run ends here, else keeps it for the grace (graph/ingestion/served_lease.py)."""
    from graph.ingestion.store_ops import process_holder

    runs = for_run(config).runs
    if not (state.run_id and carried_by_server(config.get("configurable") or {})):
        out = _record_decision(state, config)
        # The lease await_review took for this process (a server that runs the graph itself): the
        # decision is committed. A runner's own lease (another holder name) is not touched.
        runs.release_lease(state.run_id, process_holder())
        return out
    recorded: Update | None = None
    try:
        with lease_held(runs, state.run_id):
            recorded = _record_decision(state, config)
    finally:
        if recorded is not None and state.status != "running":  # rejected: the invocation ends here
            release(runs, state.run_id)
        else:  # approved (notify is next), or raised: the next node or attempt takes it back
            after_node(runs, state.run_id, for_run(config).shared.env)
    return recorded


def _record_decision(state: AgentRunState, config: RunnableConfig) -> Update:
    if state.decision_to_report is not None and state.reports:
        store_report(state, open_run(state, config), state.decision_to_report)
    approved = state.decision_to_report is not None and state.decision_to_report.verdict == "approved"
    if approved and state.embedder_name:  # approved: its documents into search (knowledge/index/holds.py)
        open_run(state, config).index(state.embedder_name).release(state.settings.collection, state.run_id)
    return {"decision_to_report": None}


@work_node("notify")
def notify_step(state: AgentRunState, run: RunResources) -> Update:
    url = state.settings.notify_url
    if not url:
        return work.advance(state, "notify", "no --notify-url", status="skipped")
    from graph.ingestion import notify

    result = notify.send(run.runs, run.tenant, state, url)
    return work.advance(state, "notify", result)


@work_node("remember")
def remember_step(state: AgentRunState, run: RunResources) -> Update:
    from graph.ingestion import remember

    final = state.model_copy(update={"status": "completed"})
    memory_id = remember.write(run.memory(), final, registration.owner(run.shared, run.tenant, state.run_id))
    from graph.ingestion.jobs import JobStore

    # Noted for the runs API too: a langgraph dev run without a thread keeps no checkpoint to say so
    # (it read "pending", resumable: h12 s34 #7); the runner notes it again after the run.
    JobStore(run.shared.runs).for_tenant(run.tenant).note_status(state.run_id, "completed")
    return {"status": "completed", **work.advance(state, "remember", f"episode {memory_id}")}


def pause(state: AgentRunState, config: RunnableConfig) -> Update:
    if state.run_id and carried_by_server(config.get("configurable") or {}):
        release(for_run(config).runs, state.run_id)  # the invocation stops here (served_lease.py)
    return {"status": "paused"}
