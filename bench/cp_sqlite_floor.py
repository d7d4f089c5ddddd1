"""Where a 1 KB put + get_tuple goes on SQLite: kassist's SQL alone against stock SqliteSaver's whole call.

    python bench/cp_sqlite_floor.py                  # synchronous=FULL for both (the default)
    python bench/cp_sqlite_floor.py --synchronous NORMAL

Workload (a) of bench/checkpointers.py (5 string channels of 1 KB, one changing per step, each put
followed by get_tuple of the latest), both savers in one process, alternating. For kassist it also
times the sqlite3 calls alone (execute, executemany, fetchall: SQLite's own work, no Python of
ours), so the table shows how much of the gap to stock is our Python and how much is the work the
storage layout asks of SQLite: stock writes one row per checkpoint (the whole checkpoint, every
value); kassist writes the head, the checkpoint row and one blob row per changed value, each with
its index entry, and reads the head, the row and one blob per channel.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from contextlib import closing
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cp_workloads import put_get
from langgraph.checkpoint.sqlite import SqliteSaver

from checkpointer import TenantCheckpointer


class TimedConnection:
    """A sqlite3 connection that adds the time spent inside SQLite calls to ``spent``."""

    def __init__(self, conn: sqlite3.Connection, spent: list[float]) -> None:
        self._conn, self._spent = conn, spent

    def execute(self, sql: str, params: Any = ()) -> Any:
        start = time.perf_counter()
        cursor = self._conn.execute(sql, params)
        self._spent[0] += time.perf_counter() - start
        return TimedCursor(cursor, self._spent)

    def executemany(self, sql: str, params: Any) -> Any:
        start = time.perf_counter()
        cursor = self._conn.executemany(sql, params)
        self._spent[0] += time.perf_counter() - start
        return cursor

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction


class TimedCursor:
    def __init__(self, cursor: sqlite3.Cursor, spent: list[float]) -> None:
        self._cursor, self._spent = cursor, spent

    def fetchall(self) -> list[Any]:
        start = time.perf_counter()
        rows = self._cursor.fetchall()
        self._spent[0] += time.perf_counter() - start
        return rows


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--synchronous", choices=("FULL", "NORMAL"), default="FULL")
    parser.add_argument("--reps", type=int, default=9)
    parser.add_argument("--steps", type=int, default=150)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        stock_conn = sqlite3.connect(Path(tmp) / "stock.db", check_same_thread=False)
        stock_conn.execute(f"PRAGMA synchronous = {args.synchronous}")
        stock = SqliteSaver(stock_conn)
        stock.setup()
        owner = TenantCheckpointer.from_url(
            f"sqlite:///{tmp}/ours.db", sqlite_synchronous=args.synchronous.lower()
        )
        owner.setup()
        ours = owner.for_tenant("bench")
        spent = [0.0]
        executor: Any = owner._executor  # a diagnostic: wrap the executor's connections
        acquire, release = executor._acquire, executor._release
        executor._acquire = lambda: TimedConnection(acquire(), spent)
        executor._release = lambda conn: release(conn._conn)
        per_op: dict[str, list[float]] = {"stock": [], "ours": [], "ours_sql": []}
        put_get(stock, 20, 1024), put_get(ours, 20, 1024)  # warm-up
        for rep in range(args.reps):
            for kind in ("stock", "ours") if rep % 2 == 0 else ("ours", "stock"):
                spent[0] = 0.0
                elapsed = put_get(stock if kind == "stock" else ours, args.steps, 1024, uuid.uuid4().hex)
                per_op[kind].append(elapsed / args.steps * 1e6)
                if kind == "ours":
                    per_op["ours_sql"].append(spent[0] / args.steps * 1e6)
        owner.close()
        with closing(stock_conn):
            pass
    med = {k: statistics.median(v) for k, v in per_op.items()}
    print(
        f"SQLite synchronous={args.synchronous}, {args.reps} reps x {args.steps} put+get_tuple, 1 KB values"
    )
    print(f"  stock SqliteSaver, whole put+get_tuple : {med['stock']:7.1f} us")
    print(f"  kassist, whole put+get_tuple           : {med['ours']:7.1f} us")
    print(f"  kassist, inside SQLite only            : {med['ours_sql']:7.1f} us")
    print(f"  kassist Python around it               : {med['ours'] - med['ours_sql']:7.1f} us")
    print(f"  ratio stock/ours (>= 1.0: we are faster): {med['stock'] / med['ours']:.2f}")


if __name__ == "__main__":
    main()
