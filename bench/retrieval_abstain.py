"""Abstention and first-hit features of the answer-quality questions, retrieval alone (session 18).

Builds the corpus of bench/answer_quality.py once (the handbook among ``--docs`` demo-corpus
documents, SQLite, kept at ``--db`` between runs) and, for every answerable, unanswerable and
non-English question of the chosen sets, runs the assistant's own search (hybrid, k=6, sentence
stage) and :func:`graph.assistant.answering.judge`, then prints per set: the first hit is an expected
document, wrong abstentions (answerable judged unanswered) and right abstentions. ``--dump F.json``
writes each question's hits (path, title, heading, relevance, cosine, best sentence) so that an
abstention rule can be fitted on the sets it is allowed to see (blind 2 and 3 in session 18; never
blind 4).

Usage: .venv/bin/python bench/retrieval_abstain.py [--sets blind2,blind3] [--db F.db]
       [--vector-cache F.npz] [--dump F.json] [--depth 30] [--gain]

``--gain``: as bench/abstain_dev.py's, the foreign-word gain measured as an abstention signal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

from abstain_dev import gain, matched_recall  # noqa: E402
from answer_quality import TENANT, CachingEmbedder, corpus_db  # noqa: E402
from answer_quality_blind import BLIND  # noqa: E402
from answer_quality_blind2 import BLIND2  # noqa: E402
from answer_quality_blind3 import BLIND3  # noqa: E402
from answer_quality_blind4 import BLIND4  # noqa: E402
from answer_quality_blind5 import BLIND5  # noqa: E402
from answer_quality_blind6_questions import BLIND6  # noqa: E402
from answer_quality_blind7_questions import BLIND7  # noqa: E402
from answer_quality_blind8_questions import BLIND8  # noqa: E402
from answer_quality_questions import Question, split  # noqa: E402

from graph.assistant.answering import judge  # noqa: E402
from knowledge.index import KnowledgeIndex, rules  # noqa: E402


def sets() -> dict[str, list[Question]]:
    tune, held = split()
    return {"tuning": tune, "held-out": held, "blind": list(BLIND), "blind2": list(BLIND2),
            "blind3": list(BLIND3), "blind4": list(BLIND4), "blind5": list(BLIND5),
            "blind6": list(BLIND6), "blind7": list(BLIND7), "blind8": list(BLIND8)}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sets", default="blind2,blind3")
    parser.add_argument("--docs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--db", type=Path, default=Path("/tmp/kassist-retrieval-abstain.db"))
    parser.add_argument("--vector-cache", type=Path)
    parser.add_argument("--dump", type=Path)
    parser.add_argument(
        "--depth", type=int, help="candidates per retriever before the rerank (rules.RERANK_FLOOR)"
    )
    parser.add_argument("--gain", action="store_true", help="measure coverage.foreign_gain (abstain_dev.py)")
    args = parser.parse_args(argv)
    if args.depth:
        rules.RERANK_FLOOR = args.depth
    embedder = CachingEmbedder(args.vector_cache)
    url = corpus_db(args.db, embedder, args.docs, args.seed)
    chosen = {name: qs for name, qs in sets().items() if name in args.sets.split(",")}
    dump: dict[str, list[dict[str, object]]] = {}
    print("| set | first hit | wrong abstentions | right abstentions | ms per question |")
    print("|---|---|---|---|---|")
    with KnowledgeIndex.from_url(url, embedder=embedder) as index:
        kb = index.for_tenant(TENANT)
        for name, questions in chosen.items():
            first = wrong = right = answerable = unanswerable = 0
            spent = 0.0
            rows: list[dict[str, object]] = []
            for q in questions:
                if q.kind not in ("answerable", "unanswerable", "language"):
                    continue
                t0 = time.perf_counter()
                hits = kb.search(q.text, k=6)
                spent += time.perf_counter() - t0
                dumped = [h.model_dump(mode="json") for h in hits]
                verdict = judge(q.text, dumped, embedder=kb.embedder_name, uses=kb.uses)
                ok = bool(hits) and hits[0].source_path in q.docs
                rows.append({"id": q.id, "kind": q.kind, "text": q.text, "docs": list(q.docs),
                             "answered": verdict.answerable, "reason": verdict.reason, "first": ok,
                             "hits": dumped})  # fmt: skip
                if args.gain and hits:
                    rows[-1]["gain"] = gain(q.text, hits[0], embedder)
                if q.kind == "answerable":
                    answerable += 1
                    first += ok
                    wrong += not verdict.answerable
                elif q.kind == "unanswerable":
                    unanswerable += 1
                    right += not verdict.answerable
            dump[name] = rows
            print(f"| {name} | {first}/{answerable} | {wrong}/{answerable} | {right}/{unanswerable} | "
                  f"{1000 * spent / max(len(rows), 1):.0f} |")  # fmt: skip
    embedder.save()
    if args.gain:
        print(f"{', '.join(chosen)}: " + matched_recall([r for rows in dump.values() for r in rows]))
    if args.dump:
        args.dump.write_text(json.dumps(dump, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
