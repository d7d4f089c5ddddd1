"""A run on a thread whose accepted first run never began (a kill took it, or it still waits) is
decided from what that run was accepted with (the create_run handler, server/auth.py; the rules:
server/accepted_runs.py): :func:`resumed` is the rule without I/O, :func:`resume_accepted` reads
and applies it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from langgraph_sdk import Auth
from pydantic import ValidationError

from graph.ingestion.registration import RESUME_AS_IT_IS, mismatch
from graph.ingestion.state import Settings, stored_settings
from server.accepted_runs import RUNS_API_CLAIM, Accepted, no_checkpoint, table, thread_key
from server.auth_rules import is_admin
from server.holds import runtime_present
from server.job_threads import registry_has
from server.run_checks import fill_configurable, refuse, run_waiting, tenant_of

OTHER_SETTINGS_TAIL = (
    " (or send the run with no settings: it runs as it was accepted; or DELETE /threads/{thread} to "
    "start this thread id again)"
)

LOST_THREAD = (
    "thread {thread} is not on this server any more: it stopped before the thread's first run "
    "began (langgraph dev keeps new threads in memory for a few seconds). Send the run again with "
    '"if_not_exists": "create": it resumes with the input and settings it was accepted with'
)


@dataclass(frozen=True)
class Resume:
    """The run to queue instead: the accepted input, and configurable keys it does not send."""

    input: Any
    configurable: dict[str, Any]


@dataclass(frozen=True)
class Refusal:
    status: int
    detail: str


def resumed(
    record: Accepted, graph: str, thread_id: str, sent: object, *, mine: bool, lost: bool, waiting: bool
) -> Resume | Refusal | None:
    """The rule of a run on a thread with no checkpoint whose accepted run of the same ``graph`` is
    ``record`` (module docstring), without I/O: ``mine`` (the caller recorded it or is an admin),
    ``lost`` (langgraph dev's registry no longer holds the thread and the run does not make it
    again), ``waiting`` (a run of the thread is still queued). None: the run is its own."""
    if not mine:
        return None  # another member's: langgraph-api answers as for a thread the caller does not reach
    if lost:
        return Refusal(404, LOST_THREAD.format(thread=thread_id))
    if graph == "ingestion":  # also while the accepted run waits: two runs, two settings, one thread
        other = _other_settings(thread_id, record.input, sent)
        if other is not None:
            return Refusal(409, other)
    if waiting:
        return None  # it has not begun yet, it was not lost: server/run_checks.check_start_input says so
    if sent is not None and not isinstance(sent, Mapping):
        return None  # not an input at all: server/configurable.refused_input says what it must be
    if graph == "ingestion" and (sent is None or sent.get("settings") is None):
        given = {k: v for k, v in sent.items() if v is not None} if sent is not None else {}
        return Resume({**(record.input or {}), **given}, record.configurable)
    if graph != "ingestion" and sent in (None, {}):
        return Resume(record.input, record.configurable)
    return None  # a run with its own input (a new question, settings): its own configurable too


async def resume_accepted(
    ctx: Auth.types.AuthContext, graph: str | None, thread_id: object, kwargs: dict[str, Any], makes: bool
) -> None:
    """Complete a run on a thread whose accepted first run never began from what it was accepted
    with (:func:`resumed`); refuse other ingestion settings (409) and a lost thread (404)."""
    key = thread_key(thread_id)
    if key is None or graph is None or kwargs.get("command") is not None:
        return
    tenant = tenant_of(ctx)
    if not await no_checkpoint(tenant, key):
        return
    record = await (await table()).get(tenant, key)
    if record is None or record.graph != graph:  # a made thread's row is no run's (MADE)
        return
    if record.configurable.get(RUNS_API_CLAIM):  # a runs API run's: no run langgraph dev accepted
        return
    decision = resumed(
        record, graph, key, kwargs.get("input"),
        mine=record.owner == str(ctx.user.identity) or is_admin(ctx),
        lost=runtime_present() and not makes and not registry_has(key),
        waiting=run_waiting(key),
    )  # fmt: skip
    if isinstance(decision, Refusal):
        refuse(decision.status, decision.detail)
    elif isinstance(decision, Resume):
        kwargs["input"] = decision.input
        fill_configurable(graph, kwargs, decision.configurable)


def _other_settings(thread_id: str, recorded: object, sent: object) -> str | None:
    """Why ``sent`` settings may not resume a run accepted with ``recorded`` (the one rule of
    graph.ingestion.registration.mismatch), or None (no settings sent, or the same)."""
    first = recorded.get("settings") if isinstance(recorded, Mapping) else None
    given = sent.get("settings") if isinstance(sent, Mapping) else None
    if first is None or given is None:
        return None
    try:
        refused = mismatch(thread_id, stored_settings(first), Settings.model_validate(given))
    except ValidationError:
        return None  # input_refusal says what is wrong
    if refused is None:
        return None
    # registration's words up to its tail (RESUME_AS_IT_IS), which says what to do for a registered
    # run; this one was accepted, never registered (its first node never ran): OTHER_SETTINGS_TAIL
    # says how a run of it goes on as it was accepted.
    said = str(refused)
    return said[: said.rfind(f" ({RESUME_AS_IT_IS})")] + OTHER_SETTINGS_TAIL.format(thread=thread_id)
