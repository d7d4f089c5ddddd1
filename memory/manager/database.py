"""The memory manager's use of the shared database (kassist.db).

Its operations (memory/manager/ops.py) yield :class:`kassist.db.Stmt` (built by the backend's
statement table, values adapted) and :class:`kassist.db.Local` (the embedding) directly, so the one
executor runs them as they are: writes in one transaction (``BEGIN IMMEDIATE`` under the file's
write lock on SQLite; a pipeline on PostgreSQL, where statements whose rows are not needed do not
wait for a round trip, about four per remember), reads (single statements) in autocommit. A pooled
connection lost before the first answer is replayed; a write given ``again`` (the manager's
remember, forget and release) runs again from the start when the server rolled it back whole: a
deadlock, or a connection lost before its COMMIT (kassist.db.retry).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from importlib import import_module
from typing import TypeVar

from kassist.db import Database
from kassist.db import migrate as runner
from kassist.db.handle import Handle
from kassist.db.statements import Options
from memory.manager.ops import BULK_IMPORT, Op, refresh_statistics
from memory.manager.statements import ManagerSql

T = TypeVar("T")
CLOSED = "this memory manager is closed; open a new one with MemoryManager.from_url"


class ManagerBackend:
    """Runs memory operations on ``db``; closing gives its use of ``db`` back."""

    def __init__(self, db: Database) -> None:
        # The one choice of dialect: the database's backend names the SQL module
        # (memory/manager/sql_<backend>.py), so a new backend adds that file and nothing here.
        self.sql: ManagerSql = import_module(f"memory.manager.sql_{db.backend}").SQL
        self._db = db
        self.backend = db.backend
        self._handle = Handle(db, Options(), closed=CLOSED)
        # Memories this process imported in bulk since it last analysed the table: the server's
        # own counter (n_mod_since_analyze) reaches the statistics views only some time after a commit.
        self._unanalysed = 0

    def setup(self) -> None:
        # A role that may not make the tables is kassist.db.refused_postgres's one line (it told a
        # role without CREATE on the schema, in three lines, to have pgvector installed).
        look = runner.up_to_date(runner.MEMORY_MANAGER, len(self.sql.migrations), self.backend)
        self._handle.set_up(
            look, runner.migrate(runner.MEMORY_MANAGER, self.sql.migrations, self.backend), []
        )

    # A write its caller can build afresh (``again``) runs again from the start when the server
    # rolled it back whole (a deadlock, or a connection lost before COMMIT: kassist.db.retry).

    def run(self, op: Op[T], *, write: bool, again: Callable[[], Op[T]] | None = None) -> T:
        return self._handle.run(op, write=write, single=not write, again=again)

    async def arun(self, op: Op[T], *, write: bool, again: Callable[[], Op[T]] | None = None) -> T:
        return await self._handle.arun(op, write=write, single=not write, again=again)

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
