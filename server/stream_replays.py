"""langgraph dev's replay store of resumable runs' events, kept to what it may hold (h18 s37 H18-5,
H18-6).

A run started with ``stream_resumable`` (langgraph_sdk's reconnecting streams; the event-streaming
commands set it on every run) has its events kept by langgraph dev's in-memory runtime, under the
thread id, so that a stream reopened with ``Last-Event-ID`` replays what it missed. The runtime keeps
them for the process's lifetime: it neither drops a deleted thread's (a thread made again with that
id, another tenant's, replayed the deleted conversation: H18-5) nor honours langgraph-api's own
``RESUMABLE_STREAM_TTL_SECONDS`` (default 120 s; every member could grow the process that serves every
tenant: H18-6). Here a thread's delete drops its events, and a run's events go once its last one is
older than the window (swept at most once a second, on the next request: an idle server grows no
further). In a process without that runtime (kassist serve, handlers called in tests) nothing is
done."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any
from uuid import UUID

if TYPE_CHECKING:
    from langgraph_sdk import Auth

SWEEP_S = 1.0  # at most one sweep a second, however many requests
_DEFAULT_WINDOW_S = 120.0  # langgraph-api's default RESUMABLE_STREAM_TTL_SECONDS
_last_sweep = 0.0


def _stores() -> Any | None:
    """The runtime's ``message_stores`` (thread UUID -> run UUID -> messages), or None."""
    module = sys.modules.get("langgraph_runtime_inmem.inmem_stream")
    return None if module is None else module.get_stream_manager().message_stores


def _uuid(value: object) -> UUID | None:
    try:
        return value if isinstance(value, UUID) else UUID(str(value))
    except ValueError:
        return None


def forget(thread_ids: Iterable[object], run_id: object = None) -> None:
    """Drop the kept events of ``thread_ids`` (of their run ``run_id`` only, when given)."""
    stores = _stores()
    if stores is None:
        return
    run = _uuid(run_id) if run_id is not None else None
    for thread_id in thread_ids:
        key = _uuid(thread_id)
        if key is None or key not in stores:
            continue
        if run is None:
            del stores[key]
        else:
            stores[key].pop(run, None)


def forget_deleted(ctx: Auth.types.AuthContext, value: dict[str, Any]) -> None:
    """The ``threads:delete`` event: the deleted threads' events (a run's delete: that run's), of the
    threads the caller reaches - another's thread is langgraph-api's 404, and its events stay."""
    from server.job_threads import reached_threads

    if _stores() is None:
        return
    reached = reached_threads(ctx, [value.get("thread_id"), *(value.get("thread_ids") or ())])
    forget([str(thread.get("thread_id")) for thread in reached], value.get("run_id"))


def _window_s() -> float:
    config = sys.modules.get("langgraph_api.config")
    try:
        return float(getattr(config, "RESUMABLE_STREAM_TTL_SECONDS", _DEFAULT_WINDOW_S))
    except (TypeError, ValueError):
        return _DEFAULT_WINDOW_S


def _sent_ms(message: Any) -> int:
    """A kept event's time: its id is ``<milliseconds>-<seq>`` (the runtime's)."""
    try:
        return int(bytes(message.id or b"0").split(b"-", 1)[0])
    except ValueError:
        return 0


def sweep(now: float | None = None) -> None:
    """Drop the events of every run whose last event is older than the replay window (at most once
    a second; a run still sending keeps all of its events)."""
    global _last_sweep
    clock = time.monotonic()
    if clock - _last_sweep < SWEEP_S:
        return
    _last_sweep = clock
    stores = _stores()
    if not stores:
        return
    oldest_ms = ((time.time() if now is None else now) - _window_s()) * 1000
    for thread_id in list(stores):
        runs = stores[thread_id]
        for run_id in list(runs):
            messages = runs[run_id]
            if not messages or _sent_ms(messages[-1]) < oldest_ms:
                del runs[run_id]
        if not runs:
            del stores[thread_id]
