"""How many assistant turns one user (and one tenant) may have in flight on ``kassist serve``.

``langgraph dev`` refuses a user's runs past ``KASSIST_MAX_WAITING_RUNS_PER_USER`` and a tenant's past
``KASSIST_MAX_WAITING_RUNS_PER_TENANT`` (server/run_limits.py); ``kassist serve``'s turns took no bound:
400 concurrent turns of one member held another tenant's first turn 22-41 s, the whole burst (h8 s31
#10). The same settings bound the turns a user, and a tenant, has in flight here: one more is refused
at once (409, one line naming the setting), so another tenant's turn waits for at most the bounded
work. Counted in this process (the server's own turns); a held turn is released when its request
ends, whatever its outcome."""

from __future__ import annotations

import threading
from collections import Counter

from server.keys import Principal
from server.run_limits import TENANT_WAITING_ENV, WAITING_ENV, tenant_waiting_runs_limit, waiting_runs_limit


class TurnsInFlight:
    """The turns in flight per (tenant, identity) and per tenant, bounded by the limits read at start."""

    def __init__(self, per_user: int | None = None, per_tenant: int | None = None) -> None:
        self.per_user = waiting_runs_limit() if per_user is None else per_user
        self.per_tenant = tenant_waiting_runs_limit() if per_tenant is None else per_tenant
        self._users: Counter[tuple[str, str]] = Counter()
        self._tenants: Counter[str] = Counter()
        self._lock = threading.Lock()  # routes run on the event loop, LangServe's sync parts in threads

    def refusal(self, who: Principal, count: int = 1) -> str | None:
        """Take ``count`` turns for ``who`` (a LangServe batch's inputs: LangServe runs them at once),
        all or none, or say why not (nothing taken). A batch took one place whatever its size: one
        member kept 100 batches of 50 turns in flight (h14 s35 H6)."""
        user = (who.tenant_id, who.identity)
        with self._lock:
            mine, ours = self._users[user], self._tenants[who.tenant_id]
            if mine + count > self.per_user:
                return _over(
                    mine,
                    count,
                    "you have",
                    "one user",
                    self.per_user,
                    WAITING_ENV,
                    "wait for an answer, then send the next",
                )
            if ours + count > self.per_tenant:
                return _over(
                    ours,
                    count,
                    "your tenant has",
                    "one tenant",
                    self.per_tenant,
                    TENANT_WAITING_ENV,
                    "try again shortly",
                )
            self._users[user] += count
            self._tenants[who.tenant_id] += count
        return None

    def release(self, who: Principal, count: int = 1) -> None:
        user = (who.tenant_id, who.identity)
        with self._lock:
            self._users[user] -= count
            self._tenants[who.tenant_id] -= count
            if self._users[user] <= 0:
                del self._users[user]
            if self._tenants[who.tenant_id] <= 0:
                del self._tenants[who.tenant_id]


def _over(held: int, count: int, whose: str, one: str, limit: int, env: str, then: str) -> str:
    """The refusal's line: the turns held, and a batch's as what it would make them. A batch larger
    than the bound itself is never let in, however long its sender waits: it is told to send fewer."""
    if count > limit:
        return (
            f"this batch has {count} inputs, and the most turns {one} may have in flight on this server is "
            f"{limit} ({env}): send at most {limit} inputs per batch"
        )
    said = f"{whose} {held} turns in flight"
    if count > 1:
        said = f"this batch's {count} turns would make {held + count} turns in flight ({whose} {held})"
    return f"{said}, the most {one} may have on this server is {limit} ({env}): {then}"
