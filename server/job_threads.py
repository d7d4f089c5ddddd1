"""An ingestion run's thread is its job's record (checks of langgraph dev's create_run, threads and
cron handlers, server/auth.py): no client route forks it (a copy), erases what it wrote (a
rollback), runs another graph over it, or replaces the settings it was started with. Each refuses
with a 4xx and one line, and only to a caller who reaches the thread: another member's is left to
langgraph-api, which answers as for any thread the caller does not reach."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from langgraph_sdk import Auth

from server.auth_rules import is_admin, reaches_thread
from server.run_checks import refuse, registered_run, tenant_of

if TYPE_CHECKING:
    from graph.ingestion.head import Head

ROLLBACK_REFUSED = (
    "rollback deletes the checkpoints a run wrote; an ingestion run's are its record (its progress, "
    "review and counters), while what it indexed stays"
)


def check_job_strategy(graph: str | None, strategy: object) -> None:
    """A new run of a job graph may not roll back the run in flight on its thread (422)."""
    from server.configurable import JOB_GRAPHS

    if graph in JOB_GRAPHS and strategy == "rollback":
        refuse(
            422,
            f"multitask_strategy rollback is not allowed for graph {graph!r}: {ROLLBACK_REFUSED}; "
            "use interrupt (the new run continues from the latest checkpoint) or enqueue",
        )


async def check_cancel(ctx: Auth.types.AuthContext, value: Mapping[str, Any]) -> None:
    """A cancel with ``action=rollback`` of an ingestion run's thread (409), or of runs on no named
    thread (``POST /runs/cancel`` by status, which may reach ingestion runs: 422), is refused; so is
    any cancel by status (422: it scans every run and thread of the server)."""
    metadata = value.get("metadata")
    by_status = isinstance(metadata, Mapping) and metadata.get("status") is not None
    if value.get("action") != "rollback":
        if by_status and value.get("thread_id") is None:
            # Gathers every waiting or running run of the server, all tenants', each thread looked
            # up by a scan of every thread: 3,000 waiting runs held the event loop 2 s per cancel.
            refuse(
                422,
                "a cancel by status is not supported on this server: name the runs, "
                '{"thread_id": ..., "run_ids": [...]} (GET /threads/{thread_id}/runs lists them), or '
                "POST /threads/{thread_id}/runs/{run_id}/cancel",
            )
        return
    thread_id = value.get("thread_id")
    if thread_id is None:
        refuse(
            422,
            f"a cancel with action=rollback must name its thread: {ROLLBACK_REFUSED}; "
            "cancel with action=interrupt, or name the thread",
        )
    elif await _job_thread(ctx, str(thread_id)):
        refuse(
            409,
            f"thread {thread_id} is an ingestion run's: {ROLLBACK_REFUSED}; cancel with "
            "action=interrupt (the run can be resumed or left stopped)",
        )


async def check_run_delete(ctx: Auth.types.AuthContext, value: Mapping[str, Any]) -> None:
    """``DELETE /threads/{id}/runs/{run_id}`` of an ingestion run's thread that holds checkpoints is
    refused (409), as a rollback is: langgraph-api's run delete deletes the checkpoints the run wrote
    (its status, counters, its review waiting for a decision), while what it indexed stays (h18 s37
    H18-4: 204, and the thread's next run answered an opaque error). A run that wrote nothing yet (its
    accepted first run, queued) may still be deleted; so may the whole thread."""
    from server.saver import serving, thread_head

    thread_id, run_id = value.get("thread_id"), value.get("run_id")
    if thread_id is None or run_id is None or not serving():
        return
    if await thread_head(tenant_of(ctx), str(thread_id)) is not None and await _job_thread(
        ctx, str(thread_id)
    ):
        refuse(
            409,
            f"thread {thread_id} is an ingestion run's: deleting run {run_id} deletes the checkpoints it "
            "wrote; an ingestion run's are its record (its progress, review and counters), while what "
            f"it indexed stays; cancel it instead (POST /threads/{thread_id}/runs/{run_id}/cancel)",
        )


async def check_thread_graph(ctx: Auth.types.AuthContext, graph: str | None, thread_id: object) -> None:
    """One graph per thread where it matters: only the ingestion graph runs on an ingestion run's
    thread, and an ingestion run does not start on a thread holding a conversation (409). A turn
    of the assistant on a finished run's thread wrote a checkpoint without the run's state, and the
    same settings then ran the whole finished job again (every batch, its memory step included).
    Only threads the caller reaches are told apart (another member's is langgraph-api's to answer)."""
    if thread_id is None:
        return
    if graph != "ingestion":
        if await _job_thread(ctx, str(thread_id)):
            refuse(
                409,
                f"thread {thread_id} is an ingestion run's: only graph 'ingestion' runs on it (another "
                "graph's run would replace the run's state); use a thread of its own",
            )
        return
    from server.accepted_runs import accepted_first
    from server.configurable import JOB_GRAPHS
    from server.saver import recorded_owner, thread_has_messages

    tenant = tenant_of(ctx)
    accepted = await accepted_first(tenant, str(thread_id))
    if accepted is not None:  # no checkpoint yet: the run it was accepted with is what it is for
        # (that run, held or queued behind this one, would otherwise begin on the ingestion run's
        # thread and replace its state: the reverse of the first branch)
        conversation = accepted.graph not in JOB_GRAPHS and _reaches(ctx, accepted.owner)
    else:
        owner = await recorded_owner(tenant, str(thread_id))
        reached = owner is None or _reaches(ctx, owner)
        conversation = reached and bool(await thread_has_messages(tenant, thread_id))
    if conversation:
        refuse(409, f"thread {thread_id} holds a conversation: an ingestion run needs a thread of its own")


def _reaches(ctx: Auth.types.AuthContext, owner: str) -> bool:
    return is_admin(ctx) or owner == str(ctx.user.identity)


_READ_THREAD: ContextVar[str | None] = ContextVar("kassist_read_thread", default=None)


def note_thread_read(thread_id: object) -> None:
    """The thread a threads "read" of this request authorized (a copy reads its source first)."""
    _READ_THREAD.set(None if thread_id is None else str(thread_id))


async def check_copy(ctx: Auth.types.AuthContext) -> None:
    """``POST /threads/{id}/copy`` of an ingestion run's thread is refused (409): the copy would
    hold the same run (its id, settings and next step), and a run on it executed the job a second
    time beside the original. langgraph-api authorizes a copy as a "read" of the source, then a
    "create" of the new thread without metadata (what tells it from ``POST /threads``)."""
    source = _READ_THREAD.get()
    if source is not None and not _reached(ctx, source):
        # langgraph-api answers a copy whose source it does not find (unknown, another tenant's or
        # member's) with 409 "Conflict"; "not found" is the rule for what a caller does not reach.
        refuse(404, f"Thread with ID {source} not found")
    if source is not None and await _job_thread(ctx, source):
        refuse(
            409,
            f"thread {source} is an ingestion run's and cannot be copied: the copy would run "
            "the same job a second time; start a new run instead",
        )
    owner = _registry_owner(source) if source is not None and is_admin(ctx) else None
    if owner is not None and owner[0] == tenant_of(ctx) and owner[1] != str(ctx.user.identity):
        # langgraph-api copies the source's metadata, owner included: an admin's copy of a member's
        # conversation became a thread of that member's, which the member never made (session 23).
        refuse(
            403,
            f"thread {source} is {owner[1]}'s and a copy keeps its owner: copy only threads of your "
            "own (an admin reads another member's thread, it does not make threads in their name)",
        )


def _reached(ctx: Auth.types.AuthContext, thread_id: str) -> bool:
    """Whether langgraph dev's thread registry holds ``thread_id`` as a thread the caller reaches:
    one that :func:`server.auth_rules.threads_of`, the filter of every read, lets through; True in a
    process without that registry (handlers called directly): langgraph-api's own lookup decides."""
    from server.holds import runtime_present

    if not runtime_present():
        return True
    return any(reaches_thread(ctx, thread.get("metadata") or {}) for thread in _registry_threads(thread_id))


def reached_or_made(ctx: Auth.types.AuthContext, thread_id: object, makes: bool) -> bool:
    """Whether a run's thread is one the caller reaches, or one the run makes (no thread; a new id with
    ``if_not_exists: "create"``). Any other is langgraph-api's to answer, alike for an unknown id and
    another's thread (404; 409 for a create): a rule that read such a thread would tell them apart."""
    from server.holds import runtime_present

    if thread_id is None or not runtime_present():
        return True
    if not _registry_threads(thread_id):
        return makes
    return _reached(ctx, str(thread_id))


def reached_threads(ctx: Auth.types.AuthContext, thread_ids: Iterable[object]) -> list[Mapping[str, Any]]:
    """The threads of ``thread_ids`` that langgraph dev's thread registry holds and the caller reaches
    (:func:`server.auth_rules.threads_of`, the filter of every read), in one pass over the registry:
    what a delete of them may drop (another's thread is langgraph-api's 404, and all of it stays).
    Empty in a process without that registry (handlers called directly)."""
    from server.holds import stored

    wanted = {str(t) for t in thread_ids if t is not None}
    if not wanted:
        return []
    return [
        thread
        for thread in stored("threads")
        if str(thread.get("thread_id")) in wanted and reaches_thread(ctx, thread.get("metadata") or {})
    ]


def _registry_owner(thread_id: str) -> tuple[str, str] | None:
    """(tenant, owner) of ``thread_id`` in langgraph dev's thread registry, or None."""
    from server.holds import owner_of

    for thread in _registry_threads(thread_id):
        return owner_of(thread)
    return None


async def _job_thread(ctx: Auth.types.AuthContext, thread_id: str) -> bool:
    """Whether ``thread_id`` is an ingestion run's thread the caller reaches (its own, or any of the
    tenant's for an admin): a registered run (a run id names its thread), one whose head checkpoint
    is a job graph's (stopped before ``begin``: nothing registered yet), or, before its first
    checkpoint, one whose accepted first run is a job's (server/accepted_runs.py; queued, or lost
    in a kill). What the thread holds is judged by :func:`server.thread_owner.job_thread`, as
    kassist serve's :func:`~server.thread_owner.holds_a_job` judges it; each reads its own way: before
    session 27 a turn of the assistant on a run stopped before ``begin`` replaced its input (200;
    an admin's on a member's run too), and the run's resume was then 409 "holds a conversation".
    Another member's thread (or a run of the runs API or the command line, whose checkpoints record
    no owner) is left to langgraph-api, which answers as for any thread the caller does not reach:
    the refusal's words would tell it exists."""
    from server import accepted_runs
    from server.saver import recorded_owner, serving, thread_head
    from server.thread_owner import job_thread

    tenant = tenant_of(ctx)
    if not serving():  # no database in this process
        return False
    head = await thread_head(tenant, thread_id)
    if head is None:  # before its first checkpoint, the accepted first run (no second head read)
        accepted = await (await accepted_runs.table()).get(tenant, thread_id)
        accepted = None if accepted is None else accepted.run  # a made thread's row: no run
        return accepted is not None and _reaches(ctx, accepted.owner) and job_thread(None, accepted)
    owner = await recorded_owner(tenant, thread_id)
    if owner is None or not _reaches(ctx, owner):
        return False
    return job_thread(head, None) or await asyncio.to_thread(registered_run, tenant, thread_id)


def kept_settings_refusal(tenant: str, sent: Mapping[str, Any]) -> str | None:
    """Why a member's ``sent`` settings may not run into their collection (blocking: reads the
    index), or None: its rules are not known (made before the index kept them, none adopted:
    knowledge/index/collection_rules.py), or it keeps other chunk settings
    (knowledge/index/chunk_settings.py), or other audit rules than the file ``sent`` names - the one
    check, in its one order, of every door (TenantKnowledgeIndex.check_kept_settings; the runs API's:
    server/runs/admission.check_source; review s38 R3-8: here the run was let in and failed at its
    start). The run's start checks again. Settings the graph would refuse are
    input_refusal's to name (a rules file it cannot read among them)."""
    from pydantic import ValidationError

    from graph.ingestion.adoption import adopt_chunking, adopt_rules
    from graph.ingestion.resources import current
    from graph.ingestion.state import Settings
    from knowledge.index.chunk_settings import ChunkingDiffers
    from knowledge.index.collection_rules import RulesDiffer, RulesUnknown

    try:
        given = Settings.model_validate(sent)
    except ValidationError:
        return None
    res = current()
    try:
        index = res.index("hashing")  # reads the collection's row: no model loads
        adopt_chunking(index, tenant, given.collection)  # a collection made before it kept them
        adopt_rules(index, tenant, given.collection, res.env)  # the same, its audit rules
        text = _rules_text(given.audit_rules, tenant, res.env) if given.audit_rules else None
        kb = index.for_tenant(tenant)
        kb.check_kept_settings(given.collection, given.chunk_tokens, given.overlap_tokens, text)
    except (ChunkingDiffers, RulesUnknown, RulesDiffer) as exc:
        return str(exc)
    return None


def _rules_text(path: str, tenant: str, env: Mapping[str, str]) -> str | None:
    """The rules file a served run names, read from its tenant's folder as its run reads it, or None
    (unreadable: input_refusal says why, and the run's start)."""
    from graph.ingestion.audit_step import read_rules_text
    from graph.ingestion.served import served_root

    try:
        root = served_root(env, tenant)
        return read_rules_text(path, within=root.resolve() if root is not None else None)
    except ValueError:  # AuditConfigError, a shared root refused
        return None


def first_settings_refusal(
    tenant: str, thread_id: str, sent: Mapping[str, Any], head: Callable[[], Head] | None = None
) -> str | None:
    """Why ``sent`` may not start the run ``thread_id`` (blocking: reads the registry, and the head
    checkpoint unless the caller read it: ``head`` parses it, :func:`graph.ingestion.head.head_of`,
    called only when the registry does not answer), or None. A run whose input is checkpointed but not yet registered (stopped before
    ``begin``: a client's ``interrupt_before``, a kill in that instant) has its first settings in
    that checkpoint; a new input would replace them before ``begin`` sees them, and other settings
    ran instead (the command line already counts the checkpoint's: graph.ingestion.runner). A
    registered run's settings are its registration's (``begin`` compares them again)."""
    from pydantic import ValidationError

    from graph.ingestion.head import read_head
    from graph.ingestion.registration import mismatch
    from graph.ingestion.resources import current
    from graph.ingestion.state import InvalidRunId, Settings, validate_run_id

    try:
        validate_run_id(thread_id)
        given = Settings.model_validate(sent)
    except (InvalidRunId, ValidationError):
        return None  # input_refusal and begin say what is wrong
    res = current()
    registered = res.runs.for_tenant(tenant).registration(thread_id)
    if registered is not None and registered.settings is not None:
        # Refused here too, not only by ``begin`` once the run had started (a 200 whose answer was
        # the run's SettingsMismatch error).
        settled = mismatch(thread_id, registered.settings, given)
        return None if settled is None else str(settled)
    first = (head() if head is not None else read_head(res.saver, tenant, thread_id)).first
    if first is None or not first.settings.source:
        return None
    refused = mismatch(thread_id, first.settings, given)
    return None if refused is None else str(refused)


def graph_label_refusal(ctx: Auth.types.AuthContext, value: Mapping[str, Any]) -> str | None:
    """Why a thread's create or metadata update names a ``graph_id`` it may not (422), or None.
    langgraph-api writes ``metadata.graph_id`` (the graph of the thread's runs) and reads the
    thread's state through that graph: a member's ``PATCH`` relabelled a conversation ``ingestion``
    (its state then read as empty) or ``zzz`` (every state read a 404 naming the server's graphs),
    and hid an ingestion run from a search by ``metadata.graph_id`` (session 23 probes). A thread
    may name one of the served graphs when it is made, and keeps the graph its runs gave it."""
    from server.configurable import CLIENT_KEYS

    metadata = value.get("metadata")
    if not isinstance(metadata, Mapping) or "graph_id" not in metadata:
        return None
    named = metadata["graph_id"]
    current = None
    if ctx.action == "update":
        from server.holds import owner_of

        for thread in _registry_threads(value.get("thread_id")):
            tenant, owner = owner_of(thread)
            if tenant != tenant_of(ctx) or not _reaches(ctx, owner):
                # Another tenant's or member's thread: langgraph-api's 404, as for one that does not
                # exist; neither its graph nor a check of the label tells the caller it is there.
                return None
            current = (thread.get("metadata") or {}).get("graph_id")
    if current is not None and named != current:
        return (
            f"metadata.graph_id is the graph of the thread's runs ({current!r}), set by the server: "
            "leave it out (start a new thread for another graph)"
        )
    if current is None and named not in CLIENT_KEYS:
        return f"metadata.graph_id must be one of {sorted(CLIENT_KEYS)} (the graph the thread is for), or left out"
    return None


def check_delete(value: Mapping[str, Any]) -> None:
    """``DELETE /threads/{id}`` of an id langgraph dev's thread registry does not hold is its 404,
    answered here: its own lookup read an unbound variable when the registry held no thread at all
    (a 500 ``UnboundLocalError`` and a traceback, e.g. the first delete after a restart; session 26
    probes). Another tenant's or member's thread is still langgraph-api's 404, in the same words.
    ``DELETE /threads/{id}/runs/{run_id}`` (``value`` names a run) of another's thread is
    langgraph-api's ``Not Found`` (its filter finds nothing): an unknown id is answered in those
    words, not the thread delete's (h23 s39 H23-5: the two told a thread's existence apart)."""
    from server.holds import runtime_present

    thread_id = value.get("thread_id")
    if thread_id is not None and runtime_present() and not registry_has(thread_id):
        refuse(
            404, "Not Found" if value.get("run_id") is not None else f"Thread with ID {thread_id} not found"
        )


def registry_has(thread_id: object) -> bool:
    """Whether langgraph dev's thread registry holds ``thread_id`` (anyone's)."""
    return bool(_registry_threads(thread_id))


def _registry_threads(thread_id: object) -> list[Mapping[str, Any]]:
    from server.holds import stored

    return [
        t for t in stored("threads") if thread_id is not None and str(t.get("thread_id")) == str(thread_id)
    ]
