"""Thin SQLite executor: one connection, one transaction per batch; async runs it in a thread."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kassist.sansio import drive
from kassist.sqlite_open import open_sqlite
from memory.store.migrations import Program, StoreNotSetUp
from memory.store.statements import Fetch, Request


class SqliteDriver:
    def __init__(
        self,
        path: Path,
        *,
        on_commit: Callable[[], None] | None = None,
        on_rollback: Callable[[], None] | None = None,
        busy_timeout_s: float = 30.0,
    ) -> None:
        self.path = path
        # One connection guarded by a lock: sqlite3 serialises a connection anyway, and WAL lets
        # other processes read while this one writes.
        self._conn = open_sqlite(
            path,
            busy_timeout_s=busy_timeout_s,
            pragmas=["PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON"],
        )
        self._lock = threading.Lock()
        self._closed = False
        self._on_commit = on_commit or (lambda: None)
        self._on_rollback = on_rollback or (lambda: None)

    def _execute(self, request: Request) -> Any:
        if isinstance(request, Fetch):
            return self._conn.execute(request.sql, tuple(request.params)).fetchall()
        if len(request.param_sets) == 1:
            return self._conn.execute(request.sql, tuple(request.param_sets[0])).rowcount
        return self._conn.executemany(request.sql, [tuple(p) for p in request.param_sets]).rowcount

    def run(self, make_program: Callable[[], Program], *, write: bool) -> Any:
        with self._lock:
            if self._closed:
                raise RuntimeError(f"this MemoryStore ({self.path}) is closed")
            # IMMEDIATE takes the write lock up front: a deferred read that later writes can fail
            # with SQLITE_BUSY instead of waiting.
            self._conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                result = drive(make_program(), self._execute)
            except sqlite3.OperationalError as exc:
                self._rollback()
                if "no such table: kassist_store" in str(exc):
                    raise StoreNotSetUp(
                        f"no memory store tables in {self.path}; call store.setup() once"
                    ) from exc
                raise
            except BaseException:
                self._rollback()
                raise
            try:
                self._conn.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
            self._on_commit()
            return result

    def _rollback(self) -> None:
        self._on_rollback()
        if self._conn.in_transaction:
            self._conn.execute("ROLLBACK")

    async def arun(self, make_program: Callable[[], Program], *, write: bool) -> Any:
        return await asyncio.to_thread(self.run, make_program, write=write)

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._conn.close()

    async def aclose(self) -> None:
        self.close()
