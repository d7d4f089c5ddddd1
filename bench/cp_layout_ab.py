"""A graph step's SQLite statements on two checkpoint layouts, side by side in one process.

    git archive 4932850 | (mkdir -p /tmp/s4 && tar -x -C /tmp/s4)     # a tree at schema 4
    python bench/cp_layout_ab.py --old /tmp/s4                           # schema 4 against this tree

The ratios of bench/checkpointers.py compare each layout with the stock saver in its own process,
so two layouts are compared only through two noisy ratios. Here the statements that changed
between the layouts run in one process against two fresh files, one per layout, in alternating
blocks (who goes first flips every block), with the same parameters and the same Python around
them: the 1 KB step (the hinted put ``PUT_NEXT`` of a row with five 1 KB values, then
``GET_LATEST_ROW``) and the operator.add step (``put_writes`` of one 1 KB write, then a blob row
of a 100 KB value and the put in one transaction, then the read with that blob). The migrations
and statements of ``--old`` are loaded from its files. Prints the median over blocks of
old time / new time per step (>= 1.0: this tree is at least as fast).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sqlite3
import statistics
import sys
import tempfile
import time
import types
from pathlib import Path
from typing import Any

import ormsgpack

from checkpointer.codec import dumps_json
from checkpointer.query import Query

ROOT = Path(__file__).resolve().parent.parent


def _module(tree: Path, name: str, alias: str) -> types.ModuleType:
    """``checkpointer/<name>.py`` of ``tree`` as module ``alias`` (its own imports resolve to this
    tree's checkpointer package, which both layouts share except for the SQLite statements)."""
    spec = importlib.util.spec_from_file_location(alias, tree / "checkpointer" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Layout:
    def __init__(self, tree: Path, tag: str, path: str, synchronous: str) -> None:
        schema = _module(tree, "sql_sqlite_schema", f"{tag}_schema")
        step = _module(tree, "sql_sqlite_step", f"{tag}_step")
        sql = _module(tree, "sql_sqlite", f"{tag}_sql")
        self.put_next, self.read, self.read_blob = (
            step.PUT_NEXT,
            step.GET_LATEST_ROW,
            step.GET_LATEST_AND_BLOB,
        )
        self.put_blob = step._PUT_BLOB
        self.writes = sql.SQL.put_write_rows
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute(f"PRAGMA synchronous = {synchronous}")
        for migration in schema.MIGRATIONS:
            for stmt in migration:
                self.conn.execute(stmt)
        self.thread = 0

    def start(self) -> tuple[str, int]:
        self.thread += 1
        return f"t{self.thread}", 0


def _row(thread: str, cid: str, parent: str | None, pv: int | None, inline: bytes) -> tuple[Any, ...]:
    skeleton = dumps_json(
        {"v": 4, "id": cid, "channel_versions": {}, "versions_seen": {}, "blob_versions": {}}
    )
    return ("acme", thread, "", cid, parent, pv, 1.0, None, skeleton, '{"step":1}', inline)


# A thread's first checkpoint (version 1), the same row on both layouts; PUT_NEXT extends it.
ROOT_PUT = (
    "INSERT INTO kassist_cp_checkpoints (tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, "
    "version, ts, run_id, checkpoint, metadata, small_values) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?7, ?8, ?9, ?10, ?11)"
)


def _put(layout: Layout, thread: str, n: int, inline: bytes) -> None:
    cid, parent = f"1f{n:08d}", f"1f{n - 1:08d}" if n else None
    sql = layout.put_next if parent is not None else ROOT_PUT
    assert layout.conn.execute(sql, _row(thread, cid, parent, n or None, inline)).rowcount == 1


def step_1kb(layout: Layout, thread: str, n: int, values: bytes) -> None:
    _put(layout, thread, n, values)
    layout.conn.execute(layout.read, ("acme", thread, "")).fetchall()


def step_loop(layout: Layout, thread: str, n: int, big: bytes) -> None:
    parent = f"1f{n - 1:08d}" if n else None
    conn = layout.conn
    if parent is not None:
        rows = [
            {
                "task_id": "task",
                "idx": 0,
                "channel": "items",
                "type": "msgpack",
                "blob": big[:1024],
                "task_path": "~",
            }
        ]
        query = Query(
            layout.writes, {"tenant": "acme", "thread": thread, "ns": "", "cid": parent, "rows": rows}
        )
        rendered = layout.writes(query)
        stmts = rendered if isinstance(rendered, list) else [rendered]
        for s in stmts:
            if s.many is not None:
                conn.execute("BEGIN IMMEDIATE")
                conn.executemany(s.sql, s.many)
                conn.execute("COMMIT")
            else:
                conn.execute(s.sql, s.params)
    version = f"{n + 1:032}.5"
    conn.execute("BEGIN IMMEDIATE")
    conn.execute(
        layout.put_blob,
        {
            "tenant": "acme",
            "thread": thread,
            "ns": "",
            "channel": "items",
            "version": version,
            "type": "msgpack",
            "blob": big,
        },
    )
    _put(layout, thread, n, ormsgpack.packb({"n": n}))
    conn.execute("COMMIT")
    conn.execute(layout.read_blob, ("acme", thread, "", "items", version)).fetchall()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--old", type=Path, required=True, help="a tree at the older layout (see above)")
    parser.add_argument("--blocks", type=int, default=20)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--synchronous", default="FULL", choices=("FULL", "NORMAL"))
    args = parser.parse_args()
    if not (args.old / "checkpointer" / "sql_sqlite_step.py").is_file():
        sys.exit(
            f"--old {args.old}: no checkpointer/sql_sqlite_step.py there; make the tree as the docstring says"
        )
    values = ormsgpack.packb({f"c{i}": os.urandom(512).hex() for i in range(5)})
    big = os.urandom(50_000).hex().encode()
    with tempfile.TemporaryDirectory() as tmp:
        old = Layout(args.old, "old", f"{tmp}/old.db", args.synchronous)
        new = Layout(ROOT, "new", f"{tmp}/new.db", args.synchronous)
        for name, step, payload in (
            ("1 KB put + get", step_1kb, values),
            ("operator.add step", step_loop, big),
        ):
            ratios: list[float] = []
            times: dict[str, list[float]] = {"old": [], "new": []}
            for block in range(args.blocks + 1):
                order = [("old", old), ("new", new)] if block % 2 == 0 else [("new", new), ("old", old)]
                took = {}
                for tag, layout in order:
                    thread, _ = layout.start()
                    t0 = time.perf_counter()
                    for n in range(args.steps):
                        step(layout, thread, n, payload)
                    took[tag] = (time.perf_counter() - t0) / args.steps
                if block:  # the first block warms both files up
                    ratios.append(took["old"] / took["new"])
                    for tag in took:
                        times[tag].append(took[tag] * 1e6)
            print(
                f"{name}: old/new {statistics.median(ratios):.3f} (quartiles "
                f"{statistics.quantiles(ratios, n=4)[0]:.3f}-{statistics.quantiles(ratios, n=4)[2]:.3f}), "
                f"us/step old {statistics.median(times['old']):.0f}, new {statistics.median(times['new']):.0f}"
            )


if __name__ == "__main__":
    main()
