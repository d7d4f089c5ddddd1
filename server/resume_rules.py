"""A resume's target (server/run_checks.check_start_input calls :func:`check_resume_target`): a
``command.resume`` answers a run waiting on its thread, and an ingestion run's resume is a review
decision, taken once while its run waits for it. Split from server/run_checks.py (as
server/cron_rules.py was): one idea, the run a resume continues."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TYPE_CHECKING

from langgraph_sdk import Auth

from server.holds import Holds
from server.run_checks import refuse, run_waiting, tenant_of

if TYPE_CHECKING:
    from graph.ingestion.resources import Resources


async def check_resume_target(
    ctx: Auth.types.AuthContext, graph: str | None, thread_id: object, makes_thread: bool, command: object
) -> None:
    """A ``command`` (a resume: check_run refuses every other) answers a run waiting on its thread; on
    a thread with no checkpoint there is none. LangGraph failed inside (a 200 carrying ``TypeError:
    'NoneType' object is not iterable``) and left a checkpoint of nothing, which hid the thread's
    accepted first run (server/accepted_runs.py reads its record only before the first checkpoint):
    its resume with other settings ran them (session 28 probes). Threadless: langgraph-api's 400.
    A job's resume is a review decision: only while its run waits for one (:func:`check_decision`)."""
    from server.job_threads import reached_or_made
    from server.saver import thread_has_checkpoint

    if thread_id is None or not reached_or_made(ctx, thread_id, makes_thread):
        return
    if await thread_has_checkpoint(tenant_of(ctx), thread_id) is not False:
        resume = command.get("resume") if isinstance(command, Mapping) else None
        await check_decision(ctx, graph, str(thread_id), resume)
        return
    where = (
        "this thread's first run has not started yet (send the resume once it waits for one)"
        if run_waiting(thread_id)
        else "this thread holds no run yet (start one with its input)"
    )
    refuse(422, f"command.resume answers a run waiting on its thread, and {where}")


async def check_decision(
    ctx: Auth.types.AuthContext, graph: str | None, thread_id: str, resume: object
) -> None:
    """A review decision (an ingestion run's resume, admin only: server/auth_rules.check_run) on a run
    that does not wait for review decided nothing and answered 200: a second decision (approve after
    a reject: the run stayed rejected), a run paused elsewhere, which the "approve" merely continued,
    or an answer to an interrupt id the run does not hold (session 28 probes). The runs API and
    ``kassist runs approve`` refuse the first two: 409 here for all three."""
    from graph.ingestion.head import head_of
    from server.configurable import JOB_GRAPHS
    from server.roles import interrupt_ids
    from server.runs.names import not_waiting
    from server.saver import serving, thread_head

    if graph not in JOB_GRAPHS or not serving():
        return  # (no saver served: the handlers called alone cannot read the thread)
    head = await thread_head(tenant_of(ctx), thread_id)
    # The runs API's rule (server/runs/service._state): waiting on the review's interrupt, else the
    # state's status (needs_review also before await_review's interrupt is written: a kill or a
    # client's interrupt_after between the two nodes, where LangGraph still hands it the decision).
    seen = head_of(head)
    status = "needs_review" if seen.interrupted else (seen.state.status if seen.state else "pending")
    if status != "needs_review":
        refuse(
            409,
            f"{not_waiting(thread_id, status)}: nothing was decided; a review is decided once, "
            "while its run waits for it (status needs_review)",
        )
    named = interrupt_ids(resume)
    writes = (head.pending_writes or []) if head is not None else []
    waiting = {
        str(getattr(one, "id", ""))
        for _task, channel, value in writes
        if channel == "__interrupt__"
        for one in (value if isinstance(value, (list, tuple)) else [value])
    }
    if named and not named & waiting:
        refuse(
            409,
            f"command.resume answers interrupt {sorted(named)[0]!r}, which run '{thread_id}' does not "
            'wait on: nothing was decided; send the decision bare ("approve" or "reject") or for '
            "the interrupt its state names",
        )
    # Last, with no await since the check: two decisions sent together (a double click, two admins)
    # both saw needs_review, and langgraph-api's default multitask_strategy "enqueue" queued the
    # second behind the first: a 200 that decided nothing once the first had (session 28 review).
    # As the runs API's claim_decision: one decision per wait, the first one sent.
    refuse(409, decision_in_flight(thread_id))
    _DECIDING.hold(thread_id, ("decision", thread_id))
    # Then the rule of every other door, on the database they share (h9 s32 #1: an approve sent here
    # overtook a reject the runs API had accepted first and queued for its worker).
    refuse(409, await asyncio.to_thread(_take_served, tenant_of(ctx), thread_id))


def _take_served(tenant: str, run: str) -> str | None:
    from graph.ingestion import resources

    return take_decision(resources.current(), tenant, run)  # the resources the served graph runs on


def take_decision(res: Resources, tenant: str, run: str) -> str | None:
    """The first-decision rule of the runs API, the console and ``kassist runs approve|reject`` at
    langgraph dev's door (blocking): their one refusal line when another decision came first - one
    they queued for a server's worker, or one a live carrier (a command line, a worker: the run's
    lease) carries out now - else None. A look (and a review whose last carrier is gone re-opened
    first, ``waiting_again``, as at every door): the rule itself is taken by the decision's carrier
    when it starts, here the review's node (``await_review``: the run's lease for its process, then
    ``start_decision``, the runner's statement), so a decision held by the door for a run still
    queued behind busy workers never outlasts a timer (h9 s32 #5), and nothing is noted for a
    request refused after this."""
    from graph.ingestion.jobs import JobStore, decision_taken
    from graph.ingestion.store_ops import holder_gone

    jobs = JobStore(res.runs).for_tenant(tenant)
    job = jobs.get(run)
    if job is None:
        return None  # a run the ingestion tables do not know (never begun): no other door knows it
    jobs.waiting_again(job)
    if job.wanted and job.decision:
        return decision_taken(run, job.decision)
    record = res.runs.for_tenant(tenant).get(run)
    if job.status == "running" and record is not None and not holder_gone(record.owner, record.lease_until):
        return decision_taken(run, None)
    return None


_DECIDING = Holds()
"""Review decisions approved whose run is not stored yet (held until their request ends)."""


def decision_in_flight(thread_id: str) -> str | None:
    """Why a review decision on ``thread_id`` is refused because another is already taken (approved
    and not stored yet, or a run of the thread pending or running with a ``command``), or None."""
    from server.holds import stored
    from server.run_limits import WAITING

    held = ("decision", thread_id) in _DECIDING.counted({})
    queued = [
        str(run.get("run_id"))
        for run in stored("runs")
        if str(run.get("thread_id")) == thread_id
        and run.get("status") in WAITING
        and (run.get("kwargs") or {}).get("command") is not None
    ]
    if not held and not queued:
        return None
    return (
        f"a decision for run '{thread_id}' is in flight (sent just before this one): nothing was "
        "decided; a review is decided once, by the first decision sent (read the run's state for "
        "its outcome)"
    )
