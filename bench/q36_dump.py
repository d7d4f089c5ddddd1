"""Session 36 (q): one search dump of the tuning sets and of the public set, judged in seconds.

bench/abstain_types.py's two steps (search once, then run today's judge and extractive responder on
the dumped hits), widened to what session 36 tunes on: the main set and blind 1-16 (their
``tune``/``check`` halves as bench/abstain_types.halves; blind 13-15 validation only; blind 16 split
by the same alternating rule) and the public set (bench/answer_quality_public.py: package READMEs and
stdlib docstrings, another domain; single-turn questions only, half ``public``). Blind 17 and later
are never read here: they are validation, measured by their own runners without ``--verbose``.

    .venv/bin/python bench/q36_dump.py --search handbook --vector-cache H.npz --db H.db --dump H.json
    .venv/bin/python bench/q36_dump.py --search public --vector-cache P.npz --dump P.json
    .venv/bin/python bench/q36_dump.py --dump H.json --dump P.json [--show tune|check|public|all]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

import abstain_types as at  # noqa: E402

from graph.assistant.asking import asking_part  # noqa: E402


def _rows(kb: Any, questions: list[Any], half: dict[str, str]) -> list[dict[str, Any]]:
    rows = []
    for q in questions:
        if q.kind not in ("answerable", "unanswerable"):
            continue
        hits = [h.model_dump(mode="json") for h in kb.search(q.text, k=6)]
        part = asking_part(q.text)
        asked = [h.model_dump(mode="json") for h in kb.search(part, k=6)] if part != q.text else []
        uses = {a: kb.uses(a) for a in set(at.ACRONYM.findall(q.text))}
        rows.append({"id": q.id, "kind": q.kind, "text": q.text, "docs": list(q.docs), "fact": q.fact,
                     "tag": getattr(q, "tag", ""), "half": half[q.id], "hits": hits, "uses": uses,
                     "asked": asked, "embedder": kb.embedder_name})  # fmt: skip
    return rows


def search_handbook(args: argparse.Namespace) -> dict[str, list[dict[str, Any]]]:
    from answer_quality import TENANT, CachingEmbedder, corpus_db
    from answer_quality_blind16_questions import BLIND16

    from knowledge.index import KnowledgeIndex

    embedder = CachingEmbedder(args.vector_cache)
    url = corpus_db(args.db, embedder, 300, 7)
    named = {**at.sets(), "blind16": list(BLIND16)}
    with KnowledgeIndex.from_url(url, embedder=embedder) as index:
        kb = index.for_tenant(TENANT)
        dump = {name: _rows(kb, qs, at.halves(qs, name)) for name, qs in named.items()}
    embedder.save()
    return dump


def search_public(args: argparse.Namespace) -> dict[str, list[dict[str, Any]]]:
    import answer_quality as aq
    import answer_quality_public_corpus as pc
    from answer_quality_public_questions import PUBLIC

    from knowledge.index import KnowledgeIndex
    from knowledge.ingest import ingest_directory

    embedder = aq.CachingEmbedder(args.vector_cache)
    with tempfile.TemporaryDirectory(prefix="q36-public-") as tmp:
        corpus, _, _ = pc.write(Path(tmp))
        with KnowledgeIndex.from_url(f"sqlite:///{tmp}/p.db", embedder=embedder) as index:
            kb = index.for_tenant(aq.TENANT)
            ingest_directory(kb, corpus, collection=aq.COLLECTION)
            qs = list(PUBLIC)
            dump = {"public": _rows(kb, qs, {q.id: "public" for q in qs})}
    embedder.save()
    return dump


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def outcome(row: dict[str, Any]) -> dict[str, Any]:
    o = at.outcome(row)
    o["fact"] = bool(row["fact"]) and _norm(row["fact"]) in _norm(o["answer"])
    return o


def report(dumps: list[Path], show: str | None) -> None:
    print("| set | half | wrong abstentions | fact in answer | first citation | right abstentions |")
    print("|---|---|---|---|---|---|")
    totals: dict[str, Counter[str]] = {}
    for path in dumps:
        for name, rows in json.loads(path.read_text()).items():
            for half in sorted({r["half"] for r in rows}):
                c: Counter[str] = Counter()
                for row in (r for r in rows if r["half"] == half):
                    o = outcome(row)
                    if row["kind"] == "answerable":
                        c["answerable"] += 1
                        c["wrong"] += not o["answered"]
                        c["fact"] += o["fact"]
                        c["first"] += o["first"] and o["answered"]
                        failed = not (o["fact"] and o["first"])
                    else:
                        c["unanswerable"] += 1
                        c["right"] += not o["answered"]
                        failed = o["answered"]
                    if failed and show in (half, "all"):
                        print(f"-- {name} {row['id']} [{row['kind']} {row['tag']}] {row['text']}\n   fact: "
                              f"{row['fact']!r} docs {row['docs']}\n   {o['reason']!r}\n   "
                              + o["answer"].replace("\n", "\n   "), file=sys.stderr)  # fmt: skip
                totals.setdefault(half, Counter()).update(c)
                print(f"| {name} | {half} | {c['wrong']}/{c['answerable']} | {c['fact']}/{c['answerable']} | "
                      f"{c['first']}/{c['answerable']} | {c['right']}/{c['unanswerable']} |")  # fmt: skip
    for half, c in totals.items():
        print(f"| **all** | {half} | {c['wrong']}/{c['answerable']} | {c['fact']}/{c['answerable']} | "
              f"{c['first']}/{c['answerable']} | {c['right']}/{c['unanswerable']} |")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--search", choices=("handbook", "public"))
    parser.add_argument("--db", type=Path, default=Path("/tmp/kassist-q36.db"))
    parser.add_argument("--vector-cache", type=Path)
    parser.add_argument("--dump", type=Path, action="append", required=True)
    parser.add_argument("--show", choices=("tune", "check", "public", "all"))
    args = parser.parse_args(argv)
    if args.search:
        dump = search_handbook(args) if args.search == "handbook" else search_public(args)
        args.dump[0].write_text(json.dumps(dump, default=str))
        return 0
    report(args.dump, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
