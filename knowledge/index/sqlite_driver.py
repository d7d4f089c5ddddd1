"""SQLite executors: one connection, one transaction per operation, nothing else.

Writes take ``BEGIN IMMEDIATE`` so two processes never both read-then-write the same rows; reads take a
deferred ``BEGIN`` so a search sees one snapshot (its generation counters match the vectors it loads).
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import TypeVar

from kassist.sansio import drive
from kassist.sqlite_open import open_sqlite
from kassist.sqlite_tx import sqlite_transaction
from knowledge.index import ops
from knowledge.index.dialect import Op, Row, Stmt
from knowledge.index.matrix import MatrixCache
from knowledge.index.sql_sqlite import DIALECT

T = TypeVar("T")
BUSY_TIMEOUT_S = 30.0


class SqliteDriver:
    dialect = DIALECT

    def __init__(self, path: Path) -> None:
        self.path = path
        self._conn = open_sqlite(path, busy_timeout_s=BUSY_TIMEOUT_S)
        self._lock = threading.Lock()
        self.matrices: MatrixCache | None = MatrixCache()

    def _execute(self, stmt: Stmt) -> list[Row]:
        if stmt.many is not None:
            self._conn.executemany(stmt.sql, stmt.many)
            return []
        return self._conn.execute(stmt.sql, dict(stmt.params)).fetchall()

    def run(self, op: Op[T], *, write: bool) -> T:
        with self._lock, sqlite_transaction(self._conn, write=write):
            return drive(op, self._execute)

    def migrate(self) -> None:
        self.run(ops.migrate(DIALECT), write=True)

    def close(self) -> None:
        with self._lock:
            self._conn.close()


class AsyncSqliteDriver:
    """sqlite3 has no async API: the sync driver runs in a worker thread so the event loop never blocks."""

    dialect = DIALECT

    def __init__(self, sync: SqliteDriver) -> None:
        self._sync = sync
        self.matrices = sync.matrices

    @classmethod
    async def open(cls, path: Path) -> AsyncSqliteDriver:
        return cls(await asyncio.to_thread(SqliteDriver, path))

    async def run(self, op: Op[T], *, write: bool) -> T:
        return await asyncio.to_thread(self._sync.run, op, write=write)

    async def migrate(self) -> None:
        await asyncio.to_thread(self._sync.migrate)

    async def close(self) -> None:
        await asyncio.to_thread(self._sync.close)
