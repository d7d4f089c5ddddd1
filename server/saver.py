"""The checkpointer the LangGraph server loads (``langgraph.json`` -> ``"checkpointer"``).

The tenant of every call comes from the caller, never from the data:

- Calls with a config: langgraph-api passes the authenticated user as
  ``configurable.langgraph_auth_user`` to the saver calls a run makes, but not to every read it
  makes for a request (``GET /threads/{id}/state`` and ``/history`` call ``aget_tuple``/``alist``
  with only the thread id, and ``GET .../state/{checkpoint_id}`` with a checkpoint id). Those calls
  happen inside an authenticated request, whose user langgraph-api keeps in a context variable; this
  subclass takes the user from there when the config carries none.
- Id-only calls (``adelete_thread``, ``acopy_thread``, ``aprune``, ``adelete_for_runs`` and their
  sync twins): the tenant of the authenticated request, so ``(tenant, thread_id)`` is the key and a
  thread id stored under another tenant is another thread. The one id-only call langgraph-api makes
  outside a request is the clean-up of a rolled-back run (``adelete_for_runs`` from the worker); its
  tenant is the one this process saw the run write under (remembered per run id by the run-tenant
  hook, :meth:`kassist.tenancy.RunTenancy.remember_run`, when the run's checkpoints were put), else
  the call is refused (``TenantRequired``, which langgraph-api logs).

A call with no tenant from any of these (no request, no auth) raises ``TenantRequired``.

A checkpoint whose metadata ``source`` is ``"update"`` (``update_state``: a client writing the
thread's state instead of its graph's nodes) is refused when written for an authenticated caller:
the auth handlers refuse every route that writes one (server/auth.py), this is the second line,
should a route or a future langgraph-api write one another way. Runs never write that source
(theirs are ``input``, ``loop`` and ``fork``), so the server's own work is unaffected.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import ChannelVersions, Checkpoint, CheckpointMetadata, CheckpointTuple

from checkpointer import TenantCheckpointer, ops_admin, ops_write
from checkpointer.tenant import AUTH_USER_KEY
from graph.waiting import waiting_input
from kassist.dburl import database_url_from_env
from kassist.tenancy import (
    OWNER_KEY,
    RunTenancy,
    TenantMismatch,
    TenantRequired,
    auth_user_tenant,
    install_run_tenancy,
    run_config,
    run_tenancy,
    validate_tenant_id,
)
from server.run_creator import acheck_run, check_run

STATE_WRITE_REFUSED = (
    "writing a thread's state directly is not allowed on this server: runs write it; send the "
    "user's message as a run's input, and decide a review with command.resume (admin key)"
)


def forbidden(exc: TenantMismatch) -> TenantMismatch:
    """``exc`` as a 403 where langgraph-api answers it: still a :class:`TenantMismatch` for
    callers that catch one, and a starlette ``HTTPException`` for the server's handlers."""
    from starlette.exceptions import HTTPException

    class RefusedTenant(TenantMismatch, HTTPException):
        def __init__(self, message: str) -> None:
            TenantMismatch.__init__(self, message)
            HTTPException.__init__(self, status_code=403, detail=message)

    return RefusedTenant(f"refused: {exc}")


def state_write_refused() -> Exception:
    """The refusal of a client's state write: a 403 where langgraph-api answers it (starlette's
    HTTPException), a PermissionError anywhere else."""
    try:
        from starlette.exceptions import HTTPException
    except ImportError:  # not inside a server: the checkpointer's own users get a plain error
        return PermissionError(STATE_WRITE_REFUSED)
    return HTTPException(status_code=403, detail=STATE_WRITE_REFUSED)


class ServerTenancy(RunTenancy):
    """The run-tenant hook of a LangGraph server process: the authenticated user is the one
    langgraph-api keeps for the current request or run (a context variable), so the tenant of a
    read the server makes with only a thread id, of a node's store call, and of every component's
    check (:func:`kassist.tenancy.check_run_tenant`) is the caller's. Installed by the
    :class:`ServerCheckpointer` that :func:`langgraph_checkpointer` (called by langgraph-api at
    start-up) creates."""

    def tenant(self) -> str | None:
        # A run without a thread reaches no saver: its first node's tenant lookup is its start.
        check_run(run_config())
        return super().tenant()

    def request_user(self) -> Any:
        # Only inside a running langgraph-api server, which has imported this module already:
        # importing it anywhere else fails (it reads its own configuration at import time).
        utils = sys.modules.get("langgraph_api.utils")
        if utils is None:
            return None
        ctx = utils.get_auth_ctx()
        return None if ctx is None else ctx.user


def request_tenant() -> str | None:
    """The tenant of the authenticated request (or run) this code executes in, or None."""
    tenant = auth_user_tenant(run_tenancy().request_user())
    return validate_tenant_id(tenant) if tenant is not None else None


def with_request_tenant(config: RunnableConfig | None) -> RunnableConfig | None:
    """``config`` plus the authenticated request's user when it names no user itself; a config whose
    user names another tenant than the request's is refused (:class:`TenantMismatch`, a 403 through
    :func:`forbidden`)."""
    configurable = dict((config or {}).get("configurable") or {})
    user = run_tenancy().request_user()
    sent = configurable.get(AUTH_USER_KEY)
    if sent is not None:
        # A config's user is a run's own (langgraph-api's), or a client's: the checkpoint object of
        # POST /threads/{id}/history and /state/checkpoint is laid over the read's config unchecked,
        # and {"langgraph_auth_user": {"tenant_id": "globex"}} there read globex's thread of that id
        # for an acme key (session 28 probes). Inside a request its tenant must be the request's.
        claimed, caller = auth_user_tenant(sent), auth_user_tenant(user)
        if user is not None and claimed != caller:
            raise TenantMismatch(
                f"the config's {AUTH_USER_KEY} names tenant {claimed!r}, not the authenticated "
                f"request's {caller!r}"
            )
        return config
    # Injected even when the config names a tenant_id: the checkpointer then refuses a client-sent
    # tenant that differs from the authenticated one instead of trusting it.
    if user is None:
        return config
    configurable[AUTH_USER_KEY] = user
    return {**(config or {}), "configurable": configurable}


class ServerCheckpointer(TenantCheckpointer):
    """``TenantCheckpointer`` that also finds the tenant of the current authenticated request.

    Every config-carrying call resolves its tenant through ``_tenant``, every id-only call through
    ``_caller_tenant``: overriding those two hooks covers reads, writes, history and administration.
    The authenticated request comes from the process's run-tenant hook: creating a server saver
    (there is one per LangGraph server process) installs :class:`ServerTenancy` if another is in
    place, so the saver, the graphs' nodes and the components see one caller.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not isinstance(run_tenancy(), ServerTenancy):
            install_run_tenancy(ServerTenancy())

    def _tenant(self, config: RunnableConfig | None) -> str:
        check_run(config)  # a run's, decided at its start (aget_tuple, a node's tenant lookup)
        try:
            return super()._tenant(with_request_tenant(config))
        except TenantMismatch as exc:
            # A tenant_id in a body the auth handlers do not see (POST /threads/{id}/state/checkpoint,
            # history's checkpoint): refused, as a 403 rather than langgraph-api's 500.
            raise forbidden(exc) from None

    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        await acheck_run(config)  # a run's first read of its thread: its start, nothing written yet
        return await super().aget_tuple(config)

    def _caller_tenant(self, what: str) -> str:
        if self._bound is not None:
            return self._bound
        tenant = request_tenant()
        if tenant is None:
            raise TenantRequired(
                f"{what} was called outside an authenticated request; the LangGraph server saver "
                "acts only for the tenant of the request's API key"
            )
        return tenant

    def _runs_tenant(self, run_ids: Sequence[str]) -> str:
        run_ids = ops_admin.id_list(run_ids, "run_ids")
        tenant = request_tenant() if self._bound is None else self._bound
        if tenant is not None:
            return tenant
        # The worker's clean-up of a rolled-back run: the tenant this process saw the run write
        # under, never one looked up from the data.
        seen = {run_tenancy().tenant_of_run(str(r)) for r in run_ids}
        if len(seen) == 1 and None not in seen:
            return str(next(iter(seen)))
        raise TenantRequired(
            "delete_for_runs was called outside an authenticated request for runs this server "
            "process did not run for one known tenant; nothing was deleted"
        )

    def _remember_run(self, config: RunnableConfig, metadata: CheckpointMetadata) -> None:
        run_id = metadata.get("run_id") or (config.get("configurable") or {}).get("run_id")
        if run_id is None:
            return
        run_tenancy().remember_run(str(run_id), self._tenant(config))

    def _check_source(self, config: RunnableConfig, metadata: CheckpointMetadata) -> None:
        if metadata.get("source") != "update":
            return
        caller = (config.get("configurable") or {}).get(AUTH_USER_KEY) or run_tenancy().request_user()
        if caller is not None:
            raise state_write_refused()

    def _plan(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        versions: ChannelVersions,
    ) -> ops_write.PutPlan:
        # The one step put and aput share: a user's state update is refused before anything is
        # written, and the run is remembered under the tenant it writes for (once its put is
        # planned, so also when the write then fails: a clean-up of that run finds its tenant).
        self._check_source(config, metadata)
        plan = super()._plan(config, checkpoint, metadata, versions)
        self._remember_run(config, metadata)
        return plan

    def delete_for_runs(self, run_ids: Sequence[str]) -> None:
        self._run(ops_admin.delete_for_runs(self._sql, self._runs_tenant(run_ids), run_ids), write=True)

    async def adelete_for_runs(self, run_ids: Sequence[str]) -> None:
        await self._arun(
            ops_admin.delete_for_runs(self._sql, self._runs_tenant(run_ids), run_ids), write=True
        )


_SERVED: list[TenantCheckpointer] = []
"""The saver :func:`langgraph_checkpointer` made for this server process (none elsewhere)."""


def langgraph_checkpointer() -> TenantCheckpointer:
    """Zero-argument factory for langgraph.json: the saver on ``KASSIST_DATABASE_URL``, migrated
    (and with it :class:`ServerTenancy` as the process's run-tenant hook)."""
    saver = ServerCheckpointer.from_url(database_url_from_env())
    saver.setup()
    _SERVED[:] = [saver]
    # The LangGraph server's start (langgraph dev calls this once): the assistant's instruction tokens
    # (the tokenizer's files) loaded in a thread, so no request's door does it on the event loop (review
    # s40 R5-3; an await there let langgraph-api go on with a batch's later runs before they were judged).
    from server.turn_input import instruction_tokens

    threading.Thread(target=instruction_tokens, name="kassist-tokens-warm-up", daemon=True).start()
    return saver


async def has_checkpoint(
    tenant: str, thread_id: object, checkpoint_ns: str, checkpoint_id: str
) -> bool | None:
    """Whether the tenant's thread holds that checkpoint; None when this process serves no saver."""
    if not _SERVED:
        return None
    if thread_id is None:
        return False
    configurable = {"thread_id": str(thread_id), "checkpoint_ns": checkpoint_ns, "tenant_id": tenant}
    config: RunnableConfig = {"configurable": {**configurable, "checkpoint_id": checkpoint_id}}
    return await _SERVED[0].aget_tuple(config) is not None


_HEADS: ContextVar[dict[tuple[str, str], CheckpointTuple | None] | None] = ContextVar(
    "kassist_thread_heads", default=None
)


@contextmanager
def one_head_read() -> Iterator[None]:
    """Within this block (one auth handler's checks of one request), each thread's head checkpoint
    is read once: an ingestion run's creation asked for it three or four times (whose thread it is,
    whether it holds a conversation, the run's first settings), each a database read."""
    token = _HEADS.set({})
    try:
        yield
    finally:
        _HEADS.reset(token)


async def thread_head(tenant: str, thread_id: str) -> CheckpointTuple | None:
    """The tenant's thread's latest checkpoint (root namespace), or None; read once per
    :func:`one_head_read` block. Only in a process serving a saver (:func:`serving`)."""
    heads = _HEADS.get()
    if heads is not None and (tenant, thread_id) in heads:
        return heads[(tenant, thread_id)]
    config: RunnableConfig = {
        "configurable": {"thread_id": thread_id, "checkpoint_ns": "", "tenant_id": tenant}
    }
    found = await _SERVED[0].aget_tuple(config)
    if heads is not None:
        heads[(tenant, thread_id)] = found
    return found


def serving() -> bool:
    """Whether this process serves a saver (a LangGraph server; not the handlers called alone)."""
    return bool(_SERVED)


async def thread_has_messages(tenant: str, thread_id: object) -> bool | None:
    """Whether the tenant's thread holds a conversation (``messages`` in its latest checkpoint, or
    in the input of a turn checkpointed but never started: :func:`graph.waiting.waiting_input`); None when this
    process serves no saver (not a LangGraph server) and cannot tell. A thread id
    of another tenant is another (empty) thread, as everywhere in the saver."""
    if not _SERVED:
        return None
    if thread_id is None:
        return False  # a run with no thread gets a new one
    found = await thread_head(tenant, str(thread_id))
    if found is None:
        return False
    waiting = waiting_input(found)
    held = found.checkpoint.get("channel_values", {}).get("messages")
    return bool(held) or (isinstance(waiting, dict) and bool(waiting.get("messages")))


async def thread_has_checkpoint(tenant: str, thread_id: object) -> bool | None:
    """Whether the tenant's thread holds a checkpoint (False for a run with no thread: it gets a new
    one); None when this process serves no saver (not a LangGraph server) and cannot tell."""
    if not _SERVED:
        return None
    return thread_id is not None and await thread_head(tenant, str(thread_id)) is not None


async def recorded_owner(tenant: str, thread_id: str) -> str | None:
    """The owner the tenant's thread's latest checkpoint records (its run's metadata, written by
    server/auth.py); None when it records none, the thread has no checkpoint, or this process
    serves no saver (not a LangGraph server)."""
    if not _SERVED:
        return None
    latest = await thread_head(tenant, thread_id)
    owner = (latest.metadata or {}).get(OWNER_KEY) if latest is not None else None
    return owner if isinstance(owner, str) and owner else None
