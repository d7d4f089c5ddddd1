"""Checkpointer benchmark: kassist's TenantCheckpointer vs the stock saver of the same backend.

    python bench/checkpointers.py            # full run (make bench), a few minutes
    python bench/checkpointers.py --quick    # short run, same workloads, fewer repetitions

One process; each workload alternates ours and stock (who goes first flips every repetition), each
saver in its own fresh database, and reports medians. Ratios are written so that >= 1.0 means "ours
is at least as good" for speed (stock time / our time), while storage is ours / stock (lower is
better). PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL if set, else an embedded server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cp_env import BenchEnv, Target, bench_env, saver_for, stock_async_pg
from cp_workloads import graph_loop, put_get, read_latency
from rich.console import Console
from rich.table import Table

KINDS = ("ours", "stock")
STOCK_NAME = {"sqlite": "SqliteSaver", "postgres": "PostgresSaver"}


@dataclass
class Row:
    workload: str
    backend: str
    metric: str
    ours: float
    stock: float
    ratio: float
    ratio_kind: str  # "speed" (stock/ours time, >= 1 good) or "size" (ours/stock, <= 1 good)
    target: str = ""
    met: bool | None = None


@dataclass
class Plan:
    reps: int
    steps_1k: int
    steps_100k: int
    loop_steps: int
    loop_reps: int
    state_reads: int
    read_reps: int


FULL = Plan(reps=5, steps_1k=300, steps_100k=60, loop_steps=200, loop_reps=3, state_reads=15, read_reps=9)
QUICK = Plan(reps=3, steps_1k=100, steps_100k=20, loop_steps=200, loop_reps=1, state_reads=5, read_reps=5)


def _alternating(reps: int) -> list[tuple[str, str]]:
    return [KINDS if rep % 2 == 0 else KINDS[::-1] for rep in range(reps)]  # type: ignore[misc]


def _measure(
    env: BenchEnv,
    backend: str,
    reps: int,
    run: Callable[[Any], float | tuple[float, float]],
    units: int,
) -> dict[str, dict[str, list[float]]]:
    """Run ``run(saver)`` ``reps`` times per kind, alternating; collect times and bytes per unit."""
    targets: dict[str, Target] = {kind: env.fresh(backend, kind) for kind in KINDS}
    out: dict[str, dict[str, list[float]]] = {k: {"time": [], "bytes": [], "extra": []} for k in KINDS}
    with saver_for("ours", targets["ours"]) as ours, saver_for("stock", targets["stock"]) as stock:
        savers = {"ours": ours, "stock": stock}
        for order in _alternating(reps):
            for kind in order:
                before = targets[kind].stored_bytes()
                result = run(savers[kind])
                out[kind]["bytes"].append((targets[kind].stored_bytes() - before) / units)
                elapsed, extra = result if isinstance(result, tuple) else (result, 0.0)
                out[kind]["time"].append(elapsed)
                out[kind]["extra"].append(extra)
    return out


def bench_put_get(env: BenchEnv, backend: str, plan: Plan, console: Console) -> list[Row]:
    rows = []
    for size, steps in ((1024, plan.steps_1k), (100 * 1024, plan.steps_100k)):
        label = f"(a) put+get_tuple, 5 ch, {size // 1024} KB"
        console.print(f"  {label} on {backend} ...")
        res = _measure(env, backend, plan.reps, lambda s, z=size, n=steps: put_get(s, n, z), steps)
        ours_rate = steps / statistics.median(res["ours"]["time"])
        stock_rate = steps / statistics.median(res["stock"]["time"])
        ratio = ours_rate / stock_rate
        rows.append(
            Row(
                label, backend, "checkpoints/s", ours_rate, stock_rate, ratio, "speed", ">= 1.0", ratio >= 1.0
            )
        )
        ob, sb = statistics.median(res["ours"]["bytes"]), statistics.median(res["stock"]["bytes"])
        target, met = ("", None)
        if backend == "sqlite" and size > 1024:
            target, met = "<= 0.25", ob / sb <= 0.25
        rows.append(Row(label, backend, "stored bytes/checkpoint", ob, sb, ob / sb, "size", target, met))
    return rows


def bench_loop(env: BenchEnv, backend: str, plan: Plan, console: Console) -> list[Row]:
    rows = []
    for delta in (False, True):
        label = f"(b) {plan.loop_steps}-step loop, {'DeltaChannel' if delta else 'operator.add'}"
        console.print(f"  {label} on {backend} ...")
        res = _measure(
            env,
            backend,
            plan.loop_reps,
            lambda s, d=delta: graph_loop(s, d, plan.loop_steps, 1024, plan.state_reads),
            plan.loop_steps,
        )
        o_ms = statistics.median(res["ours"]["time"]) * 1000 / plan.loop_steps
        s_ms = statistics.median(res["stock"]["time"]) * 1000 / plan.loop_steps
        rows.append(
            Row(label, backend, "ms/step", o_ms, s_ms, s_ms / o_ms, "speed", ">= 1.0", s_ms / o_ms >= 1.0)
        )
        ob, sb = statistics.median(res["ours"]["bytes"]), statistics.median(res["stock"]["bytes"])
        rows.append(Row(label, backend, "stored bytes/step", ob, sb, ob / sb, "size"))
        og = statistics.median(res["ours"]["extra"]) * 1000
        sg = statistics.median(res["stock"]["extra"]) * 1000
        rows.append(Row(label, backend, "get_state ms", og, sg, sg / og, "speed", ">= 1.0", sg / og >= 1.0))
    return rows


async def _reads(saver: Any, threads: list[str], reps: int) -> tuple[float, float]:
    seq, conc = [], []
    await read_latency(saver, threads, concurrent=True)  # warm every pooled connection
    for rep in range(reps):
        for concurrent in (rep % 2 == 0, rep % 2 != 0):
            (conc if concurrent else seq).append(await read_latency(saver, threads, concurrent))
    return statistics.median(seq), statistics.median(conc)


def bench_reads(env: BenchEnv, plan: Plan, console: Console, pool_size: int = 8, n: int = 32) -> list[Row]:
    console.print(f"  (c) {n} concurrent vs sequential aget_tuple, pool of {pool_size} ...")
    targets = {kind: env.fresh("postgres", kind) for kind in KINDS}
    threads: dict[str, list[str]] = {}
    for kind in KINDS:
        with saver_for(kind, targets[kind]) as saver:
            threads[kind] = [f"read-{i}" for i in range(n)]
            for t in threads[kind]:
                put_get(saver, 3, 1024, thread=t)

    async def both() -> dict[str, tuple[float, float]]:
        from checkpointer import TenantCheckpointer

        results = {}
        async with TenantCheckpointer.from_url(targets["ours"].url, pool_size=pool_size) as ours:
            results["ours"] = await _reads(ours.for_tenant("bench"), threads["ours"], plan.read_reps)
        stock, pool = await stock_async_pg(targets["stock"].url, pool_size)
        try:
            results["stock"] = await _reads(stock, threads["stock"], plan.read_reps)
        finally:
            await pool.close()
        return results

    res = asyncio.run(both())
    o = res["ours"][0] / res["ours"][1]
    s = res["stock"][0] / res["stock"][1]
    return [
        Row(
            "(c) 32 reads, pool 8",
            "postgres",
            "sequential ms",
            res["ours"][0] * 1000,
            res["stock"][0] * 1000,
            res["stock"][0] / res["ours"][0],
            "speed",
        ),
        Row(
            "(c) 32 reads, pool 8",
            "postgres",
            "concurrent ms",
            res["ours"][1] * 1000,
            res["stock"][1] * 1000,
            res["stock"][1] / res["ours"][1],
            "speed",
        ),
        Row(
            "(c) 32 reads, pool 8",
            "postgres",
            "speedup seq/conc (x)",
            o,
            s,
            o / s,
            "speed",
            "ours >= 3.0",
            o >= 3.0,
        ),
    ]


def report(rows: list[Row], console: Console) -> None:
    table = Table(title="kassist TenantCheckpointer vs stock saver (medians)")
    for col in ("workload", "backend", "metric", "ours", "stock", "ratio", "target", "met"):
        table.add_column(col, justify="right" if col in ("ours", "stock", "ratio") else "left")
    for r in rows:
        ratio = f"{r.ratio:.2f} ({'stock/ours' if r.ratio_kind == 'speed' else 'ours/stock'})"
        met = "" if r.met is None else ("yes" if r.met else "NO")
        table.add_row(
            r.workload, r.backend, r.metric, f"{r.ours:,.2f}", f"{r.stock:,.2f}", ratio, r.target, met
        )
    console.print(table)
    missed = [r for r in rows if r.met is False]
    for r in missed:
        console.print(
            f"[bold red]MISSED[/] {r.workload} / {r.backend} / {r.metric}: ratio {r.ratio:.2f}, target {r.target}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (about a minute)")
    parser.add_argument("--backend", choices=("sqlite", "postgres", "all"), default="all")
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    backends = ["sqlite", "postgres"] if args.backend == "all" else [args.backend]
    console = Console(width=170)
    started = time.perf_counter()
    console.print(
        f"[bold]checkpointer benchmark[/] ({'quick' if args.quick else 'full'}): "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    )
    rows: list[Row] = []
    with bench_env(backends) as env:
        if "postgres" in backends:
            console.print(f"PostgreSQL: {env.pg_source}")
        for backend in backends:
            rows += bench_put_get(env, backend, plan, console)
            rows += bench_loop(env, backend, plan, console)
        if "postgres" in backends:
            rows += bench_reads(env, plan, console)
    report(rows, console)
    console.print(f"total {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
