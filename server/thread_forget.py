"""What goes with a thread's delete or prune, or with a run cancelled or deleted before it began: the
row of its accepted run (server/accepted_runs.py) and, with the thread, its session notes (the
``threads:delete`` and ``threads:update`` handlers, server/auth.py)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Mapping
from typing import Any

from langgraph_sdk import Auth

from kassist.dburl import database_url_from_env
from kassist.tenancy import OWNER_KEY
from memory import MemoryStore
from server.accepted_runs import table, thread_key
from server.auth_rules import is_admin
from server.job_threads import reached_or_made, reached_threads
from server.run_checks import tenant_of
from server.run_creator import admins_of
from server.saver import serving


async def forget(ctx: Auth.types.AuthContext, thread_id: object, run_id: object = None) -> None:
    """Drop the row of a thread whose data goes, or whose accepted run ``run_id`` is cancelled or
    deleted (None: whichever run), if the caller recorded it or is an admin; one statement, no read
    first."""
    key = thread_key(thread_id)
    if key is None or not serving():
        return
    owner = None if is_admin(ctx) else str(ctx.user.identity)
    await (await table()).forget(tenant_of(ctx), key, owner, thread_key(run_id))


async def forget_deleted(ctx: Auth.types.AuthContext, value: Mapping[str, Any]) -> None:
    """The ``threads:delete`` event, raised before langgraph-api decides anything:

    - ``DELETE /threads/{id}``: the thread goes, and its row (a lost thread's too, then 404);
    - ``DELETE /threads/{id}/runs/{run_id}`` (``run_id`` set): only the row of that run, which then
      never runs; the thread and another run's row stay;
    - a prune (``thread_ids``): the rows of its threads only when the caller reaches every one
      (otherwise langgraph-api refuses the whole prune, 404, and the threads stay). The event does
      not carry the strategy: a ``keep_latest`` prune, which the in-memory runtime refuses only
      after this event, is refused before any handler (server/body_keys.py), so a prune here is a
      delete."""
    if value.get("run_id") is not None:
        await forget(ctx, value.get("thread_id"), value.get("run_id"))
        return
    await forget(ctx, value.get("thread_id"))
    gone = [value.get("thread_id")]
    pruned = list(value.get("thread_ids") or ())
    if all(reached_or_made(ctx, thread_id, False) for thread_id in pruned):
        for thread_id in pruned:
            await forget(ctx, thread_id)
        gone += pruned
    await _forget_notes(ctx, {str(thread_id) for thread_id in gone if thread_id is not None})


async def _forget_notes(ctx: Auth.types.AuthContext, thread_ids: set[str]) -> None:
    """The session notes of the deleted threads the caller reaches (a member its own, an admin any
    of its tenant's), in the caller's tenant, of every user who could have had a turn there: the
    thread's owner and the tenant's admins (an admin's turn on a member's thread writes the admin's
    own note; a member reaches no other member's thread), each deleted by key - not one delete per
    user of the tenant (server.thread_owner.forget_session_notes). A thread the caller does not
    reach is langgraph-api's 404, and every note of it stays."""
    from server.thread_owner import forget_session_notes

    reached = reached_threads(ctx, thread_ids)
    if not reached:
        return
    tenant = tenant_of(ctx)
    owners = {str((t.get("metadata") or {}).get(OWNER_KEY) or "") for t in reached} - {""}

    def forget() -> None:
        users = owners | admins_of(tenant) | {str(ctx.user.identity)}
        ids = [str(t.get("thread_id")) for t in reached]
        forget_session_notes(_notes_store(), tenant, ids, users)

    await asyncio.to_thread(forget)


_NOTES: dict[str, MemoryStore] = {}
_NOTES_LOCK = threading.Lock()


def _notes_store() -> MemoryStore:
    """An admin view of the server's store (the database langgraph.json's store opens), kept open
    for the server's lifetime; bound to a tenant per call."""
    url = database_url_from_env()
    with _NOTES_LOCK:
        if url not in _NOTES:
            _NOTES[url] = MemoryStore.from_url(url, tenant_from_namespace=True)
        return _NOTES[url]


async def forget_cancelled(ctx: Auth.types.AuthContext, value: Mapping[str, Any]) -> None:
    """A cancel of named runs (``threads:update`` with ``action`` and ``metadata.run_ids``; raised
    before the cancel) drops the row of the thread's accepted run if it is one of them: a run
    cancelled before it began is not the run a later one resumes (else its settings pinned the
    thread, 409, and its input ran again)."""
    metadata = value.get("metadata")
    if value.get("action") not in ("interrupt", "rollback") or not isinstance(metadata, Mapping):
        return
    for run_id in metadata.get("run_ids") or ():
        await forget(ctx, value.get("thread_id"), run_id)
