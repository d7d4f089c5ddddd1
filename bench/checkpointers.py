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
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cp_env
from cp_env import BenchEnv, Target, bench_env, saver_for, stock_async_pg
from cp_workloads import graph_loop, put_get, read_latency
from rich.console import Console
from rich.table import Table

from cli.kit import progress

KINDS: tuple[str, str] = ("ours", "stock")
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


FULL = Plan(reps=9, steps_1k=150, steps_100k=30, loop_steps=200, loop_reps=11, state_reads=15, read_reps=31)
QUICK = Plan(reps=3, steps_1k=100, steps_100k=20, loop_steps=200, loop_reps=1, state_reads=5, read_reps=9)

Samples = dict[str, dict[str, list[float]]]


def _alternating(reps: int) -> list[tuple[str, str]]:
    return [KINDS if rep % 2 == 0 else (KINDS[1], KINDS[0]) for rep in range(reps)]


def _measure(
    env: BenchEnv,
    backend: str,
    reps: int,
    run: Callable[[Any], float | tuple[float, float]],
    units: int,
) -> Samples:
    """Run ``run(saver)`` ``reps`` times per kind, alternating; collect times and bytes per unit."""
    targets: dict[str, Target] = {kind: env.fresh(backend, kind) for kind in KINDS}
    out: Samples = {k: {"time": [], "bytes": [], "extra": []} for k in KINDS}
    with saver_for("ours", targets["ours"]) as ours, saver_for("stock", targets["stock"]) as stock:
        savers = {"ours": ours, "stock": stock}
        run(ours), run(stock)  # warm-up round (imports, caches, prepared plans), not counted
        for order in _alternating(reps):
            for kind in order:
                before = targets[kind].stored_bytes()
                result = run(savers[kind])
                out[kind]["bytes"].append((targets[kind].stored_bytes() - before) / units)
                elapsed, extra = result if isinstance(result, tuple) else (result, 0.0)
                out[kind]["time"].append(elapsed)
                out[kind]["extra"].append(extra)
    return out


def _paired(res: Samples, key: str, numerator: str) -> float:
    """Median over repetitions of the ratio within each repetition: ours and stock ran back to back,
    so load from other processes on a shared machine hits both sides of each ratio alike."""
    other = "ours" if numerator == "stock" else "stock"
    return statistics.median(a / b for a, b in zip(res[numerator][key], res[other][key], strict=True))


def _med(res: Samples, kind: str, key: str) -> float:
    return statistics.median(res[kind][key])


def bench_put_get(env: BenchEnv, backend: str, plan: Plan, console: Console) -> list[Row]:
    rows = []
    for size, steps in ((1024, plan.steps_1k), (100 * 1024, plan.steps_100k)):
        label = f"(a) put+get_tuple, 5 ch, {size // 1024} KB"
        console.print(f"  {label} on {backend} ...")
        res = _measure(env, backend, plan.reps, partial(put_get, steps=steps, value_bytes=size), steps)
        ratio = _paired(res, "time", "stock")
        rows.append(
            Row(
                label,
                backend,
                "checkpoints/s",
                steps / _med(res, "ours", "time"),
                steps / _med(res, "stock", "time"),
                ratio,
                "speed",
                ">= 1.0",
                ratio >= 1.0,
            )
        )
        size_ratio = _paired(res, "bytes", "ours")
        target, met = ("", None)
        if backend == "sqlite" and size > 1024:
            target, met = "<= 0.25", size_ratio <= 0.25
        rows.append(
            Row(
                label,
                backend,
                "stored bytes/checkpoint",
                _med(res, "ours", "bytes"),
                _med(res, "stock", "bytes"),
                size_ratio,
                "size",
                target,
                met,
            )
        )
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
            partial(
                graph_loop, delta=delta, steps=plan.loop_steps, append_bytes=1024, reads=plan.state_reads
            ),
            plan.loop_steps,
        )
        per_step = 1000 / plan.loop_steps
        step_ratio = _paired(res, "time", "stock")
        rows.append(
            Row(
                label,
                backend,
                "ms/step",
                _med(res, "ours", "time") * per_step,
                _med(res, "stock", "time") * per_step,
                step_ratio,
                "speed",
                ">= 1.0",
                step_ratio >= 1.0,
            )
        )
        rows.append(
            Row(
                label,
                backend,
                "stored bytes/step",
                _med(res, "ours", "bytes"),
                _med(res, "stock", "bytes"),
                _paired(res, "bytes", "ours"),
                "size",
            )
        )
        get_ratio = _paired(res, "extra", "stock")
        rows.append(
            Row(
                label,
                backend,
                "get_state ms",
                _med(res, "ours", "extra") * 1000,
                _med(res, "stock", "extra") * 1000,
                get_ratio,
                "speed",
                ">= 1.0",
                get_ratio >= 1.0,
            )
        )
    return rows


async def _warm(saver: Any, threads: list[str]) -> None:
    """One call first (opens the pool), then a concurrent round (fills it to its size)."""
    await read_latency(saver, threads[:1], concurrent=False)
    await read_latency(saver, threads, concurrent=True)


def bench_reads(env: BenchEnv, plan: Plan, console: Console, pool_size: int = 8, n: int = 32) -> list[Row]:
    console.print(f"  (c) {n} concurrent vs sequential aget_tuple, pool of {pool_size} ...")
    targets = {kind: env.fresh("postgres", kind) for kind in KINDS}
    threads = [f"read-{i}" for i in range(n)]
    for kind in KINDS:
        with saver_for(kind, targets[kind]) as saver:
            for t in threads:
                put_get(saver, 3, 1024, thread=t)

    async def both() -> dict[str, dict[str, list[float]]]:
        from checkpointer import TenantCheckpointer

        out: dict[str, dict[str, list[float]]] = {k: {"seq": [], "conc": []} for k in KINDS}
        stock, pool = await stock_async_pg(targets["stock"].url, pool_size)
        try:
            async with TenantCheckpointer.from_url(targets["ours"].url, pool_size=pool_size) as ours:
                savers = {"ours": ours.for_tenant("bench"), "stock": stock}
                for saver in savers.values():
                    await _warm(saver, threads)
                for order in _alternating(plan.read_reps):
                    for kind in order:
                        for concurrent in (False, True):
                            elapsed = await read_latency(savers[kind], threads, concurrent)
                            out[kind]["conc" if concurrent else "seq"].append(elapsed)
        finally:
            await pool.close()
        return out

    res = asyncio.run(both())
    speedup = {
        k: statistics.median(a / b for a, b in zip(res[k]["seq"], res[k]["conc"], strict=True)) for k in KINDS
    }
    label = f"(c) {n} reads, pool {pool_size}"
    rows = [
        Row(
            label,
            "postgres",
            f"{mode} ms",
            statistics.median(res["ours"][key]) * 1000,
            statistics.median(res["stock"][key]) * 1000,
            statistics.median(a / b for a, b in zip(res["stock"][key], res["ours"][key], strict=True)),
            "speed",
        )
        for mode, key in (("sequential", "seq"), ("concurrent", "conc"))
    ]
    ours_x, stock_x = speedup["ours"], speedup["stock"]
    rows.append(
        Row(
            label,
            "postgres",
            "speedup seq/conc (x)",
            ours_x,
            stock_x,
            ours_x / stock_x,
            "speed",
            "ours >= 3.0",
            ours_x >= 3.0,
        )
    )
    return rows


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


def markdown(rows: list[Row]) -> str:
    """The results as a GitHub table, for docs/benchmarks.md."""
    lines = [
        "| workload | backend | metric | ours | stock | ratio | target | met |",
        "|---|---|---|---:|---:|---:|---|---|",
    ]
    for r in rows:
        kind = "stock/ours" if r.ratio_kind == "speed" else "ours/stock"
        met = "" if r.met is None else ("yes" if r.met else "**NO**")
        lines.append(
            f"| {r.workload} | {r.backend} | {r.metric} | {r.ours:,.2f} | {r.stock:,.2f} | "
            f"{r.ratio:.2f} ({kind}) | {r.target} | {met} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (about a minute)")
    parser.add_argument("--backend", choices=("sqlite", "postgres", "all"), default="all")
    parser.add_argument("--markdown", action="store_true", help="also print a Markdown table")
    parser.add_argument(
        "--sqlite-synchronous",
        choices=("FULL", "NORMAL"),
        default="FULL",
        help="PRAGMA synchronous for both SQLite savers (default FULL, as both ship; NORMAL: like-for-like opt-in)",
    )
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    cp_env.SQLITE_SYNCHRONOUS = args.sqlite_synchronous
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
        if "sqlite" in backends:
            console.print(f"SQLite synchronous (both savers): {args.sqlite_synchronous}")
        steps = 2 * len(backends) + ("postgres" in backends)
        with progress("checkpointers", steps) as bar:  # stderr only: stdout keeps the tables
            for backend in backends:
                bar.describe(f"{backend}: put+get_tuple")
                rows += bench_put_get(env, backend, plan, console)
                bar.advance()
                bar.describe(f"{backend}: 200-step loops")
                rows += bench_loop(env, backend, plan, console)
                bar.advance()
            if "postgres" in backends:
                bar.describe("postgres: concurrent reads")
                rows += bench_reads(env, plan, console)
                bar.advance()
    report(rows, console)
    if args.markdown:
        print(markdown(rows))
    console.print(f"total {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
