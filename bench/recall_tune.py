"""Fitting the hybrid recall's weights on bench/recall_data.py's ``tune`` split (never ``heldout``).

The split's conversations are imported once into a kept SQLite file (``--db``; the local MiniLM
model embeds ~2,700 turns, about 40 s), the questions' vectors are embedded once, and then every
candidate weight set of :class:`memory.manager.recall_fusion.ScoreFusion` is scored by asking
every question through ``MemoryManager.recall(strategy="hybrid")`` on that file: recall@10 over
all but adversarial questions, and per category. ``--search`` runs a coordinate search (each
weight times/divided by a step, kept when recall@10 rises) from the shipped weights.

    .venv/bin/python bench/recall_tune.py --db /tmp/recall-tune.db               # shipped weights
    .venv/bin/python bench/recall_tune.py --db /tmp/recall-tune.db --set session=0.5 --set expand=0.6
    .venv/bin/python bench/recall_tune.py --db /tmp/recall-tune.db --search --rounds 2
    .venv/bin/python bench/recall_tune.py --db /tmp/recall-tune.db --search --fix keyword   # keyword kept
    .venv/bin/python bench/recall_tune.py --db /tmp/recall-heldout.db --split heldout   # report only
    .venv/bin/python bench/recall_tune.py --db /tmp/tune7.db --split tune7 --conversations 4 \
        --try in_window=1.5 --try plans=0.6,follow=1.0 [--misses]   # variants in one process; what is missed
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, get_args

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

from recall import TENANT, Clock, turns_of  # noqa: E402
from recall_data import CATEGORIES, Split, conversations  # noqa: E402
from retrieval_env import MemoEmbedder  # noqa: E402

from knowledge.embedders.minilm import LocalMiniLMEmbedder  # noqa: E402
from memory.manager import MemoryManager, hybrid  # noqa: E402
from memory.manager.recall_fusion import ScoreFusion  # noqa: E402


def evaluate(
    mem: Any, convs: list[Any], vectors: dict[str, list[float]], clock: Clock, misses: bool = False
) -> dict[str, float]:
    per: dict[str, list[float]] = defaultdict(list)
    for conv in convs:
        clock.now = conv.now
        text = {t.key: f"{t.speaker}: {t.text}" for t in conv.turns} if misses else {}
        for q in conv.questions:
            got = [r.key for r in mem.recall(conv.user, query=q.text, query_vector=vectors[q.text], k=10)]
            share = len(set(got) & set(q.evidence)) / len(q.evidence)
            per[q.kind].append(share)
            if misses and share < 1 and q.kind != "adversarial":
                print(f"MISS {q.kind} {share:.2f} {q.text}")
                for key in q.evidence:
                    print(f"   {'+' if key in got else '-'} {key} {text[key][:150]}")
                for key in got[:3]:
                    print(f"   top {key} {text[key][:150]}")
    out = {kind: statistics.fmean(v) for kind, v in per.items()}
    out["all"] = statistics.fmean([x for kind, v in per.items() if kind != "adversarial" for x in v])
    return out


def line(result: dict[str, float]) -> str:
    kinds = " ".join(f"{k} {result[k]:.3f}" for k in CATEGORIES if k in result)
    return f"recall@10 {result['all']:.3f} ({kinds})"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--db", required=True, help="SQLite file, created and filled when missing")
    parser.add_argument(
        "--split",
        choices=get_args(Split),
        default="tune",
    )
    parser.add_argument("--conversations", type=int, default=6)
    parser.add_argument("--set", action="append", default=[], help="weight=value over the shipped ones")
    parser.add_argument("--search", action="store_true")
    parser.add_argument("--fix", action="append", default=[], help="a weight the search leaves as it is")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--step", type=float, default=1.5)
    parser.add_argument("--misses", action="store_true", help="print each question not fully recalled")
    parser.add_argument(
        "--try", dest="tries", action="append", default=[],
        help="'w1=v1,w2=v2': also score this variant of the start weights (several allowed)",
    )  # fmt: skip
    args = parser.parse_args()
    if args.search and not args.split.startswith("tune"):
        parser.error("--search fits weights: on the tune split only")
    embedder = MemoEmbedder(LocalMiniLMEmbedder())  # a question's first-person forms embedded once
    clock = Clock()
    convs = conversations(args.conversations, split=args.split)
    fresh = not Path(args.db).exists()
    manager = MemoryManager.from_url(f"sqlite:///{args.db}", embedder, clock=clock)
    mem = manager.for_tenant(TENANT)
    if fresh:
        for conv in convs:
            mem.remember_many(conv.user, turns_of(conv), source="user_explicit", batch_size=500)
    vectors = {q.text: embedder.embed_query(q.text) for c in convs for q in c.questions}

    def varied(base: ScoreFusion, items: list[str]) -> ScoreFusion:
        for item in items:
            name, _, value = item.partition("=")
            kind: Any = type(getattr(base, name))
            base = dataclasses.replace(base, **{name: kind(float(value))})
        return base

    fusion = varied(hybrid.SCORE_FUSION, args.set)

    def score(candidate: ScoreFusion, misses: bool = False) -> dict[str, float]:
        hybrid.SCORE_FUSION = candidate
        return evaluate(mem, convs, vectors, clock, misses)

    best = score(fusion, args.misses)
    print("start:", line(best), fusion, flush=True)
    for variant in args.tries:
        print(f"{variant}:", line(score(varied(fusion, [x for x in variant.split(",") if x]))), flush=True)
    if args.search:
        names = [
            f.name
            for f in dataclasses.fields(ScoreFusion)
            if isinstance(getattr(fusion, f.name), float) and f.name not in args.fix
        ]
        for _ in range(args.rounds):
            for name in names:
                for factor in (args.step, 1 / args.step, 0.0):
                    value = getattr(fusion, name) * factor if factor else 0.0
                    if value == getattr(fusion, name):
                        continue
                    candidate = dataclasses.replace(fusion, **{name: value})
                    got = score(candidate)
                    if got["all"] > best["all"] + 1e-9:
                        best, fusion = got, candidate
                        print(f"{name}={value:.4g}:", line(best), flush=True)
                        break
        print("end:", line(best), fusion)
    manager.close()


if __name__ == "__main__":
    main()
