"""The one retry rule of kassist's database executors.

* A connection lost before the operation had any answer from the server: run it again on a fresh
  connection (:class:`kassist.db.pool_postgres.Replay` decides, :func:`kassist.db.pool_postgres.retry_if_lost` does it).
  After an answer, the operation may have acted on what it read: the loss is DatabaseUnavailable.
* A deadlock or serialization failure: the server rolled the whole transaction back, so an
  operation whose caller can build it afresh (``again``) runs again from the start, after a short
  backoff; others see the error.
* A connection lost after an answer but before the transaction's COMMIT was sent
  (:class:`kassist.db.pool_postgres.Interrupted`): the server rolled it back too, so the same
  holds. A server restart or a killed backend in the middle of a ``remember`` then costs a retry,
  not an error, once the server answers again. A loss during COMMIT leaves the outcome unknown and
  is never re-run.
* A statement that must land after one that did (a run's cancel recorded, then the request that
  stops it; an upload's run stored, then made wanted once its files are in place): tried again
  while the database is busy or unavailable, for a bounded time (:class:`UntilAvailable`,
  :func:`until_available`) - its failure told as "nothing was written" would be false of the first
  (h22 s38 H22-10, H22-14).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Any, TypeVar

import psycopg

from kassist.db.pool_postgres import Interrupted
from kassist.dburl import DatabaseUnavailable

CONFLICT_RETRIES = 2
BACKOFF_S = 0.05


def conflict(exc: BaseException) -> bool:
    """Whether the server rolled the transaction back for colliding with another one."""
    return isinstance(exc, psycopg.errors.DeadlockDetected | psycopg.errors.SerializationFailure)


def rolled_back(exc: BaseException) -> bool:
    """Whether the server undid the whole transaction, so running it again from the start is safe."""
    return conflict(exc) or isinstance(exc, Interrupted)


def backoff(attempt: int) -> float:
    """Seconds to wait before re-run ``attempt`` (0-based): 50 ms, then 200 ms."""
    return float(BACKOFF_S * 4**attempt)


def rerun(exc: Exception, again: Callable[[], Generator[Any, Any, Any]] | None, attempt: int) -> Any:
    """A fresh operation to run after ``exc`` ended re-run ``attempt`` (0-based), or ``exc`` again:
    only a transaction the server rolled back whole is re-run (:func:`rolled_back`), only when the
    caller can rebuild the operation, at most :data:`CONFLICT_RETRIES` times."""
    if again is None or attempt >= CONFLICT_RETRIES or not rolled_back(exc):
        raise exc
    return again()


class Reruns:
    """The re-run rule as state, without I/O: an executor's loop (sync or async) runs the operation,
    hands each failure to :meth:`after` and waits the seconds it returns before running the fresh
    operation it returns; :meth:`after` raises the failure when it is not to be re-run."""

    __slots__ = ("again", "attempt")

    def __init__(self, again: Callable[[], Generator[Any, Any, Any]] | None) -> None:
        self.again, self.attempt = again, 0

    def after(self, exc: Exception) -> tuple[Any, float]:
        """(the operation to run next, seconds to wait first), or ``exc`` raised (:func:`rerun`)."""
        op, delay = rerun(exc, self.again, self.attempt), backoff(self.attempt)
        self.attempt += 1
        return op, delay


T = TypeVar("T")
AVAILABLE_WITHIN_S = 30.0
"""How long a statement that must land after one that did is tried again (:func:`until_available`)."""


class UntilAvailable:
    """The rule of :func:`until_available` as state, without I/O: :meth:`after` returns the seconds
    to wait before the next attempt (0.1 s, doubling to 2 s) or raises the failure: not the database
    being busy or unavailable, or the next attempt past ``within_s`` from ``now``."""

    __slots__ = ("deadline", "pause")

    def __init__(self, within_s: float, now: float) -> None:
        self.deadline, self.pause = now + within_s, 0.1

    def after(self, exc: Exception, now: float) -> float:
        if not isinstance(exc, DatabaseUnavailable) or now + self.pause > self.deadline:
            raise exc
        pause, self.pause = self.pause, min(self.pause * 2, 2.0)
        return pause


def until_available(call: Callable[[], T], within_s: float = AVAILABLE_WITHIN_S) -> T:
    """``call()``, tried again while the database is busy or unavailable (:class:`UntilAvailable`);
    its last failure raised. For a blocking caller (a worker thread, the command line)."""
    waits = UntilAvailable(within_s, time.monotonic())
    while True:
        try:
            return call()
        except Exception as exc:  # raised again by after() unless it is to be tried again
            time.sleep(waits.after(exc, time.monotonic()))
