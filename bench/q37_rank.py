"""Session 37 (q2): the ranking alone on every tuning set, in a minute: is the first hit an expected document?

The search (``kb.search(question, k=6)``, hybrid, the rerank included) is the stage blind 18's misses come
from (docs/benchmarks.md, "Session 36 (u4)"): first citation follows the first hit. This reruns only the
search on indexes built once and kept (SQLite files under ``--dir``), so a ranking change is judged on
blind 18, the public set and the handbook sets (main, blind 1-17) in a few minutes (blind 18 and the public set in 20-40 s, the handbook's 1,197 in 3-6 min), then confirmed by the
sets' own runners (both backends, the whole assistant). Single-turn answerable questions only.

    .venv/bin/python bench/q37_rank.py --dir /tmp/s37/q2/rank --out after.json [--diff before.json]

Tuning sets only: blind 19 and later are never read here.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality as aq  # noqa: E402

from knowledge.index import KnowledgeIndex  # noqa: E402
from knowledge.ingest import ingest_directory  # noqa: E402


def _index(db: Path, corpus_of: Any, embedder: aq.CachingEmbedder) -> str:
    url = f"sqlite:///{db}"
    if not db.exists():
        with tempfile.TemporaryDirectory() as tmp, KnowledgeIndex.from_url(url, embedder=embedder) as index:
            ingest_directory(index.for_tenant(aq.TENANT), corpus_of(Path(tmp)), collection=aq.COLLECTION)
        embedder.save()
    return url


def _sets(root: Path, cache: Path, only: set[str]) -> list[tuple[str, str, aq.CachingEmbedder, list[Any]]]:
    import abstain_types as at
    import answer_quality_blind18_corpus as c18
    import answer_quality_public_corpus as pc
    from answer_quality_blind16_questions import BLIND16
    from answer_quality_blind17_questions import BLIND17
    from answer_quality_blind18_questions import BLIND18
    from answer_quality_public_questions import PUBLIC

    root.mkdir(parents=True, exist_ok=True)
    out = []
    if "blind18" in only:
        e18 = aq.CachingEmbedder(cache / "vec18.npz")
        out.append(("blind18", _index(root / "b18.db", lambda t: c18.write(t)[0], e18), e18, list(BLIND18)))
    if "public" in only:
        ep = aq.CachingEmbedder(cache / "public.npz")
        out.append(("public", _index(root / "public.db", lambda t: pc.write(t)[0], ep), ep, list(PUBLIC)))
    if "handbook" in only:
        eh = aq.CachingEmbedder(cache / "handbook.npz")
        url = aq.corpus_db(root / "handbook.db", eh, 300, 7)
        handbook = [*(q for qs in at.sets().values() for q in qs), *BLIND16, *BLIND17]
        out.append(("handbook", url, eh, handbook))
    return out


def run(root: Path, cache: Path, only: set[str]) -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for name, url, embedder, questions in _sets(root, cache, only):
        with KnowledgeIndex.from_url(url, embedder=embedder) as index:
            kb = index.for_tenant(aq.TENANT)
            for n, q in enumerate(questions):
                if q.kind != "answerable" or getattr(q, "before", ()) or getattr(q, "first", None):
                    continue
                hits = kb.search(q.text, k=6)
                paths = [h.source_path for h in hits]
                rank = next((i for i, p in enumerate(paths, 1) if p in q.docs), 0)
                rows[f"{name}:{n}:{q.id}"] = {"set": name, "text": q.text, "docs": list(q.docs), "paths": paths, "rank": rank,
                             "relevance": [round(h.relevance or 0.0, 3) for h in hits]}  # fmt: skip
        embedder.save()
    return rows


def report(rows: dict[str, dict[str, Any]], before: dict[str, dict[str, Any]] | None) -> None:
    for name in sorted({r["set"] for r in rows.values()}):
        mine = {k: r for k, r in rows.items() if r["set"] == name}
        first = sum(r["rank"] == 1 for r in mine.values())
        top6 = sum(r["rank"] > 0 for r in mine.values())
        line = f"{name}: first {first}/{len(mine)}, in top 6 {top6}/{len(mine)}"
        if before:
            was = sum(before[k]["rank"] == 1 for k in mine if k in before)
            mine = {k: r for k, r in mine.items() if k in before}
            gained = [k for k in mine if k in before and mine[k]["rank"] == 1 and before[k]["rank"] != 1]
            lost = [k for k in mine if k in before and mine[k]["rank"] != 1 and before[k]["rank"] == 1]
            line += f" (before {was}; +{len(gained)} -{len(lost)})"
            for k in gained + lost:
                sign = "+" if k in gained else "-"
                print(
                    f"  {sign} {k} {mine[k]['text'][:70]!r} -> {mine[k]['paths'][:2]} (want {mine[k]['docs']})"
                )
        print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dir", type=Path, required=True, help="where the SQLite indexes are kept")
    parser.add_argument("--cache", type=Path, default=None, help="folder of vec18/public/handbook .npz")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--diff", type=Path)
    parser.add_argument("--misses", action="store_true", help="print every question not first")
    parser.add_argument("--sets", default="blind18,public,handbook", help="comma-separated")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    rows = run(args.dir, args.cache or args.dir.parent, set(args.sets.split(",")))
    args.out.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    before = json.loads(args.diff.read_text(encoding="utf-8")) if args.diff else None
    report(rows, before)
    if args.misses:
        for k, r in rows.items():
            if r["rank"] != 1:
                print(
                    f"{k} r={r['rank']} {r['text'][:80]!r}\n    got {r['paths'][:3]} {r['relevance'][:3]} want {r['docs']}"
                )
    print(f"(took {time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
