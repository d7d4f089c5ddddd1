"""Where a 1 KB put + get_tuple goes on SQLite: time inside SQLite against Python, for kassist and
for stock SqliteSaver, put and get_tuple apart.

    python bench/cp_sqlite_floor.py                  # synchronous=FULL for both (the default)
    python bench/cp_sqlite_floor.py --synchronous NORMAL
    python bench/cp_sqlite_floor.py --synchronous NORMAL --dir /dev/shm   # no disk: CPU cost alone

Workload (a) of bench/checkpointers.py (5 string channels of 1 KB, one changing per step, each put
followed by get_tuple of the latest, continuing from the config it returned), both savers in one
process, alternating. Both savers' connections are wrapped so that every call into sqlite3
(execute, executemany, fetch, commit) adds its time to a counter: "SQLite" is SQLite's own work
(statements, page writes, the fsync at FULL), "Python" the rest of the call (serialisation, the
saver's own code). Stock writes one row per checkpoint holding every value; so does kassist for
values up to 2 KiB (1 KB here), its row also entered in the unique version index that replaced
the heads table (bench/cp_sqlite_pages.py counts the pages).
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cp_workloads import checkpoint_steps
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.sqlite import SqliteSaver

from checkpointer import TenantCheckpointer
from cli.kit import progress
from kassist.db import driver_sqlite

SPENT = [0.0]  # seconds inside sqlite3 calls since the last reset


def _timed(method: Any) -> Any:
    def call(self: Any, *args: Any) -> Any:
        start = time.perf_counter()
        try:
            return method(self, *args)
        finally:
            SPENT[0] += time.perf_counter() - start

    return call


class TimedCursor(sqlite3.Cursor):
    execute = _timed(sqlite3.Cursor.execute)
    executemany = _timed(sqlite3.Cursor.executemany)
    fetchone = _timed(sqlite3.Cursor.fetchone)
    fetchall = _timed(sqlite3.Cursor.fetchall)

    def __iter__(self) -> Any:
        return iter(self.fetchall())


class TimedConnection(sqlite3.Connection):
    """A sqlite3 connection that adds the time spent inside SQLite calls to ``SPENT``."""

    commit = _timed(sqlite3.Connection.commit)

    # sqlite3's own Connection.execute makes a plain cursor, whose fetches would go untimed.
    def execute(self, *args: Any) -> Any:
        return self.cursor().execute(*args)

    def executemany(self, *args: Any) -> Any:
        return self.cursor().executemany(*args)

    def cursor(self, factory: Any = TimedCursor) -> Any:
        return super().cursor(factory)


def _rounds(saver: BaseCheckpointSaver[Any], steps: int, times: dict[str, list[float]], kind: str) -> None:
    """``steps`` put + get_tuple rounds on a fresh thread; appends per-call microseconds."""
    thread = uuid.uuid4().hex
    config: RunnableConfig = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    latest_config: RunnableConfig = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    totals = {"put": 0.0, "put_sql": 0.0, "get": 0.0, "get_sql": 0.0}
    for step, checkpoint, new_versions in checkpoint_steps(saver, steps, 1024):
        for op in ("put", "get"):
            SPENT[0] = 0.0
            start = time.perf_counter()
            if op == "put":
                saver.put(config, checkpoint, {"source": "loop", "step": step, "parents": {}}, new_versions)
            else:
                latest = saver.get_tuple(latest_config)
                assert latest is not None and latest.checkpoint["id"] == checkpoint["id"]
                config = latest.config
            totals[op] += time.perf_counter() - start
            totals[f"{op}_sql"] += SPENT[0]
    for key, seconds in totals.items():
        times[f"{kind}.{key}"].append(seconds / steps * 1e6)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--synchronous", choices=("FULL", "NORMAL"), default="FULL")
    parser.add_argument("--reps", type=int, default=9)
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument(
        "--dir", default=None, help="where the databases go (e.g. /dev/shm: no disk, CPU cost alone)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        stock_conn = sqlite3.connect(Path(tmp) / "stock.db", check_same_thread=False, factory=TimedConnection)
        stock_conn.execute(f"PRAGMA synchronous = {args.synchronous}")
        stock = SqliteSaver(stock_conn)
        stock.setup()
        owner = TenantCheckpointer.from_url(
            f"sqlite:///{tmp}/ours.db", sqlite_synchronous=args.synchronous.lower()
        )
        owner.setup()
        ours = owner.for_tenant("bench")
        executor: Any = owner._executor.db  # type: ignore[attr-defined]  # a diagnostic: connections opened timed
        original_open = executor._open

        # The executor runs a lone statement with sqlite3's own Connection.execute, whose plain
        # cursor would go untimed: route it through the timed connection's execute.
        def timed_execute(conn: Any, sql: str, params: Any) -> Any:
            return conn.execute(sql, params)

        driver_sqlite._raw_execute = timed_execute  # type: ignore[assignment]

        def timed_open() -> sqlite3.Connection:
            plain = original_open()
            timed = sqlite3.connect(
                executor.path, isolation_level=None, check_same_thread=False, factory=TimedConnection
            )
            timed.row_factory = plain.row_factory
            for pragma in ("busy_timeout", "synchronous"):
                timed.execute(f"PRAGMA {pragma} = {plain.execute(f'PRAGMA {pragma}').fetchone()[0]}")
            plain.close()
            return timed

        executor._open = timed_open
        for conn in executor._idle:  # setup's connections: reopened timed on next use
            conn.close()
        executor._idle.clear()
        times: dict[str, list[float]] = {
            f"{k}.{m}": [] for k in ("stock", "ours") for m in ("put", "put_sql", "get", "get_sql")
        }
        _rounds(stock, 20, {k: [] for k in times}, "stock")  # warm-up
        _rounds(ours, 20, {k: [] for k in times}, "ours")
        with progress("SQLite floor: paired rounds", args.reps) as bar:  # stderr only
            for rep in range(args.reps):
                for kind in ("stock", "ours") if rep % 2 == 0 else ("ours", "stock"):
                    _rounds(stock if kind == "stock" else ours, args.steps, times, kind)
                bar.advance()
        owner.close()
        stock_conn.close()
    med = {k: statistics.median(v) for k, v in times.items()}
    print(
        f"SQLite synchronous={args.synchronous}, {args.reps} reps x {args.steps} rounds, 1 KB values, us per call"
    )
    print(
        f"  {'':18s} {'put':>8s} {'in SQLite':>10s} {'Python':>8s} {'get_tuple':>10s} {'in SQLite':>10s} {'Python':>8s}"
    )
    for kind, label in (("stock", "stock SqliteSaver"), ("ours", "kassist")):
        put, put_sql, get, get_sql = (med[f"{kind}.{m}"] for m in ("put", "put_sql", "get", "get_sql"))
        print(
            f"  {label:18s} {put:8.1f} {put_sql:10.1f} {put - put_sql:8.1f} {get:10.1f} {get_sql:10.1f} {get - get_sql:8.1f}"
        )
    total = {k: med[f"{k}.put"] + med[f"{k}.get"] for k in ("stock", "ours")}
    print(
        f"  ratio stock/ours for put + get_tuple (>= 1.0: we are faster): {total['stock'] / total['ours']:.2f}"
    )


if __name__ == "__main__":
    main()
