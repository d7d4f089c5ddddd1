"""Retrieval quality and speed over the demo corpus (knowledge/corpus/files).

Quality: every query of bench/retrieval_eval.jsonl (written as users ask, many of them paraphrases
sharing few words with the answer) has relevant (document, section) pairs; a retrieved chunk is
relevant when it comes from that document and its heading path ends with that section, so relevance
survives re-chunking. Reported per retriever on SQLite and PostgreSQL:
  recall@k  mean over queries of the fraction of relevant sections found in the top k
  MRR       mean of 1/rank of the first relevant chunk (0 when none in the top 10)

Speed: exact vector top-10 on SQLite (numpy over float32 blobs) and pgvector HNSW on PostgreSQL, with
N x 384 vectors (default 100,000), p50/p95 of whole searches through KnowledgeIndex, plus HNSW
recall@10 against the exact answer and a small tenant's filtered search (iterative scan).

Usage: .venv/bin/python bench/retrieval.py [--quality-only | --latency-only] [--vectors N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from retrieval_env import MemoEmbedder, postgres_url

from cli.kit import progress
from knowledge.corpus import demo_corpus_path
from knowledge.embedders import Embedder, HashingEmbedder, LocalMiniLMEmbedder
from knowledge.index import KnowledgeIndex, SearchHit, SearchMode
from knowledge.index.sync_index import TenantKnowledgeIndex
from knowledge.ingest import ingest_directory

EVAL_FILE = Path(__file__).with_name("retrieval_eval.jsonl")
TENANT, COLLECTION = "bench", "company_handbook_v2"


@dataclass(frozen=True)
class Query:
    text: str
    kind: str
    relevant: frozenset[tuple[str, str]]


KINDS = ("paraphrase", "keyword", "exact")


@dataclass
class Score:
    recall5: float
    recall10: float
    mrr: float
    by_kind: dict[str, float]  # recall@10 per query kind


def load_queries() -> list[Query]:
    queries = []
    for line in EVAL_FILE.read_text().splitlines():
        if line.strip():
            raw = json.loads(line)
            rel = frozenset((r["doc"], r["section"]) for r in raw["relevant"])
            queries.append(Query(raw["query"], raw["kind"], rel))
    return queries


def sections_of(hit: SearchHit) -> tuple[str, str]:
    return hit.source_path, (hit.heading or "").split(" > ")[-1]


def evaluate(kb: TenantKnowledgeIndex, queries: list[Query], mode: SearchMode) -> Score:
    r5, r10, rr = [], [], []
    kinds: dict[str, list[float]] = {k: [] for k in KINDS}
    for q in queries:
        keys = [sections_of(h) for h in kb.search(q.text, k=10, mode=mode)]
        r5.append(len(q.relevant & set(keys[:5])) / len(q.relevant))
        r10.append(len(q.relevant & set(keys)) / len(q.relevant))
        rank = next((i for i, key in enumerate(keys, start=1) if key in q.relevant), None)
        rr.append(1 / rank if rank else 0.0)
        kinds[q.kind].append(r10[-1])
    by_kind = {k: statistics.mean(v) for k, v in kinds.items() if v}
    return Score(statistics.mean(r5), statistics.mean(r10), statistics.mean(rr), by_kind)


def quality(
    url: str, backend: str, embedders: dict[str, Embedder], queries: list[Query]
) -> list[tuple[str, Score]]:
    rows: list[tuple[str, Score]] = []
    with progress(f"{backend}: quality", len(embedders)) as bar:  # stderr only: stdout keeps the tables
        for label, embedder in embedders.items():
            bar.describe(f"{backend}: ingest + evaluate with {label}")
            _quality_of(url, backend, label, embedder, queries, rows)
            bar.advance()
    return rows


def _quality_of(
    url: str,
    backend: str,
    label: str,
    embedder: Embedder,
    queries: list[Query],
    rows: list[tuple[str, Score]],
) -> None:
    with KnowledgeIndex.from_url(url, embedder=embedder) as index:
        kb = index.for_tenant(f"{TENANT}-{label}")
        report = ingest_directory(kb, demo_corpus_path(), collection=COLLECTION)
        assert not report.errors, report.errors
        if label == "hashing":
            rows.append((f"{backend}: keyword only", evaluate(kb, queries, "keyword")))
        rows.append((f"{backend}: vector, {label} embedder", evaluate(kb, queries, "vector")))
        rows.append((f"{backend}: hybrid, keyword + {label}", evaluate(kb, queries, "hybrid")))


def print_quality(rows: list[tuple[str, Score]], queries: list[Query]) -> None:
    counts = {k: sum(q.kind == k for q in queries) for k in KINDS}
    print(f"\n## Retrieval quality: {len(queries)} queries {counts}, demo corpus, k=10, RRF k=60")
    head = "".join(f"{k + ' r@10':>16}" for k in KINDS)
    print(f"{'retriever':44} {'recall@5':>9} {'recall@10':>10} {'MRR':>6}{head}")
    for label, s in rows:
        kinds = "".join(f"{s.by_kind.get(k, float('nan')):16.3f}" for k in KINDS)
        print(f"{label:44} {s.recall5:9.3f} {s.recall10:10.3f} {s.mrr:6.3f}{kinds}")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def timed_ms(fn: object, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quality-only", action="store_true")
    parser.add_argument("--latency-only", action="store_true")
    parser.add_argument("--vectors", type=int, default=100_000, help="vectors for the latency part")
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args(argv)

    with postgres_url() if not args.no_postgres else _none() as pg:
        if not args.latency_only:
            queries = load_queries()
            local = LocalMiniLMEmbedder()
            local.check()
            embedders: dict[str, Embedder] = {
                "hashing": MemoEmbedder(HashingEmbedder()),
                "local MiniLM": MemoEmbedder(local),
            }
            t0 = time.perf_counter()
            with tempfile.TemporaryDirectory() as tmp:
                rows = quality(f"sqlite:///{tmp}/quality.db", "SQLite", embedders, queries)
            if pg is not None:
                rows += quality(pg[0], "PostgreSQL", embedders, queries)
            print_quality(rows, queries)
            print(f"(quality part took {time.perf_counter() - t0:.0f} s)")
        if not args.quality_only:
            from retrieval_latency import run_latency

            run_latency(args.vectors, pg, timed_ms, percentile)
    return 0


class _none:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


if __name__ == "__main__":
    sys.exit(main())
