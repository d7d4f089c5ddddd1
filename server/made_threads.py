"""Threads langgraph dev made before session 35 get their owner's row (session 35's residual, the
lead's decision 4).

Since session 35 a thread made with no run (``POST /threads``) has a row in the accepted-runs table
(server/accepted_runs.MADE): its owner, read by the other doors of the database (kassist serve's
LangServe turns, a second langgraph dev's claim, ``kassist ask --thread``), which see no checkpoint
there. A thread made before, and never run, has no row: its owner is in langgraph dev's thread
registry only, and those doors took another member's empty thread as a new one. So once per process,
at the table's first use in a langgraph dev (its registry loaded), every registry thread that holds
no checkpoint is given a made row with the owner the registry stamped (the INSERT does nothing where
a row is: one made since, an accepted run's). A thread made on a langgraph dev of this version has
its row already; until one has started, an old empty thread stays as it was (docs say so)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from server.holds import owner_of, runtime_present, stored
from server.saver import thread_has_checkpoint

if TYPE_CHECKING:
    from server.accepted_runs import AcceptedRuns

logger = logging.getLogger(__name__)
_DONE: set[str] = set()
"""The databases whose registry threads this process has recorded (once per process and database)."""
_TASKS: set[asyncio.Task[Any]] = set()


def record_once(url: str, table: AcceptedRuns) -> None:
    """In the background, once per process and database: :func:`record_made`."""
    if url in _DONE or not runtime_present():
        return
    _DONE.add(url)
    task = asyncio.get_running_loop().create_task(record_made(table))
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)


async def record_made(table: AcceptedRuns) -> int:
    """Give every registry thread with an owner and no checkpoint a made row (where it has none); how
    many such threads there were."""
    written = 0
    for thread in stored("threads"):
        tenant, owner = owner_of(thread)
        thread_id = str(thread.get("thread_id") or "")
        if not thread_id or tenant in ("", "None") or owner in ("", "None"):
            continue
        try:
            if await thread_has_checkpoint(tenant, thread_id) is False:
                await table.made(tenant, thread_id, owner)
                written += 1
        except Exception as exc:  # housekeeping: the next process tries again
            logger.warning("made threads: cannot record %s/%s's owner: %s", tenant, thread_id, exc)
            return written
    if written:
        logger.info(
            "made threads: recorded the owners of %d empty threads of langgraph dev's registry", written
        )
    return written
