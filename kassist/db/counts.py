"""One check for a count (a limit, an offset, a depth) a caller passes down to SQL."""

from __future__ import annotations

MAX_COUNT = 2**62
"""Below both backends' 64-bit integers (SQLite INTEGER, PostgreSQL bigint)."""


def check_count(what: str, value: object) -> None:
    """Refuse anything but a whole number from 0 to 2**62, naming ``what``: a bad limit is then a
    clear ValueError, not a driver's overflow, PostgreSQL's "LIMIT must not be negative" or
    SQLite's LIMIT -1 (no limit at all)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_COUNT:
        raise ValueError(f"{what} must be a whole number from 0 to 2**62, got {value!r}")
