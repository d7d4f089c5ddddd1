"""The rules behind server/auth.py's handlers: who reaches which thread, cron and assistant, what a
run (or a cron's runs) may carry, how objects are stamped with their tenant and owner, and which
store namespaces are a user's own assistant memory. Pure decisions over langgraph-api's
``AuthContext`` and request values (no I/O; the checks that read the database or the disk are
server/run_checks.py's): each refuses with a 4xx and one line, or returns the filter langgraph-api
applies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID, uuid5

from langgraph_sdk import Auth

from kassist.tenancy import OWNER_KEY, TENANT_KEY
from memory.store.readers import hide_others
from server.configurable import (
    CLIENT_KEYS,
    MAX_CONTEXT_BUDGET,
    MAX_NAME_CHARS,
    THREAD_KEYS,
    refusal,
    refused_config,
    refused_id,
    refused_input,
    refused_keys,
    refused_metadata,
    refused_text,
    refused_time_travel,
    refused_value,
    server_set,
)
from server.roles import TENANT_DEFAULTS, admin_only, decides, decision_refusal, recorded_decision
from server.run_checks import refuse, tenant_of
from server.turn_input import question_refusal, turn_refusal

SYSTEM_ASSISTANT = {"created_by": "system"}
"""Metadata langgraph-api gives the assistant it creates for each graph of langgraph.json."""


# langgraph_api.graph.NAMESPACE_GRAPH: the built-in assistant of graph G has id uuid5(this, G).
_GRAPH_NAMESPACE = UUID("6ba7b821-9dad-11d1-80b4-00c04fd430c8")


BUILT_IN_ASSISTANTS = {str(uuid5(_GRAPH_NAMESPACE, graph)): graph for graph in CLIENT_KEYS}


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


def tenant(ctx: Auth.types.AuthContext) -> str:
    return tenant_of(ctx)  # no tenant: one log line and a 403 (server/run_checks.py)


def require_admin(ctx: Auth.types.AuthContext, what: str) -> None:
    try:
        role = ctx.user["role"]
    except KeyError:  # a user from before roles: a member
        role = "member"
    if role != "admin":
        raise Auth.exceptions.HTTPException(status_code=403, detail=admin_only(what))


def owned(ctx: Auth.types.AuthContext) -> Auth.types.FilterType:
    return {TENANT_KEY: tenant(ctx)}


def threads_of(ctx: Auth.types.AuthContext) -> Auth.types.FilterType:
    """The threads (and their runs) a caller reaches: its tenant's; a member only those it created.
    A conversation's state holds what the user said and the memories recalled for them, which the
    store keeps from other members (``("assistant", <user>)``): another member's thread is "not
    found" too. An admin reaches every thread of the tenant (to decide reviews, to clean up)."""
    if is_admin(ctx):
        return owned(ctx)
    return {**owned(ctx), OWNER_KEY: str(ctx.user.identity)}


def reaches_thread(ctx: Auth.types.AuthContext, metadata: Mapping[str, Any]) -> bool:
    """Whether a thread with ``metadata`` passes :func:`threads_of` (for a rule that must decide
    before langgraph-api applies the filter: the one rule, evaluated, not restated). The filter is
    equalities of metadata keys; an operator in it is a change this evaluation must learn first."""
    wanted = threads_of(ctx)
    if any(key.startswith("$") or isinstance(value, Mapping) for key, value in wanted.items()):
        raise TypeError(f"reaches_thread evaluates equality filters only, not {wanted!r}")
    return all(metadata.get(key) == value for key, value in wanted.items())


def made_by_caller(ctx: Auth.types.AuthContext) -> Auth.types.FilterType:
    """The crons (and assistants to change) a caller reaches: its tenant's; a member only those it
    made (``metadata.owner``, stamped at creation). A cron's payload holds the user's messages and
    its runs act as its creator, on the creator's thread: another member who could read, patch or
    delete it would read that user's questions, put words into their conversation as them, or
    stop their jobs. An admin reaches the tenant's (to remove a leaked key's crons)."""
    return threads_of(ctx)


def stamp(ctx: Auth.types.AuthContext, value: Any, owner: str | None = None) -> None:
    """Put the caller's tenant (and, on create, identity, or the ``owner`` a remade thread's
    checkpoints or accepted run record: server/run_checks.check_thread_claim) in
    ``value["metadata"]``. Re-stamped on update too, so a client can neither move an object to
    another tenant nor pass its own off as a built-in assistant."""
    if not isinstance(value, dict):
        return
    # A thread may name its graph when it is made (server/job_threads.graph_label_refusal's rule).
    named = (
        frozenset({"graph_id"}) if ctx.resource == "threads" and ctx.action != "create_run" else frozenset()
    )
    refuse(422, refused_metadata(value.get("metadata"), may_name=named))  # kept in langgraph dev's memory
    if not isinstance(value.get("metadata"), dict):
        value["metadata"] = {}
    metadata = value["metadata"]
    metadata[TENANT_KEY] = tenant(ctx)
    if ctx.resource == "assistants":
        metadata["created_by"] = ctx.user.identity
    if ctx.action == "create":
        # The caller, or the recorded owner of a thread it remakes (never the client's).
        metadata[OWNER_KEY] = owner or ctx.user.identity
    elif ctx.action in ("update", "create_run"):
        metadata.pop(OWNER_KEY, None)  # a thread is not handed to (or planted in the list of) another user


def own_new_thread(ctx: Auth.types.AuthContext, value: Any, owner: str | None = None) -> None:
    """A run's metadata, laid over its ``config.metadata``, becomes the metadata of the thread the
    run creates (``if_not_exists: "create"``, a run without a thread, a cron's run): that thread is
    the caller's (or, remade, its recorded ``owner``'s, as :func:`stamp`), whatever either names. A
    run on an existing thread leaves its owner alone (the run's metadata, which its checkpoints
    record, then carries the thread's)."""
    kwargs = value.get("kwargs") if isinstance(value, dict) else None
    config = kwargs.get("config") if isinstance(kwargs, dict) else None
    sent = config.get("metadata") if isinstance(config, dict) else None
    if isinstance(sent, dict):
        sent.pop(OWNER_KEY, None)
        sent.pop(TENANT_KEY, None)
    if value.get("thread_id") is None or value.get("if_not_exists") == "create":
        value["metadata"][OWNER_KEY] = owner or ctx.user.identity


def client_configurable(config: object, context: object) -> dict[str, Any]:
    """The configurable keys and context a client sent, without those langgraph-api adds."""
    sent: dict[str, Any] = {}
    for part in ((config or {}).get("configurable") if isinstance(config, Mapping) else None, context):
        if isinstance(part, Mapping):
            sent.update(part)
    return {k: v for k, v in sent.items() if not server_set(str(k))}


def check_configurable(
    ctx: Auth.types.AuthContext, graph: str | None, config: object, context: object
) -> None:
    """Refuse a tenant_id that is not the caller's (403), and (422) any key not allowed for
    ``graph`` or in ``config`` itself (:func:`server.configurable.refused_config`)."""
    refuse(422, refused_config(config))
    sent = client_configurable(config, context)
    claimed = sent.pop(TENANT_KEY, None)
    if claimed is not None and claimed != tenant(ctx):
        raise Auth.exceptions.HTTPException(
            status_code=403,
            detail=f"configurable.tenant_id {claimed!r} is not the tenant of your API key; leave it "
            "out (the tenant always comes from the key)",
        )
    refused = refused_keys(graph, sent)
    if refused:
        raise Auth.exceptions.HTTPException(status_code=422, detail=refusal(graph, refused))
    refuse(422, refused_time_travel(graph, sent))
    for key, value in sent.items():
        problem = refused_value(str(key), value) or refused_id(str(key), value)
        if problem is not None:
            raise Auth.exceptions.HTTPException(status_code=422, detail=problem)


def graph_of_assistant(assistant_id: object) -> str | None:
    """The graph of a built-in assistant, named by id or by graph name; None for any other."""
    if assistant_id is None:
        return None
    name = str(assistant_id)
    return name if name in CLIENT_KEYS else BUILT_IN_ASSISTANTS.get(name)


def input_graph(assistant_id: object) -> str | None:
    """The graph whose input keys a run through ``assistant_id`` may send: a built-in assistant's,
    or a client's own assistant's graph as langgraph dev stores it (check_assistant_config lets a
    client make assistants of the assistant graph only). Without it a run through one's own
    assistant was checked against no list: ``topic``, ``working_memory``, any key passed the door
    (the graph's input schema then dropped them); None when the server keeps no such assistant."""
    graph = graph_of_assistant(assistant_id)
    if graph is not None or assistant_id is None:
        return graph
    assistant = _own_assistant(assistant_id)
    named = assistant.get("graph_id") if assistant is not None else None
    return str(named) if named in CLIENT_KEYS else None


def assistant_configurable(assistant_id: object) -> dict[str, Any]:
    """The configurable keys a client's own assistant stored (its config's and its context's), which
    langgraph-api lays under each of its runs; {} for a built-in assistant or one the server lacks."""
    if assistant_id is None or graph_of_assistant(assistant_id) is not None:
        return {}
    assistant = _own_assistant(assistant_id)
    return client_configurable(assistant.get("config"), assistant.get("context")) if assistant else {}


def _own_assistant(assistant_id: object) -> Mapping[str, Any] | None:
    """The assistant langgraph dev stores under ``assistant_id`` (a client's own), or None."""
    from server.holds import stored

    return next((a for a in stored("assistants") if str(a.get("assistant_id")) == str(assistant_id)), None)


# -- threads and their runs -------------------------------------------------------------------
def is_state_write(value: object) -> bool:
    """Whether a threads "update" writes the thread's state: langgraph-api's ``Threads.State.post``
    and ``bulk`` send only the thread id, a metadata PATCH sends ``metadata`` and a run
    cancellation ``metadata`` and ``action``."""
    return isinstance(value, Mapping) and "metadata" not in value and "action" not in value


def check_run(
    ctx: Auth.types.AuthContext,
    graph: str | None,
    kwargs: Mapping[str, Any],
    run_id: object = None,
    assistant_id: object = None,
) -> None:
    """What a run (or a cron's runs) may carry besides its configurable keys: its graph's input
    keys, the user's own messages, a question that fits the context, a command that only resumes,
    and a decision on a review only with an admin key."""
    run_input, command = kwargs.get("input"), kwargs.get("command")
    refuse(422, refused_input(graph, run_input))
    if graph in (None, "assistant"):  # None: a client's own assistant, maybe of this graph
        refuse(422, turn_refusal(run_input))
        # What the run runs with: a client's own assistant's stored keys, the run's laid over them (as
        # langgraph-api merges them). Judged on the run's alone, a budget the assistant stored let a
        # question in that failed inside the run (h26 s40 H26-8).
        sent = {
            **assistant_configurable(assistant_id),
            **client_configurable(kwargs.get("config"), kwargs.get("context")),
        }
        budget = sent.get("context_budget", DEFAULT_BUDGET if graph == "assistant" else None)
        if isinstance(budget, int) and not isinstance(budget, bool):
            refuse(422, question_refusal(run_input, budget, MAX_CONTEXT_BUDGET))
    if command is None:
        return
    if not isinstance(command, Mapping):
        refuse(422, "command must be an object; a client may send only command.resume")
        return
    for part in ("update", "goto"):
        if command.get(part) is not None:
            refuse(
                422,
                f"command.{part} is not allowed: it would write the run's state or move it to a node "
                "of the client's choosing; send input (the user's message, a run's settings) or "
                "command.resume",
            )
    if command.get("resume") is None:
        # Nothing left to do (update and goto are refused above): langgraph-api ran such a run and
        # it failed inside LangGraph (a 200 carrying UnboundLocalError for {"resume": null}; on a
        # new thread EmptyInputError), and the input checks, which skip a run with a command, never
        # saw it.
        refuse(
            422,
            "command holds no resume: send command.resume (the answer the run's interrupt waits for), "
            "or leave command out and send input",
        )
    if decides(command.get("resume")) and graph not in _NO_REVIEW:
        require_admin(ctx, "approve a run that needs review (or reject it)")
        refuse(422, decision_refusal(command.get("resume")))
        # The decision is the admin's to send; who decided and when are the server's to record (the
        # run's review line and its stored report say them): a client's "by"/"at" are replaced.
        if isinstance(command, dict):
            command["resume"] = recorded_decision(command.get("resume"), str(ctx.user.identity), run_id)


def delayed_decision(graph: str | None, command: object, after_seconds: object) -> str | None:
    """Why a review decision sent with ``after_seconds`` is refused, or None. A decision takes effect
    when it is sent: delayed, it fired as its admin after that key was revoked ("approved by" a key
    every server refused by then), on a run whose state its sender never saw then (session 28)."""
    resume = command.get("resume") if isinstance(command, Mapping) else None
    if graph in _NO_REVIEW or not decides(resume) or not after_seconds:
        return None
    return (
        "a review decision takes effect when it is sent: after_seconds cannot delay it (a key revoked "
        "in between would still decide); send the decision without after_seconds"
    )


# -- assistants ---------------------------------------------------------------------------------
def check_assistant_config(ctx: Auth.types.AuthContext, value: Any) -> None:
    graph = value.get("graph_id")
    if graph is None and ctx.action == "update":
        # An update keeps the assistant's graph (langgraph_sdk's assistants.update sends none): its
        # config is checked against that graph's keys, not against no graph's (h16 s36 H16-6: the
        # owner's own key was refused). Only an assistant the caller reaches is read: another's is
        # found by no update either (made_by_caller).
        graph = _reached_assistant_graph(ctx, value.get("assistant_id"))
    if graph in _BUILT_IN_ONLY:
        refuse(
            422,
            f"graph {graph!r} runs only through its built-in assistant {graph!r}: a run's options "
            "are its input (its settings), there is nothing an assistant of your own could set",
        )
    check_configurable(ctx, str(graph) if graph else None, value.get("config"), value.get("context"))
    pinned = sorted(THREAD_KEYS & set(client_configurable(value.get("config"), value.get("context"))))
    if pinned:
        # langgraph-api lays an assistant's config under each of its runs, past the door's check of a
        # run's own checkpoint: a stored checkpoint_id forked every run from another thread's
        # checkpoint, and the run failed inside, breaking its thread (h26 s40 H26-6).
        refuse(
            422,
            f"an assistant's config may not hold {', '.join(pinned)}: which thread and checkpoint a run "
            "continues from are each run's to name (its path, its checkpoint), not an assistant's",
        )
    # (The description never reaches this handler: server/body_keys.py bounds it in the body.)
    refuse(422, refused_text("name", value.get("name"), MAX_NAME_CHARS))


def _reached_assistant_graph(ctx: Auth.types.AuthContext, assistant_id: object) -> str | None:
    """The graph langgraph dev stores for ``assistant_id`` if the caller reaches that assistant (its
    tenant's; a member's own), else None."""
    from server.holds import stored

    for assistant in stored("assistants"):
        if str(assistant.get("assistant_id")) != str(assistant_id):
            continue
        # made_by_caller is threads_of: reaches_thread evaluates that one filter.
        if reaches_thread(ctx, assistant.get("metadata") or {}):
            named = assistant.get("graph_id")
            return str(named) if named in CLIENT_KEYS else None
    return None


# -- store ----------------------------------------------------------------------------------------
ASSISTANT_ROOT = "assistant"
"""``(<tenant>, "assistant", <user>, ...)``: one user's assistant memory (its session notes, read into
every later turn's context: graph.assistant.services.AssistantResources.namespace)."""


def own_assistant_namespace(ctx: Auth.types.AuthContext, namespace: tuple[str, ...]) -> tuple[str, ...]:
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
        refuse(
            403,
            f"store namespace {labels[:2]!r} is another user's assistant memory; yours is "
            f"{(ASSISTANT_ROOT, identity)!r}",
        )
    require_admin(ctx, f"read or delete another user's assistant memory {labels[:2]!r}")
    return namespace


def is_admin(ctx: Auth.types.AuthContext) -> bool:
    try:
        return bool(ctx.user["role"] == "admin")
    except KeyError:  # a user from before roles: a member
        return False


def hide_other_users(ctx: Auth.types.AuthContext) -> None:
    """A member's search or listing (an empty prefix spans the whole tenant) skips other users'
    assistant memory: a prefix cannot exclude a subtree, so the store is told for this request
    (memory.store.readers; the handler runs in the request's context, the store call follows)."""
    if ctx.action in ("search", "list_namespaces") and not is_admin(ctx):
        hide_others((tenant(ctx), ASSISTANT_ROOT), (str(ctx.user.identity), TENANT_DEFAULTS))
