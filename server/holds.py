"""Creations an auth handler approved whose request is still in flight (server/cron_limits.py,
server/run_limits.py).

langgraph-api stores a cron or a run only after the handler returns and further checks are awaited,
so a count of the stored objects alone would let creations at the same moment all take the last
place under a limit. An approved creation is held, and counted, until it is stored, its request's
asyncio task ends (refused later, or done), or :data:`HOLD_S` pass."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from typing import Any

HOLD_S = 30.0
"""The longest an approval is held should its request's task not end (langgraph-api stores the
object within the request, milliseconds later, or refuses it)."""

Owner = tuple[str, str]
"""(tenant, user) an object counts for."""


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


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no running loop: nothing else can interleave
        return None
