"""A database used from one event loop after another (a CLI or a test calling ``asyncio.run``
twice) keeps one async pool: the pool of a loop that is gone is closed when the next loop's
pool replaces it, so its connections do not stay open on the server until garbage collection."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg

from kassist.db.driver_postgres import PostgresDatabase
from kassist.db.statements import Stmt

APP = "kassist_async_loops_test"


def _select_one() -> Any:
    rows = yield Stmt("SELECT 1 AS one")
    return rows


def _open_backends(pg_url: str) -> int:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", (APP,)
        ).fetchone()
    assert row is not None
    return int(row[0])


def _settles(condition: Callable[[], bool], within_s: float = 10.0) -> bool:
    deadline = time.monotonic() + within_s
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _database(pg_url: str) -> PostgresDatabase:
    sep = "&" if "?" in pg_url else "?"
    return PostgresDatabase(f"{pg_url}{sep}application_name={APP}", pool_size=2)


def test_each_new_loop_closes_the_pool_of_the_loop_before(pg_url: str) -> None:
    db = _database(pg_url)
    try:
        for _ in range(3):
            asyncio.run(db.arun(_select_one()))
        # the last loop's pool only (pool_size connections), not three pools' worth
        assert _open_backends(pg_url) <= db.pool_size
    finally:
        db.close()
    assert _open_backends(pg_url) == 0


SCRIPT = """
import asyncio, sys, threading
sys.path.insert(0, {tests!r})
from test_pg_async_pool_loops import _database, _open_backends, _select_one, _settles

url = sys.argv[1]
db = _database(url)
other = asyncio.new_event_loop()
thread = threading.Thread(target=other.run_forever, daemon=True)
thread.start()
asyncio.run_coroutine_threadsafe(db.arun(_select_one()), other).result(timeout=30)
asyncio.run(db.arun(_select_one()))  # this loop's pool replaces the other loop's
print("replaced", _settles(lambda: _open_backends(url) == db.pool_size))
db.close()
print("closed", _settles(lambda: _open_backends(url) == 0))
other.call_soon_threadsafe(other.stop)
thread.join(timeout=10)
other.close()
"""


def test_a_pool_on_a_loop_still_running_elsewhere_is_closed_on_that_loop(pg_url: str) -> None:
    # In a process of its own: what a user sees on stderr is the point (a pool dropped without
    # closing prints "Task was destroyed but it is pending!" and "Exception ignored" at exit).
    tests = str(Path(__file__).resolve().parent)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(tests=tests), pg_url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["replaced", "True", "closed", "True"]
    assert "Task was destroyed" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr
