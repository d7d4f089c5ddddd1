"""Threads langgraph dev made before session 35 (no run, no row) get their owner's made row from its
registry (session 35's residual, the lead's decision 4; x11: server/made_threads.py), so kassist serve's
doors read them as their maker's: a registry thread with no checkpoint gets one, a thread that holds a
checkpoint or has a row already is left as it is. langgraph dev's registry is the in-memory runtime's
store (langgraph_runtime_inmem.database.GLOBAL_STORE, its data only) holding three threads; the served saver and the
table on one SQLite file, in process (~1 s of CPU)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from server import made_threads
from server import saver as served
from server.accepted_runs import Accepted, table
from server.thread_owner import read_thread


def _thread(thread_id: str, owner: str) -> dict[str, Any]:
    return {"thread_id": thread_id, "metadata": {"tenant_id": "acme", "owner": owner}}


def test_an_old_empty_threads_maker_is_recorded_from_the_registry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_url = f"sqlite:///{tmp_path / 'kassist.db'}"
    monkeypatch.setenv("KASSIST_DATABASE_URL", db_url)
    saver = served.langgraph_checkpointer()  # this process serves the saver, as langgraph dev does
    registry = {"threads": [_thread("old", "alice"), _thread("run", "bob"), _thread("mine", "erin")]}
    # The runtime's store alone (importing the runtime makes its .langgraph_api folder in the cwd).
    runtime = SimpleNamespace(GLOBAL_STORE=registry)
    monkeypatch.setitem(sys.modules, "langgraph_runtime_inmem.database", runtime)
    try:
        config: Any = {"configurable": {"thread_id": "run", "tenant_id": "acme", "checkpoint_ns": ""}}
        saver.put(config, {"v": 1, "id": "1ef0", "ts": "2026-12-07T00:00:00+00:00", "channel_values": {},
                           "channel_versions": {}, "versions_seen": {}}, {}, {})  # fmt: skip

        async def check() -> None:
            accepted = await table()
            await accepted.made("acme", "mine", "erin")  # made since session 35: has its row
            assert await made_threads.record_made(accepted) == 2  # old, mine (kept as it is)
            assert await accepted.get("acme", "old") == Accepted("alice", "", None, {}, None)
            assert await accepted.get("acme", "run") is None  # its checkpoint decides
            read = await read_thread(saver, "acme", "old", accepted)
            assert read.owner == "alice"  # kassist serve's door reads it as alice's

        asyncio.run(check())
    finally:
        served._SERVED.clear()
        saver.close()
