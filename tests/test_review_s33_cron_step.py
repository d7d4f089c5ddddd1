"""A cron schedule whose random ``R`` field has a step is bounded by the firings it can really make
(review s33 r1, of 42e670c / h11 s33 #4).

42e670c judges a bare ``R`` or ``R(a-b)`` field as ``*`` (server/cron_limits.shortest_gap), since
langgraph-api draws the random fields again at every firing. croniter also takes a step after it:
``R/10`` is "a random minute, then every 10th" - one draw gives 7,17,27... (600 s, accepted against
the 300 s minimum), but each firing's new draw may land on the very next minute: the firings of
``R/10 * * * *`` come 60 s apart, those of ``R(0-59)/30 * * * *`` well under 300 s. No server: the
schedule's firings as langgraph-api's scheduler computes them (as tests/test_probe_s33h_cron_random.py
does), and the rule's verdict; < 1 s."""

from __future__ import annotations

import pytest
from review_support import firing_gaps

from server.cron_limits import DEFAULT_MIN_INTERVAL, shortest_gap


@pytest.mark.parametrize("schedule", ["R/10 * * * *", "R(0-59)/30 * * * *"])
def test_a_random_field_with_a_step_is_judged_by_the_firings_it_makes(schedule: str) -> None:
    # Each of 200 firings comes 1 to 10 (30) minutes after the last, evenly: one under 5 minutes is all
    # but certain (chance of none: 0.6 ** 200).
    fastest = min(firing_gaps(schedule))
    assert fastest < DEFAULT_MIN_INTERVAL  # what the scheduler really does
    gap = shortest_gap(schedule)
    assert gap is not None and gap <= fastest, (
        f"{schedule!r} is judged to fire at most every {gap} s; its firings came {fastest:.0f} s apart"
    )
