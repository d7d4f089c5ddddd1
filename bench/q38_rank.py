"""Session 38 (q3): bench/q37_rank.py with blind 19 added (seen since session 38): is the first hit an expected document?

The search alone (``kb.search(question, k=6)``, hybrid, the rerank and sentence stage included) on SQLite
indexes built once and kept under ``--dir``; single-turn answerable questions only. Blind 19's licence
texts come in versions (GPL-1/2/3, LGPL-2/2.1/3, MPL-1.1/2.0, GFDL-1.2/1.3): the set that shows whether
a version named in the question decides the ranking (knowledge/index/versions.py). ``--licences`` prints
blind 19's licence turns alone.

    .venv/bin/python bench/q38_rank.py --dir /tmp/s38/q3/rank --cache /tmp/s38/q3/cache --out after.json \
        [--diff before.json] [--sets blind19,blind18,public,handbook]

Seen sets only: the main set, blind 1-19 and the public set. Blind 20 and later are never read here.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality as aq  # noqa: E402
import q37_rank  # noqa: E402

from knowledge.index import KnowledgeIndex  # noqa: E402


def _blind19(root: Path, cache: Path) -> tuple[str, str, aq.CachingEmbedder, list[Any]]:
    import answer_quality_blind19_corpus as c19
    from answer_quality_blind19_questions import BLIND19

    e19 = aq.CachingEmbedder(cache / "vec19.npz")
    return ("blind19", q37_rank._index(root / "b19.db", lambda t: c19.write(t)[0], e19), e19, list(BLIND19))


def run(root: Path, cache: Path, only: set[str]) -> dict[str, dict[str, Any]]:
    sets = q37_rank._sets(root, cache, only)
    if "blind19" in only:
        sets.insert(0, _blind19(root, cache))
    rows: dict[str, dict[str, Any]] = {}
    for name, url, embedder, questions in sets:
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dir", type=Path, required=True, help="where the SQLite indexes are kept")
    parser.add_argument("--cache", type=Path, default=None, help="folder of vec18/vec19/public/handbook .npz")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--diff", type=Path)
    parser.add_argument("--misses", action="store_true", help="print every question not first")
    parser.add_argument("--licences", action="store_true", help="print blind 19's licence turns")
    parser.add_argument("--sets", default="blind19,blind18,public,handbook", help="comma-separated")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    rows = run(args.dir, args.cache or args.dir.parent, set(args.sets.split(",")))
    args.out.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    before = json.loads(args.diff.read_text(encoding="utf-8")) if args.diff else None
    q37_rank.report(rows, before)
    for k, r in rows.items():
        licence = any(d.startswith("licenses/") for d in r["docs"])
        if (args.misses and r["rank"] != 1) or (args.licences and licence):
            print(
                f"{k} r={r['rank']} {r['text'][:80]!r}\n    got {r['paths'][:3]} {r['relevance'][:3]} want {r['docs']}"
            )
    print(f"(took {time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
