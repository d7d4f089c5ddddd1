"""Count limits on what one user keeps on ``langgraph dev`` (server/cron_limits.py,
server/run_limits.py, server/object_limits.py): langgraph-api's in-memory runtime read in one
place, creations an auth handler approved whose request is still in flight, and the runs of one
``POST /runs/batch`` counted together.

langgraph-api stores a cron, a run, a thread or an assistant only after the handler returns and
further checks are awaited, so a count of the stored objects alone would let creations at the same
moment all take the last place under a limit. An approved creation is held, and counted, until it
is stored, its request's asyncio task ends (refused later, or done), or :data:`HOLD_S` pass.

A batch's runs are authorized one by one, each in a task of its own (langgraph-api gathers them):
counted one by one, a batch crossing a limit queued its runs up to it and was then refused, half
of it running. :class:`server.http_limits.RequestLimits` marks such a request with its number of
runs (:func:`start_batch`); the first of its runs to reach a limit counts them all and, when they
fit, holds a place for each of the others, which they take in turn. Pure: no I/O."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

HOLD_S = 30.0
"""The longest an approval is held should its request's task not end (langgraph-api stores the
object within the request, milliseconds later, or refuses it)."""

Owner = tuple[str, str]
"""(tenant, user) an object counts for."""


def runtime_present() -> bool:
    """Whether this process runs langgraph dev's in-memory runtime (whose registry :func:`stored` reads)."""
    database = sys.modules.get("langgraph_runtime_inmem.database")
    return getattr(database, "GLOBAL_STORE", None) is not None


def stored(kind: str) -> list[Mapping[str, Any]]:
    """The ``kind`` objects (``"runs"``, ``"crons"``, ``"threads"``, ``"assistants"``) langgraph dev's
    in-memory runtime keeps; none in a process without that runtime (handlers called directly, as
    in tests)."""
    database = sys.modules.get("langgraph_runtime_inmem.database")
    store = getattr(database, "GLOBAL_STORE", None)
    objects = store.get(kind) if store is not None else None
    return list(objects or ())


def owner_of(obj: Mapping[str, Any], who: str = "owner") -> Owner:
    """Whom a stored object counts for: its metadata's tenant and ``who`` (server/auth_rules.stamp)."""
    from kassist.tenancy import TENANT_KEY

    metadata = obj.get("metadata") or {}
    return (str(metadata.get(TENANT_KEY)), str(metadata.get(who)))


class Holds:
    """Approvals in flight, per limit: key -> (tenant, user, when approved, the request's task)."""

    def __init__(self) -> None:
        self._held: dict[str, tuple[str, str, float, asyncio.Task[Any] | None]] = {}

    def counted(self, stored: Mapping[str, Owner | None]) -> list[Owner]:
        """Who each counted object is for: the stored ones that count (``stored`` maps every stored
        key to its owner, or None when it no longer counts) and the held ones not stored yet."""
        now = time.monotonic()
        owners = [owner for owner in stored.values() if owner is not None]
        for key, (tenant, user, since, task) in list(self._held.items()):
            if key in stored or now - since > HOLD_S or (task is not None and task.done()):
                del self._held[key]
            else:
                owners.append((tenant, user))
        return owners

    def hold(self, key: str, owner: Owner) -> None:
        """Count ``key`` for ``owner`` until it is stored or its request ends. Call it with no await
        since :meth:`counted`: the event loop runs no other handler in between."""
        self._held[key] = (*owner, time.monotonic(), _current_task())

    def release(self, key: str) -> None:
        self._held.pop(key, None)


@dataclass
class Batch:
    """The runs of one ``POST /runs/batch`` request: their bodies (``items``, parsed once by
    server/http_limits.py), the places the first of them to reach each limit held for the others,
    a limit's refusal, which every run of it then gets, and the verdict on every run's rules
    (server/batch_runs.py: set by the first run to reach them, awaited by the others)."""

    items: list[Any]
    places: dict[int, list[str]] = field(default_factory=dict)
    refusals: dict[int, str] = field(default_factory=dict)
    verdict: asyncio.Future[tuple[int, str] | None] | None = None

    @property
    def size(self) -> int:
        return len(self.items)


_BATCH: ContextVar[Batch | None] = ContextVar("kassist_batch", default=None)


def start_batch(items: list[Any]) -> None:
    """This request creates a run for each of ``items`` at once (set before langgraph-api's route
    runs: each run's task starts with a copy of this context, sharing the one :class:`Batch`)."""
    _BATCH.set(Batch(items) if items else None)


def current_batch() -> Batch | None:
    """The batch the current run belongs to, or None (a run of its own)."""
    return _BATCH.get()


def tenant_refusal(
    kind: str, variable: str, limit: int, what: str, after: str = ", then try again"
) -> Callable[[int, int], str]:
    """A tenant limit's refusal for :meth:`Limit.take` (``refusal(count, wanted)``): the tenant's
    ``count`` of ``kind``, its ``limit`` and ``variable``, ``what`` to delete, the admin's note and
    ``after`` it (a cron's says "then create this one" inside ``what``: ``after`` empty)."""

    def refusal(count: int, wanted: int) -> str:
        said = f"this batch's {wanted} runs would make {count + wanted}" if wanted > 1 else f"keeps {count}"
        return (
            f"your tenant {said} {kind}, the most one tenant may keep on this server is {limit} "
            f"({variable}): {what} (an admin of the tenant reaches every one){after}"
        )

    return refusal


class Limit:
    """One count limit: a user has at most so many objects, stored or approved in flight."""

    def __init__(self) -> None:
        self.holds = Holds()

    def take(
        self,
        key: str,
        me: Owner,
        stored: Mapping[str, Owner | None],
        most: int,
        refusal: Callable[[int, int], str],
        tenant: tuple[int, Callable[[int, int], str]] | None = None,
    ) -> str | None:
        """Why one more object ``key`` of ``me`` is refused (``refusal(count, wanted)``: the user's
        count and the places wanted, a batch's whole size), or None once it holds its place.
        ``tenant``: the most ``me``'s tenant may keep, all its users together, and its refusal. No
        await from the count to the hold."""
        batch = _BATCH.get()
        if batch is not None:
            if id(self) in batch.refusals:
                return batch.refusals[id(self)]
            places = batch.places.get(id(self))
            if places:  # the batch was counted whole: take one of its places
                self.holds.release(places.pop())
                self.holds.hold(key, me)
                return None
        owners = self.holds.counted(stored)
        count = sum(1 for owner in owners if owner == me)
        wanted = batch.size if batch is not None else 1
        detail = refusal(count, wanted) if count + wanted > most else None
        if detail is None and tenant is not None:
            together = sum(1 for owner in owners if owner[0] == me[0])
            tenant_most, tenant_refusal = tenant
            detail = tenant_refusal(together, wanted) if together + wanted > tenant_most else None
        if detail is not None:
            if batch is not None:
                batch.refusals[id(self)] = detail
            return detail
        if batch is not None:
            batch.places[id(self)] = [f"batch:{id(batch)}:{id(self)}:{i}" for i in range(wanted - 1)]
            for place in batch.places[id(self)]:
                self.holds.hold(place, me)
        self.holds.hold(key, me)
        return None


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no running loop: nothing else can interleave
        return None
