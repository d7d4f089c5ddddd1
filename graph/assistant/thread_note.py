"""A turn's session note does not outlive a thread deleted while the turn wrote it (h18 s37 H18-3).

A thread's session note lives as long as its thread (docs/serving.md): its delete forgets the notes
(server/thread_forget.forget_deleted, the ``threads:delete`` handler) before langgraph-api deletes
the thread's checkpoints, and a turn whose ``record_turn`` was writing the note then (a sync node in
an executor thread: the delete does not stop it) committed the note after the forget, for good - the
deleted conversation's last question kept entering the user's later turns. So the note's writer looks,
after its write, whether its thread still holds a checkpoint, and deletes its own note if not: a put
committed before the handler's forget is forgotten there, one committed after it finds the thread's
checkpoints gone (they go right after the handler, with no await of this run in between).

The turn's checkpoints are written in the background (langgraph's "async" durability): a first turn's
may not be committed yet when its note is, so an absent head is looked at again for up to
:data:`GONE_AFTER_S` before it counts as deleted. A run writing its checkpoints only at its exit
(durability "exit"), or with no checkpointer, has none to look at: its note stays as written."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph._internal._constants import CONFIG_KEY_CHECKPOINTER, CONFIG_KEY_DURABILITY

logger = logging.getLogger(__name__)
GONE_AFTER_S = 1.0
"""How long a thread's head may stay absent (its turn's earlier checkpoints not committed yet) before
the thread counts as deleted."""
LOOK_S = 0.1


def thread_gone(config: RunnableConfig) -> bool:
    """Whether the run's thread lost its checkpoints (deleted while the run ran); False when the run
    has no checkpointer to ask or writes its checkpoints only at its exit."""
    conf = dict(config.get("configurable") or {})
    saver: Any = conf.get(CONFIG_KEY_CHECKPOINTER)
    if saver is None or conf.get(CONFIG_KEY_DURABILITY) == "exit" or not conf.get("thread_id"):
        return False
    # The thread's head at its root: the run's own keys (thread, tenant, user), not its task's place.
    kept = {
        k: v
        for k, v in conf.items()
        if not k.startswith("__") and k not in ("checkpoint_id", "checkpoint_map")
    }
    head: RunnableConfig = {"configurable": {**kept, "checkpoint_ns": ""}}
    # langgraph dev hands its runs langgraph-api's adapter around the configured saver, async only
    # (its get_tuple is BaseCheckpointSaver's NotImplementedError); this sync node reads the saver
    # it wraps (ours: sync and async alike).
    reader = getattr(saver, "_inner", saver)
    try:
        return _absent_for(lambda: reader.get_tuple(head) is None, GONE_AFTER_S)
    except Exception as exc:  # a look after the turn's write: it never fails the turn; the note stays
        logger.warning("session note of thread %s: cannot tell whether the thread is still there: %r",
                       conf.get("thread_id"), exc)  # fmt: skip
        return False


def _absent_for(absent: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while absent():
        if time.monotonic() >= deadline:
            return True
        time.sleep(LOOK_S)
    return False
