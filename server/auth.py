"""Authentication and authorization for the LangGraph server (``langgraph.json`` -> ``"auth"``).

A request must carry an API key (``x-api-key`` or ``Authorization: Bearer``): one of the
environment's key table or one made with ``kassist keys create`` in ``KASSIST_DATABASE_URL``
(resolved by :class:`server.keys.KeyResolver`; a revoked key is refused within a second); anything
else gets 401. The environment's table (and every limit below) is read when this module is
imported, that is when the server starts (server/auth_start.py): a malformed table stops the server
with an error naming the variable, and no request ever sees configuration details.

The authenticated user carries its ``tenant_id``, which langgraph-api hands to the checkpointer as
``configurable.langgraph_auth_user``: that, not a client-supplied field, is where the tenant of every
checkpoint comes from. Every resource and action langgraph-api authorizes has a handler here:

- threads (and their runs), assistants, crons: stamped with the tenant on create and update, every
  action filtered by it, so another tenant's object is "not found"; the built-in assistants (one
  per graph, ``created_by: system``) are readable by every tenant and changeable by none; a cron
  stores its creator, in its tenant, as the user its scheduled runs act as (member rights:
  :func:`server.cron_rules.store_cron_user`), and each of those runs passes the run rules below;
  a user and a tenant keep at most so many crons (server/cron_limits.py: 409 over it), and a
  cron's firings are at least ``KASSIST_MIN_CRON_INTERVAL_SECONDS`` apart (422 otherwise); a user
  has at most ``KASSIST_MAX_WAITING_RUNS_PER_USER`` runs pending or running, a tenant
  ``KASSIST_MAX_WAITING_RUNS_PER_TENANT`` (server/run_limits.py:
  409 over it; a batch crossing it is refused whole), and keeps at most
  ``KASSIST_MAX_THREADS_PER_USER`` threads and ``KASSIST_MAX_ASSISTANTS_PER_USER`` assistants, a
  tenant ``KASSIST_MAX_THREADS_PER_TENANT`` and ``KASSIST_MAX_ASSISTANTS_PER_TENANT``
  (server/object_limits.py: 409 over them); a batch's runs are checked all before any is queued
  (server/batch_runs.py);
- store: every namespace is forced under the caller's tenant; writing tenant-level defaults
  (:func:`server.roles.is_tenant_level`) needs an admin key (403 otherwise); a user and a tenant
  keep at most so many items and bytes put through the API (server/store_limits.py: 409 over it);
- every run acts with its creator's current rights when it starts (server/run_creator.py): the
  user returned here names its managed key; a run whose key was revoked (or an admin's lowered)
  before it starts is not started, and a revoked key's cron fires nothing;
- deciding a review (a resume of a graph with a review step, approve or reject) needs an admin key;
- nobody writes a thread's state directly: ``POST /threads/{id}/state`` (``update_state``,
  ``as_node``) and a new thread's ``supersteps`` are refused with 403 for every role, since the
  graphs' state belongs to their nodes: a conversation grows by runs, a review is decided by a
  resume. (langgraph-api sends them as a threads "update" without metadata; a metadata PATCH and a
  run cancellation carry metadata.) :class:`server.saver.ServerCheckpointer` refuses such a
  checkpoint (source ``update``) again, should a future route write one another way;
- an ingestion run's thread is its job's record (server/job_threads.py): no copy, no rollback, no
  other graph's run on it, no settings other than those its checkpointed input started it with;
- anything else (a resource or action a future langgraph-api adds): refused by the global handler
  until a rule is written for it.

Runs, assistants and crons may carry only the configurable keys :mod:`server.configurable` allows
for their graph (422 otherwise); a ``tenant_id`` other than the key's is refused (403). A run's
input may hold only its graph's client keys (``INPUT_KEYS``: 422 naming the others), and an
ingestion run's settings only what the served-run rules allow its tenant (its folder of
``KASSIST_INGEST_ROOT``, listed notify hosts, the graph's bounds:
:func:`graph.ingestion.served.input_refusal`, 422); a ``command`` may only resume (``update`` and
``goto`` write state or move the graph: 422).
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Mapping
from typing import Any

from langgraph_sdk import Auth

from server import (
    accepted_claims,
    accepted_resume,
    run_creator,
    stream_replays,
    thread_forget,
    thread_streams,
)
from server.auth_rules import (
    ASSISTANT_ROOT,
    BUILT_IN_ASSISTANTS,
    DEFAULT_BUDGET,
    STATE_WRITE_REFUSED,
    SYSTEM_ASSISTANT,
    check_assistant_config,
    check_configurable,
    check_run,
    client_configurable,
    delayed_decision,
    graph_of_assistant,
    hide_other_users,
    input_graph,
    is_admin,
    is_state_write,
    made_by_caller,
    own_assistant_namespace,
    own_new_thread,
    owned,
    require_admin,
    stamp,
    tenant,
    threads_of,
)
from server.auth_start import (
    ASSISTANTS_PER_TENANT,
    ASSISTANTS_PER_USER,
    BOUND_BY,
    BOUND_TENANT,
    CRON_LIMITS,
    CRON_MIN_INTERVAL,
    RESOLVER,
    STORE_LIMITS,
    THREADS_PER_TENANT,
    THREADS_PER_USER,
    WAITING_RUNS,
    WAITING_RUNS_PER_TENANT,
)
from server.batch_runs import check_batch
from server.configurable import (
    JOB_GRAPHS,
    MAX_STORE_TTL_MINUTES,
    refused_id,
    refused_input,
    refused_metadata,
    refused_store_fields,
    refused_store_page,
)
from server.credentials import sent_token
from server.cron_limits import (
    check_cron_interval,
    check_cron_limit,
    reached_cron,
)
from server.cron_rules import CRON_ONLY_KEYS, check_cron_thread, store_cron_user
from server.interrupt_nodes import interrupt_refusal
from server.job_threads import (
    check_cancel,
    check_copy,
    check_delete,
    check_job_strategy,
    check_run_delete,
    check_thread_graph,
    graph_label_refusal,
    note_thread_read,
)
from server.object_limits import check_new_assistant, check_new_thread
from server.roles import STORE_WRITES, is_tenant_level
from server.run_checks import (
    check_checkpoint,
    check_feedback,
    check_ingestion_input,
    check_schedule,
    check_start_input,
    check_thread_claim,
    check_turn_ids,
    keep_first_settings,
)
from server.run_checks import refuse as _refuse
from server.run_limits import check_waiting_runs
from server.saver import one_head_read
from server.store_limits import check_store_put
from server.turn_input import instruction_tokens

__all__ = [
    "ASSISTANT_ROOT",
    "BUILT_IN_ASSISTANTS",
    "DEFAULT_BUDGET",
    "STATE_WRITE_REFUSED",
    "SYSTEM_ASSISTANT",
    "auth",
    "check_configurable",
    "check_run",
    "is_state_write",
]
"""Re-exported from server.auth_rules: names callers (tests, the docs) know from this module."""

auth = Auth()


@auth.authenticate
async def authenticate(scope: Mapping[str, Any]) -> Auth.types.MinimalUserDict:
    # The raw header list, not langgraph-api's ``headers`` dict (which keeps only the last of a
    # repeated header): a request naming two different keys is refused (server/credentials.py).
    principal = await RESOLVER.alookup(sent_token(scope.get("headers") or ()))
    if principal is None:
        raise Auth.exceptions.HTTPException(
            status_code=401,
            detail="missing or unknown API key; send it as x-api-key or Authorization: Bearer",
        )
    if BOUND_TENANT is not None and principal.tenant_id != BOUND_TENANT:
        raise Auth.exceptions.HTTPException(
            status_code=403,
            detail=f"this server serves one tenant ({BOUND_BY}), not your key's",
        )
    # Its managed key is named: each run it sends starts only while that key holds its rights.
    user = run_creator.creator(principal, RESOLVER.key_of(sent_token(scope.get("headers") or ())))
    return user  # type: ignore[return-value]  # MinimalUserDict is open to extra keys at runtime


@auth.on
async def refuse_unruled(ctx: Auth.types.AuthContext, value: Any) -> bool:
    """The fallback for any (resource, action) without a rule below: refused, never let through."""
    raise Auth.exceptions.HTTPException(
        status_code=403,
        detail=f"{ctx.action} on {ctx.resource} is not allowed on this server",
    )


@auth.on(resources="threads", actions=["create", "update"])
async def thread_write(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    if ctx.action == "update" and is_state_write(value):
        raise Auth.exceptions.HTTPException(status_code=403, detail=STATE_WRITE_REFUSED)
    if ctx.action == "update" and isinstance(value, dict):
        await check_cancel(ctx, value)  # no rollback of an ingestion run's checkpoints
        await thread_forget.forget_cancelled(ctx, value)  # a cancelled run is not resumed
    owner = None  # the owner a remade thread keeps (check_thread_claim); None: the caller
    if ctx.action == "create" and isinstance(value, dict):
        if "metadata" not in value:  # POST /threads/{id}/copy: its source was read just before
            await check_copy(ctx)
        owner = await check_thread_claim(ctx, value.get("thread_id"), is_admin(ctx))
    if isinstance(value, dict):
        _refuse(422, graph_label_refusal(ctx, value))
    stamp(ctx, value, owner)
    if ctx.action == "create" and isinstance(value, dict):  # last: a thread refused above holds no place
        check_new_thread(ctx, value.get("thread_id"), None, THREADS_PER_USER, THREADS_PER_TENANT)
        # Its owner, durably: the other doors of the database read it before its first run (h14 s35 H1).
        await accepted_claims.remember_made(ctx, value.get("thread_id"), owner)
    return threads_of(ctx)


@auth.on.threads.create_run
async def thread_run(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    """A run: on the caller's thread only, with the configurable keys and input its graph allows."""
    with one_head_read():  # several rules read the thread's head checkpoint: one database read
        return await _run_rules(ctx, value)


async def _run_rules(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    # A cron's firing comes here as the user the cron stored, with no request: its key may be gone.
    _refuse(403, await run_creator.firing_refusal(ctx.user))
    await check_batch(ctx, _run_checks)  # a batch's runs: every one checked before any is queued
    graph, owner = await _run_checks(ctx, value)
    kwargs = value.get("kwargs") or {}
    if isinstance(kwargs, dict) and kwargs.get("temporary"):
        # A run without a thread (on_completion "delete", its default) runs with no checkpointer:
        # nothing to commit, and LangGraph's "sync" awaited a save that never began (a 200 carrying
        # AttributeError '_put_checkpoint_fut': every threadless ingestion run, and a threadless
        # turn sent with durability "sync"; session 28 probes).
        kwargs["durability"] = "async"
    elif graph in JOB_GRAPHS and isinstance(kwargs, dict):
        # A job commits after every node, whatever the client asked (langgraph-api's default is
        # "async"; "exit" commits nothing before the end): a kill loses at most the node in progress.
        kwargs["durability"] = "sync"
        kwargs["checkpoint_during"] = True
    stamp(ctx, value)
    own_new_thread(ctx, value, owner)  # a remade thread stays its recorded owner's
    # Last: a run refused above holds no place (nor its new thread).
    if value.get("thread_id") is None or value.get("if_not_exists") == "create":
        check_new_thread(
            ctx, value.get("thread_id"), value.get("run_id"), THREADS_PER_USER, THREADS_PER_TENANT
        )
    check_waiting_runs(ctx, value, WAITING_RUNS, WAITING_RUNS_PER_TENANT)
    await accepted_claims.remember(ctx, graph, value)  # accepted: what it was accepted with, durably
    return threads_of(ctx)


async def _run_checks(ctx: Auth.types.AuthContext, value: Any) -> tuple[str | None, str | None]:
    """Every rule of a run that refuses it (raises) without changing what it queues; its graph, and
    the owner a thread it remakes is stamped with (None: the caller)."""
    kwargs = value.get("kwargs") or {}
    graph = graph_of_assistant(value.get("assistant_id"))
    check_configurable(ctx, graph, kwargs.get("config"), kwargs.get("context"))
    makes = value.get("if_not_exists") == "create"
    # Before the checks of its input and settings (they check what runs): a resume of a run a kill
    # took in its first instant is the run it was accepted with (server/accepted_resume.py).
    await accepted_resume.resume_accepted(ctx, graph, value.get("thread_id"), kwargs, makes)
    await check_thread_graph(ctx, graph, value.get("thread_id"))
    if graph in (None, "assistant") and not instruction_tokens.cache_info().currsize:
        # The tokenizer's first load reads its files (bpe_openai's import, a readlink under a linked
        # venv): off the event loop, where langgraph dev refuses blocking calls (review s40 R5-3). Only
        # when the server's start has not done it yet (server/saver.langgraph_checkpointer): an await here
        # lets langgraph-api go on with a batch's later runs before check_batch has judged them.
        await asyncio.to_thread(instruction_tokens)
    check_run(ctx, graph, kwargs, value.get("run_id"), value.get("assistant_id"))
    _refuse(422, delayed_decision(graph, kwargs.get("command"), value.get("after_seconds")))
    # A client's own assistant's graph as langgraph dev stores it (its nodes, not every graph's: H26-1b).
    stored_graph = input_graph(value.get("assistant_id"))
    _refuse(422, refused_input(stored_graph, kwargs.get("input")))
    _refuse(422, interrupt_refusal(stored_graph, kwargs))
    await check_start_input(ctx, graph, value.get("thread_id"), kwargs, makes)
    await check_turn_ids(ctx, graph, value.get("thread_id"), kwargs.get("input"))
    await keep_first_settings(ctx, graph, value.get("thread_id"), kwargs)
    sent = client_configurable(kwargs.get("config"), kwargs.get("context"))
    await check_checkpoint(ctx, value.get("thread_id"), sent)
    owner = None
    if value.get("if_not_exists") == "create":
        owner = await check_thread_claim(ctx, value.get("thread_id"), is_admin(ctx))
    check_schedule(value.get("after_seconds"), kwargs.get("webhook"))
    check_feedback(kwargs.get("feedback_keys"))
    check_job_strategy(graph, value.get("multitask_strategy"))
    await check_ingestion_input(ctx, graph, kwargs.get("input"), value.get("thread_id"))
    _refuse(422, refused_metadata(value.get("metadata")))  # stamp's check, before any run is queued
    return graph, owner


@auth.on(resources="threads", actions=["read", "delete", "search"])
async def thread_access(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    if ctx.action == "search" and isinstance(value, dict) and value.get("values"):
        # langgraph dev's registry compares values with every thread's, and a thread without state
        # yet (values null) raised a TypeError: a 500 for anyone with an empty thread.
        _refuse(
            422,
            "searching threads by values is not supported on this server: search by metadata "
            "(metadata.graph_id, your own keys) or ids, then read a thread's state",
        )
    if ctx.action == "delete" and isinstance(value, dict):  # DELETE /threads/{id}; a prune's ids
        await check_run_delete(ctx, value)  # a run's delete of an ingestion run's thread: 409
        await thread_forget.forget_deleted(ctx, value)  # a lost thread's record too (then 404)
        stream_replays.forget_deleted(ctx, value)  # its resumable runs' events (h18 s37 H18-5)
        # Its open streams ask again before they send more (whoever asks: a refused delete costs a GET).
        thread_streams.recheck(
            [str(t) for t in [value.get("thread_id"), *(value.get("thread_ids") or ())] if t]
        )
        check_delete(value)
    if ctx.action == "read":
        note_thread_read(value.get("thread_id") if isinstance(value, dict) else None)
    return threads_of(ctx)


@auth.on(resources="assistants", actions=["create", "update"])
async def assistant_write(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    check_assistant_config(ctx, value)
    stamp(ctx, value)
    if ctx.action == "create":  # last: an assistant refused above holds no place
        check_new_assistant(ctx, value, ASSISTANTS_PER_USER, ASSISTANTS_PER_TENANT)
    # An update of a built-in assistant (no owner) finds nothing; a member changes only its own.
    return made_by_caller(ctx) if ctx.action == "update" else owned(ctx)


@auth.on(resources="assistants", actions=["read", "search"])
async def assistant_read(ctx: Auth.types.AuthContext, value: Any) -> dict[str, Any]:
    # "$or" is understood by langgraph-api's filters, though the SDK's FilterType does not spell it.
    return {"$or": [owned(ctx), SYSTEM_ASSISTANT]}


@auth.on.assistants.delete
async def assistant_delete(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    return made_by_caller(ctx)


# -- crons ----------------------------------------------------------------------------------------
@auth.on(resources="crons", actions=["create", "update"])
async def cron_write(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    payload = value.get("payload") or {}
    assistant_id, thread_id = payload.get("assistant_id"), value.get("thread_id")
    cron = reached_cron(ctx, value.get("cron_id")) if ctx.action == "update" else None
    if cron is not None:  # a PATCH names neither; its keys are laid over the stored payload
        assistant_id, thread_id = cron.get("assistant_id"), cron.get("thread_id")
    firing = payload if cron is None else {**(cron.get("payload") or {}), **payload}
    check_cron_interval(ctx, value, CRON_MIN_INTERVAL)
    # Its runs act as the caller from now on when it is made or what it runs changed (store_cron_user).
    check_cron_thread(ctx, thread_id, ctx.action == "create" or not CRON_ONLY_KEYS.issuperset(payload))
    if ctx.action == "create" or not CRON_ONLY_KEYS.issuperset(payload):
        # Each firing is a run on the cron's thread that the scheduler sends through create_run: the
        # same rules now, on a copy (a hand-picked part of them let crons through that could never
        # run, each firing a 409). A PATCH of its schedule alone leaves the firing as it was.
        run = {
            "thread_id": thread_id, "assistant_id": assistant_id, "kwargs": copy.deepcopy(dict(firing)),
            "multitask_strategy": firing.get("multitask_strategy"), "after_seconds": firing.get("after_seconds"),
            "metadata": firing.get("metadata"),  # refused_metadata now, not at each firing
        }  # fmt: skip
        with one_head_read():
            await _run_checks(ctx, run)
    stamp(ctx, value)
    store_cron_user(ctx, value, cron)  # who its runs act as: who last set what they run
    if ctx.action == "create":  # last: a cron refused above holds no place
        check_cron_limit(ctx, value, CRON_LIMITS)
    return made_by_caller(ctx)


@auth.on(resources="crons", actions=["read", "delete", "search"])
async def cron_access(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    return made_by_caller(ctx)


@auth.on.store()
async def tenant_store(ctx: Auth.types.AuthContext, value: Any) -> None:
    """Every store namespace starts with the caller's tenant; tenant-level defaults are an admin's."""
    namespace = tuple(value.get("namespace") or ())
    if not namespace or namespace[0] != tenant(ctx):
        namespace = (tenant(ctx), *namespace)
        value["namespace"] = namespace
    if ctx.action in STORE_WRITES and is_tenant_level(namespace[1:]):
        require_admin(ctx, "write tenant-level memory defaults")
    value["namespace"] = own_assistant_namespace(ctx, namespace)
    hide_other_users(ctx)
    key = value.get("key")
    if key is not None:
        _refuse(422, refused_id("key", key, label="item key"))
    ttl = value.get("ttl")
    if ttl is not None and (
        isinstance(ttl, bool) or not isinstance(ttl, (int, float)) or not 0 < ttl <= MAX_STORE_TTL_MINUTES
    ):
        # 5e9 minutes overflowed the expiry date inside the store (a 500).
        _refuse(
            422, f"ttl must be a number of minutes above 0 and at most {MAX_STORE_TTL_MINUTES} (100 years)"
        )
    _refuse(422, refused_store_fields(value.get("index"), value.get("filter")))
    _refuse(422, refused_store_page(value.get("limit"), value.get("offset")))
    if ctx.action in STORE_WRITES:  # last: a put refused above holds no place
        await check_store_put(ctx, tenant(ctx), value, STORE_LIMITS)
