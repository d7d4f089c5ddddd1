"""A run acts with its creator's current rights when it starts (``langgraph dev``; both servers'
rule, docs/serving.md, the crons paragraph: "A run acts with its creator's current rights").

langgraph-api stores the user of the request that made a run (or, for a cron's firing, the user
:func:`server.cron_rules.store_cron_user` stored) in the run's ``configurable.langgraph_auth_user``
and runs it as that user, however much later: a run sent with ``after_seconds``, one queued behind
a busy thread, a cron's firing. A key revoked (or an admin's lowered to member) in between still
ran them with the rights it had when it sent them (session 28 left this open). The rule, in one
place: a run starts only while its creator still holds the rights it was made with; otherwise it
is not started, and its error says why.

Who made it is the server's record, never the client's: :func:`creator` is what ``authenticate``
(server/auth.py) puts in the user it returns, the managed key's prefix included (``key``; None for
a key of the environment's table, which only a restart changes), and langgraph-api refuses
``langgraph_auth_*`` keys in a client's config. Checked where a run first reaches tenant data: the
saver's first read of its thread (before anything is written) and the run-tenant hook its nodes go
through (a run without a thread), each run once per process (:func:`check_run`); a cron's firing,
which langgraph-api sends through the create_run handler as the stored user, is refused there.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kassist.tenancy import AUTH_USER_KEY, TENANT_KEY
from kassist.tenancy import auth_user_field as field
from server.keys import KeysUnreadable

if TYPE_CHECKING:
    from server.keys import KeyResolver, Principal

KEY_FIELD = "key"
"""The user's field naming the managed key (its prefix) that authenticated it; None or absent: a
key of the environment's table (or a cron stored before session 29), checked by identity."""


SCHEDULED_FIELD = "scheduled"
"""True in the user a cron stores (server/cron_rules.store_cron_user): its firings reach the
create_run handler as that user, with no request and no key sent."""


class RunNotStarted(RuntimeError):
    """A run whose creator no longer holds the rights it was made with: it is not started. A
    RuntimeError: langgraph-api says such an error's message to the client (its own types'
    messages it hides as "An internal error occurred")."""


def creator(principal: Principal, key: str | None) -> dict[str, Any]:
    """The user ``authenticate`` returns: the principal and the managed key it came with."""
    return {
        "identity": principal.identity,
        TENANT_KEY: principal.tenant_id,
        "role": principal.role,
        KEY_FIELD: key,
        "permissions": [],
    }


def refusal(user: Any, resolver: KeyResolver) -> str | None:
    """Why ``user`` (a run's recorded creator) may not start a run now, or None: its key was
    revoked (or, without a key named, its identity holds no key of its tenant any more), or it was
    an admin's and is a member's now."""
    identity, tenant = str(field(user, "identity") or ""), str(field(user, TENANT_KEY) or "")
    key = field(user, KEY_FIELD)
    now = resolver.current(identity, tenant, str(key) if key else None)
    if now is None:
        if key:
            return f"the API key that sent it (kassist_{key}...) was revoked after it was sent"
        return f"{identity!r} of tenant {tenant!r} holds no API key on this server any more"
    if field(user, "role") == "admin" and now.role != "admin":
        return f"the API key that sent it was an admin's and is a member's now ({identity!r})"
    return None


_RESOLVER: list[KeyResolver] = []
_CHECKED: OrderedDict[str, str | None] = OrderedDict()
_LOCK = threading.Lock()
RUNS_KEPT = 10_000


def admins_of(tenant: str) -> set[str]:
    """The identities that hold (or held) an admin key of ``tenant`` on this server (blocking; none
    in a process that authenticates no keys): who may have had a turn on any thread of the tenant."""
    return _RESOLVER[0].admins(tenant) if _RESOLVER else set()


def install(resolver: KeyResolver) -> None:
    """The key resolution this server process authenticates with (server/auth.py, at import)."""
    _RESOLVER[:] = [resolver]


def unknown(run_id: str, exc: Exception) -> str:
    return (
        f"could not check who sent run {run_id}: {exc}; it was not started: send it again (the key "
        "table is read when a run starts)"
    )


def not_started(run_id: str, why: str) -> str:
    return (
        f"run {run_id} was not started: {why}; a run acts with its creator's current rights when it "
        "starts (a delayed run, one queued behind a busy thread, a cron's firing): send it again with "
        "an active key"
    )


async def firing_refusal(user: Any) -> str | None:
    """Why a run being created as ``user`` is refused (a cron's firing, sent as the user it stored,
    after its key was revoked: every firing is refused, the cron fires nothing), or None."""
    if not _RESOLVER or not field(user, SCHEDULED_FIELD):
        return None  # a request's user: its key was resolved for this very request
    try:
        why = await asyncio.to_thread(refusal, user, _RESOLVER[0])
    except KeysUnreadable as exc:  # not known: this firing is skipped, the next one asks again
        return f"this run was not created: {exc}; the cron fires again at its next time"
    if why is None:
        return None
    return (
        f"this run was not created: {why}; a run acts with its creator's current rights (a cron's "
        "firing too): make the cron again with an active key"
    )


def _run_of(config: Mapping[str, Any] | None) -> tuple[str, Any] | None:
    """``(run id, recorded creator)`` of a run's config; None for any other config (a request's
    read) or in a process that authenticates no keys."""
    if not config or not _RESOLVER:
        return None
    run_id = config.get("run_id") or (config.get("metadata") or {}).get("run_id")
    user = (config.get("configurable") or {}).get(AUTH_USER_KEY)
    return None if not run_id or user is None else (str(run_id), user)


def _decided(run_id: str) -> tuple[bool, str | None]:
    with _LOCK:
        return run_id in _CHECKED, _CHECKED.get(run_id)


def _decide(run_id: str, user: Any) -> str | None:
    """The run's refusal, read now (blocking: the key table) and kept: decided once per run id in
    this process (the first: the run's start), so a run is not stopped half-way."""
    why = refusal(user, _RESOLVER[0])
    with _LOCK:
        _CHECKED[run_id] = why
        while len(_CHECKED) > RUNS_KEPT:
            _CHECKED.popitem(last=False)
    return why


def _decided_now(run_id: str, user: Any) -> str | None:
    """:func:`_decide`; a key table that cannot be read stops the run with that reason, not kept
    (the run's next attempt asks again) and never reported as a revoked key."""
    try:
        return _decide(run_id, user)
    except KeysUnreadable as exc:
        raise RunNotStarted(unknown(run_id, exc)) from None


def _raise(run_id: str, why: str | None) -> None:
    if why is not None:
        raise RunNotStarted(not_started(run_id, why))


def check_run(config: Mapping[str, Any] | None) -> None:
    """Raise :class:`RunNotStarted` when ``config`` is a run's whose creator no longer holds the
    rights it was made with (a node's tenant lookup, a saver call). Undecided on an event loop
    (langgraph dev refuses a blocking read there): the saver's :func:`acheck_run` at the run's
    first read decides it; a run without a thread is decided by its first node (a worker thread)."""
    run = _run_of(config)
    if run is None:
        return
    known, why = _decided(run[0])
    if not known:
        try:
            asyncio.get_running_loop()
            return
        except RuntimeError:
            why = _decided_now(*run)
    _raise(run[0], why)


async def acheck_run(config: Mapping[str, Any] | None) -> None:
    """:func:`check_run` on an event loop: the key table is read in a worker thread."""
    run = _run_of(config)
    if run is None:
        return
    known, why = _decided(run[0])
    if not known:
        why = await asyncio.to_thread(_decided_now, *run)
    _raise(run[0], why)
