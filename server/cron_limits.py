"""How many crons a user and a tenant may keep on ``langgraph dev`` (server/auth.py's cron handler).

A cron is a job the server runs for its tenant on a schedule, as often as every scheduler tick
(croniter's six-field form fires every second), and every run goes through the server's one job
worker. Without a bound one member's key could make thousands and keep the worker, and every other
tenant's runs, waiting (session 21 probes, finding 4). So a cron's creation is refused with 409 when
its creator already keeps ``KASSIST_MAX_CRONS_PER_USER`` crons or its tenant
``KASSIST_MAX_CRONS_PER_TENANT`` (an admin's crons count for the tenant and against the admin's own
limit like a member's). A cron counts from its creation until it is deleted, enabled or not (a
disabled cron can be enabled by an update, which does not count again).

The crons are counted in langgraph-api's in-memory runtime (``langgraph dev``), the one this
project serves. Its handler runs before the cron is stored and langgraph-api awaits other checks in
between, so a cron approved here counts as pending while its request is in flight (its asyncio
task): two creations at the same moment cannot both take the last place, and a cron deleted right
after its creation frees its place at once.

How often one cron fires is bounded too (session 21 left it open): a six-field schedule (croniter's
sixth field is seconds) fired at every scheduler tick, one member's single cron holding the one
worker. A schedule (create and update) whose two firings can come less than
``KASSIST_MIN_CRON_INTERVAL_SECONDS`` apart (default 300) is refused with 422 naming the gap and the
limit (:func:`check_cron_interval`)."""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

from langgraph_sdk import Auth

from server.auth_rules import is_admin
from server.holds import Limit, Owner, owner_of, stored, tenant_refusal
from server.http_limits import env_count
from server.run_checks import refuse, tenant_of

PER_USER_ENV = "KASSIST_MAX_CRONS_PER_USER"
PER_TENANT_ENV = "KASSIST_MAX_CRONS_PER_TENANT"
DEFAULT_PER_USER = 10
DEFAULT_PER_TENANT = 100
MIN_INTERVAL_ENV = "KASSIST_MIN_CRON_INTERVAL_SECONDS"
DEFAULT_MIN_INTERVAL = 300
DAY_S = 86400
_CRONS = Limit()
"""Crons stored, and approved ones of requests in flight (server/holds.py)."""


def cron_limits(env: Mapping[str, str] | None = None) -> tuple[int, int]:
    """``(per user, per tenant)`` from the environment, or the defaults; a value that is not a whole
    number from 1 up raises ValueError naming the variable (at start-up: server/auth.py)."""
    return (
        env_count(env, PER_USER_ENV, DEFAULT_PER_USER, 1, "crons"),
        env_count(env, PER_TENANT_ENV, DEFAULT_PER_TENANT, 1, "crons"),
    )


def min_cron_interval(env: Mapping[str, str] | None = None) -> int:
    """The fewest seconds between two firings of one cron (``KASSIST_MIN_CRON_INTERVAL_SECONDS``), or
    the default; a value that is not a whole number from 1 up raises ValueError naming the variable."""
    return env_count(env, MIN_INTERVAL_ENV, DEFAULT_MIN_INTERVAL, 1, "seconds")


def shortest_gap(schedule: str) -> int | None:
    """The fewest seconds between two firings of ``schedule``, or None when croniter cannot expand it
    (langgraph-api's own check answers that one with 422).

    Computed over the times of day the schedule names (seconds, minutes, hours), midnight included
    as if every day fired: the day, month and year fields only skip days, and a schedule with one
    time of day fires at most daily. Exact whenever two days in a row fire; otherwise it may say
    shorter than the schedule fires (``0,59 0,23 * * 1``: 60 s, from a Monday's 23:59 to a 00:00
    that never comes), which errs on the side of refusing."""
    from croniter import croniter

    # croniter draws an ``R`` (random) field once per croniter, and langgraph-api makes a new one for
    # every next firing: judged by one draw, ``R * * * *`` was hourly and fired 60 s apart (h11 s33 #4).
    # Any value may come, with a range or a step too (``R(0-59)/30``: review s33 r1): judged as ``*``.
    schedule = " ".join(
        "*" if re.fullmatch(r"R(\([^)]*\))?(/\d+)?", field, re.I) else field for field in schedule.split()
    )
    try:
        fields, _ = croniter.expand(schedule)
    except Exception:  # croniter raises several types, CroniterError among them; all mean "not a schedule"
        return None
    minutes, hours = _values(fields[0], 60), _values(fields[1], 24)
    seconds = _values(fields[5], 60) if len(fields) > 5 else [0]
    times = sorted(h * 3600 + m * 60 + s for h in hours for m in minutes for s in seconds)
    if not times:
        return None
    across_midnight = DAY_S - times[-1] + times[0]  # DAY_S itself for one time of day
    return min([later - earlier for earlier, later in itertools.pairwise(times)] + [across_midnight])


def _values(field: list[Any], size: int) -> list[int]:
    """croniter's expansion of one time field: ``['*']`` for every value, else the values."""
    if "*" in field:
        return list(range(size))
    return sorted({int(v) for v in field if isinstance(v, int) and 0 <= v < size})


def _seconds(count: int) -> str:
    return f"{count} second" if count == 1 else f"{count} seconds"


def check_cron_interval(ctx: Auth.types.AuthContext, value: Mapping[str, Any], least: int) -> None:
    """Refuse (422) a schedule whose firings can come less than ``least`` seconds apart. An update
    of a cron the caller does not reach is left to langgraph-api's filter ("not found" first,
    whatever schedule it sends)."""
    schedule = value.get("schedule")
    if not isinstance(schedule, str):
        return
    if ctx.action == "update" and reached_cron(ctx, value.get("cron_id")) is None:
        return
    gap = shortest_gap(schedule)
    if gap is None or gap >= least:
        return
    example = "*/5 * * * *" if least <= 300 else "0 * * * *" if least <= 3600 else "0 0 * * *"
    shown = schedule if len(schedule) <= 60 else f"{schedule[:60]}... ({len(schedule)} characters)"
    refuse(
        422,
        f"schedule {shown!r} fires as little as {_seconds(gap)} apart; a cron on this server fires at "
        f"most once every {_seconds(least)} ({MIN_INTERVAL_ENV}): use a schedule whose runs are at "
        f"least that far apart, e.g. {example!r}",
    )


def reached_cron(ctx: Auth.types.AuthContext, cron_id: object) -> Mapping[str, Any] | None:
    """The stored cron ``cron_id`` when the caller reaches it, else None (langgraph-api's 404)."""
    for cron in _stored_crons():
        if str(cron.get("cron_id")) == str(cron_id):
            tenant, owner = owner_of(cron)
            if tenant != tenant_of(ctx):
                return None
            return cron if is_admin(ctx) or owner == str(ctx.user.identity) else None
    return None


def _stored_crons() -> Iterable[Mapping[str, Any]]:
    """The crons langgraph-api's runtime keeps. Another runtime than the in-memory one (a future
    deployment) is refused rather than left without a bound; a process without a runtime loaded
    (handlers called directly, as in tests) has no crons."""
    edition = os.environ.get("LANGGRAPH_RUNTIME_EDITION", "inmem")
    if edition != "inmem":
        refuse(
            503,
            f"crons are counted on langgraph dev's in-memory runtime only, not {edition!r}: "
            "creating one is refused here",
        )
    return stored("crons")


def check_cron_limit(ctx: Auth.types.AuthContext, value: Mapping[str, Any], limits: tuple[int, int]) -> None:
    """Refuse (409) a new cron over its creator's or its tenant's limit; otherwise hold it as
    pending (server/holds.py). No await from the count to the hold."""
    me: Owner = (tenant_of(ctx), str(ctx.user.identity))
    per_user, per_tenant = limits
    kept: dict[str, Owner | None] = {str(cron.get("cron_id")): owner_of(cron) for cron in _stored_crons()}
    what = "delete a cron no longer needed (DELETE /runs/crons/{cron_id}; POST /runs/crons/search lists them), then create this one"

    def refusal(count: int, wanted: int) -> str:  # wanted: 1, a cron is no batch's run
        return (
            f"you keep {count} crons, the most one user may keep on this server is {per_user} "
            f"({PER_USER_ENV}): {what}"
        )

    tenant = (per_tenant, tenant_refusal("crons", PER_TENANT_ENV, per_tenant, what, after=""))
    refuse(409, _CRONS.take(str(value.get("cron_id") or id(value)), me, kept, per_user, refusal, tenant))
