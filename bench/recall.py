"""Benchmark of memory recall: evidence recall@5/@10/@20 on long conversations, and recall latency.

1. Quality. Long multi-session chats (bench/recall_data.py + recall_vocab.py: deterministic, two
   friends, 22 dated sessions of ~20 turns, facts told indirectly over short exchanges, callbacks
   sessions later, decoys with the questions' words about other people) are imported turn by turn
   through ``MemoryManager.remember_many`` (one user per conversation; each turn an episode whose
   value carries text, speaker, session, turn and date). Questions in LoCoMo's categories (single,
   multi, temporal, open; adversarial reported apart), in a ``tune`` split (the weights are fitted
   on it: bench/recall_tune.py) and a ``heldout`` split (other names, seeds and a third of the
   templates the tuning never saw); ``heldout2`` adds multi-hop questions gathering several events
   and more decoys, ``heldout3`` is heldout2 without small talk repeated word for word, ``tune3`` the
   tune split with heldout3's small talk (bench/recall_data.py); ``heldout4`` / ``tune4`` (session 18) are
   LoCoMo-shaped chats of long turns, themes returning session after session (bench/recall_chat.py); ``heldout5`` / ``tune5`` repeat each activity 2-4 times and ask which one
   (by month, incident, companion, ordinal) or how many (bench/recall_chat5.py); ``heldout7`` / ``tune7``
   (session 19) are those chats with LoCoMo's turn shapes (turns that tell and then ask back) and questions naming
   the day of the event (bench/recall_chat7.py). Each question is asked through ``MemoryManager.recall(...,
   k=20, strategy=...)`` with the manager's clock three days after the last session; evidence
   recall@k = the share of the question's evidence turns in the top k, averaged over questions.
   Strategies: ``keyword`` (FTS5 bm25 / tsvector ts_rank), ``vector`` (cosine), ``rrf`` (plain
   reciprocal rank fusion of the two) and ``hybrid`` (the assistant's: score fusion with BM25 over
   stems, sessions, neighbouring turns, a second round, speaker, time and first-person cues;
   docs/memory.md, "Recall"). Target: hybrid recall@10 >= 0.75 on ``heldout``, above its best
   single side. Also checked: the top 5 of every k=20 hybrid query equal a k=5 query.
2. Latency. One user with 1,000 and then 10,000 memories (remember_many, hashing vectors of 384
   dimensions), 200 hybrid recalls each, query vectors embedded before timing. Target: p95 <= 30 ms
   at 10,000. Also printed: this process's CPU time per recall (``time.process_time``; a loaded
   machine stretches wall time, not CPU time; on PostgreSQL the server's CPU is not in it) and the
   load average. Not in it: a question naming a speaker is also embedded in that speaker's first
   person by the manager (one more embedding per proper name, at most two; not with hashing vectors).

    .venv/bin/python bench/recall.py --skip-latency        # SQLite, local MiniLM, both splits
    .venv/bin/python bench/recall.py --backend postgres    # embedded PostgreSQL (or BENCH_DATABASE_URL)
    .venv/bin/python bench/recall.py --skip-quality --embedder hashing   # latency only
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, get_args

# Run as a script, bench/ comes first on sys.path and bench/memory.py would shadow the memory package.
sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

from recall_data import CATEGORIES, Conversation, Split, conversations  # noqa: E402
from retrieval_env import MemoEmbedder, bench_database  # noqa: E402

from cli.kit import progress  # noqa: E402
from knowledge.embedders import Embedder, HashingEmbedder  # noqa: E402
from knowledge.embedders.minilm import LocalMiniLMEmbedder  # noqa: E402
from memory.manager import MemoryInput, MemoryManager, PolicyConfig  # noqa: E402

STRATEGIES = ("keyword", "vector", "rrf", "hybrid")
KS = (5, 10, 20)
TENANT = "bench"


class Clock:
    def __init__(self) -> None:
        self.now = conversations(1)[0].now

    def __call__(self) -> Any:
        return self.now


def turns_of(conv: Conversation) -> list[MemoryInput]:
    return [
        MemoryInput(
            memory_type="episode",
            key=t.key,
            value={
                "text": t.text,
                "speaker": t.speaker,
                "session": f"s{t.session:02d}",
                "turn": t.position,
                "at": t.at.isoformat(),
            },
        )
        for t in conv.turns
    ]


def quality(url: str, embedder: Embedder, n_conversations: int, split: Split = "tune") -> dict[str, Any]:
    with contextlib.ExitStack() as stack:
        return _quality(stack, url, embedder, n_conversations, split)


def _quality(
    stack: contextlib.ExitStack[Any], url: str, embedder: Embedder, n_conversations: int, split: Split
) -> dict[str, Any]:
    clock = Clock()
    manager = MemoryManager.from_url(url, embedder, clock=clock)
    mem = manager.for_tenant(TENANT)
    convs = conversations(n_conversations, split=split)
    start = time.perf_counter()
    with progress("recall: storing conversations", len(convs)) as bar:  # stderr: stdout keeps the tables
        for conv in convs:
            mem.remember_many(conv.user, turns_of(conv), source="user_explicit", batch_size=500)
            bar.advance()
    loaded = time.perf_counter() - start
    found: dict[str, dict[int, list[float]]] = {s: defaultdict(list) for s in STRATEGIES}
    by_kind: dict[tuple[str, str], list[float]] = defaultdict(list)
    prefix_ok = total = 0
    bar = stack.enter_context(progress("recall: questions", sum(len(c.questions) for c in convs)))
    for conv in convs:
        clock.now = conv.now
        for q in conv.questions:
            bar.advance()
            vector = embedder.embed_query(q.text)
            for strategy in STRATEGIES:
                got = [r.key for r in mem.recall(conv.user, query=q.text, query_vector=vector, k=20,
                                                 strategy=strategy)]  # fmt: skip
                if q.kind != "adversarial":  # reported apart, as LoCoMo's unanswerable questions
                    for k in KS:
                        found[strategy][k].append(len(set(got[:k]) & set(q.evidence)) / len(q.evidence))
                by_kind[(strategy, q.kind)].append(len(set(got[:10]) & set(q.evidence)) / len(q.evidence))
                if strategy == "hybrid":
                    five = [r.key for r in mem.recall(conv.user, query=q.text, query_vector=vector, k=5)]
                    prefix_ok += five == got[:5]
                    total += 1
    manager.close()
    return {
        "turns": sum(len(c.turns) for c in convs),
        "questions": total,
        "load_s": loaded,
        "recall": {s: {k: statistics.fmean(v) for k, v in found[s].items()} for s in STRATEGIES},
        "by_kind": {key: statistics.fmean(v) for key, v in by_kind.items()},
        "kinds": [c for c in CATEGORIES if any(kind == c for _, kind in by_kind)],
        "prefix": (prefix_ok, total),
    }


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def latency(url: str, sizes: tuple[int, ...] = (1_000, 10_000), queries: int = 200) -> list[dict[str, Any]]:
    embedder = MemoEmbedder(HashingEmbedder(384))
    manager = MemoryManager.from_url(url, embedder, config=PolicyConfig(rate_limit_per_minute=10_000_000))
    mem = manager.for_tenant("latency")
    convs = conversations(40, seed=5)
    pool = [t for c in convs for t in turns_of(c)]
    rng = random.Random(3)
    asked = [q.text for c in convs for q in c.questions]
    out = []
    have = 0
    for size in sizes:
        items = [i.model_copy(update={"key": f"{i.key}#{n}"}) for n, i in enumerate(pool[have:size])]
        while len(items) < size - have:  # more than the pool: the same turns again under new keys
            extra = pool[(have + len(items)) % len(pool)]
            items.append(extra.model_copy(update={"key": f"{extra.key}#{have + len(items)}"}))
        start = time.perf_counter()
        mem.remember_many("olga", items, source="user_explicit", batch_size=1000)
        load = time.perf_counter() - start
        have = size
        chosen = [rng.choice(asked) for _ in range(queries + 10)]
        vectors = [embedder.embed_query(q) for q in chosen]
        ms, cpu = [], []
        for q, v in zip(chosen, vectors, strict=True):
            t0, c0 = time.perf_counter(), time.process_time()
            mem.recall("olga", query=q, query_vector=v, k=10)
            ms.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
        ms, cpu = ms[10:], cpu[10:]  # the first ones load the user's vectors
        out.append({
            "memories": size, "load_s": load, "p50": statistics.median(ms), "p95": pct(ms, 95),
            "cpu50": statistics.median(cpu), "cpu95": pct(cpu, 95), "loadavg": os.getloadavg()[0],
        })  # fmt: skip
    manager.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--embedder", choices=("local", "hashing"), default="local")
    parser.add_argument("--conversations", type=int, default=6, help="per split")
    parser.add_argument(
        "--split",
        choices=(*get_args(Split), "both"),
        default="both",
    )
    parser.add_argument("--skip-latency", action="store_true")
    parser.add_argument("--skip-quality", action="store_true")
    args = parser.parse_args()
    embedder: Embedder = LocalMiniLMEmbedder() if args.embedder == "local" else HashingEmbedder(384)
    with bench_database(args.backend, "recall") as (url, where):
        for split in (
            (("tune", "heldout") if args.split == "both" else (args.split,)) if not args.skip_quality else ()
        ):
            q = quality(url, embedder, args.conversations, split)  # type: ignore[arg-type]
            print(f"{where}, {embedder.name}, split {split}: {q['turns']} turns in {args.conversations} "
                  f"conversations (imported in {q['load_s']:.1f} s), {q['questions']} questions "
                  "(recall@k over all but adversarial)")  # fmt: skip
            print(f"{'strategy':10} " + " ".join(f"recall@{k:<3}" for k in KS) + "  " + " ".join(
                f"{kind[:9]:>9}" for kind in q["kinds"]) + "   (per category: recall@10)")  # fmt: skip
            for s in STRATEGIES:
                cells = " ".join(f"{q['recall'][s][k]:9.3f}" for k in KS)
                kinds = " ".join(f"{q['by_kind'][(s, kind)]:9.3f}" for kind in q["kinds"])
                print(f"{s:10} {cells}  {kinds}")
            best = max(q["recall"][s][10] for s in ("keyword", "vector"))
            gain = q["recall"]["hybrid"][10] - best
            verdict = (
                ("met" if q["recall"]["hybrid"][10] >= 0.75 else "NOT met")
                if split.startswith("heldout")
                else "judged there"
            )
            print(f"hybrid recall@10 {q['recall']['hybrid'][10]:.3f} (target >= 0.75 on heldout: "
                  f"{verdict}); minus best single retriever "
                  f"{gain:+.3f}; top 5 of k=20 equal k=5: {q['prefix'][0]}/{q['prefix'][1]}")  # fmt: skip
        if not args.skip_latency:
            for row in latency(url):
                print(f"hybrid recall latency, {row['memories']:,} memories of one user (loaded with "
                      f"remember_many in {row['load_s']:.1f} s): p50 {row['p50']:.1f} ms, p95 {row['p95']:.1f} ms "
                      f"(target p95 <= 30 ms: {'met' if row['p95'] <= 30 else 'NOT met'}); this process's CPU "
                      f"per recall p50 {row['cpu50']:.1f} ms, p95 {row['cpu95']:.1f} ms; load average "
                      f"{row['loadavg']:.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
