"""One component's use of the shared database: how its requests compile, the shape of its rows,
and its own open/closed state (closing a component gives its use back; the database closes with
its last user)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any, Literal, TypeVar

from kassist.db.driver_sqlite import SqliteDatabase, dict_row
from kassist.db.shared import Database, arelease, release
from kassist.db.statements import Compile, Op, as_is

T = TypeVar("T")
Rows = Literal["mapping", "dict", "tuple"]
"""``mapping``: read by column name (sqlite3.Row on SQLite, built in C; dicts on PostgreSQL);
``dict``: plain dicts on both; ``tuple``: tuples on both."""


def _row_factory(db: Database, rows: Rows) -> Any:
    if isinstance(db, SqliteDatabase):
        return {"mapping": sqlite3.Row, "dict": dict_row, "tuple": None}[rows]
    from psycopg.rows import dict_row as pg_dict_row
    from psycopg.rows import tuple_row

    return tuple_row if rows == "tuple" else pg_dict_row


class Handle:
    """Runs a component's operations on ``db``; ``closed`` is the error text once it is closed."""

    def __init__(
        self,
        db: Database,
        *,
        compile: Compile = as_is,
        rows: Rows = "mapping",
        binary: bool = False,
        blind: Callable[[Any], bool] | None = None,
        closed: str = "this component is closed",
    ) -> None:
        self.db = db
        self.backend: str = db.backend
        self._compile = compile
        self._rows = _row_factory(db, rows)
        self._options: dict[str, Any] = (
            {} if isinstance(db, SqliteDatabase) else {"binary": binary, "blind": blind}
        )
        self._closed_message = closed
        self.closed = False

    def _check(self) -> None:
        if self.closed:
            raise RuntimeError(self._closed_message)

    def run(
        self,
        op: Op[T],
        *,
        write: bool = False,
        single: bool = False,
        again: Callable[[], Op[T]] | None = None,
    ) -> T:
        """Run ``op`` (see SqliteDatabase.run / PostgresDatabase.run)."""
        self._check()
        return self.db.run(
            op,
            write=write,
            single=single,
            compile=self._compile,
            rows=self._rows,
            again=again,
            **self._options,
        )

    async def arun(
        self,
        op: Op[T],
        *,
        write: bool = False,
        single: bool = False,
        again: Callable[[], Op[T]] | None = None,
    ) -> T:
        self._check()
        return await self.db.arun(
            op,
            write=write,
            single=single,
            compile=self._compile,
            rows=self._rows,
            again=again,
            **self._options,
        )

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            release(self.db)

    async def aclose(self) -> None:
        if not self.closed:
            self.closed = True
            await arelease(self.db)
