"""One component's use of the shared database: how its operations run (:class:`Options`) and its
own open/closed state (closing a component gives its use back; the database closes with its last
user)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Generator
from typing import Any, Protocol, TypeVar

from kassist.db.shared import Database, arelease, open_database, release
from kassist.db.statements import DEFAULT, NO_PARAMS, Op, Options, Stmt, Text, stmts

T = TypeVar("T")
Again = Callable[[], Op[Any]] | None


class SetUp(Protocol):
    def setup(self) -> Any: ...


C = TypeVar("C", bound=SetUp)


def open_set_up(database_url: str, make: Callable[[Database], C]) -> C:
    """``make(db)`` on the process's database object for ``database_url`` (open_database), its
    tables set up; when either fails, the use of the database is given back before the error goes on."""
    db = open_database(database_url)
    try:
        component = make(db)
        component.setup()
    except BaseException:
        release(db)
        raise
    return component


_KEPT: dict[tuple[Callable[..., Any], str], Any] = {}
_KEPT_LOCK = threading.Lock()


def kept_open(database_url: str, make: Callable[[Database], C]) -> C:
    """The process's one ``make`` object on ``database_url``: opened and set up (:func:`open_set_up`)
    on first use, then kept for the process's lifetime - a server's own tables (accepted runs, store
    writers), as the key store is. A set-up is a migration: call it off the event loop."""
    with _KEPT_LOCK:
        found: C | None = _KEPT.get((make, database_url))
        if found is None:
            found = _KEPT[(make, database_url)] = open_set_up(database_url, make)
        return found


def already_open(database_url: str, make: Callable[[Database], C]) -> C | None:
    """The object :func:`kept_open` keeps on ``database_url``, or None before its first use (no lock:
    the event loop's fast path, a dict read)."""
    found: C | None = _KEPT.get((make, database_url))
    return found


class Handle:
    """Runs a component's operations on ``db``; ``closed`` is the error text once it is closed."""

    def __init__(
        self, db: Database, opts: Options = DEFAULT, *, closed: str = "this component is closed"
    ) -> None:
        self.db = db
        self.backend: str = db.backend
        self.opts = opts
        self._closed_message = closed
        self.closed = False

    def _check(self) -> None:
        if self.closed:
            raise RuntimeError(self._closed_message)

    def run(self, op: Op[T], *, write: bool = False, single: bool = False, again: Again = None) -> T:
        """Run ``op`` (see SqliteDatabase.run / PostgresDatabase.run)."""
        self._check()
        return self.db.run(op, self.opts, write=write, single=single, again=again)

    def one(
        self, text: Text, params: Any = NO_PARAMS, *, fetch: bool = False, write: bool = False
    ) -> list[Any]:
        """Run one named statement (its texts in order, one transaction); the rows it fetched."""

        def steps() -> Generator[tuple[Stmt, ...], Any, list[Any]]:
            rows = yield stmts(text, params, fetch=fetch)
            return rows  # type: ignore[no-any-return]

        return self.run(steps(), write=write, single=True)

    async def arun(self, op: Op[T], *, write: bool = False, single: bool = False, again: Again = None) -> T:
        self._check()
        return await self.db.arun(op, self.opts, write=write, single=single, again=again)

    # A component's set-up, one shape for all: ``look`` (kassist.db.migrate.up_to_date: its recorded
    # versions) runs without writing and an up-to-date database is used as it is (``nothing``); only
    # otherwise ``apply`` (its migrations) runs in a write transaction. On SQLite that transaction
    # (BEGIN IMMEDIATE) waited for another process's write lock even when nothing was pending, so
    # every read-only command failed "stayed locked" while anything else wrote (h7 s31 #6).
    def set_up(self, look: Op[bool], apply: Op[T], nothing: T) -> T:
        return nothing if self.run(look) else self.run(apply, write=True)

    async def aset_up(self, look: Op[bool], apply: Op[T], nothing: T) -> T:
        return nothing if await self.arun(look) else await self.arun(apply, write=True)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            release(self.db)

    async def aclose(self) -> None:
        if not self.closed:
            self.closed = True
            await arelease(self.db)
