"""When a told event happened, read from the turn's words and the day it was said. Pure, no I/O.

A turn says "last Saturday I ran the 10k" on 8 May 2023; a question asks "What did Asha do on
6 May 2023?" or "... in early May?". The turn's own time (``at``, the session's date) is 8 May,
and for "last month" said on 2 June it is in the wrong month altogether. So recall reads, once per
turn when the user's cache is built, the span of days the turn's relative time points at, and a
question's time window matches a turn when either the day it was said or that span falls inside
it. Only times people use to tell past events are read ("yesterday", "two days ago", "last
Friday", "on Saturday", "this past Sunday", "last weekend", "last week", "a few weeks ago", "last
month"); the first one a turn names counts, in a sentence that does not tell a plan ("next",
"will", "going to"). A weekday is the latest such day before the day the
turn was said ("on Saturday" said on a Monday is two days before; said on a Saturday, a week
before), as LoCoMo's annotators read them.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a couple of": 2,
          "a few": 3, "few": 3, "couple of": 2}  # fmt: skip
_UNIT = {"day": 1, "week": 7, "month": 30}
_RELATIVE = re.compile(
    r"\b(yesterday|last night|last weekend|last week|last month|the day before yesterday"
    r"|(?:last|on|this past|past) (?P<day>monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|(?P<n>\d+|a|an|one|two|three|four|five|six|a couple of|a few|few|couple of) (?P<unit>day|week|month)s? ago)\b",
    re.IGNORECASE,
)
_HINTS = ("yesterday", "last ", "ago", "day")
# "I'm hiking on Saturday" is a plan, not a told event: no past day for a sentence that says so.
_FUTURE = re.compile(r"\b(will|won't|going to|gonna|plan|planning|next|tomorrow|hope to|hoping to)\b|'ll\b")
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")


def event_span(text: str, said: datetime) -> tuple[datetime, datetime] | None:
    """The half-open span of days ``text``'s first relative past time points at, told at ``said``
    (UTC), or None when it names none."""
    low = text.lower()
    # Most turns name none: no regular expression for them (the cache is rebuilt after a write).
    if not any(h in low for h in _HINTS):
        return None
    m = next(
        (
            m
            for s in _SENTENCE.finditer(low)
            if (m := _RELATIVE.search(s.group(0))) and not _FUTURE.search(s.group(0))
        ),
        None,
    )
    if m is None:
        return None
    said = said.astimezone(UTC)
    today = datetime(said.year, said.month, said.day, tzinfo=UTC)
    one = timedelta(days=1)
    phrase = m.group(1)
    if phrase in ("yesterday", "last night"):
        return today - one, today
    if phrase == "the day before yesterday":
        return today - 2 * one, today - one
    monday = today - timedelta(days=today.weekday())
    if phrase == "last weekend":
        saturday = today - timedelta(days=(today.weekday() - 5) % 7 or 7)
        return saturday, saturday + 2 * one
    if phrase == "last week":
        return monday - 7 * one, monday
    if phrase == "last month":
        first = today.replace(day=1)
        return (first - one).replace(day=1), first
    if m.group("day"):
        day = today - timedelta(days=(today.weekday() - _DAYS.index(m.group("day"))) % 7 or 7)
        return day, day + one
    count_word = m.group("n")
    count = int(count_word) if count_word.isdigit() else _COUNT.get(count_word, 1)
    unit = _UNIT[m.group("unit")]
    centre = today - timedelta(days=count * unit)
    half = timedelta(days=unit // 2)  # "two weeks ago" is about a fortnight back, give or take half a week
    return centre - half, centre + half + one
