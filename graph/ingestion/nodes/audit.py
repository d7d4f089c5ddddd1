"""The nodes that audit the run's documents and store its audit report."""

from __future__ import annotations

from datetime import date

from graph.ingestion import work
from graph.ingestion.resources import RunResources
from graph.ingestion.state import AgentRunState
from graph.ingestion.work import Update, work_node
from kassist.review import ReviewDecision


def kept_rules(state: AgentRunState, run: RunResources) -> str | None:
    """The text of the rules the run is audited with: its collection's, if it keeps any
    (graph/ingestion/audit_step.rules_at) - a run naming no file, and one naming a file, which
    discover checked against them or recorded as them: the file is not read again (a member's file
    rewritten after that check lowered the bar: review s37 r2 R2-3). None: the collection keeps none
    yet (a run naming a file reads it: its first batch records it)."""
    kept = run.index(state.embedder_name).rules_kept(state.settings.collection)
    return kept.text if kept is not None else None


def audit_date(state: AgentRunState) -> date:
    return date.fromisoformat(state.audit_date) if state.audit_date else date.today()


@work_node("audit")
def audit(state: AgentRunState, run: RunResources) -> Update:
    from graph.ingestion import audit_step

    rows = run.runs.manifest(state.run_id)
    within = work.within(run)  # a tenant's rules file only adds to the server's, read from its folder
    kept = kept_rules(state, run)
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
        recorded=kept_rules(state, run),
    )  # fmt: skip
    bodies = audit_step.render_report(
        run_id=state.run_id,
        tenant_id=run.tenant,
        collection=state.settings.collection,
        today=audit_date(state),
        counters=state.counters.model_dump(),
        rows=run.runs.manifest(state.run_id),
        found=found,
        review=state.review_reasons,
        decision=decision,
    )
    run.runs.put_reports(state.run_id, bodies)
    return sorted(bodies)
