"""Where the expected document sits in each retriever's own list (candidate recall), session 18.

For every answerable question of the chosen sets (bench/answer_quality*.py), on the corpus that
bench/retrieval_abstain.py builds (kept at ``--db``): the best raw rank of any chunk of an expected
document in the keyword list and in the vector list (each asked 300 deep), and whether the hybrid
search at k=6 (the assistant's) puts an expected document first. Prints, per set, how many expected
documents each retriever holds within 30, 60 and 100 candidates, and how many are in neither list at
the default depth: the failures no rerank can fix.

Usage: .venv/bin/python bench/retrieval_candidates.py [--sets blind2,blind3,blind4] [--db F.db]
       [--vector-cache F.npz] [--verbose]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

from answer_quality import TENANT, CachingEmbedder  # noqa: E402
from retrieval_abstain import sets  # noqa: E402

from knowledge.index import KnowledgeIndex  # noqa: E402
from knowledge.index.models import SearchHit  # noqa: E402

DEPTHS = (30, 60, 100)


def best_rank(hits: list[SearchHit], docs: tuple[str, ...], field: str) -> int | None:
    ranks = [getattr(h, field) for h in hits if h.source_path in docs and getattr(h, field) is not None]
    return min(ranks) if ranks else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sets", default="blind2,blind3,blind4")
    parser.add_argument("--db", type=Path, default=Path("/tmp/kassist-retrieval-abstain.db"))
    parser.add_argument("--vector-cache", type=Path)
    parser.add_argument("--verbose", action="store_true", help="one line per question")
    args = parser.parse_args(argv)
    if not args.db.exists():
        sys.exit(f"{args.db}: build it first with bench/retrieval_abstain.py --db {args.db}")
    embedder = CachingEmbedder(args.vector_cache)
    head = " | ".join(f"kw@{d} | vec@{d} | either@{d}" for d in DEPTHS)
    print(f"| set | answerable | first hit | {head} |")
    print("|---|---|---|" + "---|" * 3 * len(DEPTHS))
    with KnowledgeIndex.from_url(f"sqlite:///{args.db}", embedder=embedder) as index:
        kb = index.for_tenant(TENANT)
        for name, questions in sets().items():
            if name not in args.sets.split(","):
                continue
            rows = []
            for q in questions:
                if q.kind != "answerable":
                    continue
                kw = best_rank(kb.search(q.text, k=100, mode="keyword"), q.docs, "keyword_rank")
                vec = best_rank(kb.search(q.text, k=100, mode="vector"), q.docs, "vector_rank")
                hits = kb.search(q.text, k=6)
                first = bool(hits) and hits[0].source_path in q.docs
                rows.append((q, kw, vec, first))
                if args.verbose:
                    print(f"  {name} {q.id} kw={kw} vec={vec} first={first} got={hits[0].source_path if hits else None}"
                          f" | {q.text}", file=sys.stderr)  # fmt: skip
            cells = []
            for d in DEPTHS:
                in_kw = sum(kw is not None and kw <= d for _, kw, _, _ in rows)
                in_vec = sum(v is not None and v <= d for _, _, v, _ in rows)
                either = sum(
                    (kw is not None and kw <= d) or (v is not None and v <= d) for _, kw, v, _ in rows
                )
                cells += [str(in_kw), str(in_vec), str(either)]
            print(f"| {name} | {len(rows)} | {sum(r[3] for r in rows)} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
