"""SQLite executor: a small LIFO pool of connections, WAL, one transaction per operation.

A call takes the most recently used idle connection (or opens one) and gives it back when done, so
sequential calls, whatever thread they come from, stay on one connection: its page cache and
prepared statements stay warm, and no other connection's cache is invalidated by its commits.
(A connection per thread did both wrong: LangGraph runs puts on worker threads, every switch of
connection after a commit re-read the pages, and connections of finished threads were never
closed.) Async twins run the same executor in a worker thread (``asyncio.to_thread``). Writers
serialise on SQLite's own lock (``BEGIN IMMEDIATE``; other processes wait through ``busy_timeout``,
this process's writers queue on a lock first, see ``run``); readers never block in WAL mode.

Durability: ``synchronous=FULL`` by default (WAL fsynced at every commit, so a committed
checkpoint survives a power cut, as SQLite's own default and stock SqliteSaver promise).
``synchronous="normal"`` is an explicit opt-in: commits then survive a killed process but the last
ones may be lost on power failure or an OS crash (the database itself stays consistent).
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from typing import TypeVar

from checkpointer import sql_sqlite
from checkpointer.query import Op, Query, Row
from kassist.sansio import drive
from kassist.sqlite_open import open_sqlite, sqlite_error
from kassist.sqlite_tx import sqlite_transaction

T = TypeVar("T")
BUSY_TIMEOUT_MS = 30_000
SYNCHRONOUS_MODES = ("full", "normal")
MAX_IDLE = 8  # connections kept open between calls; more concurrent callers open and close extras


def check_synchronous(mode: str) -> str:
    """The PRAGMA synchronous value for a user's choice, refusing anything but FULL and NORMAL."""
    value = str(mode).strip().lower()
    if value not in SYNCHRONOUS_MODES:
        raise ValueError(
            f"sqlite_synchronous must be 'full' (default: survives a power cut) or 'normal' "
            f"(faster; survives a killed process, may lose the last commits on power loss), got {mode!r}"
        )
    return value.upper()


class SqliteExecutor:
    backend = "sqlite"
    migrations = len(sql_sqlite.MIGRATIONS)

    def __init__(self, path: Path, *, synchronous: str = "full") -> None:
        self.path = path
        self.synchronous = check_synchronous(synchronous)
        self._idle: list[sqlite3.Connection] = []
        self._guard = threading.Lock()  # guards the idle list only, never a query
        self._write_lock = threading.Lock()
        self._closed = False

    def _open(self) -> sqlite3.Connection:
        conn = open_sqlite(
            self.path,
            busy_timeout_s=BUSY_TIMEOUT_MS / 1000,
            pragmas=[f"PRAGMA synchronous = {self.synchronous}"],
        )
        # sqlite3.Row is built in C while fetching and read by column name like a dict: turning
        # tuples into dicts in Python cost about a tenth of a get_tuple.
        conn.row_factory = sqlite3.Row
        return conn

    def _acquire(self) -> sqlite3.Connection:
        with self._guard:
            if self._closed:
                raise RuntimeError(
                    "this checkpointer is closed; create a new one with TenantCheckpointer.from_url"
                )
            if self._idle:
                return self._idle.pop()
        return self._open()

    def _release(self, conn: sqlite3.Connection) -> None:
        with self._guard:
            if not self._closed and len(self._idle) < MAX_IDLE:
                self._idle.append(conn)
                return
        conn.close()

    def _connection(self) -> sqlite3.Connection:
        """A connection for inspection (tests): the one the next call would use."""
        conn = self._acquire()
        self._release(conn)
        return conn

    @staticmethod
    def _execute(conn: sqlite3.Connection, query: Query) -> list[Row]:
        rows: list[Row] = []
        for sql, params, many in sql_sqlite.render(query):
            if many:
                conn.executemany(sql, params)
                continue
            cursor = conn.execute(sql, params)
            rows = cursor.fetchall() if query.fetch else []
        return rows

    def run(self, op: Op[T]) -> T:
        conn = self._acquire()
        try:
            return self._run_locked(conn, op)
        except sqlite3.DatabaseError as exc:
            # The connection names its file in errors its statements raise; rows read afterwards
            # (cursor.fetchall) can still raise a bare one: a full disk, a damaged page.
            error = sqlite_error(self.path, exc)
            if error is None:
                raise
            raise error from exc
        finally:
            self._release(conn)

    def _run_locked(self, conn: sqlite3.Connection, op: Op[T]) -> T:
        if op.write:
            # SQLite admits one writer at a time anyway; queueing this process's writers here
            # wakes the next one the moment the lock frees, where SQLite's busy handler would
            # sleep in 1-50 ms steps (LangGraph's put and put_writes overlap on worker threads).
            # Other processes still wait through busy_timeout; readers never take this lock.
            with self._write_lock:
                return self._run_on(conn, op)
        return self._run_on(conn, op)

    def _run_on(self, conn: sqlite3.Connection, op: Op[T]) -> T:
        if op.single and not op.write:  # one statement is its own transaction
            return drive(op.steps, lambda q: self._execute(conn, q))
        with sqlite_transaction(conn, write=op.write):
            return drive(op.steps, lambda q: self._execute(conn, q))

    async def arun(self, op: Op[T]) -> T:
        return await asyncio.to_thread(self.run, op)

    def close(self) -> None:
        with self._guard:
            self._closed = True
            conns, self._idle = self._idle, []
        for conn in conns:  # connections in use close when their call gives them back
            conn.close()

    async def aclose(self) -> None:
        self.close()
