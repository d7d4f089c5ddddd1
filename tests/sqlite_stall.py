"""Holding a child process in a window between two of its SQLite writes, then killing it there.

A kill test must land between an effect and its checkpoint (or any two commits), a window of
microseconds. The database holds the child in it: triggers whose body is a slow cross join (a few
seconds of CPU, the child holding the write lock) fire on the write after the window, once the
effect is visible; the test sees the effect from outside, sees the lock held for a moment, and
sends SIGKILL (tests/test_ingest_start_kill.py's way, shared by the session 35-36 kill tests).
"""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

ROWS = 3000  # 3000^3 rows to count: far longer than any test waits
HELD_S = 1.0  # the lock held this long: the child is in the stall, not in a write of its own
WAIT_S = 60.0


@contextmanager
def stalled(path: Path, name: str, *heads: str) -> Iterator[None]:
    """While inside, each of ``heads`` (a trigger's head: ``BEFORE INSERT ON t WHEN ...``) is a
    trigger of the SQLite file ``path`` that stalls the write it fires on; dropped on leaving."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"CREATE TABLE {name}_rows (x INTEGER)")
        conn.executemany(f"INSERT INTO {name}_rows VALUES (?)", [(i,) for i in range(ROWS)])
        for n, head in enumerate(heads):
            conn.execute(
                f"CREATE TRIGGER {name}_{n} {head} BEGIN "
                f"SELECT count(*) FROM {name}_rows a, {name}_rows b, {name}_rows c; END"
            )
        conn.commit()
    try:
        yield
    finally:
        with closing(sqlite3.connect(path)) as conn:
            for n in range(len(heads)):
                conn.execute(f"DROP TRIGGER IF EXISTS {name}_{n}")
            conn.commit()


def stall_inserts(table: str, when: str) -> str:
    """The head of a trigger stalling inserts into ``table`` once ``when`` (an SQL condition) holds."""
    return f"BEFORE INSERT ON {table} WHEN {when}"


CHECKPOINT_TABLES = ("kassist_cp_checkpoints", "kassist_cp_writes")
"""A LangGraph step's writes and its checkpoint: whichever the saver puts first is stalled."""


def before_checkpoint(when: str) -> tuple[str, ...]:
    """Trigger heads stalling the next checkpoint (or its writes) once ``when`` holds."""
    return tuple(stall_inserts(table, when) for table in CHECKPOINT_TABLES)


def _count(conn: sqlite3.Connection, sql: str, params: tuple[object, ...]) -> int | None:
    try:
        [[found]] = conn.execute(sql, params).fetchall()
    except sqlite3.OperationalError:  # locked for a moment: look again
        return None
    return int(found)


def counted(
    sql: str, *params: object, want: Callable[[int], bool] = lambda n: n > 0
) -> Callable[[sqlite3.Connection], bool]:
    """A window test for :func:`kill_in_window`: ``sql`` (one count) read from outside answers ``want``."""

    def reached(conn: sqlite3.Connection) -> bool:
        found = _count(conn, sql, params)
        return found is not None and want(found)

    return reached


def kill_in_window(
    child: subprocess.Popen[str],
    path: Path,
    reached: Callable[[sqlite3.Connection], bool],
    *,
    or_held: bool = False,
) -> tuple[str, str, bool]:
    """SIGKILL ``child`` once ``reached`` (asked on a connection of its own; once true, it stays)
    and the child has held the write lock for :data:`HELD_S` (stalled in the trigger after the
    window); with ``or_held``, either one is enough. Returns its output and whether the window was
    reached; the caller asserts that the child was killed, not finished (``returncode``)."""
    seen, locked_since = False, None
    try:
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline and child.poll() is None:
            with closing(sqlite3.connect(path, timeout=0)) as conn:
                seen = seen or reached(conn)
                try:  # the child holds the write lock: in a transaction, or stalled in one
                    conn.execute("BEGIN IMMEDIATE")
                    conn.rollback()
                    locked_since = None
                except sqlite3.OperationalError:
                    locked_since = locked_since or time.monotonic()
            held = locked_since is not None and time.monotonic() - locked_since > HELD_S
            if (seen or held) if or_held else (seen and held):
                break
            time.sleep(0.02)
    finally:
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
    return out, err, seen
