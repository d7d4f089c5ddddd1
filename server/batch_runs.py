"""A ``POST /runs/batch`` on ``langgraph dev`` is all or nothing: every run's rules are checked
before any run of it is queued (server/auth.py's run handler calls :func:`check_batch` first).

langgraph-api creates a batch's runs side by side, each in a task of its own, and authorizes each
one on its own: a run refused by a rule (item 3 of 5 naming a configurable key its graph does not
take, an input key the server writes, another tenant's assistant) failed the request while the runs
that passed before it stayed queued, their requests then hanging at langgraph-api's barrier
(session 23 left this open; the count limits were already counted for the whole batch,
server/holds.py). Now the first run of a batch to reach the run handler checks every run of it,
from the bodies server/http_limits.py parsed once, and every run of the batch gets the verdict: the
first refusal, naming the run, or none.

A run langgraph-api refuses before any handler sees it would leave the others to be queued, so the
check repeats those refusals too (:func:`_before_handlers`): an assistant that is not a graph name
nor one the caller reaches, a resume without a thread, configurable and context both sent, a
stream mode of another protocol, a webhook langgraph-api refuses."""

from __future__ import annotations

import asyncio
import copy
import uuid
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from langgraph_sdk import Auth

from server.holds import current_batch, stored

Rules = Callable[[Auth.types.AuthContext, dict[str, Any]], Awaitable[object]]
"""A run's checks (server/auth.py): raise ``Auth.exceptions.HTTPException`` to refuse it; they may
read the value, never change what it queues (the value they get here is a copy)."""

_KWARGS = (
    "input",
    "command",
    "config",
    "context",
    "webhook",
    "feedback_keys",
    "stream_mode",
    "interrupt_before",
    "interrupt_after",
    "durability",
    "checkpoint_during",
)
"""The run body's fields langgraph-api hands the run handler in ``kwargs``."""

V2_STREAM_MODES = frozenset({"tools", "lifecycle"})
"""Stream modes langgraph-api accepts only on its v2 event protocol (422 before any handler)."""


async def check_batch(ctx: Auth.types.AuthContext, rules: Rules) -> None:
    """Refuse this run when any run of its batch is refused (every run of the batch gets the first
    refusal, naming the run); no batch, or every run passes: nothing. The first run of a batch to get
    here checks them all; the others wait for its verdict."""
    batch = current_batch()
    if batch is None:
        return
    if batch.verdict is None:
        batch.verdict = asyncio.get_running_loop().create_future()
        try:
            batch.verdict.set_result(await _first_refusal(ctx, batch.items, rules))
        except BaseException as error:  # a bug in a rule: every run of the batch fails, none hangs
            batch.verdict.set_exception(error)
            raise
    verdict = await asyncio.shield(batch.verdict)
    if verdict is not None:
        status, detail = verdict
        raise Auth.exceptions.HTTPException(status_code=status, detail=detail)


async def _first_refusal(
    ctx: Auth.types.AuthContext, items: list[Any], rules: Rules
) -> tuple[int, str] | None:
    for index, item in enumerate(items):
        if not isinstance(item, Mapping):
            continue  # langgraph-api's schema refused the whole batch before any run was made
        try:
            _before_handlers(ctx, item)
            await _webhook(item.get("webhook"))
            await rules(ctx, run_value(item))
        except Auth.exceptions.HTTPException as refused:
            return (
                refused.status_code,
                f"run {index} of the batch: {refused.detail} (none of this batch was queued)",
            )
        except Exception as refused:  # langgraph-api's own HTTPException (the webhook's check)
            status = getattr(refused, "status_code", None)
            if not isinstance(status, int):
                raise
            detail = getattr(refused, "detail", str(refused))
            return status, f"run {index} of the batch: {detail} (none of this batch was queued)"
    return None


def run_value(item: Mapping[str, Any]) -> dict[str, Any]:
    """What langgraph-api hands the run handler for a batch run with body ``item`` (a run without
    a thread), a copy: the checks never touch the body the run is made from."""
    return {
        "thread_id": None,
        "assistant_id": item.get("assistant_id"),
        "run_id": None,
        "status": "pending",
        "metadata": copy.deepcopy(item.get("metadata")) or {},
        "multitask_strategy": item.get("multitask_strategy"),
        "if_not_exists": item.get("if_not_exists", "reject"),
        "after_seconds": item.get("after_seconds", 0),
        "kwargs": {key: copy.deepcopy(item.get(key)) for key in _KWARGS},
    }


def _refuse(status: int, detail: str) -> None:
    raise Auth.exceptions.HTTPException(status_code=status, detail=detail)


def _before_handlers(ctx: Auth.types.AuthContext, item: Mapping[str, Any]) -> None:
    """langgraph-api's refusals of one run that come before (or without) any handler."""
    from server.auth_rules import graph_of_assistant
    from server.run_checks import tenant_of

    assistant_id = item.get("assistant_id")
    if graph_of_assistant(assistant_id) is None:
        shown = repr(assistant_id) if len(repr(assistant_id)) <= 60 else f"{repr(assistant_id)[:60]}..."
        try:
            uuid.UUID(str(assistant_id))
        except ValueError:
            _refuse(
                422, f"assistant_id {shown} is neither a graph (assistant, ingestion) nor an assistant's id"
            )
        assistants = stored("assistants")
        reached = any(
            str(a.get("assistant_id")) == str(assistant_id)
            and (
                (a.get("metadata") or {}).get("created_by") == "system"
                or (a.get("metadata") or {}).get("tenant_id") == tenant_of(ctx)
            )
            for a in assistants
        )
        if assistants and not reached:  # none stored: no runtime to ask (handlers called alone)
            _refuse(404, f"assistant {shown} not found: name a graph or one of your tenant's assistants")
    command = item.get("command")
    if isinstance(command, Mapping) and command.get("resume"):  # as langgraph-api reads it
        _refuse(
            400, "a run without a thread cannot resume: resume on its thread (POST /threads/{thread_id}/runs)"
        )
    config = item.get("config")
    configurable = config.get("configurable") if isinstance(config, Mapping) else None
    if configurable and item.get("context"):
        _refuse(400, "send either config.configurable or context, not both (context is the newer form)")
    modes = item.get("stream_mode")
    named = (
        {modes}
        if isinstance(modes, str)
        else {m for m in modes if isinstance(m, str)}
        if isinstance(modes, list)
        else set()
    )
    v2 = sorted(str(m) for m in named & V2_STREAM_MODES)
    if v2:
        _refuse(422, f"stream_mode {v2} is not served on this route: leave it out")


async def _webhook(url: object) -> None:
    """langgraph-api's own check of a run's webhook (its blocked address ranges)."""
    if not isinstance(url, str):
        return
    try:
        from langgraph_api.webhook import validate_webhook_url_or_raise
    except ImportError:  # not a LangGraph server: the run handler's host check alone
        return
    await validate_webhook_url_or_raise(url)
