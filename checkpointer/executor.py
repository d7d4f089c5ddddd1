"""The checkpointer's use of the shared database (kassist.db): its operations yield the statements
of the backend's dialect (``sql_sqlite.SQL`` / ``sql_postgres.SQL``), run as they are; rows are
tuples (each statement's columns in the order checkpointer.query declares), and PostgreSQL fetches
in binary (BYTEA values arrive as they are, no hex decoding)."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, TypeVar

from checkpointer.query import CheckpointSql, Op, Steps
from kassist.db import Database
from kassist.db.handle import Handle
from kassist.db.statements import Options

T = TypeVar("T")
CLOSED = "this checkpointer is closed; create a new one with TenantCheckpointer.from_url"


def _refuse(*_: Any, **__: Any) -> Any:
    raise RuntimeError(CLOSED)


class CheckpointExecutor:
    """Runs the checkpointer's operations (``Op``) on ``db``; closing gives its use of ``db`` back."""

    def __init__(self, db: Database) -> None:
        # The dialect is chosen once, by the database's backend: its statements
        # (checkpointer.sql_<backend>.SQL). A new backend adds sql_<backend>.py, nothing here.
        self.db = db
        self.backend = db.backend
        self.sql: CheckpointSql = import_module(f"checkpointer.sql_{db.backend}").SQL
        self._handle = Handle(db, Options(binary=True), closed=CLOSED)
        self.one: Callable[..., Any] = db.run_one
        """``one(sql, params, write=False)``: one statement alone, as a ``single`` operation of that
        statement would run it but without the operation (no generator, driver loop or replay
        wrapper: a graph step's usual put and read): in autocommit, a write answering the number
        of rows it changed, a read its rows as tuples (kassist.db's ``run_one``, its errors and
        reconnects). The database's own method while open (no frame of this class's on the hot
        calls), one that refuses once closed."""

    def run(self, op: Op[T]) -> T:
        return self.run_steps(op.steps, op.write, op.single)

    def run_steps(self, steps: Steps[T], write: bool = False, single: bool = False) -> T:
        """:meth:`run` without building the ``Op``: the saver's sync calls come here."""
        if self._handle.closed:  # Handle.run's check, written out: this runs at every call
            raise RuntimeError(CLOSED)
        return self.db.run(steps, self._handle.opts, write=write, single=single)

    async def arun(self, op: Op[T]) -> T:
        return await self._handle.arun(op.steps, write=op.write, single=op.single)

    def set_up(self, look: Steps[bool], apply: Steps[T], nothing: T) -> T:
        """The components' one set-up (kassist.db.handle.Handle.set_up): read first, write only when
        a migration is pending."""
        return self._handle.set_up(look, apply, nothing)

    async def aset_up(self, look: Steps[bool], apply: Steps[T], nothing: T) -> T:
        return await self._handle.aset_up(look, apply, nothing)

    # For inspection (tests): the database's connections and pools, as this checkpointer sees them.
    def _acquire(self) -> Any:
        self._handle._check()
        return self.db.acquire()  # type: ignore[union-attr]

    def _release(self, conn: Any) -> None:
        self.db.release(conn)  # type: ignore[union-attr]

    def _connection(self) -> Any:
        conn = self._acquire()
        self._release(conn)
        return conn

    def pool(self) -> Any:
        return self.db.pool()  # type: ignore[union-attr]

    async def apool(self) -> Any:
        return await self.db.apool()  # type: ignore[union-attr]

    def close(self) -> None:
        self.one = _refuse
        self._handle.close()

    async def aclose(self) -> None:
        self.one = _refuse
        await self._handle.aclose()
