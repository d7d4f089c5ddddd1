"""A run on a named thread is recorded as it is accepted, and the record is the thread id's claim
(the create_run and threads create handlers, server/auth.py; the rules: server/accepted_runs.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from typing import Any

from langgraph_sdk import Auth

from server.accepted_runs import Accepted, no_checkpoint, table, thread_key
from server.auth_rules import client_configurable, is_admin
from server.configurable import CLIENT_KEYS
from server.job_threads import reached_or_made, registry_has
from server.run_checks import refuse, run_waiting, tenant_of
from server.saver import serving

_CLAIMING = asyncio.Lock()
"""Held while a first run records its claim and reads every claim of its thread id (:func:`remember`)."""

_STARTED = time.time()
"""When this server process started (imported with server/auth.py): a row accepted before is of a run
that went with an earlier process (langgraph dev's queue is in memory), one accepted since may be
of a run still queued here."""


def client_settings(graph: str, kwargs: Mapping[str, Any]) -> dict[str, Any]:
    """The configurable keys of ``graph`` a client sent (config.configurable and context)."""
    keys = CLIENT_KEYS.get(graph, frozenset())
    sent = client_configurable(kwargs.get("config"), kwargs.get("context"))
    return {k: v for k, v in sent.items() if k in keys}


async def remember(ctx: Auth.types.AuthContext, graph: str | None, value: Mapping[str, Any]) -> None:
    """Record what a run on a named thread with no checkpoint yet is accepted with. Called last by
    the create_run handler (every check passed); only for a thread the caller reaches or the run
    makes (a row for a thread langgraph-api then refuses would claim another's thread id)."""
    thread_id = thread_key(value.get("thread_id"))
    kwargs = value.get("kwargs") or {}
    if thread_id is None or graph is None or graph not in CLIENT_KEYS or kwargs.get("command") is not None:
        return
    if not reached_or_made(ctx, thread_id, value.get("if_not_exists") == "create"):
        return
    tenant, me, accepted = tenant_of(ctx), str(ctx.user.identity), await table()
    run_id = thread_key(value.get("run_id"))
    # The thread's first run queued (it is the one a resume continues: a run enqueued behind it, or
    # one langgraph-api then refuses with multitask_strategy reject, does not replace it), or begun.
    recorded = not run_waiting(thread_id) and await no_checkpoint(tenant, thread_id)
    # The record is the claim (h16 s36 H16-8, H16-9): two first runs on one new thread id at the same
    # moment both passed server/run_checks.check_thread_claim, which ran before either was recorded
    # (and reads one tenant, where langgraph dev's thread registry is one namespace for all), and
    # langgraph-api ran both on one thread: one member's - or one tenant's - question and answer in
    # the other's conversation. Recorded and read back last in the handler, every tenant's rows, one
    # handler at a time: a run finding another tenant's row, or another member's in its tenant (an
    # admin may run on a member's thread, as there), takes its own row back and, if it makes the
    # thread, is refused - of two runs racing on this server the second (a run that does not make it
    # is langgraph-api's 404, another's thread being "not found"). A claim already there - a first
    # run's, a kassist serve turn's made row (H16-12) - refuses before anything is written. Two
    # servers' handlers on one database: both refused, at worst; a client sends again.
    mine, admin = (tenant, me), is_admin(ctx)

    async def others() -> list[tuple[str, str]]:
        claims = await accepted.claims(thread_id)
        return [(t, who) for t, who in claims if (t, who) != mine and (t != tenant or not admin)]

    async with _CLAIMING:
        taken = await others()  # a claim already there (a kassist serve turn's made row too)
        if recorded and not taken:
            record = Accepted(me, graph, kwargs.get("input"), client_settings(graph, kwargs), run_id)
            await accepted.put(tenant, thread_id, record, since=_STARTED, admin=admin)
            taken = await others()
            if taken:  # a row of ours another's claim beats (in its tenant the first row stays)
                await accepted.forget(tenant, thread_id, me, run_id)
    if taken and value.get("if_not_exists") == "create":  # a run that does not make the thread: 404
        refuse(409, f"Thread with ID {thread_id} already exists")  # as check_thread_claim words it


async def remember_made(ctx: Auth.types.AuthContext, thread_id: object, owner: str | None) -> None:
    """Record the owner of a thread ``POST /threads`` makes (``owner``: a remade thread's recorded one;
    None: the caller). Called last by the threads create handler (every check passed), for a thread
    id langgraph dev's registry does not hold: one it holds is the caller's own (kept as it is) or
    another's (langgraph-api's 409 follows, and a row written here would claim it)."""
    key = thread_key(thread_id)
    if key is None or not serving() or registry_has(key):
        return
    tenant, maker, accepted = tenant_of(ctx), owner or str(ctx.user.identity), await table()
    await accepted.made(tenant, key, maker)
    # A row already there is another door's claim of the same new id (a kassist serve turn's, a
    # first run's): the thread is theirs, and made here it went on from their conversation (h16 s36
    # H16-12). Refused as check_thread_claim refuses another member's thread id.
    row = await accepted.get(tenant, key)
    if row is not None and row.owner != maker and not is_admin(ctx):
        refuse(409, f"Thread with ID {key} already exists")
