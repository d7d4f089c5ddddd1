"""How many store items, and how many bytes of them, one user and one tenant put through the store
API (``PUT /store/items`` on ``langgraph dev``; server/auth.py's store handler).

Threads, assistants, crons and runs have their limits (server/object_limits.py, cron_limits.py,
run_limits.py); store items had none: a member could fill the database, every tenant's, with items
of up to the body limit each (session 28 left this open). A user keeps at most
``KASSIST_MAX_STORE_ITEMS_PER_USER`` items (default 10,000) of at most
``KASSIST_MAX_STORE_BYTES_PER_USER`` bytes together (default 100 MiB), a tenant, all its users
together, ``KASSIST_MAX_STORE_ITEMS_PER_TENANT`` (100,000) and ``KASSIST_MAX_STORE_BYTES_PER_TENANT``
(1 GiB). One more item, or a value that would cross a size limit, is refused with 409 naming the
limit, its variable and what to delete; an update of an item counts its new size instead of its
old one, so it passes while the total stays within the limits.

What counts: the items clients put through the API (a value's size as sent, its JSON), each the
user's who last wrote it, recorded in ``kassist_store_writers`` (the store's rows name no writer);
a client's delete forgets its row, and the rows of items gone another way (a run's delete, an
expiry) are swept when a count reaches a limit, so they never refuse a put. What the graphs' own runs write (session notes, memories) is
bounded by their own rules and does not count. Two writers at a limit: one wins - the count and the
record of the new item are one transaction that holds the tenant's lock (SQLite's write lock; a
PostgreSQL advisory lock per tenant, so two server processes on one database count in turn), and a
tenant's puts in this process are counted one at a time.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Generator, Mapping
from typing import Any

from langgraph_sdk import Auth

from kassist.db import Database
from kassist.db.handle import kept_open
from kassist.db.statements import Stmt, stmts
from kassist.dburl import database_url_from_env
from memory.store.factory import TENANT_ENV_VAR
from memory.store.namespaces import Scope, encode_path
from server.http_limits import env_count
from server.run_checks import refuse
from server.server_table import ServerTable
from server.sql_sqlite import WritersSql

ITEMS_ENV = "KASSIST_MAX_STORE_ITEMS_PER_USER"
BYTES_ENV = "KASSIST_MAX_STORE_BYTES_PER_USER"
TENANT_ITEMS_ENV = "KASSIST_MAX_STORE_ITEMS_PER_TENANT"
TENANT_BYTES_ENV = "KASSIST_MAX_STORE_BYTES_PER_TENANT"
DEFAULTS = {ITEMS_ENV: 10_000, BYTES_ENV: 100 * 2**20, TENANT_ITEMS_ENV: 100_000, TENANT_BYTES_ENV: 2**30}
HELD_SECONDS = 60.0
"""A recorded item counts this long before it is in the store (langgraph-api puts it after the
handler returns); then only while it is there."""


def store_limits(env: Mapping[str, str] | None = None) -> dict[str, int]:
    """Each limit by its variable, from the environment or the defaults; a value that is not a whole
    number from 1 up raises ValueError naming the variable (at start-up)."""
    units = {ITEMS_ENV: "items", TENANT_ITEMS_ENV: "items", BYTES_ENV: "bytes", TENANT_BYTES_ENV: "bytes"}
    return {name: env_count(env, name, default, 1, units[name]) for name, default in DEFAULTS.items()}


class StoreWriters(ServerTable[WritersSql]):
    """The store writers table of one database (its migration is the server table set's)."""

    STATEMENTS = "WRITERS_SQL"
    WHAT = "store writers table"

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self._swept: dict[str, float] = {}  # tenant -> when its rows of gone items were last swept

    async def take(self, item: dict[str, Any], limits: dict[str, int]) -> str | None:
        """Record ``item`` (tenant_id, ns_path, key, identity, bytes) as its writer's unless that
        would cross a limit: then the refusal, and nothing recorded. One transaction."""

        def steps() -> Generator[tuple[Stmt, ...], Any, str | None]:
            now = time.time()
            params = {**item, "now": now, "held": now - HELD_SECONDS}
            yield stmts(self._q.lock, params, fetch=True)
            why = yield from self._over(params, limits)
            if why is not None and self._swept.get(item["tenant_id"], 0.0) <= now - HELD_SECONDS:
                # At a limit: the rows of items gone since (a run's delete, an expiry) count no
                # more. At most once a hold's length per tenant: a user who keeps putting at her
                # limit does not make every put pass over the whole tenant.
                self._swept[item["tenant_id"]] = now
                yield stmts(self._q.sweep, params)
                why = yield from self._over(params, limits)
            if why is None:
                yield stmts(self._q.record, params)
            return why

        return await self._handle.arun(steps(), write=True)

    def _over(
        self, params: dict[str, Any], limits: dict[str, int]
    ) -> Generator[tuple[Stmt, ...], Any, str | None]:
        rows = yield stmts(self._q.usage, params, fetch=True)
        count, size, own_count, own_size = (int(v) for v in rows[0])
        return _refusal(params["bytes"], (own_count, own_size), (count, size), limits)

    async def forget(self, tenant: str, ns_path: str, key: str) -> None:
        def steps() -> Generator[tuple[Stmt, ...], Any, None]:
            yield stmts(self._q.forget, {"tenant_id": tenant, "ns_path": ns_path, "key": key})

        await self._handle.arun(steps(), write=True)


def _refusal(size: int, own: tuple[int, int], tenant: tuple[int, int], limits: dict[str, int]) -> str | None:
    """Why one more item of ``size`` bytes crosses a limit, given what the user and the tenant keep
    besides it, or None."""
    delete = (
        "delete items no longer needed (DELETE /store/items; POST /store/items/search lists them), "
        "then put this one again"
    )
    for (count, kept), who, items_env, bytes_env in (
        (own, "you keep", ITEMS_ENV, BYTES_ENV),
        (tenant, "your tenant's users keep", TENANT_ITEMS_ENV, TENANT_BYTES_ENV),
    ):
        one = "one user" if items_env == ITEMS_ENV else "one tenant"
        if count + 1 > limits[items_env]:
            return (
                f"{who} {count} store items, the most {one} may keep on this server is "
                f"{limits[items_env]} ({items_env}): {delete}"
            )
        if kept + size > limits[bytes_env]:
            return (
                f"{who} {kept} bytes of store items and this value holds {size}: the most {one} may keep "
                f"on this server is {limits[bytes_env]} bytes ({bytes_env}): {delete}"
            )
    return None


_TURNS: dict[str, asyncio.Lock] = {}  # a tenant's puts are counted one at a time in this process


def stored_path(namespace: tuple[str, ...]) -> tuple[str, str]:
    """``(tenant_id, ns_path)`` of an item of ``namespace`` (the tenant label first, as the auth
    handler forces it) as the server's store keeps it: the store's own rule
    (memory.store.namespaces.Scope, as memory.store.factory.langgraph_store opens it). With
    ``KASSIST_TENANT`` the store is a view bound to that tenant, which keeps the forced tenant label
    as a label of its own; re-deriving the path without it recorded a path no item had."""
    bound = os.environ.get(TENANT_ENV_VAR, "").strip() or None
    scope = Scope(tenant=bound, tenant_from_namespace=bound is None)
    tenant, labels = scope.resolve(namespace, "a store item's quota")
    return tenant, encode_path(labels)


def _table() -> StoreWriters:
    return kept_open(database_url_from_env(), StoreWriters)


async def check_store_put(
    ctx: Auth.types.AuthContext, tenant: str, value: Mapping[str, Any], limits: dict[str, int]
) -> None:
    """Refuse (409) a put that would cross a store limit of its writer or tenant; otherwise record
    the item as the caller's. A delete (``value`` None) forgets the record."""
    key = value.get("key")
    if not isinstance(key, str):
        return  # langgraph-api answers a put without a key
    table = await asyncio.to_thread(_table)  # opening connects: not on the event loop
    stored_tenant, path = stored_path(tuple(value.get("namespace") or ()))
    if ctx.action == "delete" or value.get("value") is None:
        # Before langgraph-api deletes the item (a delete is not refused after this handler).
        await table.forget(stored_tenant, path, key)
        return
    size = len(json.dumps(value.get("value"), ensure_ascii=False, default=str).encode())
    item = {"tenant_id": stored_tenant, "ns_path": path, "key": key, "bytes": size}
    item["identity"] = str(ctx.user.identity)
    async with _TURNS.setdefault(tenant, asyncio.Lock()):
        refuse(409, await table.take(item, limits))
