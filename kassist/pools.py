"""Thread pools that live as long as the process (the ingestion's look-ahead, the embedder's workers).

A pool made once and never shut down must still let the process end. concurrent.futures' exit hook
wakes only the workers it has registered, and a pool registers a new worker only after
``Thread.start()`` returns; start() waits for the thread to run, so on a busy machine a SIGTERM or
Ctrl-C handled right there left a started, unregistered, idle worker that nothing woke, and the
interpreter's exit joined it for good - ``kassist ingest`` printed "interrupted (SIGTERM)" and never
exited (h27 s40 H27-1; session 39's 300 s CI hang). Each pool here is shut down (its queued work
dropped: a resume loads and embeds again what it needs) by a hook that runs before those joins:
the None it queues reaches every worker, registered or not."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

# threading's own hook for "before the non-daemon threads are joined" (what concurrent.futures uses:
# the atexit module's hooks run after those joins, too late). Not in typeshed, hence the lookup.
_before_joins: Callable[[Callable[[], object]], None] = getattr(threading, "_register_atexit")  # noqa: B009


def lasting_pool(workers: int, name: str) -> ThreadPoolExecutor:
    """A pool of ``workers`` threads named ``name-N`` for the rest of the process, shut down at its exit."""
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=name)
    _before_joins(partial(pool.shutdown, wait=False, cancel_futures=True))
    return pool
