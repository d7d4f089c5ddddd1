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
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import psycopg

from kassist.db.pool_postgres import Interrupted

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
