"""Injectable clocks for tests, so "later" is a fact the test sets rather than a sleep."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class ManualClock:
    """Stands still until the test calls :meth:`advance`."""

    def __init__(self, start: datetime = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


class SteppingClock(ManualClock):
    """Moves 1 ms forward on every read, so consecutive writes get distinct, ordered times."""

    def __call__(self) -> datetime:
        self.now += timedelta(milliseconds=1)
        return self.now
