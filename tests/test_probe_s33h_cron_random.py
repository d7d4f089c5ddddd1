"""A cron schedule with croniter's random ``R`` fields is bounded by the firings it can really make
(session 33 probes, h11: /tmp/h11/findings.md #4).

``langgraph dev`` refuses a cron whose two firings can come less than
``KASSIST_MIN_CRON_INTERVAL_SECONDS`` (300) apart (server/cron_limits.check_cron_interval). The gap is
computed from one expansion of the schedule (``croniter.expand``), which draws each ``R`` field once:
``R * * * *`` is "one minute of every hour", 3600 s, accepted. But langgraph-api computes every next
firing with a new croniter (``next_cron_date``), which draws the random fields again each time: the
firings of ``R * * * *`` come as little as 60 s apart, those of ``R * * * * R`` 3 s apart (measured
over 200 firings from 2026-12-06 21:00 UTC: minimum 60 s and 3 s). No server: the schedule's own
firings as langgraph-api's scheduler computes them, and the rule's verdict."""

from __future__ import annotations

import pytest
from review_support import firing_gaps

from server.cron_limits import DEFAULT_MIN_INTERVAL, shortest_gap


@pytest.mark.parametrize("schedule", ["R * * * *", "R * * * * R"])
def test_a_random_schedule_is_judged_by_the_firings_it_makes(schedule: str) -> None:
    fastest = min(firing_gaps(schedule))
    assert fastest < DEFAULT_MIN_INTERVAL  # what the scheduler really does
    gap = shortest_gap(schedule)
    assert gap is not None and gap <= fastest, (
        f"{schedule!r} is judged to fire at most every {gap} s; its firings came {fastest:.0f} s apart"
    )
