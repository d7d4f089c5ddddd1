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

    def refusal(self, who: Principal) -> str | None:
        """Take a turn for ``who``, or say why not (nothing taken)."""
        user = (who.tenant_id, who.identity)
        with self._lock:
            if self._users[user] >= self.per_user:
                return (
                    f"you have {self._users[user]} turns in flight, the most one user may have on this "
                    f"server is {self.per_user} ({WAITING_ENV}): wait for an answer, then send the next"
                )
            if self._tenants[who.tenant_id] >= self.per_tenant:
                return (
                    f"your tenant has {self._tenants[who.tenant_id]} turns in flight, the most one tenant "
                    f"may have on this server is {self.per_tenant} ({TENANT_WAITING_ENV}): try again shortly"
                )
            self._users[user] += 1
            self._tenants[who.tenant_id] += 1
        return None

    def release(self, who: Principal) -> None:
        user = (who.tenant_id, who.identity)
        with self._lock:
            self._users[user] -= 1
            self._tenants[who.tenant_id] -= 1
            if self._users[user] <= 0:
                del self._users[user]
            if self._tenants[who.tenant_id] <= 0:
                del self._tenants[who.tenant_id]
