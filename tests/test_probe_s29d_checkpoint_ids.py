"""h4 s29 F1: ids the saver stores without checking them as it checks the config's.

``check_id`` refuses a config's thread_id / checkpoint_ns / checkpoint_id that either backend cannot
store (NUL, over MAX_ID_BYTES, a lone surrogate), "one rule for both keeps a thread movable". The new
checkpoint's own ``checkpoint["id"]``, ``put_writes``' task id, task path and channel names, and a
``checkpoint_ns`` that is not a string go unchecked: PostgreSQL answers with a raw driver error
(``DataError`` for NUL, ``ProgramLimitExceeded`` for an index row over 2704 bytes, ``UndefinedFunction
text = smallint``), SQLite stores them as given (a thread that then cannot move to PostgreSQL)."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from langgraph.checkpoint.base import empty_checkpoint

from checkpointer import TenantCheckpointer
from checkpointer.errors import InvalidId

SAVER_TENANT = "acme"

# Random-looking text: PostgreSQL compresses a run of one letter below its index limit.
LONG = "".join(hashlib.sha256(str(i).encode()).hexdigest() for i in range(50))[:3000]


def _thread(thread: str) -> Any:
    return {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}


@pytest.mark.parametrize("cid", ["ab\x00c", LONG, 12345], ids=["nul", "3000-bytes", "int"])
def test_a_checkpoint_id_no_backend_can_store_is_refused_by_name(saver: TenantCheckpointer, cid: Any) -> None:
    checkpoint = empty_checkpoint()
    checkpoint["id"] = cid
    with pytest.raises(InvalidId, match=r"checkpoint"):
        saver.put(_thread("bad-id"), checkpoint, {"source": "input", "step": -1}, {})
    assert saver.get_tuple(_thread("bad-id")) is None  # nothing stored


@pytest.mark.parametrize(
    ("writes", "task_id", "task_path"),
    [
        ([("a", 1)], "t\x00", ""),
        ([("a", 1)], LONG, ""),
        ([("a", 1)], "t", "p\x00"),
        ([("a\x00", 1)], "t", ""),
    ],
    ids=["task-id-nul", "task-id-3000-bytes", "task-path-nul", "channel-nul"],
)
def test_a_pending_write_no_backend_can_store_is_refused_by_name(
    saver: TenantCheckpointer, writes: list[tuple[str, Any]], task_id: str, task_path: str
) -> None:
    config = saver.put(_thread("w"), empty_checkpoint(), {"source": "input", "step": -1}, {})
    with pytest.raises(InvalidId, match=r"task|channel"):
        saver.put_writes(config, writes, task_id, task_path)
    stored = saver.get_tuple(config)
    assert stored is not None and stored.pending_writes == []


def test_a_checkpoint_ns_that_is_not_text_is_refused_by_name(saver: TenantCheckpointer) -> None:
    # SQLite answers None (and a put stores namespace '5' but answers 5); PostgreSQL: text = smallint.
    with pytest.raises(InvalidId, match=r"checkpoint_ns"):
        saver.get_tuple({"configurable": {"thread_id": "t", "checkpoint_ns": 5}})
