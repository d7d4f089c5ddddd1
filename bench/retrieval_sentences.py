"""The sentence stage (knowledge/index/sentences.py) on the answer-quality questions, retrieval only.

Builds the corpus of bench/answer_quality.py once (the handbook among ``--docs`` demo-corpus
documents, SQLite, kept at ``--db`` between runs), then for every answerable and unanswerable
question of the chosen sets searches with and without the sentence stage and reports, per set:
the first hit is an expected document, and the top hit's relevance for answerable against
unanswerable questions (what the abstention bar separates). ``--dump F.json`` writes each
question's candidates (path, rerank relevance, chunk cosine, best sentence cosine) so that the
sentence weight and the bar can be fitted on the tuning half alone.

``--timing``: per question, a search without the stage, with it and no sentence cached (a fresh
process), and with it again (cached): medians and 95th percentiles, in milliseconds.

Usage: .venv/bin/python bench/retrieval_sentences.py [--sets tuning,held-out,blind,blind2,blind3]
       [--db /tmp/aq.db] [--vector-cache F.npz] [--dump F.json] [--timing]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

from answer_quality import TENANT, CachingEmbedder, corpus_db  # noqa: E402
from answer_quality_blind import BLIND  # noqa: E402
from answer_quality_blind2 import BLIND2  # noqa: E402
from answer_quality_blind3 import BLIND3  # noqa: E402
from answer_quality_questions import Question, split  # noqa: E402

from knowledge.index import KnowledgeIndex  # noqa: E402
from knowledge.index import sentences as sentence_stage  # noqa: E402
from knowledge.index.sentences import SENTENCE_DEPTH, sentence_matches  # noqa: E402


def sets() -> dict[str, list[Question]]:
    tune, held = split()
    return {"tuning": tune, "held-out": held, "blind": list(BLIND), "blind2": list(BLIND2),
            "blind3": list(BLIND3)}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sets", default="tuning,held-out")
    parser.add_argument("--docs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--db", type=Path, default=Path("/tmp/kassist-retrieval-sentences.db"))
    parser.add_argument("--vector-cache", type=Path)
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--timing", action="store_true")
    args = parser.parse_args(argv)
    embedder = CachingEmbedder(args.vector_cache)
    url = corpus_db(args.db, embedder, args.docs, args.seed)
    chosen = {name: qs for name, qs in sets().items() if name in args.sets.split(",")}
    if args.timing:
        return timing(url, chosen)
    dump: dict[str, list[dict[str, object]]] = {}
    print("| set | first hit, rerank | first hit, + sentences | answerable top relevance (min) | "
          "unanswerable top relevance (max) | ms per question, + sentences |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    with KnowledgeIndex.from_url(url, embedder=embedder) as index:
        kb = index.for_tenant(TENANT)
        for name, questions in chosen.items():
            right = [0, 0]
            total = 0
            top_a: list[float] = []
            top_u: list[float] = []
            spent = 0.0
            rows: list[dict[str, object]] = []
            for q in questions:
                if q.kind not in ("answerable", "unanswerable"):
                    continue
                deep = kb.search(q.text, k=SENTENCE_DEPTH, sentences=False)
                vector = embedder.embed_query(q.text)
                matches = sentence_matches(deep, vector, embedder.embed_documents, embedder.name)
                t0 = time.perf_counter()
                refined = kb.search(q.text, k=6)
                spent += time.perf_counter() - t0
                rows.append({
                    "id": q.id, "set": name, "kind": q.kind, "docs": list(q.docs), "text": q.text,
                    "candidates": [
                        {"path": h.source_path, "relevance": h.relevance, "cosine": h.cosine,
                         "duplicate": h.duplicate_of is not None, "superseded": h.superseded,
                         "sentence": matches[h.chunk_id].cosine if h.chunk_id in matches else None,
                         "best": matches[h.chunk_id].sentence if h.chunk_id in matches else None}
                        for h in deep
                    ],
                })  # fmt: skip
                if q.kind == "answerable":
                    total += 1
                    plain = kb.search(q.text, k=6, sentences=False)
                    right[0] += bool(plain) and plain[0].source_path in q.docs
                    right[1] += bool(refined) and refined[0].source_path in q.docs
                    top_a.append(float(refined[0].relevance or 0.0) if refined else 0.0)
                else:
                    top_u.append(float(refined[0].relevance or 0.0) if refined else 0.0)
            dump[name] = rows
            n = len(rows)
            print(f"| {name} | {right[0]}/{total} | {right[1]}/{total} | {min(top_a, default=0):.3f} | "
                  f"{max(top_u, default=0):.3f} | {1000 * spent / max(n, 1):.0f} |")  # fmt: skip
    embedder.save()
    if args.dump:
        args.dump.write_text(json.dumps(dump, indent=1))
    return 0


def timing(url: str, chosen: dict[str, list[Question]]) -> int:
    """Search cost with and without the stage, on the local model itself (no vector cache)."""
    from knowledge.embedders import LocalMiniLMEmbedder

    model = LocalMiniLMEmbedder()
    spent: dict[str, list[float]] = {"without": [], "uncached": [], "cached": []}
    with KnowledgeIndex.from_url(url, embedder=model) as index:
        kb = index.for_tenant(TENANT)
        kb.search("warm-up question about leave", k=6)
        for q in (q for qs in chosen.values() for q in qs if q.kind in ("answerable", "unanswerable")):
            sentence_stage._CACHE = sentence_stage._Cache(sentence_stage.CACHE_SIZE)  # nothing cached
            for label, on in (("without", False), ("uncached", True), ("cached", True)):
                t0 = time.perf_counter()
                kb.search(q.text, k=6, sentences=on)
                spent[label].append(1000 * (time.perf_counter() - t0))
    print("| search | questions | median ms | p95 ms |\n|---|---|---|---|")
    for label, values in spent.items():
        values.sort()
        print(f"| {label} | {len(values)} | {values[len(values) // 2]:.0f} | "
              f"{values[int(0.95 * (len(values) - 1))]:.0f} |")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
