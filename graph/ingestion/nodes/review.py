"""The review: ``review`` decides whether a person must, ``await_review`` waits for the decision
(an interrupt), ``record_decision`` puts it into the stored report."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.types import interrupt

from graph.ingestion import work
from graph.ingestion.errors import describe
from graph.ingestion.nodes.audit import store_report
from graph.ingestion.notify import announced
from graph.ingestion.resources import RunResources, for_run
from graph.ingestion.served_lease import after_node, carried_by_server, lease_held, release
from graph.ingestion.state import AgentRunState
from graph.ingestion.store import TenantRunStore
from graph.ingestion.work import Update, open_run, work_node
from kassist.review import DECISION_RUN, ReviewDecision

logger = logging.getLogger(__name__)


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
    if not _brought_by_this_run(decision, config):
        return {"status": "needs_review", "last_error": LEFT_BY_ANOTHER_RUN}
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
        try:
            after_node(runs, state.run_id, for_run(config).shared.env)
        except Exception:
            # Nothing after interrupt() may raise: LangGraph would keep this task's resume and hand
            # the decision to the next resume, whoever sends it (h26 s40 H26-7: a member's bare
            # continuation carried out the admin's approve). The lease runs out by itself, and
            # record_decision, next, takes it back.
            logger.warning("run %s: the review's lease could not be shortened", state.run_id, exc_info=True)
    if approved:
        text = f"approved{' by ' + who if who else ''}: {state.review}"
        return {**update, "status": "running", "review": text, **work.advance(state, "review", text)}
    text = f"rejected{' by ' + who if who else ''}: {state.review}"
    return {**update, "status": "cancelled", "review": text, "last_error": text}


LEFT_BY_ANOTHER_RUN = (
    "a review decision sent with an earlier request, which failed or was stopped before it was carried "
    "out, was not carried out by this one: nothing was decided; an admin sends the decision again"
)


def _brought_by_this_run(decision: Any, config: RunnableConfig) -> bool:
    """Whether ``decision`` came with the run executing now: a decision langgraph dev's door recorded
    names its run (:data:`kassist.review.DECISION_RUN`); LangGraph hands a decision an earlier run
    left on the checkpoint (it failed, or was killed, before using it) to the next run of the thread
    (h26 s40 H26-9, H26-10). A decision naming no run (the runs API's, the console's, the command
    line's, carried by their runner) is its runner's."""
    brought = decision.get(DECISION_RUN) if isinstance(decision, dict) else None
    if brought is None:
        return True
    metadata = config.get("metadata") or {}
    here = {config.get("run_id"), metadata.get("run_id"), (config.get("configurable") or {}).get("run_id")}
    return str(brought) in {str(r) for r in here if r is not None}


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
    try:
        if record is not None and not held_here(record.owner):
            if runs.take_lease(state.run_id, here, LEASE_S, lambda r: holder_gone(r.owner, r.lease_until)):
                return decision_taken(state.run_id, None)  # another live carrier has the run
            taken = True
        TenantJobStore(runs).start_decision(state.run_id, decision)
    except DecisionTaken as exc:
        _give_back(runs, state.run_id, here, taken)
        return str(exc)
    except Exception as exc:
        # A write that failed (a database busy past its timeout, a connection cut) decided nothing:
        # raised, LangGraph kept this task's resume and handed that decision to every later one - an
        # admin's reject carried out as her failed approve, or a member's bare continuation carrying
        # it out (h26 s40 H26-3, H26-3b) - and the lease stayed taken for LEASE_S (H26-5).
        _give_back(runs, state.run_id, here, taken)
        return f"the decision could not be started ({describe(exc)}): nothing was decided; send it again"
    return None


def _give_back(runs: TenantRunStore, run: str, here: str, taken: bool) -> None:
    """Release the lease :func:`_first_decision` took, if it did; a failure to is the grace's to end."""
    if not taken:
        return
    try:
        runs.release_lease(run, here)
    except Exception:  # the database still away: the lease runs out by itself
        logger.warning("run %s: the review's lease could not be given back", run, exc_info=True)


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
