"""Thin SQLite executor for memory operations: one connection, one lock, async via a thread."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from typing import Any, TypeVar

from kassist.sansio import drive
from kassist.sqlite_open import open_sqlite
from kassist.sqlite_tx import sqlite_transaction
from knowledge.embedders import Embedder
from memory.manager import sql_sqlite as q
from memory.manager.ops import Embed, Op, Step
from memory.manager.statements import pending_migrations

T = TypeVar("T")


def _dict_row(cursor: sqlite3.Cursor, row: tuple[Any, ...]) -> dict[str, Any]:
    return {d[0]: v for d, v in zip(cursor.description, row, strict=True)}


class SqliteBackend:
    """Runs writes in ``BEGIN IMMEDIATE`` transactions and reads (single statements) in autocommit."""

    backend = "sqlite"

    def __init__(self, path: Path, embedder: Embedder) -> None:
        self._embedder = embedder
        self._lock = threading.Lock()
        self._conn = open_sqlite(path, busy_timeout_s=10.0, pragmas=q.SQLITE_PRAGMAS)
        self._conn.row_factory = _dict_row
        self.path = path

    def setup(self) -> None:
        with self._lock, sqlite_transaction(self._conn, write=True):
            self._conn.execute(q.CREATE_VERSION_TABLE)
            version = int(self._conn.execute(q.GET_VERSION).fetchone()["version"])
            for number, statements in pending_migrations(q.MIGRATIONS, version):
                for statement in statements:
                    self._conn.execute(statement)
                self._conn.execute(q.SET_VERSION, {"version": number})

    def run(self, op: Op[T], *, write: bool) -> T:
        with self._lock:
            if not write:  # reads are single statements, atomic on their own
                return drive(op, self._execute)
            with sqlite_transaction(self._conn, write=True):
                return drive(op, self._execute)

    async def arun(self, op: Op[T], *, write: bool) -> T:
        return await asyncio.to_thread(self.run, op, write=write)

    def _execute(self, step: Step) -> Any:
        if isinstance(step, Embed):
            return self._embedder.embed_documents(step.texts)
        sql = q.STATEMENTS[step.name]
        if step.many is not None:
            self._conn.executemany(sql, [q.adapt(p) for p in step.many])
            return []
        return [q.decode_row(row) for row in self._conn.execute(sql, q.adapt(step.params)).fetchall()]

    def after_erasure(self) -> None:
        """Fold the WAL into the file and truncate it, so erased text is not left in old WAL frames."""
        with self._lock:
            self._conn.execute(q.AFTER_ERASURE)

    async def aafter_erasure(self) -> None:
        await asyncio.to_thread(self.after_erasure)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    async def aclose(self) -> None:
        self.close()
