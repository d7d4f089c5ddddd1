"""Does a tenant's keyword search take longer when ANOTHER tenant's documents hold the word? (h13 s34 C8)

SQLite's full-text index is one FTS5 table for every tenant. Before the knowledge index's migration 8
a MATCH collected every tenant's postings of a word and filtered by tenant afterwards, so a search for a
word that only another tenant's chunks hold cost time linear in that tenant's matches: a member could
tell whether another tenant's documents name a codename. Since then the MATCH ANDs the caller's tenant
token (knowledge/index/sql_sqlite.py, TENANT_MATCH).

The set-up is h13's: tenant ``globex`` holds ``--other`` one-chunk documents naming "zebracorn" and
"acquisition"; tenant ``acme`` holds ``--own`` (20) that name neither. acme searches (``mode="keyword"``, k=5) for
the two words globex's documents hold, two words nobody's hold and one of its own, ``--repeat``
times each, in a shuffled order each round;
the figure is the median CPU time per search (``time.thread_time``: the machine is shared, wall time
measures the neighbours), and the ratio present / absent. 1.0 means the other tenant's documents are
invisible to the clock.

    .venv/bin/python bench/x8_keyword_tenant_timing.py [--other 3000] [--repeat 60] [--db PATH] [--backend postgres]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.retrieval_env import bench_database
from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex
from knowledge.ingest import ingest_directory

PRESENT = ("zebracorn", "acquisition")
ABSENT = ("quokkafish", "kitchenette")
OWN = ("schedule",)  # in all of acme's own documents: what the tenant token costs a real search


def build(base: Path, other: int, own: int) -> None:
    acme, globex = base / "acme", base / "globex"
    acme.mkdir(parents=True)
    globex.mkdir(parents=True)
    for i in range(own):
        (acme / f"a{i}.md").write_text(f"# Note {i}\n\nThe office plant schedule for week {i} is posted.\n")
    for i in range(other):
        (globex / f"b{i}.md").write_text(
            f"# Project {i}\n\nThe zebracorn acquisition codename stays secret, memo number {i}.\n"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--other", type=int, default=3000, help="the other tenant's documents (one chunk each)"
    )
    parser.add_argument("--own", type=int, default=20, help="the searching tenant's documents")
    parser.add_argument("--repeat", type=int, default=60)
    parser.add_argument("--db", type=Path, help="the SQLite file (default: a temporary folder)")
    parser.add_argument(
        "--backend", choices=("sqlite", "postgres"), default="sqlite",
        help="postgres: the suite's embedded server (bench/retrieval_env.py), timed in WALL time (the "
        "search runs in the server's process, whose CPU this process's clock does not see)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    clock = time.thread_time if args.backend == "sqlite" else time.perf_counter
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        base = Path(tmp)
        build(base, args.other, args.own)
        if args.backend == "postgres":
            url, _ = stack.enter_context(bench_database("postgres", "x8-timing"))
        else:
            url = f"sqlite:///{args.db or base / 'kb.db'}"
        with KnowledgeIndex.from_url(url, embedder=HashingEmbedder()) as index:
            ingest_directory(index.for_tenant("acme"), base / "acme", collection="c")
            ingest_directory(index.for_tenant("globex"), base / "globex", collection="c")
            kb = index.for_tenant("acme")
            times: dict[str, list[float]] = {word: [] for word in (*PRESENT, *ABSENT, *OWN)}
            rounds = random.Random(7)
            for _ in range(args.repeat):
                order = list(times)
                rounds.shuffle(order)  # no word always follows the same one (caches, the allocator)
                for word in order:
                    start = clock()
                    kb.search(word, k=5, mode="keyword")
                    times[word].append((clock() - start) * 1000)
    median = {word: statistics.median(values) for word, values in times.items()}
    for word, value in median.items():
        where = "in globex's documents" if word in PRESENT else "in acme's" if word in OWN else "in nobody's"
        print(f"{word:12s} {where:22s} median {'CPU' if args.backend == 'sqlite' else 'wall'} {value:.3f} ms")
    present = statistics.median(median[w] for w in PRESENT)
    absent = statistics.median(median[w] for w in ABSENT)
    print(
        f"{args.backend}; other tenant's documents: {args.other}; present / absent: {present / absent:.2f}x"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
