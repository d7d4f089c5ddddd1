"""How many runs one user may have waiting on ``langgraph dev`` (server/auth.py's run handler).

``langgraph dev`` runs one job at a time, first come first served, and nothing bounded the runs a
user queued: one member made 3,000 runs in 6 s (60 batches of 50, delayed with ``after_seconds``),
each of which would hold the one worker in turn while every other tenant's runs waited behind them
(session 22 probes). A run is refused with 409 when its creator already has
``KASSIST_MAX_WAITING_RUNS_PER_USER`` runs pending or running (default 100; a cron's scheduled runs
act as its creator and count the same), or its tenant ``KASSIST_MAX_WAITING_RUNS_PER_TENANT``
(default 1000: an admin makes keys, each with its own limit). Runs approved but not stored yet count too
(server/holds.py), so simultaneous requests cannot pass the limit together, and a batch whose runs
would take its creator over the limit is refused whole (it queued its runs up to the limit before). Counted in langgraph-api's in-memory runtime, the one ``langgraph dev`` serves (another
runtime has none to count: nothing is refused there)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph_sdk import Auth

from server.holds import Limit, Owner, owner_of, stored
from server.http_limits import env_count
from server.run_checks import refuse, tenant_of

WAITING_ENV = "KASSIST_MAX_WAITING_RUNS_PER_USER"
DEFAULT_WAITING_RUNS = 100
TENANT_WAITING_ENV = "KASSIST_MAX_WAITING_RUNS_PER_TENANT"
DEFAULT_TENANT_WAITING_RUNS = 1000
WAITING = frozenset({"pending", "running"})

_LIMIT = Limit()


def waiting_runs_limit(env: Mapping[str, str] | None = None) -> int:
    """The most runs one user may have pending or running, from the environment or the default; a
    value that is not a whole number from 1 up raises ValueError naming the variable (at start-up)."""
    return env_count(env, WAITING_ENV, DEFAULT_WAITING_RUNS, 1, "runs")


def tenant_waiting_runs_limit(env: Mapping[str, str] | None = None) -> int:
    """The most runs one tenant's users may have pending or running together
    (``KASSIST_MAX_WAITING_RUNS_PER_TENANT``): per user alone, an admin's many keys (or many members)
    queued runs without end. A bad value raises ValueError naming the variable (at start-up)."""
    return env_count(env, TENANT_WAITING_ENV, DEFAULT_TENANT_WAITING_RUNS, 1, "runs")


def check_waiting_runs(
    ctx: Auth.types.AuthContext, value: Mapping[str, Any], limit: int, tenant_limit: int
) -> None:
    """Refuse (409) a run whose creator already has ``limit`` runs waiting, or its tenant
    ``tenant_limit`` (a batch: when its runs would take either over it, all of them); otherwise
    hold it until it is stored. No await from the count to the hold."""
    me: Owner = (tenant_of(ctx), str(ctx.user.identity))
    waiting = {
        str(run.get("run_id")): owner_of(run) if run.get("status") in WAITING else None
        for run in stored("runs")
    }

    def refusal(count: int, wanted: int) -> str:
        what = (
            f"this batch's {wanted} runs would make {count + wanted} runs of yours waiting or running"
            if wanted > 1
            else f"you have {count} runs waiting or running"
        )
        return (
            f"{what}, the most one user may have on this server is {limit} ({WAITING_ENV}): "
            + ("send fewer runs (none of this batch was queued), " if wanted > 1 else "")
            + "wait for them to finish, or cancel some "
            "(POST /threads/{thread_id}/runs/{run_id}/cancel; GET /threads/{thread_id}/runs lists them)"
        )

    def tenant_refusal(count: int, wanted: int) -> str:
        what = (
            f"this batch's {wanted} runs would make {count + wanted} runs of your tenant's"
            if wanted > 1
            else f"your tenant has {count} runs"
        )
        return (
            f"{what} waiting or running, the most one tenant may have on this server is {tenant_limit} "
            f"({TENANT_WAITING_ENV}): wait for them to finish, or cancel some (an admin of the tenant "
            "reaches every one)"
        )

    key = str(value.get("run_id") or id(value))
    refuse(409, _LIMIT.take(key, me, waiting, limit, refusal, (tenant_limit, tenant_refusal)))
