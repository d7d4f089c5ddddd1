"""The SQLite executor of every kassist component: one per file and process (see kassist.db.shared).

A small LIFO pool of connections, WAL, one transaction per operation. A call takes the most
recently used idle connection (or opens one) and gives it back when done, so sequential calls,
whatever thread they come from, stay on one connection: its page cache and prepared statements
stay warm, and no other connection's cache is invalidated by its commits. Writers take the write
lock before a connection, so writers queued behind each other run on one connection too. Async
callers run the same executor in a worker thread (``asyncio.to_thread``).

One write lock per file: SQLite admits one writer at a time anyway; queueing this process's
writers (of every component on the file) on one lock wakes the next the moment the lock frees,
where SQLite's busy handler would sleep in 1-50 ms steps. Other processes still wait through
``busy_timeout``; readers never take the lock (WAL).

One policy per file: ``synchronous=FULL`` by default (WAL fsynced at every commit, so a committed
checkpoint or memory survives a power cut); ``normal`` is the one opt-in, for the whole file
(commits survive a killed process, the last ones may be lost on power failure). Every connection
also enforces foreign keys and overwrites deleted content (``secure_delete``), so erased memories
do not linger in free pages whichever component's connection deleted them.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, TypeVar, cast

from kassist.db.connect_sqlite import _damaged, open_sqlite, raise_named
from kassist.db.sansio import drive
from kassist.db.statements import DEFAULT, Compile, Local, Op, Options, Stmt, as_is
from kassist.db.transaction_sqlite import sqlite_transaction

T = TypeVar("T")
BUSY_TIMEOUT_S = 30.0
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


_raw_execute = sqlite3.Connection.execute


def execute(conn: sqlite3.Connection, request: Any, compile: Compile = as_is) -> Any:
    """Run one request on ``conn``: its statements in order (the last fetching one's rows are the
    answer), or its local work."""
    compiled = compile(request)
    if type(compiled) is Stmt:
        if not _damaged and compiled.many is None:
            # The usual request, one statement: sqlite3's own execute, without the connection's
            # Python override (kassist.db.connect_sqlite), which only adds the damaged-file guard
            # (nothing is damaged) and names the file in errors, which SqliteDatabase.run and
            # sqlite_transaction do as well.
            cursor = _raw_execute(conn, compiled.sql, compiled.params)
            if compiled.rowcount:
                return cursor.rowcount
            return cursor.fetchall() if compiled.fetch else []
        stmts: Any = (compiled,)
    elif type(compiled) is Local:
        return compiled.call()
    else:
        stmts = compiled
    rows: Any = []
    for stmt in stmts:
        if stmt.rowcount:
            many = stmt.many if stmt.many is not None else (stmt.params,)
            cursor = conn.execute(stmt.sql, many[0]) if len(many) == 1 else conn.executemany(stmt.sql, many)
            rows = cursor.rowcount
            continue
        if stmt.many is not None:
            conn.executemany(stmt.sql, stmt.many)
            continue
        cursor = conn.execute(stmt.sql, stmt.params)
        rows = cursor.fetchall() if stmt.fetch else []
    return rows


def _run_single_write(conn: sqlite3.Connection, op: Op[T], compile: Compile) -> T:
    """A ``single`` write: its first request, when it is one statement (not ``many``), runs as its own
    transaction (as on PostgreSQL, where a single op runs in autocommit); anything after it, or a
    first request of several statements, runs in one ``BEGIN IMMEDIATE`` transaction.

    So an op whose one statement is the whole write (a checkpoint put extending the head, an
    upsert) costs no BEGIN and COMMIT statements; an op that goes on after its first statement
    must have written nothing with it that the rest could need to undo (the checkpointer's put:
    its first INSERT either stores the checkpoint and ends the op, or stores nothing).
    The sans-I/O loop of :func:`kassist.db.sansio.drive`, written out because the transaction
    starts part-way through.
    """
    try:
        request = next(op)
    except StopIteration as stop:
        return cast(T, stop.value)
    compiled = compile(request)
    if type(compiled) is Stmt and compiled.many is None:  # (an executemany is one transaction)
        try:
            request = op.send(execute(conn, compiled))
        except StopIteration as stop:
            return cast(T, stop.value)
        compiled = compile(request)
    with sqlite_transaction(conn, write=True):
        while True:
            try:
                request = op.send(execute(conn, compiled))
            except StopIteration as stop:
                return cast(T, stop.value)
            compiled = compile(request)


class SqliteDatabase:
    """The SQLite file at ``path``: its connections, its write lock and its durability policy."""

    backend = "sqlite"

    def __init__(
        self, path: Path, *, synchronous: str = "full", busy_timeout_s: float = BUSY_TIMEOUT_S
    ) -> None:
        self.path = path
        self.synchronous = check_synchronous(synchronous)
        self.busy_timeout_s = busy_timeout_s
        self.write_lock = threading.Lock()
        self._idle: list[sqlite3.Connection] = []
        self._guard = threading.Lock()  # guards the idle list only, never a query
        self._closed = False

    def describe(self) -> str:
        return f"SQLite file {self.path}"

    def _open(self) -> sqlite3.Connection:
        return open_sqlite(
            self.path,
            busy_timeout_s=self.busy_timeout_s,
            pragmas=[
                f"PRAGMA synchronous = {self.synchronous}",
                "PRAGMA foreign_keys = ON",
                "PRAGMA secure_delete = ON",
            ],
        )

    def acquire(self) -> sqlite3.Connection:
        with self._guard:
            if self._closed:
                raise RuntimeError(f"the database {self.path} is closed in this process")
            if self._idle:
                return self._idle.pop()
        return self._open()

    def release(self, conn: sqlite3.Connection) -> None:
        if conn.in_transaction:
            # Connections are in autocommit, so one comes back inside a transaction only when an
            # operation was stopped between its BEGIN and the block that ends it (Ctrl-C's
            # KeyboardInterrupt lands between any two bytecodes, e.g. right after
            # sqlite_transaction.__enter__'s BEGIN, whose __exit__ then never runs). Pooled as it was,
            # the next operation's BEGIN failed "cannot start a transaction within a transaction"
            # and replaced Ctrl-C's one line (a clean-clone CI, session 28).
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                conn.close()
                return
        with self._guard:
            if not self._closed and len(self._idle) < MAX_IDLE:
                self._idle.append(conn)
                return
        conn.close()

    @contextmanager
    def connection(self, *, write: bool = False) -> Iterator[sqlite3.Connection]:
        """A connection for work outside an operation (a PRAGMA, a bulk load), under the write
        lock when ``write``; the caller runs its own statements and transaction. Rows are tuples."""
        with self.write_lock if write else nullcontext():  # the lock first: see run
            conn = self.acquire()
            try:
                yield conn
            finally:
                self.release(conn)

    def run(
        self, op: Op[T], opts: Options = DEFAULT, *, write: bool = False, single: bool = False, **_: Any
    ) -> T:
        """Run ``op`` in one transaction (``BEGIN IMMEDIATE`` under the write lock for writes; a
        ``single`` read, one statement, in autocommit; a ``single`` write as
        :func:`_run_single_write` says), answering its requests as ``opts`` says.
        PostgreSQL's re-run (``again``) does not apply: under the one write lock no transaction of
        this process deadlocks another.
        """
        # A writer takes the lock first and a connection second, and gives the connection back
        # before the lock: the writer queued behind it then gets the same connection, whose page
        # cache is current. Taken the other way round, two overlapping writes (a graph step's
        # put_writes and put) each held a connection while waiting, and every commit on one
        # emptied the other's cache (measured: 3,100 more page reads in a 200-step loop).
        if write:
            with self.write_lock:
                return self._run_acquired(op, opts, True, single)
        return self._run_acquired(op, opts, False, single)

    def _run_acquired(self, op: Op[T], opts: Options, write: bool, single: bool) -> T:
        conn = self.acquire()
        try:
            return self._run_on(conn, op, write, single, opts.compile)
        except sqlite3.DatabaseError as exc:
            # The connection names its file in errors its statements raise; rows read afterwards
            # (cursor.fetchall) can still raise a bare one: a full disk, a damaged page.
            raise_named(self.path, exc)
        finally:
            self.release(conn)

    def run_one(self, sql: str, params: Any, *, write: bool = False) -> Any:
        """One statement alone, outside any operation and in its own transaction (autocommit): for
        a write, under the write lock, the number of rows it changed; for a read, its rows as
        tuples. What :meth:`run` does for a ``single`` op of one statement, without the operation:
        the hot calls of a component (a checkpoint put extending the head, the read of a head row)
        take no generator, compile step or request object.
        """
        if write:
            with self.write_lock:  # the lock first: see run
                return self._one(sql, params, True)
        return self._one(sql, params, False)

    def _one(self, sql: str, params: Any, write: bool) -> Any:
        conn = self.acquire()
        try:
            if write:
                if _damaged:  # the connection's override refuses writes to a damaged file
                    return conn.execute(sql, params).rowcount
                return _raw_execute(conn, sql, params).rowcount
            return _raw_execute(conn, sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            raise_named(self.path, exc)
        finally:
            self.release(conn)

    @staticmethod
    def _run_on(conn: sqlite3.Connection, op: Op[T], write: bool, single: bool, compile: Compile) -> T:
        if single:
            if write:
                return _run_single_write(conn, op, compile)
            return drive(op, lambda request: execute(conn, request, compile))  # its own transaction
        with sqlite_transaction(conn, write=write):
            return drive(op, lambda request: execute(conn, request, compile))

    async def arun(
        self, op: Op[T], opts: Options = DEFAULT, *, write: bool = False, single: bool = False, **_: Any
    ) -> T:
        return await asyncio.to_thread(self.run, op, opts, write=write, single=single)

    def close(self) -> None:
        with self._guard:
            self._closed = True
            conns, self._idle = self._idle, []
        for conn in conns:  # connections in use close when their call gives them back
            conn.close()

    async def aclose(self) -> None:
        self.close()
