"""The one retry rule of kassist's database executors.

* A connection lost before the operation had any answer from the server: run it again on a fresh
  connection (:class:`kassist.db.pool_postgres.Replay` decides, :func:`kassist.db.pool_postgres.retry_if_lost` does it).
  After an answer, the operation may have acted on what it read: the loss is DatabaseUnavailable.
* A deadlock or serialization failure: the server rolled the whole transaction back, so an
  operation whose caller can build it afresh (``again``) runs again from the start, after a short
  backoff; others see the error.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import psycopg

CONFLICT_RETRIES = 2
BACKOFF_S = 0.05


def conflict(exc: BaseException) -> bool:
    """Whether the server rolled the transaction back for colliding with another one."""
    return isinstance(exc, psycopg.errors.DeadlockDetected | psycopg.errors.SerializationFailure)


def backoff(attempt: int) -> float:
    """Seconds to wait before re-run ``attempt`` (0-based): 50 ms, then 200 ms."""
    return float(BACKOFF_S * 4**attempt)


def rerun(exc: psycopg.Error, again: Callable[[], Generator[Any, Any, Any]] | None, attempt: int) -> Any:
    """A fresh operation to run after ``exc`` ended re-run ``attempt`` (0-based), or ``exc`` again:
    only a conflict is re-run, only when the caller can rebuild the operation, at most
    :data:`CONFLICT_RETRIES` times."""
    if again is None or attempt >= CONFLICT_RETRIES or not conflict(exc):
        raise exc
    return again()
