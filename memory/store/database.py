"""The memory store's use of the shared database (kassist.db).

Its programs yield :class:`kassist.db.Stmt` directly (rows come back as tuples; a statement built by
:func:`kassist.db.statements.each` answers the number of rows changed), and the one executor runs
each batch in one transaction.
A batch is safe to run again whole (puts are upserts carrying their own timestamps, reads are
reads), so on PostgreSQL a deadlock or serialization failure re-runs it with a fresh program
(kassist.db.retry). On SQLite the store's batches also take the store's own lock: the dialect's
vector cache is patched with a batch's writes when it commits, and only one batch may be between
its writes and that patch at a time.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from kassist.db import Database, SqliteDatabase
from kassist.db.handle import Handle
from kassist.db.migrate import no_vector, server_words, vector_extension
from kassist.db.statements import Options
from kassist.errors import VectorExtensionUnavailable as VectorExtensionUnavailable  # memory.store's
from memory.store.migrations import StoreNotSetUp
from memory.store.statements import Program

T = TypeVar("T")

CLOSED = "this MemoryStore ({where}) is closed"


class StoreDriver:
    """Runs store programs on ``db``; ``on_commit``/``on_rollback`` follow each SQLite batch."""

    def __init__(
        self,
        db: Database,
        *,
        on_commit: Callable[[], None] | None = None,
        on_rollback: Callable[[], None] | None = None,
    ) -> None:
        self.db = db
        self.backend = db.backend
        self.where = db.describe()
        self._handle = Handle(db, Options(), closed=CLOSED.format(where=self.where))
        self._lock = threading.Lock() if isinstance(db, SqliteDatabase) else None
        self._on_commit = on_commit or (lambda: None)
        self._on_rollback = on_rollback or (lambda: None)

    def run(self, make_program: Callable[[], Program], *, write: bool = True) -> Any:
        # On PostgreSQL a deadlock re-runs the batch with a fresh program; SQLite's batches are
        # serialised by the store's lock, so nothing is run again there.
        again = make_program if self._lock is None else None
        return self._call(lambda: self._handle.run(make_program(), write=write, again=again))

    def set_up(self, look: Callable[[], Program], apply: Callable[[], Program]) -> int:
        """The one read-first set-up (:meth:`kassist.db.handle.Handle.set_up`): ``apply`` runs in a
        write transaction only when ``look`` says the store is not set up; under the store's lock."""
        return int(self._call(lambda: self._handle.set_up(look(), apply(), 0)))

    async def arun(self, make_program: Callable[[], Program], *, write: bool = True) -> Any:
        if self._lock is not None:
            return await asyncio.to_thread(self.run, make_program, write=write)
        try:
            return await self._handle.arun(make_program(), write=write, again=make_program)
        except Exception as exc:
            raise self._translate(exc) from exc

    async def aset_up(self, look: Callable[[], Program], apply: Callable[[], Program]) -> int:
        if self._lock is not None:
            return await asyncio.to_thread(self.set_up, look, apply)
        try:
            return int(await self._handle.aset_up(look(), apply(), 0))
        except Exception as exc:
            raise self._translate(exc) from exc

    def _call(self, call: Callable[[], T]) -> T:
        """``call`` under the SQLite lock, the commit/rollback hooks after it, errors translated."""
        try:
            if self._lock is None:
                return call()
            with self._lock:
                try:
                    result = call()
                except BaseException:
                    self._on_rollback()
                    raise
                self._on_commit()
                return result
        except Exception as exc:
            raise self._translate(exc) from exc

    def _translate(self, exc: Exception) -> Exception:
        missing = isinstance(exc, sqlite3.OperationalError) or type(exc).__name__ == "UndefinedTable"
        if missing and "kassist_store" in str(exc):
            return StoreNotSetUp(f"no memory store tables in {self.where}; call store.setup() once")
        return exc

    def ensure_vector_extension(self) -> None:
        try:
            self._handle.run(vector_extension(), write=True)
        except Exception as exc:
            if not no_vector(exc):
                raise
            raise VectorExtensionUnavailable(
                f"pgvector is not available in {self.where} ({server_words(exc)}); install "
                "pgvector >= 0.8 on the server and run CREATE EXTENSION vector as a superuser"
            ) from exc

    def close(self) -> None:
        self._handle.close()

    async def aclose(self) -> None:
        await self._handle.aclose()
