"""Pages SQLite writes per checkpoint, by table and index: kassist against stock SqliteSaver.

    python bench/cp_sqlite_pages.py                 # workload (a): 5 channels, 1 KB and 100 KB
    python bench/cp_sqlite_pages.py --loop          # workload (b): the 200-step operator.add loop

With synchronous=FULL every commit ends in an fsync of the WAL, and what a commit costs beyond
that grows with the pages it appends to the WAL. This counts them: after a warm-up thread, 100
put + get_tuple rounds of workload (a) (bench/cp_workloads.put_get) run with automatic WAL
checkpoints off, then every frame of the WAL is attributed to the b-tree that owns its page
(SQLite's dbstat table; page 1 is the header, rewritten whenever the file grows). Deterministic
up to page splits, unlike timings, so it shows where the time of bench/cp_sqlite_floor.py goes.
"""

from __future__ import annotations

import argparse
import collections
import sqlite3
import struct
import sys
import tempfile
from contextlib import closing
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cp_workloads import graph_loop, put_get
from langgraph.checkpoint.sqlite import SqliteSaver

from checkpointer import TenantCheckpointer
from cli.kit import progress

WAL_HEADER, FRAME_HEADER = 32, 24


def wal_pages(db: Path) -> tuple[float, collections.Counter[str]]:
    """(WAL frames per commit, frames per b-tree) for the WAL of ``db`` as it is now."""
    with closing(sqlite3.connect(db)) as conn:
        page_size = int(conn.execute("PRAGMA page_size").fetchone()[0])
        owner = {int(page): str(name) for name, page in conn.execute("SELECT name, pageno FROM dbstat")}
    data = (db.parent / (db.name + "-wal")).read_bytes()
    counts: collections.Counter[str] = collections.Counter()
    commits = 0
    for offset in range(WAL_HEADER, len(data) - FRAME_HEADER + 1, FRAME_HEADER + page_size):
        page, commit_size = struct.unpack(">II", data[offset : offset + 8])
        counts["page 1 (header)" if page == 1 else owner.get(page, "freed")] += 1
        commits += commit_size > 0
    return sum(counts.values()) / max(commits, 1), counts


def measure(
    saver: Any, db: Path, connections: list[sqlite3.Connection], value_bytes: int, rounds: int
) -> tuple[float, collections.Counter[str]]:
    """WAL frames of ``rounds`` put + get_tuple rounds at ``value_bytes`` (0: one run of the
    operator.add loop of ``rounds`` super-steps instead)."""
    put_get(saver, 20, value_bytes or 1024)  # warm-up: tables exist and have some history
    for conn in connections:  # keep every frame of the measured rounds in the WAL
        conn.execute("PRAGMA wal_autocheckpoint = 0")
        if conn.in_transaction:
            conn.commit()
    with closing(sqlite3.connect(db)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    if value_bytes:
        put_get(saver, rounds, value_bytes)
    else:
        graph_loop(saver, False, rounds, 1024, 1)
    for conn in connections:
        if conn.in_transaction:
            conn.commit()
    return wal_pages(db)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--loop", action="store_true", help="the operator.add loop (200 steps)")
    args = parser.parse_args()
    if args.loop:
        args.rounds = 200
    for value_bytes in (0,) if args.loop else (1024, 100 * 1024):
        with tempfile.TemporaryDirectory() as tmp:
            stock_db, ours_db = Path(tmp) / "stock.db", Path(tmp) / "ours.db"
            stock_conn = sqlite3.connect(stock_db, check_same_thread=False)
            stock = SqliteSaver(stock_conn)
            stock.setup()
            owner = TenantCheckpointer.from_url(f"sqlite:///{ours_db}")
            owner.setup()
            ours = owner.for_tenant("bench")
            ours.get_tuple({"configurable": {"thread_id": "none"}})  # opens the pooled connection
            executor: Any = owner._executor  # a diagnostic: its pooled connections
            with progress(f"WAL pages, {value_bytes // 1024 or 'loop'} KB values", 2) as bar:  # stderr only
                results = {}
                for name, saver, db, conns in (
                    ("stock SqliteSaver", stock, stock_db, [stock_conn]),
                    ("kassist", ours, ours_db, list(executor.db._idle)),
                ):
                    results[name] = measure(saver, db, conns, value_bytes, args.rounds)
                    bar.advance()
            owner.close()
            stock_conn.close()
        what = (
            f"(a), 5 channels, {value_bytes // 1024} KB values" if value_bytes else "(b), operator.add loop"
        )
        print(f"workload {what}: WAL pages per step (put + get_tuple, or put_writes + put)")
        for name, (per_commit, counts) in results.items():
            parts = ", ".join(f"{tree} {n / args.rounds:.2f}" for tree, n in counts.most_common())
            print(f"  {name:18s} {per_commit:5.2f}  ({parts})")


if __name__ == "__main__":
    main()
