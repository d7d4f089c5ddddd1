"""The memory manager's use of the shared database (kassist.db).

Its operations yield :class:`memory.manager.ops.Sql` and :class:`~memory.manager.ops.Embed`;
:func:`compiled` turns them into :class:`kassist.db.Stmt` (the backend's SQL, values adapted) and
:class:`kassist.db.Local` (the embedding) and decodes the rows that come back, with no I/O, so the
one executor runs them: writes in one transaction (``BEGIN IMMEDIATE`` under the file's write lock
on SQLite; a pipeline on PostgreSQL, where statements whose rows are not needed do not wait for a
round trip, about four per remember), reads (single statements) in autocommit. A pooled
connection lost before the first answer is replayed; a write given ``again`` (the manager's
remember, forget and release) runs again from the start when the server rolled it back whole: a
deadlock, or a connection lost before its COMMIT (kassist.db.retry).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Generator
from functools import partial
from importlib import import_module
from typing import Any, TypeVar

from kassist.db import Database, Local, Stmt
from kassist.db import migrate as runner
from kassist.db.handle import Handle
from kassist.db.statements import Options
from knowledge.embedders import Embedder
from memory.manager.ops import BULK_IMPORT, Embed, Op, Step, refresh_statistics
from memory.manager.statements import ManagerSql

T = TypeVar("T")
CLOSED = "this memory manager is closed; open a new one with MemoryManager.from_url"


def compiled(op: Op[T], q: ManagerSql, embedder: Embedder) -> Generator[Stmt | Local, Any, T]:
    """``op`` speaking kassist.db's vocabulary, its values adapted and rows decoded by ``q``."""
    try:
        step: Step = next(op)
        while True:
            answer: Any
            if isinstance(step, Embed):
                answer = yield Local(partial(embedder.embed_documents, step.texts))
            elif step.many is not None:
                yield Stmt(step.sql, many=[q.adapt(p) for p in step.many])
                answer = []
            else:
                rows = yield Stmt(step.sql, q.adapt(step.params), step.fetch)
                answer = [q.decode_row(row) for row in rows]
            step = op.send(answer)
    except StopIteration as stop:
        result: T = stop.value
        return result


class ManagerBackend:
    """Runs memory operations on ``db`` with ``embedder``; closing gives its use of ``db`` back."""

    def __init__(self, db: Database, embedder: Embedder) -> None:
        # The one choice of dialect: the database's backend names the SQL module
        # (memory/manager/sql_<backend>.py), so a new backend adds that file and nothing here.
        self.sql: ManagerSql = import_module(f"memory.manager.sql_{db.backend}").SQL
        self._embedder = embedder
        self._db = db
        self.backend = db.backend
        self._handle = Handle(db, Options(rows="dict"), closed=CLOSED)
        # Memories this process imported in bulk since it last analysed the table: the server's
        # own counter (n_mod_since_analyze) reaches the statistics views only some time after a commit.
        self._unanalysed = 0

    def setup(self) -> None:
        try:
            self._handle.run(
                runner.migrate(runner.MEMORY_MANAGER, self.sql.migrations, self.backend), write=True
            )
        except Exception as exc:
            if type(exc).__name__ == "InsufficientPrivilege":  # psycopg's, not imported on SQLite
                raise PermissionError(
                    f"setting up memory tables failed: {exc}; a superuser must run CREATE EXTENSION "
                    "vector in this database first"
                ) from exc
            raise

    def _again(
        self, again: Callable[[], Op[T]] | None
    ) -> Callable[[], Generator[Stmt | Local, Any, T]] | None:
        # A write its caller can build afresh runs again from the start when the server rolled it
        # back whole (a deadlock, or a connection lost before COMMIT: kassist.db.retry).
        if again is None:
            return None
        return lambda: compiled(again(), self.sql, self._embedder)

    def run(self, op: Op[T], *, write: bool, again: Callable[[], Op[T]] | None = None) -> T:
        return self._handle.run(
            compiled(op, self.sql, self._embedder), write=write, single=not write, again=self._again(again)
        )

    async def arun(self, op: Op[T], *, write: bool, again: Callable[[], Op[T]] | None = None) -> T:
        return await self._handle.arun(
            compiled(op, self.sql, self._embedder), write=write, single=not write, again=self._again(again)
        )

    def _imported(self, written: int) -> bool:
        if written < BULK_IMPORT or self.sql.analyze is None:
            return False
        self._unanalysed += written
        return True

    def imported(self, written: int) -> None:
        """After an import of ``written`` memories committed: refresh the planner's statistics
        when it was a bulk import that changed a tenth of the table (PostgreSQL only)."""
        if self._imported(written) and self.run(refresh_statistics(self.sql, self._unanalysed), write=True):
            self._unanalysed = 0

    async def aimported(self, written: int) -> None:
        if self._imported(written) and await self.arun(
            refresh_statistics(self.sql, self._unanalysed), write=True
        ):
            self._unanalysed = 0

    def after_erasure(self) -> None:
        """SQLite: fold the WAL into the file and truncate it, so erased text is not left in old
        WAL frames. PostgreSQL: nothing to do online (deleted tuples are reclaimed by
        (auto)vacuum; see docs/memory.md)."""
        if self.sql.after_erasure is not None:  # the dialect's statement, alone (no transaction)
            self._handle._check()
            self._db.run_one(self.sql.after_erasure, (), write=True)

    async def aafter_erasure(self) -> None:
        if self.sql.after_erasure is not None:
            await asyncio.to_thread(self.after_erasure)

    def close(self) -> None:
        self._handle.close()

    async def aclose(self) -> None:
        await self._handle.aclose()
