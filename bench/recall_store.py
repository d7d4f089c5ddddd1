"""Evidence recall of ``MemoryStore.search``: vector only, keyword only and the fused search.

The long generated conversations of bench/recall_data.py (two speakers, 24 dated sessions, ~430
turns each) are loaded into the store, one item per turn under ``("conversations", <user>)`` with
the turn's words in ``value["text"]`` (the field the index embeds and the keyword index reads), in
batches of 500 ``PutOp``. Each question is asked through ``store.search(("conversations", user),
query=..., limit=20)`` on three stores over the same database: ``search="vector"``,
``"keyword"`` and ``"hybrid"`` (the default). Evidence recall@k = the share of a question's
evidence turns in the top k, averaged over questions. Target: hybrid >= the best single list at
every k. Also checked: the top 5 of every limit=20 hybrid search equal a limit=5 search.
The store has no conversation cues (speakers, dates, neighbouring turns): that is
``MemoryManager.recall``'s part (bench/recall.py).

    .venv/bin/python bench/recall_store.py                         # both backends, local MiniLM
    .venv/bin/python bench/recall_store.py --split heldout --conversations 6   # the held-out split
    .venv/bin/python bench/recall_store.py --embedder hashing      # quick, lexical vectors
    .venv/bin/python bench/recall_store.py --weights 1,1 --weights 1.5,1   # compare fusion weights
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

# Run as a script, bench/ comes first on sys.path and bench/memory.py would shadow the memory package.
sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

from langgraph.store.base import PutOp  # noqa: E402
from recall_data import CATEGORIES, Conversation, conversations  # noqa: E402
from retrieval_env import MemoEmbedder, bench_database  # noqa: E402

from cli.kit import progress  # noqa: E402
from knowledge.embedders import Embedder, HashingEmbedder  # noqa: E402
from memory import MemoryStore  # noqa: E402
from memory.store.keywords import DEPTH, fuse, fusion_for  # noqa: E402

MODES = ("keyword", "vector", "hybrid")
KS = (5, 10, 20)
TENANT = "bench"
BATCH = 500


class DocumentMemo(MemoEmbedder):
    """Also remembers document vectors, so the second backend does not embed the turns again."""

    def __init__(self, inner: Embedder) -> None:
        super().__init__(inner)
        self._docs: dict[str, list[float]] = {}

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        missing = [t for t in dict.fromkeys(texts) if t not in self._docs]
        if missing:
            self._docs.update(zip(missing, self.inner.embed_documents(missing), strict=True))
        return [self._docs[t] for t in texts]


def puts(conv: Conversation) -> list[PutOp]:
    return [
        PutOp(
            ("conversations", conv.user),
            t.key,
            {"text": t.text, "speaker": t.speaker, "session": t.session, "at": t.at.isoformat()},
        )
        for t in conv.turns
    ]


def quality(
    url: str, embedder: Embedder, convs: list[Conversation], weights: list[tuple[float, float]]
) -> dict[str, Any]:
    stores = {
        m: MemoryStore.from_url(url, embedder=embedder, index_fields=("text",), search=m) for m in MODES
    }  # type: ignore[arg-type]
    try:
        stores["hybrid"].setup()
        views = {m: s.for_tenant(TENANT) for m, s in stores.items()}
        start = time.perf_counter()
        with progress("recall_store: storing conversations", len(convs)) as bar:
            for conv in convs:
                ops = puts(conv)
                for lo in range(0, len(ops), BATCH):
                    views["hybrid"].batch(ops[lo : lo + BATCH])
                bar.advance()
        loaded = time.perf_counter() - start
        found: dict[str, dict[int, list[float]]] = {m: defaultdict(list) for m in MODES}
        blends: dict[tuple[float, float], dict[int, list[float]]] = {w: defaultdict(list) for w in weights}
        by_kind: dict[tuple[str, str], list[float]] = defaultdict(list)
        prefix_ok = total = 0
        timings: dict[str, list[float]] = defaultdict(list)
        with progress("recall_store: questions", sum(len(c.questions) for c in convs)) as bar:
            for conv in convs:
                ns = ("conversations", conv.user)
                for q in conv.questions:
                    bar.advance()
                    embedder.embed_query(q.text)  # embedded once (memoised), outside the timings
                    lists: dict[str, list[Any]] = {}
                    for mode in MODES:
                        t0 = time.perf_counter()
                        lists[mode] = views[mode].search(ns, query=q.text, limit=20, refresh_ttl=False)
                        timings[mode].append(time.perf_counter() - t0)
                        got = [r.key for r in lists[mode]]
                        by_kind[(mode, q.kind)].append(len(set(got[:10]) & set(q.evidence)) / len(q.evidence))
                        if q.kind == "adversarial":  # reported apart, as bench/recall.py does
                            continue
                        for k in KS:
                            found[mode][k].append(len(set(got[:k]) & set(q.evidence)) / len(q.evidence))
                    five = [
                        r.key for r in views["hybrid"].search(ns, query=q.text, limit=5, refresh_ttl=False)
                    ]
                    prefix_ok += five == [r.key for r in lists["hybrid"]][:5]
                    total += 1
                    if weights:
                        deep = {
                            m: [
                                (r.namespace, r.key, r.score)
                                for r in views[m].search(ns, query=q.text, limit=DEPTH, refresh_ttl=False)
                            ]
                            for m in ("vector", "keyword")
                        }
                        for w in weights:
                            fusion = replace(fusion_for(embedder.name), keyword=w[0], vector=w[1])
                            got = [row[1] for row in fuse(deep["vector"], deep["keyword"], fusion)]
                            for k in KS if q.kind != "adversarial" else ():
                                blends[w][k].append(len(set(got[:k]) & set(q.evidence)) / len(q.evidence))
        return {
            "turns": sum(len(c.turns) for c in convs),
            "questions": total,
            "load_s": loaded,
            "recall": {m: {k: statistics.fmean(v) for k, v in found[m].items()} for m in MODES},
            "blends": {w: {k: statistics.fmean(v) for k, v in b.items()} for w, b in blends.items()},
            "by_kind": {key: statistics.fmean(v) for key, v in by_kind.items()},
            "kinds": [c for c in CATEGORIES if any(kind == c for _, kind in by_kind)],
            "prefix": (prefix_ok, total),
            "ms": {
                m: (statistics.median(v) * 1000, sorted(v)[int(len(v) * 0.95) - 1] * 1000)
                for m, v in timings.items()
            },
        }
    finally:
        for store in stores.values():
            store.close()


def report(where: str, embedder: Embedder, n: int, q: dict[str, Any]) -> None:
    print(
        f"\n{where}, {embedder.name}: {q['turns']} turns in {n} conversations "
        f"(loaded in {q['load_s']:.1f} s), {q['questions']} questions (recall@k over all but adversarial)"
    )
    print(
        f"{'search':10} "
        + " ".join(f"recall@{k:<3}" for k in KS)
        + "  p50 / p95 ms  "
        + " ".join(f"{kind[:9]:>9}" for kind in q["kinds"])
        + "  (search limit=20, query embedding "
        "memoised; per category recall@10)"
    )
    for m in MODES:
        cells = " ".join(f"{q['recall'][m][k]:9.3f}" for k in KS)
        p50, p95 = q["ms"][m]
        kinds = " ".join(f"{q['by_kind'][(m, kind)]:9.3f}" for kind in q["kinds"])
        print(f"{m:10} {cells}  {p50:5.2f} / {p95:5.2f}  {kinds}")
    for w, r in q["blends"].items():
        print(f"{'kw,vec=' + ','.join(f'{x:g}' for x in w):10} " + " ".join(f"{r[k]:9.3f}" for k in KS))
    ok = all(q["recall"]["hybrid"][k] >= max(q["recall"][m][k] for m in ("keyword", "vector")) for k in KS)
    print(
        f"hybrid >= best single list at every k: {'met' if ok else 'NOT met'}; "
        f"top 5 of limit=20 equal limit=5: {q['prefix'][0]}/{q['prefix'][1]}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("both", "sqlite", "postgres"), default="both")
    parser.add_argument("--embedder", choices=("local", "hashing"), default="local")
    parser.add_argument("--conversations", type=int, default=4)
    parser.add_argument(
        "--split", choices=("tune", "heldout", "heldout2", "heldout3", "tune3"), default="tune"
    )
    parser.add_argument(
        "--weights",
        action="append",
        default=[],
        metavar="KW,VEC",
        help="also score this fusion of the depth-50 keyword and vector lists (repeatable)",
    )
    args = parser.parse_args()
    weights = [(float(a), float(b)) for a, b in (w.split(",") for w in args.weights)]
    if args.embedder == "local":
        from knowledge.embedders.minilm import LocalMiniLMEmbedder

        inner: Embedder = LocalMiniLMEmbedder()
    else:
        inner = HashingEmbedder(384)
    embedder = DocumentMemo(inner)
    convs = conversations(args.conversations, split=args.split)
    fusion = fusion_for(embedder.name)
    kind = "normalised scores" if fusion.scores else f"weighted reciprocal rank (k {fusion.rrf_k:g})"
    print(
        f"fusion: {kind}, keyword {fusion.keyword:g}, vector {fusion.vector:g}, field cue {fusion.field:g}, "
        f"neighbour {fusion.neighbour:g}, run {fusion.run:g}, named value {fusion.named:g}, lists of depth {DEPTH}"
    )
    for backend in ("sqlite", "postgres") if args.backend == "both" else (args.backend,):
        with bench_database(backend, "recall-store") as (url, where):
            report(
                f"{where}, split {args.split}",
                inner,
                args.conversations,
                quality(url, embedder, convs, weights),
            )


if __name__ == "__main__":
    main()
