"""Checks of a run's request that need more than its body (the tenant's folder on disk, the
thread's checkpoints) or that langgraph-api leaves to the run: each refuses with a 4xx and one
line before the run exists (server/auth.py's ``create_run`` and cron handlers call them)."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
from collections.abc import Mapping
from typing import Any

from langgraph_sdk import Auth

from kassist.tenancy import OWNER_KEY
from server.recorded_settings import fill_configurable as fill_configurable
from server.recorded_settings import run_configurable as run_configurable
from server.recorded_settings import unfinished as unfinished

logger = logging.getLogger(__name__)


def refuse(status: int, detail: str | None) -> None:
    """Answer ``status`` with ``detail`` (one line) when there is a detail."""
    if detail is not None:
        raise Auth.exceptions.HTTPException(status_code=status, detail=detail)


def tenant_of(ctx: Auth.types.AuthContext) -> str:
    """The caller's tenant. A user without one (langgraph-api's cron scheduler acting for a cron
    stored before crons carried their creator's tenant, or any other path that skips this
    server's ``authenticate``) is refused with one log line and a 403, never let through and never
    a KeyError traceback."""
    try:
        return str(ctx.user["tenant_id"])
    except (KeyError, TypeError):
        logger.warning(
            "refused %s %s by %r: the user carries no tenant (a cron made before crons carried "
            "their tenant? delete it and create it again with the tenant's key)",
            ctx.action,
            ctx.resource,
            getattr(ctx.user, "identity", None),
        )
        raise Auth.exceptions.HTTPException(
            status_code=403, detail="this request carries no tenant: refused"
        ) from None


async def check_ingestion_input(
    ctx: Auth.types.AuthContext, graph: str | None, run_input: object, thread_id: object = None
) -> None:
    """An ingestion run's settings, before the run exists, as the runs API does (the nodes check
    again). In a worker thread: the check resolves the source folder on disk (os.getcwd, stat),
    a blocking call the event loop must not make (``langgraph dev`` fails it with a 500)."""
    if graph != "ingestion":
        return
    from graph.ingestion.served import input_refusal
    from knowledge.loaders.identity import validate_collection
    from server.configurable import shown

    refuse(422, await asyncio.to_thread(input_refusal, run_input, os.environ, tenant_of(ctx)))
    from server.job_threads import reached_or_made  # (here: job_threads imports this module)

    if thread_id is not None and reached_or_made(ctx, thread_id, False):  # the others: langgraph-api's
        refuse(409, await asyncio.to_thread(carried_elsewhere, tenant_of(ctx), str(thread_id)))
    settings = run_input.get("settings") if isinstance(run_input, Mapping) else None
    if isinstance(settings, Mapping) and thread_id is not None:
        from graph.ingestion.head import head_of
        from server.auth_rules import is_admin  # (here: auth_rules imports this module)
        from server.job_threads import first_settings_refusal
        from server.saver import serving, thread_head

        tenant = tenant_of(ctx)
        read = serving()  # a LangGraph server: its head is read once per request (server/saver.py)
        head = await thread_head(tenant, str(thread_id)) if read else None
        owner = (head.metadata or {}).get(OWNER_KEY) if head is not None else None
        # Only the run's owner (or an admin) hears what the run was started with: another member's
        # thread is langgraph-api's to answer, as one the caller does not reach.
        if not read or owner == str(ctx.user.identity) or is_admin(ctx):
            # Parsed in the worker thread, and only when the registry does not answer: None reads it there.
            first = functools.partial(head_of, head) if read else None
            refused = await asyncio.to_thread(first_settings_refusal, tenant, str(thread_id), settings, first)
            refuse(409, refused)
    if isinstance(settings, Mapping) and settings and (ctx.resource == "crons" or not _admin(ctx)):
        from server.job_threads import kept_settings_refusal

        # A member keeps the collection's chunk settings (an admin may re-chunk it); a cron's runs
        # act as a member whoever made it (server/cron_rules.CRON_ROLE): an admin's cron with other
        # settings was let in and refused at every firing (h12 s34 note on b0b9a40).
        refuse(422, await asyncio.to_thread(kept_settings_refusal, tenant_of(ctx), settings))
    if isinstance(settings, Mapping) and "collection" in settings:
        # The index refuses such a name only at the ingest step, after the run has started.
        try:
            validate_collection(settings["collection"])
        except ValueError:
            refuse(
                422,
                f"settings.collection {shown(settings['collection'])} is not a valid name: use 1-128 letters, digits, '_', '-' "
                "or '.', starting with a letter or digit (e.g. company_handbook_v2)",
            )


def _admin(ctx: Auth.types.AuthContext) -> bool:
    from server.auth_rules import is_admin  # (here: auth_rules imports this module)

    return is_admin(ctx)


MAX_AFTER_SECONDS = 366 * 86400
"""The longest delay a run may ask for (``after_seconds``): a year. 10**12 overflowed the date of
the run's start inside langgraph-api (a 500)."""


def check_schedule(after_seconds: object, webhook: object) -> None:
    """A run's delay within :data:`MAX_AFTER_SECONDS`, and its webhook (a URL the server calls when
    the run ends) only to a host the operator listed for notifications (``KASSIST_NOTIFY_HOSTS``,
    as an ingestion run's ``settings.notify_url``): langgraph-api refuses only loopback hosts, so a
    client could make the server call any address of its private network."""
    if after_seconds is not None and (
        isinstance(after_seconds, bool)
        or not isinstance(after_seconds, int)
        or not 0 <= after_seconds <= MAX_AFTER_SECONDS
    ):
        refuse(422, f"after_seconds must be a whole number from 0 to {MAX_AFTER_SECONDS} (a year)")
    if webhook is None:
        return
    from urllib.parse import urlsplit

    from graph.ingestion.notify_urls import notify_url_refusal
    from graph.ingestion.served import unlisted_host

    # The one URL rule of every notify door first: a scheme-less '//host/path' named a listed host
    # here, while langgraph-api reads it as a relative URL, called in-process past authentication
    # on a server that allows loopback webhooks (its default refuses them).
    not_url = notify_url_refusal(str(webhook))
    if not_url is not None:
        refuse(422, f"webhook {not_url}")
    unlisted = unlisted_host((urlsplit(str(webhook)).hostname or "").lower(), os.environ)
    if unlisted is not None:
        refuse(422, f"webhook: {unlisted}")


LANGSMITH_KEYS = ("LANGSMITH_API_KEY", "LANGCHAIN_API_KEY")


def check_feedback(feedback_keys: object) -> None:
    """A run's ``feedback_keys`` make langgraph-api ask LangSmith for feedback URLs when the run ends:
    an outbound call a client chooses, which on a server without a LangSmith key only fails (the
    run's answer was an ``__error__``). Refused then (422)."""
    if feedback_keys and not any(os.environ.get(name) for name in LANGSMITH_KEYS):
        refuse(
            422,
            "feedback_keys needs LangSmith, which this server is not configured for (LANGSMITH_API_KEY); "
            "leave them out",
        )


async def check_start_input(
    ctx: Auth.types.AuthContext,
    graph: str | None,
    thread_id: object,
    kwargs: Mapping[str, Any],
    makes_thread: bool = False,
) -> None:
    """A run with nothing to start from is 422 before it exists; it started and failed inside (a 200
    carrying an ``__error__``). ``makes_thread``: the run creates its thread (``if_not_exists``).

    - ``assistant``: no input (absent or ``{}``) continues the thread's conversation as it is; on a
      thread with none yet (or a run's own new thread) there is nothing to answer ("needs a
      question").
    - ``ingestion``: an input without ``settings`` continues the run its thread holds; on a thread
      with no checkpoint (or a run's own new thread) there is no run to continue: LangGraph raised
      ``EmptyInputError`` (no input), the graph ``NoSettings`` ("An internal error occurred"), a run
      without a thread an ``AttributeError`` from inside LangGraph, and a cron so made failed at every
      firing (session 25 probes). A resume meets this too after a kill took a run that langgraph dev
      had accepted but not begun (its queue is in memory): nothing of the run was written.
    """
    run_input = kwargs.get("input")
    if kwargs.get("command") is not None:
        from server.resume_rules import check_resume_target

        await check_resume_target(ctx, graph, thread_id, makes_thread, kwargs["command"])
        return
    if graph not in ("assistant", "ingestion"):
        return
    if graph == "assistant" and run_input not in (None, {}):
        return
    if graph == "ingestion" and isinstance(run_input, Mapping) and run_input.get("settings") is not None:
        return
    from server.job_threads import reached_or_made
    from server.saver import thread_has_checkpoint, thread_has_messages

    if not reached_or_made(ctx, thread_id, makes_thread):
        return
    tenant = tenant_of(ctx)
    # A thread whose first run is accepted but not begun (queued behind the worker, or sent with
    # after_seconds) has no checkpoint yet: told it had none, a client re-sent what was on its way.
    waiting = thread_id is not None and run_waiting(thread_id)
    if graph == "assistant" and await thread_has_messages(tenant, thread_id) is False:
        refuse(
            422,
            "input is empty and the thread's first turn has not started yet: send this run once it has"
            if waiting
            else "input is empty and the thread has no conversation yet: send the user's question, e.g. "
            '{"messages": [{"role": "user", "content": "..."}]}',
        )
    if graph == "ingestion" and await thread_has_checkpoint(tenant, thread_id) is False:
        where = (
            "a run without a thread starts a new one"
            if thread_id is None
            else "this thread's first run has not started yet (send this run once it has)"
            if waiting
            else "this thread holds no run yet"
        )
        refuse(
            422,
            f"input has no settings and {where}: an ingestion run starts with its settings, e.g. "
            '{"settings": {"source": "<a folder under your tenant\'s ingestion root>"}} (a run continues '
            "without them only on the thread that holds it)",
        )


def run_waiting(thread_id: object) -> bool:
    """Whether langgraph dev's run registry holds a run of ``thread_id`` not yet finished."""
    from server.holds import stored
    from server.run_limits import WAITING

    return any(
        str(run.get("thread_id")) == str(thread_id) and run.get("status") in WAITING for run in stored("runs")
    )


async def keep_first_settings(
    ctx: Auth.types.AuthContext, graph: str | None, thread_id: object, kwargs: Mapping[str, Any]
) -> None:
    """A run resuming a turn that stopped before its end runs with the settings that turn was sent
    with (its ``context_budget``, ``compaction``: langgraph-api records a run's configurable in its
    checkpoints' metadata) unless it sends its own: a turn checkpointed but never started (a kill in
    its first instant: its input is in the thread's head, :func:`graph.waiting.waiting_input`;
    session 23 probes), and a turn stopped at any later node (a kill after a node's checkpoint, an
    ``interrupt_after``: :func:`unfinished`), which ran its remaining nodes with the server's defaults
    - a question let in for a budget of 8000 failed its assemble_context at 3000, at every later
    continuation too (h14 s35 H3). An ingestion run's settings are its input, kept by the checkpoint
    itself (server/job_threads.first_settings_refusal)."""
    from graph.waiting import waiting_input
    from server.configurable import CLIENT_KEYS
    from server.saver import serving, thread_head

    keys = CLIENT_KEYS.get(graph or "", frozenset())
    if not keys or thread_id is None or not serving():
        return
    if kwargs.get("input") not in (None, {}):
        return  # a new turn: its own settings
    # A command's resume continues the stopped turn as no input does (LangGraph runs its remaining
    # nodes): the same settings (h14 s35 H3b; only the assistant takes client keys, and it has no
    # interrupt of its own).
    head = await thread_head(tenant_of(ctx), str(thread_id))
    if head is None or (waiting_input(head) is None and not unfinished(head)):
        return
    if isinstance(kwargs, dict):  # (langgraph-api's run kwargs: a dict the handlers may change)
        fill_configurable(graph or "", kwargs, dict(head.metadata or {}))


async def check_turn_ids(
    ctx: Auth.types.AuthContext, graph: str | None, thread_id: object, run_input: object
) -> None:
    """A turn's message may carry an id (LangGraph Studio names the messages it sends), but not the
    id of a message the thread's conversation holds: LangGraph's message list replaces that
    message, and a member's turn replaced the assistant's earlier answer with words of its own
    (session 23 probes). 422 before the run."""
    from server.turn_input import replaced_refusal, sent_ids

    if graph not in (None, "assistant") or thread_id is None or not sent_ids(run_input):
        return
    from server.saver import serving, thread_head

    head = await thread_head(tenant_of(ctx), str(thread_id)) if serving() else None
    messages = head.checkpoint.get("channel_values", {}).get("messages") if head is not None else None
    held = {str(m.id) for m in messages or () if getattr(m, "id", None)}
    refuse(422, replaced_refusal(run_input, held))


async def check_thread_claim(ctx: Auth.types.AuthContext, thread_id: object, admin: bool) -> str | None:
    """A member may not (re)create a thread id whose checkpoints record another owner; the owner
    a thread (re)created under ``thread_id`` is stamped with (None: the caller, a new thread).

    ``langgraph dev`` keeps its thread registry (owners included) in memory, flushed now and then;
    the checkpoints stay in the database under (tenant, thread id). After a crash lost the
    registry, a member who knew another member's thread id created it anew as its own, and a run
    there continued that member's conversation (its messages in the answer). The owner each
    checkpoint records (the run's metadata, server/auth.py) decides: another's is answered as an
    existing thread of another tenant is (409, "already exists"); an admin may remake any, and the
    remade thread stays its recorded owner's (an admin's resume of a member's lost run made the
    thread the admin's: the member's own thread id then answered 404).

    A thread that is an ingestion run of the runs API or the command line (registered, its
    checkpoints record no owner: a run id names its thread) is nobody's here, whatever the role:
    on a database ``kassist serve`` shares, a member who named such a run's (UUID) id took it over
    and read its state, the server's own folder included."""
    if thread_id is None:
        return None
    from server import accepted_runs
    from server.saver import recorded_owner, serving

    tenant = tenant_of(ctx)
    # The owner its checkpoints record; before its first one, the owner of the run it was accepted
    # with (a kill in that instant lost langgraph dev's registry, and with it the thread), or of the
    # thread as it was made (POST /threads, no run yet: another langgraph dev on the database).
    owner = await recorded_owner(tenant, str(thread_id))
    if owner is None:
        accepted = await accepted_runs.first_record(tenant, str(thread_id))
        owner = None if accepted is None else accepted.owner
    if owner is None:
        if serving() and await asyncio.to_thread(registered_run, tenant, str(thread_id)):
            refuse(409, f"Thread with ID {thread_id} already exists")
        return None
    if not admin and owner != str(ctx.user.identity):
        refuse(409, f"Thread with ID {thread_id} already exists")
    return owner


def carried_elsewhere(tenant: str, thread_id: str) -> str | None:
    """Why a run may not start on ``thread_id`` now (blocking: a read), or None: another executor
    (the runs API's worker, the console, a command line, another langgraph dev) holds the run's lease
    and carries it out. Refused at the door, before the run is queued (h14 s35 H2, the mirror door):
    langgraph dev's begin refused it too, but as an error of an accepted run (RunBusy). The caller
    reaches the thread (langgraph-api answers the others); this process's own lease is no refusal
    (graph/ingestion/served_lease.py)."""
    from graph.ingestion.resources import current
    from graph.ingestion.runner import lease_free
    from graph.ingestion.state import InvalidRunId, validate_run_id
    from graph.ingestion.store_ops import held_here
    from server.saver import serving

    if not serving():  # no database in this process
        return None
    try:
        validate_run_id(thread_id)
    except InvalidRunId:
        return None  # never a run's id
    res = current()
    record = res.runs.for_tenant(tenant).get(thread_id)
    if record is None or record.owner is None or held_here(record.owner):
        return None
    if lease_free(record):
        return None
    return (
        f"run {thread_id!r} is running right now (another worker is carrying it out: the runs API's, the "
        "console's or a command line's); it needs no run here: read its state, or send this again once it stops"
    )


def registered_run(tenant: str, thread_id: str) -> bool:
    """Whether ``tenant``'s ingestion runs registry holds a run ``thread_id`` (blocking: a read)."""
    from graph.ingestion.resources import current
    from graph.ingestion.state import InvalidRunId, validate_run_id

    try:
        validate_run_id(thread_id)
    except InvalidRunId:
        return False  # never a run's id
    return current().runs.for_tenant(tenant).registration(thread_id) is not None


async def check_checkpoint(ctx: Auth.types.AuthContext, thread_id: object, sent: Mapping[str, Any]) -> None:
    """A run from a ``checkpoint_id`` the thread does not hold is 404 before it starts; it would
    fail at its first write (a CheckpointConflict inside a 200). Another tenant's thread is another
    (empty) thread here, so its checkpoints are not found either. ``sent``: the configurable keys
    and context the client sent."""
    checkpoint_id = sent.get("checkpoint_id")
    if not isinstance(checkpoint_id, str) or not checkpoint_id:
        return
    from server.saver import has_checkpoint

    namespace = sent.get("checkpoint_ns") or ""
    if await has_checkpoint(tenant_of(ctx), thread_id, str(namespace), checkpoint_id) is False:
        refuse(404, f"checkpoint {checkpoint_id[:64]!r} not found in this thread")
