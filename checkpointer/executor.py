"""The checkpointer's use of the shared database (kassist.db): its queries compile through the
statements of the backend's dialect (``sql_sqlite.SQL`` / ``sql_postgres.SQL``), rows are read by column
name, and PostgreSQL fetches in binary (BYTEA values arrive as they are, no hex decoding)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from checkpointer.query import CheckpointSql, Op, Query, Steps, compile_query
from kassist.db import Database, SqliteDatabase
from kassist.db.handle import Handle
from kassist.db.statements import Options

if TYPE_CHECKING:
    from checkpointer.direct_postgres import PostgresDirect
    from checkpointer.direct_sqlite import SqliteDirect

T = TypeVar("T")
CLOSED = "this checkpointer is closed; create a new one with TenantCheckpointer.from_url"


def _not_fetching(query: Query) -> bool:
    # In a pipeline a query that fetches nothing is answered at once, before the server speaks.
    return not query.fetch


class CheckpointExecutor:
    """Runs the checkpointer's operations (``Op``) on ``db``; closing gives its use of ``db`` back."""

    def __init__(self, db: Database) -> None:
        self.sql: CheckpointSql
        if isinstance(db, SqliteDatabase):
            from checkpointer.sql_sqlite import SQL as sqlite_sql

            self.sql = sqlite_sql
        else:
            from checkpointer.sql_postgres import SQL as postgres_sql

            self.sql = postgres_sql
        self.db = db
        self.backend = db.backend
        self._handle = Handle(db, Options(compile_query, binary=True, blind=_not_fetching), closed=CLOSED)
        self.direct: SqliteDirect | PostgresDirect | None = None
        if isinstance(db, SqliteDatabase):
            from checkpointer.direct_sqlite import SqliteDirect

            self.direct = SqliteDirect(db, self._handle, CLOSED)
        else:
            from checkpointer.direct_postgres import PostgresDirect
            from kassist.db.driver_postgres import PostgresDatabase

            if isinstance(db, PostgresDatabase):
                self.direct = PostgresDirect(db, self._handle, CLOSED)

    def run(self, op: Op[T]) -> T:
        return self.run_steps(op.steps, op.write, op.single)

    def run_steps(self, steps: Steps[T], write: bool = False, single: bool = False) -> T:
        """:meth:`run` without building the ``Op``: the saver's sync calls come here."""
        if self._handle.closed:  # Handle.run's check, written out: this runs at every call
            raise RuntimeError(CLOSED)
        return self.db.run(steps, self._handle.opts, write=write, single=single)

    async def arun(self, op: Op[T]) -> T:
        return await self._handle.arun(op.steps, write=op.write, single=op.single)

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
        self._handle.close()

    async def aclose(self) -> None:
        await self._handle.aclose()
