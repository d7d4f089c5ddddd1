"""Where the expected document is lost on its way to the assistant (candidate recall, session 26).

For every answerable single-turn question of the development answer sets (bench/answer_quality.py's
main set and blind sets 2-13, as bench/answer_quality_dev_rank.py reads them; never blind 14 or
later), searched as the assistant searches (``search(q, k=6)``, hybrid, SQLite, the shipped
handbook plus 300 demo-corpus documents, seed 7), the stage where its expected document drops out:

- ``first``: the search's first document is expected;
- ``read, ordered below``: among the passages the sentence stage reads, another one first;
- ``below the six``: among the rerank's candidates, scored below the six it keeps;
- ``grouped as a copy``: among the candidates, but grouped as a near-duplicate of another page that
  stands for it;
- ``cut by the fusion``: in a retriever's list (keyword or dense, ``rules.rerank_depth`` each) but
  not among the candidates reciprocal rank fusion keeps;
- ``in neither retriever's list``.

Counted per half of the fixed split (answer_quality_dev_rank.half: an id's even number is tuning,
odd validation; all of blind 12 and 13 validation). ``--list CAUSE`` prints that cause's questions with the
expected document's best chunk rank in each retriever's list.

Usage: .venv/bin/python bench/candidate_recall.py [--vector-cache F.npz] [--db F.db] [--list "cut by the fusion"]
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality as aq  # noqa: E402
import answer_quality_dev_rank as dr  # noqa: E402

import knowledge.index.search as search_module  # noqa: E402
from knowledge.index import KnowledgeIndex  # noqa: E402
from knowledge.index import sentences as stage  # noqa: E402

CAUSES = (
    "first",
    "read, ordered below",
    "below the six",
    "grouped as a copy",
    "cut by the fusion",
    "in neither retriever's list",
)


@dataclass
class Found:
    set: str
    id: str
    half: str
    text: str
    cause: str
    keyword_rank: int | None  # the expected document's best chunk in the keyword list (1-based)
    dense_rank: int | None


def _rank(ranking: Sequence[tuple[int, float]], paths: dict[int, str], docs: Sequence[str]) -> int | None:
    return next((i + 1 for i, (cid, _) in enumerate(ranking) if paths.get(cid) in docs), None)


def collect(url: str, db: Path, embedder: aq.CachingEmbedder) -> list[Found]:
    with sqlite3.connect(db) as con:
        paths = {
            int(r[0]): str(r[1])
            for r in con.execute(
                "SELECT c.id, d.source_path FROM kassist_kb_chunks c JOIN kassist_kb_documents d"
                " USING (tenant_id, collection, doc_id)"
            )
        }
    seen: dict[str, Any] = {}
    # Spied on where search() looks them up (its module's names), restored at the end.
    fuse = search_module.reciprocal_rank_fusion  # type: ignore[attr-defined]
    rerank = search_module.rerank  # type: ignore[attr-defined]
    refine = stage.refine

    def fuse_spy(keyword: Any, vector: Any, **kw: Any) -> Any:
        seen["keyword"], seen["dense"] = list(keyword), list(vector)
        return fuse(keyword, vector, **kw)

    def rerank_spy(hits: Any, query: str, k: int, **kw: Any) -> Any:
        seen["candidates"] = rerank(hits, query, len(hits), **kw)  # every candidate, in the rerank's order
        return rerank(hits, query, k, **kw)

    def refine_spy(hits: Any, query: str, k: int, matches: Any) -> Any:
        seen["read"] = [h.source_path for h in hits]
        return refine(hits, query, k, matches)

    search_module.reciprocal_rank_fusion = fuse_spy  # type: ignore[attr-defined]
    search_module.rerank = rerank_spy  # type: ignore[attr-defined]
    stage.refine = refine_spy  # type: ignore[assignment]
    found = []
    try:
        with KnowledgeIndex.from_url(url, embedder=embedder) as index:
            kb = index.for_tenant(aq.TENANT)
            for name, questions in dr.SETS.items():
                for q in questions:
                    if q.kind != "answerable" or getattr(q, "before", None):
                        continue
                    seen.clear()
                    result = kb.search(q.text, k=6)
                    candidates = seen.get("candidates", [])
                    among = [h for h in candidates if h.source_path in q.docs]
                    keyword = _rank(seen.get("keyword", []), paths, q.docs)
                    dense = _rank(seen.get("dense", []), paths, q.docs)
                    if result and result[0].source_path in q.docs:
                        cause = CAUSES[0]
                    elif any(p in q.docs for p in seen.get("read", [])):
                        cause = CAUSES[1]
                    elif among and any(h.duplicate_of is None for h in among):
                        cause = CAUSES[2]
                    elif among:
                        cause = CAUSES[3]
                    elif keyword or dense:
                        cause = CAUSES[4]
                    else:
                        cause = CAUSES[5]
                    found.append(Found(name, q.id, dr.half(name, q.id), q.text, cause, keyword, dense))
    finally:
        search_module.reciprocal_rank_fusion = fuse  # type: ignore[attr-defined]
        search_module.rerank = rerank  # type: ignore[attr-defined]
        stage.refine = refine  # type: ignore[assignment]
    return found


def report(found: Sequence[Found]) -> str:
    counts = Counter((f.cause, f.half) for f in found)
    lines = ["| where the expected document is lost | tuning | validation |", "|---|---|---|"]
    for cause in CAUSES:
        lines.append(f"| {cause} | {counts[(cause, 'tune')]} | {counts[(cause, 'val')]} |")
    total = Counter(f.half for f in found)
    lines.append(f"| questions | {total['tune']} | {total['val']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--vector-cache", type=Path, help="keep document vectors in this .npz between runs")
    parser.add_argument("--db", type=Path, help="reuse this SQLite file's ingestion (made when missing)")
    parser.add_argument("--list", choices=CAUSES, help="print the questions of this cause")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        embedder = aq.CachingEmbedder(args.vector_cache)
        db = args.db or Path(tmp) / "corpus.db"
        url = aq.corpus_db(db, embedder, 300, 7)
        found = collect(url, db, embedder)
        embedder.save()
    print(report(found))
    if args.list:
        for f in found:
            if f.cause == args.list:
                print(
                    f"- {f.set} {f.id} ({f.half}) keyword #{f.keyword_rank} dense #{f.dense_rank}: {f.text}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
