"""Authentication and authorization for the LangGraph server (``langgraph.json`` -> ``"auth"``).

A request must carry an API key (``x-api-key`` or ``Authorization: Bearer``): one of the
environment's key table or one made with ``kassist keys create`` in ``KASSIST_DATABASE_URL``
(resolved by :class:`server.keys.KeyResolver`; a revoked key is refused within a second); anything
else gets 401. The environment's table is read when this module is imported, that is when the
server starts: a malformed table stops the server with an error naming the variable, and no
request ever sees configuration details.

The authenticated user carries its ``tenant_id``, which langgraph-api hands to the checkpointer as
``configurable.langgraph_auth_user``: that, not a client-supplied field, is where the tenant of every
checkpoint comes from. Every resource and action langgraph-api authorizes has a handler here:

- threads (and their runs), assistants, crons: stamped with the tenant on create and update, every
  action filtered by it, so another tenant's object is "not found"; the built-in assistants (one
  per graph, ``created_by: system``) are readable by every tenant and changeable by none; a cron
  stores its creator, in its tenant, as the user its scheduled runs act as (member rights:
  :func:`server.run_checks.store_cron_user`), and each of those runs passes the run rules below;
- store: every namespace is forced under the caller's tenant; writing tenant-level defaults
  (:func:`server.roles.is_tenant_level`) needs an admin key (403 otherwise);
- deciding a review (a resume of a graph with a review step, approve or reject) needs an admin key;
- nobody writes a thread's state directly: ``POST /threads/{id}/state`` (``update_state``,
  ``as_node``) and a new thread's ``supersteps`` are refused with 403 for every role, since the
  graphs' state belongs to their nodes: a conversation grows by runs, a review is decided by a
  resume. (langgraph-api sends them as a threads "update" without metadata; a metadata PATCH and a
  run cancellation carry metadata.) :class:`server.saver.ServerCheckpointer` refuses such a
  checkpoint (source ``update``) again, should a future route write one another way;
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

import os
import sys
from collections.abc import Mapping
from typing import Any
from uuid import UUID, uuid5

from langgraph_sdk import Auth

from kassist.dburl import database_url_from_env
from kassist.tenancy import TENANT_KEY
from memory.store.readers import hide_others
from server.configurable import (
    CLIENT_KEYS,
    JOB_GRAPHS,
    MAX_CONTEXT_BUDGET,
    MAX_STORE_LIMIT,
    MAX_STORE_TTL_MINUTES,
    refusal,
    refused_id,
    refused_input,
    refused_keys,
    refused_time_travel,
    refused_value,
)
from server.credentials import sent_token
from server.keys import KeyResolver, KeyTable, load_key_table
from server.roles import (
    STORE_WRITES,
    TENANT_DEFAULTS,
    admin_only,
    decides,
    is_tenant_level,
    recorded_decision,
)
from server.run_checks import (
    check_checkpoint,
    check_feedback,
    check_ingestion_input,
    check_new_conversation,
    check_schedule,
    check_thread_claim,
    cron_thread_check,
    mark_cron_on_thread,
    store_cron_user,
    tenant_of,
)
from server.run_checks import refuse as _refuse
from server.turn_input import question_refusal, turn_refusal

auth = Auth()

KEYS: KeyTable = load_key_table()
"""Read once, at start-up: a bad table fails here, naming the variable, not at a request."""
if not KEYS.keys:
    print(
        "WARNING: no API keys are configured in $KASSIST_API_KEYS / $KASSIST_API_KEYS_FILE: only "
        "keys made with `kassist keys create` in $KASSIST_DATABASE_URL are accepted; every other "
        "request to this LangGraph server is refused with 401",
        file=sys.stderr,
    )


def _open_key_store() -> Any:
    from server.key_store import open_key_store

    return open_key_store(database_url_from_env())  # kept open for the server's lifetime


RESOLVER = KeyResolver(KEYS, _open_key_store)

BOUND_TENANT = os.environ.get("KASSIST_TENANT", "").strip() or None
"""``KASSIST_TENANT`` (memory.store.factory's one-tenant deployment: the store is bound to it): a key
of another tenant is refused here (403), where its store calls were 500s (TenantMismatch) and its
assistant turns failed inside."""

SYSTEM_ASSISTANT = {"created_by": "system"}
"""Metadata langgraph-api gives the assistant it creates for each graph of langgraph.json."""
# langgraph_api.graph.NAMESPACE_GRAPH: the built-in assistant of graph G has id uuid5(this, G).
_GRAPH_NAMESPACE = UUID("6ba7b821-9dad-11d1-80b4-00c04fd430c8")
BUILT_IN_ASSISTANTS = {str(uuid5(_GRAPH_NAMESPACE, graph)): graph for graph in CLIENT_KEYS}

# configurable keys langgraph-api itself puts into a run's config before the create_run handler
# sees it (ids, auth, request and tracing markers): not the client's, so not subject to the list.
_SERVER_KEYS = frozenset(
    {"cron_id", "run_id", "graph_id", "assistant_id", "user_id", "checkpoint_map", "__event_streaming_v2"}
)
_SERVER_PREFIXES = ("langgraph_", "langsmith-")
# Graphs without a review step: a resume of theirs decides nothing. A graph the server cannot
# tell (a user-made assistant: None) is treated as one that may have one.
_NO_REVIEW = frozenset({"assistant", "documents"})
# The assistant's default context budget (graph.assistant.services.DEFAULT_BUDGET, not imported:
# this module loads no graph); a run with another budget sends configurable.context_budget.
DEFAULT_BUDGET = 3000
# Graphs whose runs go through their built-in assistant only: an assistant of a client's own for
# them could carry nothing a run may not (no configurable keys), and the server could not tell
# the graph of a run on it, so its input would escape the graph's input list.
_BUILT_IN_ONLY = frozenset({"ingestion"})
STATE_WRITE_REFUSED = (
    "writing a thread's state directly is not allowed on this server (POST /threads/{id}/state, "
    "supersteps): send the user's message as a run's input, and decide a review with "
    'command={"resume": {"decision": "approve" | "reject"}} (admin key)'
)


def _server_set(key: str) -> bool:
    # Dunder markers (__after_seconds__, __otel_traceparent__, ...) are langgraph-api's; LangGraph's
    # own internals (__pregel_*) are never a client's to set.
    dunder = key.startswith("__") and key.endswith("__") and not key.startswith("__pregel")
    return key in _SERVER_KEYS or key.startswith(_SERVER_PREFIXES) or dunder


def _tenant(ctx: Auth.types.AuthContext) -> str:
    return tenant_of(ctx)  # no tenant: one log line and a 403 (server/run_checks.py)


def _require_admin(ctx: Auth.types.AuthContext, what: str) -> None:
    try:
        role = ctx.user["role"]
    except KeyError:  # a user from before roles: a member
        role = "member"
    if role != "admin":
        raise Auth.exceptions.HTTPException(status_code=403, detail=admin_only(what))


def _owned(ctx: Auth.types.AuthContext) -> Auth.types.FilterType:
    return {TENANT_KEY: _tenant(ctx)}


def _threads_of(ctx: Auth.types.AuthContext) -> Auth.types.FilterType:
    """The threads (and their runs) a caller reaches: its tenant's; a member only those it created.
    A conversation's state holds what the user said and the memories recalled for them, which the
    store keeps from other members (``("assistant", <user>)``): another member's thread is "not
    found" too. An admin reaches every thread of the tenant (to decide reviews, to clean up)."""
    if _is_admin(ctx):
        return _owned(ctx)
    return {**_owned(ctx), "owner": str(ctx.user.identity)}


def _made_by_caller(ctx: Auth.types.AuthContext) -> Auth.types.FilterType:
    """The crons (and assistants to change) a caller reaches: its tenant's; a member only those it
    made (``metadata.owner``, stamped at creation). A cron's payload holds the user's messages and
    its runs act as its creator, on the creator's thread: another member who could read, patch or
    delete it would read that user's questions, put words into their conversation as them, or
    stop their jobs. An admin reaches the tenant's (to remove a leaked key's crons)."""
    return _threads_of(ctx)


def _stamp(ctx: Auth.types.AuthContext, value: Any) -> None:
    """Put the caller's tenant (and, on create, identity) in ``value["metadata"]``. Re-stamped on
    update too, so a client can neither move an object to another tenant nor pass its own off as a
    built-in assistant."""
    if not isinstance(value, dict):
        return
    if not isinstance(value.get("metadata"), dict):
        value["metadata"] = {}
    metadata = value["metadata"]
    metadata[TENANT_KEY] = _tenant(ctx)
    if ctx.resource == "assistants":
        metadata["created_by"] = ctx.user.identity
    if ctx.action == "create":
        metadata["owner"] = ctx.user.identity  # whoever the client named: a member's threads are its own
    elif ctx.action in ("update", "create_run"):
        metadata.pop("owner", None)  # a thread is not handed to (or planted in the list of) another user


def _own_new_thread(ctx: Auth.types.AuthContext, value: Any) -> None:
    """A run's metadata, laid over its ``config.metadata``, becomes the metadata of the thread the
    run creates (``if_not_exists: "create"``, a run without a thread, a cron's run): that thread is
    the caller's, whatever either names. A run on an existing thread leaves its owner alone (the
    run's metadata, which its checkpoints record, then carries the thread's)."""
    kwargs = value.get("kwargs") if isinstance(value, dict) else None
    config = kwargs.get("config") if isinstance(kwargs, dict) else None
    sent = config.get("metadata") if isinstance(config, dict) else None
    if isinstance(sent, dict):
        sent.pop("owner", None)
        sent.pop(TENANT_KEY, None)
    if value.get("thread_id") is None or value.get("if_not_exists") == "create":
        value["metadata"]["owner"] = ctx.user.identity


def _client_configurable(config: object, context: object) -> dict[str, Any]:
    """The configurable keys and context a client sent, without those langgraph-api adds."""
    sent: dict[str, Any] = {}
    for part in ((config or {}).get("configurable") if isinstance(config, Mapping) else None, context):
        if isinstance(part, Mapping):
            sent.update(part)
    return {k: v for k, v in sent.items() if not _server_set(str(k))}


def check_configurable(
    ctx: Auth.types.AuthContext, graph: str | None, config: object, context: object
) -> None:
    """Refuse a tenant_id that is not the caller's (403) and any key not allowed for ``graph`` (422)."""
    sent = _client_configurable(config, context)
    claimed = sent.pop(TENANT_KEY, None)
    if claimed is not None and claimed != _tenant(ctx):
        raise Auth.exceptions.HTTPException(
            status_code=403,
            detail=f"configurable.tenant_id {claimed!r} is not the tenant of your API key; leave it "
            "out (the tenant always comes from the key)",
        )
    refused = refused_keys(graph, sent)
    if refused:
        raise Auth.exceptions.HTTPException(status_code=422, detail=refusal(graph, refused))
    _refuse(422, refused_time_travel(graph, sent))
    for key, value in sent.items():
        problem = refused_value(str(key), value) or refused_id(str(key), value)
        if problem is not None:
            raise Auth.exceptions.HTTPException(status_code=422, detail=problem)


def _graph_of_assistant(assistant_id: object) -> str | None:
    """The graph of a built-in assistant, named by id or by graph name; None for any other."""
    if assistant_id is None:
        return None
    name = str(assistant_id)
    return name if name in CLIENT_KEYS else BUILT_IN_ASSISTANTS.get(name)


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
            detail="this server serves one tenant (KASSIST_TENANT), not your key's",
        )
    user: dict[str, Any] = {
        "identity": principal.identity,
        "tenant_id": principal.tenant_id,
        "role": principal.role,
        "permissions": [],
    }
    return user  # type: ignore[return-value]  # MinimalUserDict is open to extra keys at runtime


@auth.on
async def refuse_unruled(ctx: Auth.types.AuthContext, value: Any) -> bool:
    """The fallback for any (resource, action) without a rule below: refused, never let through."""
    raise Auth.exceptions.HTTPException(
        status_code=403,
        detail=f"{ctx.action} on {ctx.resource} is not allowed on this server",
    )


# -- threads and their runs -------------------------------------------------------------------
def is_state_write(value: object) -> bool:
    """Whether a threads "update" writes the thread's state: langgraph-api's ``Threads.State.post``
    and ``bulk`` send only the thread id, a metadata PATCH sends ``metadata`` and a run
    cancellation ``metadata`` and ``action``."""
    return isinstance(value, Mapping) and "metadata" not in value and "action" not in value


@auth.on(resources="threads", actions=["create", "update"])
async def thread_write(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    if ctx.action == "update" and is_state_write(value):
        raise Auth.exceptions.HTTPException(status_code=403, detail=STATE_WRITE_REFUSED)
    if ctx.action == "create" and isinstance(value, dict):
        await check_thread_claim(ctx, value.get("thread_id"), _is_admin(ctx))
    _stamp(ctx, value)
    return _threads_of(ctx)


def check_run(ctx: Auth.types.AuthContext, graph: str | None, kwargs: Mapping[str, Any]) -> None:
    """What a run (or a cron's runs) may carry besides its configurable keys: its graph's input
    keys, the user's own messages, a question that fits the context, a command that only resumes,
    and a decision on a review only with an admin key."""
    run_input, command = kwargs.get("input"), kwargs.get("command")
    _refuse(422, refused_input(graph, run_input))
    if graph in (None, "assistant"):  # None: a client's own assistant, maybe of this graph
        _refuse(422, turn_refusal(run_input))
        sent = _client_configurable(kwargs.get("config"), kwargs.get("context"))
        # A client's own assistant may carry a budget of its own: only a budget sent here is known.
        budget = sent.get("context_budget", DEFAULT_BUDGET if graph == "assistant" else None)
        if isinstance(budget, int) and not isinstance(budget, bool):
            _refuse(422, question_refusal(run_input, budget, MAX_CONTEXT_BUDGET))
    if command is None:
        return
    if not isinstance(command, Mapping):
        _refuse(422, "command must be an object; a client may send only command.resume")
        return
    for part in ("update", "goto"):
        if command.get(part) is not None:
            _refuse(
                422,
                f"command.{part} is not allowed: it would write the run's state or move it to a node "
                "of the client's choosing; send input (the user's message, a run's settings) or "
                "command.resume",
            )
    if decides(command.get("resume")) and graph not in _NO_REVIEW:
        _require_admin(ctx, "approve a run that needs review (or reject it)")
        # The decision is the admin's to send; who decided and when are the server's to record (the
        # run's review line and its stored report say them): a client's "by"/"at" are replaced.
        if isinstance(command, dict):
            command["resume"] = recorded_decision(command.get("resume"), str(ctx.user.identity))


@auth.on.threads.create_run
async def thread_run(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    """A run: on the caller's thread only, with the configurable keys and input its graph allows."""
    kwargs = value.get("kwargs") or {}
    graph = _graph_of_assistant(value.get("assistant_id"))
    check_configurable(ctx, graph, kwargs.get("config"), kwargs.get("context"))
    check_run(ctx, graph, kwargs)
    await check_new_conversation(ctx, graph, value.get("thread_id"), kwargs)
    sent = _client_configurable(kwargs.get("config"), kwargs.get("context"))
    await check_checkpoint(ctx, value.get("thread_id"), sent)
    if value.get("if_not_exists") == "create":
        await check_thread_claim(ctx, value.get("thread_id"), _is_admin(ctx))
    check_schedule(value.get("after_seconds"), kwargs.get("webhook"))
    check_feedback(kwargs.get("feedback_keys"))
    await check_ingestion_input(ctx, graph, kwargs.get("input"))
    if graph in JOB_GRAPHS and isinstance(kwargs, dict):
        # A job commits after every node, whatever the client asked (langgraph-api's default is
        # "async"; "exit" commits nothing before the end): a kill loses at most the node in progress.
        kwargs["durability"] = "sync"
        kwargs["checkpoint_during"] = True
    _stamp(ctx, value)
    _own_new_thread(ctx, value)
    return _threads_of(ctx)


@auth.on(resources="threads", actions=["read", "delete", "search"])
async def thread_access(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    if ctx.action == "read" and cron_thread_check():  # a cron's runs act with member rights
        return {**_owned(ctx), "owner": str(ctx.user.identity)}
    return _threads_of(ctx)


# -- assistants ---------------------------------------------------------------------------------
def _check_assistant_config(ctx: Auth.types.AuthContext, value: Any) -> None:
    graph = value.get("graph_id")
    if graph in _BUILT_IN_ONLY:
        _refuse(
            422,
            f"graph {graph!r} runs only through its built-in assistant {graph!r}: a run's options "
            "are its input (its settings), there is nothing an assistant of your own could set",
        )
    check_configurable(ctx, str(graph) if graph else None, value.get("config"), value.get("context"))


@auth.on(resources="assistants", actions=["create", "update"])
async def assistant_write(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    _check_assistant_config(ctx, value)
    _stamp(ctx, value)
    # An update of a built-in assistant (no owner) finds nothing; a member changes only its own.
    return _made_by_caller(ctx) if ctx.action == "update" else _owned(ctx)


@auth.on(resources="assistants", actions=["read", "search"])
async def assistant_read(ctx: Auth.types.AuthContext, value: Any) -> dict[str, Any]:
    # "$or" is understood by langgraph-api's filters, though the SDK's FilterType does not spell it.
    return {"$or": [_owned(ctx), SYSTEM_ASSISTANT]}


@auth.on.assistants.delete
async def assistant_delete(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    return _made_by_caller(ctx)


# -- crons ----------------------------------------------------------------------------------------
@auth.on(resources="crons", actions=["create", "update"])
async def cron_write(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    payload = value.get("payload") or {}
    graph = _graph_of_assistant(payload.get("assistant_id"))
    check_configurable(ctx, graph, payload.get("config"), payload.get("context"))
    check_run(ctx, graph, payload)  # a cron's runs carry its payload's input and command
    check_schedule(None, payload.get("webhook") if isinstance(payload, Mapping) else None)
    await check_ingestion_input(ctx, graph, payload.get("input"))
    if ctx.action == "create" and value.get("thread_id") is None:  # each run on a new thread
        await check_new_conversation(ctx, graph, None, payload)
    _stamp(ctx, value)
    store_cron_user(ctx, value)  # who its runs act as: the creator, in its tenant
    if ctx.action == "create" and value.get("thread_id") is not None:
        mark_cron_on_thread()
    return _made_by_caller(ctx)


@auth.on(resources="crons", actions=["read", "delete", "search"])
async def cron_access(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    return _made_by_caller(ctx)


# -- store ----------------------------------------------------------------------------------------
ASSISTANT_ROOT = "assistant"
"""``(<tenant>, "assistant", <user>, ...)``: one user's assistant memory (its session notes, read into
every later turn's context: graph.assistant.services.RunResources.namespace)."""


def _own_assistant_namespace(ctx: Auth.types.AuthContext, namespace: tuple[str, ...]) -> tuple[str, ...]:
    """``namespace``, narrowed to the caller's own assistant memory when it names only its root;
    another user's is refused (403): a note put there would enter that user's next answers, and
    reading it would show what they asked. An admin may read or delete one (to remove a planted
    note), never write one. The tenant-level defaults (``("assistant", "*")``) are
    :func:`server.roles.is_tenant_level`'s."""
    labels = namespace[1:]
    if not labels or labels[0] != ASSISTANT_ROOT:
        return namespace
    identity = str(ctx.user.identity)
    if len(labels) == 1:  # ("assistant",): the caller's own, as the assistant's nodes read it
        return (*namespace, identity) if ctx.action in ("search", "list_namespaces") else namespace
    owner = labels[1]
    if owner in (identity, TENANT_DEFAULTS):
        return namespace
    if ctx.action == "put":
        _refuse(
            403,
            f"store namespace {labels[:2]!r} is another user's assistant memory; yours is "
            f"{(ASSISTANT_ROOT, identity)!r}",
        )
    _require_admin(ctx, f"read or delete another user's assistant memory {labels[:2]!r}")
    return namespace


def _is_admin(ctx: Auth.types.AuthContext) -> bool:
    try:
        return bool(ctx.user["role"] == "admin")
    except KeyError:  # a user from before roles: a member
        return False


def _hide_other_users(ctx: Auth.types.AuthContext) -> None:
    """A member's search or listing (an empty prefix spans the whole tenant) skips other users'
    assistant memory: a prefix cannot exclude a subtree, so the store is told for this request
    (memory.store.readers; the handler runs in the request's context, the store call follows)."""
    if ctx.action in ("search", "list_namespaces") and not _is_admin(ctx):
        hide_others((_tenant(ctx), ASSISTANT_ROOT), (str(ctx.user.identity), TENANT_DEFAULTS))


@auth.on.store()
async def tenant_store(ctx: Auth.types.AuthContext, value: Any) -> None:
    """Every store namespace starts with the caller's tenant; tenant-level defaults are an admin's."""
    namespace = tuple(value.get("namespace") or ())
    if not namespace or namespace[0] != _tenant(ctx):
        namespace = (_tenant(ctx), *namespace)
        value["namespace"] = namespace
    if ctx.action in STORE_WRITES and is_tenant_level(namespace[1:]):
        _require_admin(ctx, "write tenant-level memory defaults")
    value["namespace"] = _own_assistant_namespace(ctx, namespace)
    _hide_other_users(ctx)
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
    limit = value.get("limit")
    if isinstance(limit, int) and limit > MAX_STORE_LIMIT:
        _refuse(
            422,
            f"limit {limit} is over {MAX_STORE_LIMIT}, the most one store request returns; page with offset",
        )
