"""The abstention development set: hundreds of mechanical probes, run through the assistant's search and judge.

The corpus of bench/answer_quality.py (the handbook among ``--docs`` demo-corpus documents, SQLite,
kept at ``--db`` between runs, the same file bench/retrieval_abstain.py uses) answers the
answerable probes of bench/abstain_dev_probes.py and none of the near-miss unanswerable ones. Each
probe is searched (hybrid, k=6, sentence stage) and judged by
:func:`graph.assistant.answering.judge`; printed per half (fit / validate) and per way of making
it: wrong abstentions (answerable judged unanswered), abstention recall (unanswerable judged so)
and first hits (answerable: the first hit is the sentence's document). ``--dump F.json`` writes each
probe's first hit and verdict, the rows bench/retrieval_abstain.py's ``--dump`` writes for the
hand-written sets, so a judge can be fitted on both. ``--gain`` adds each first hit's
:func:`knowledge.index.coverage.foreign_gain` and prints, per half, the abstention recall that the
judge's evidence alone and the evidence less the gain reach at matched wrong-abstention rates (the
best bar for each, the names check kept): how much the signal separates, whatever bar is chosen.

Usage: .venv/bin/python bench/abstain_dev.py [--db F.db] [--vector-cache F.npz] [--seed 19]
       [--per-doc 12] [--dump F.json] [--show N] [--gain]
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import time
from collections import Counter
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from abstain_dev_probes import Probe, make_probes  # noqa: E402
from answer_quality import COLLECTION, TENANT, CachingEmbedder, corpus_db  # noqa: E402

from graph.assistant.answering import judge  # noqa: E402
from knowledge.corpus import demo_corpus_path  # noqa: E402
from knowledge.index import KnowledgeIndex, coverage  # noqa: E402
from knowledge.index.models import SearchHit  # noqa: E402
from knowledge.index.sentences import passage_sentences  # noqa: E402


def handbook_paths() -> list[str]:
    root = demo_corpus_path()
    return sorted(
        p.relative_to(root).as_posix() for p in root.rglob("*")
        if p.is_file() and not p.relative_to(root).as_posix().startswith("archive/")
    )  # fmt: skip


def chunk_counter(db: Path) -> object:
    """``df(word)``: the corpus chunks holding ``word`` (FTS5, the index's own tokenizer)."""
    con = sqlite3.connect(db)

    def df(word: str) -> int:
        phrase = '"' + word.replace('"', '""') + '"'
        row = con.execute(
            "SELECT count(*) FROM kassist_kb_chunks_fts WHERE kassist_kb_chunks_fts MATCH ?", (phrase,)
        ).fetchone()
        return int(row[0])

    return df


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--docs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7, help="demo corpus seed (as bench/answer_quality.py)")
    parser.add_argument("--probe-seed", type=int, default=19)
    parser.add_argument("--per-doc", type=int, default=12)
    parser.add_argument("--db", type=Path, default=Path("/tmp/kassist-retrieval-abstain.db"))
    parser.add_argument("--vector-cache", type=Path)
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--show", type=int, default=0, help="print N probes of each kind")
    parser.add_argument("--gain", action="store_true", help="measure coverage.foreign_gain as a signal")
    args = parser.parse_args(argv)
    embedder = CachingEmbedder(args.vector_cache)
    url = corpus_db(args.db, embedder, args.docs, args.seed)
    rows: list[dict[str, object]] = []
    with KnowledgeIndex.from_url(url, embedder=embedder) as index:
        kb = index.for_tenant(TENANT)
        docs = {}
        for path in handbook_paths():
            detail = kb.document(path, COLLECTION, text=True)
            docs[path] = "\n\n".join(c.text or "" for c in detail.outline)
        probes = make_probes(docs, chunk_counter(args.db), seed=args.probe_seed, per_doc=args.per_doc)  # type: ignore[arg-type]
        for kind in ("answerable", "unanswerable"):
            for p in [p for p in probes if p.kind == kind][: args.show]:
                print(f"{p.kind[:3]} {p.how:10} {p.text}   <- {p.sentence[:80]}")
        t0 = time.perf_counter()
        for p in probes:
            hits = kb.search(p.text, k=6)
            dumped = [h.model_dump(mode="json") for h in hits]
            verdict = judge(p.text, dumped, embedder=kb.embedder_name, uses=kb.uses)
            rows.append(_row(p, verdict.answerable, verdict.reason, dumped))
            if args.gain and hits:
                rows[-1]["gain"] = gain(p.text, hits[0], embedder)
        spent = time.perf_counter() - t0
    embedder.save()
    report(rows)
    if args.gain:
        for half in ("fit", "validate"):
            print(f"{half}: " + matched_recall([r for r in rows if r["half"] == half]))
    print(f"\n{len(rows)} probes, {1000 * spent / max(len(rows), 1):.0f} ms per search and judgement")
    if args.dump:
        args.dump.write_text(json.dumps({"dev": rows}, indent=1, default=str))
    return 0


def _row(p: Probe, answered: bool, reason: str, hits: list[dict[str, object]]) -> dict[str, object]:
    return {"id": p.id, "kind": p.kind, "how": p.how, "half": p.half, "text": p.text, "docs": [p.doc],
            "answered": answered, "reason": reason,
            "first": bool(hits) and hits[0]["source_path"] == p.doc, "hits": hits}  # fmt: skip


def gain(query: str, hit: SearchHit, embedder: CachingEmbedder) -> float | None:
    """:func:`coverage.foreign_gain` of the question's words ``hit`` lacks, against its best sentence."""
    pairs = [t for t, s in passage_sentences(hit) if s == hit.best_sentence]
    missing = coverage.uncovered_words(query, f"{hit.title} {hit.heading or ''} {hit.text}")
    if not pairs:
        return None
    vector = np.asarray(embedder.embed_documents(pairs[:1])[0], dtype=np.float32)
    found = coverage.foreign_gain(
        query, vector, missing, lambda texts: np.asarray(embedder.embed_documents(texts), dtype=np.float32)
    )
    return found[0] if found else 0.0


def matched_recall(rows: list[dict[str, object]], weight: float = 1.0) -> str:
    """Abstention recall at wrong-abstention rates 3/5/8%: the judge's evidence (mean of relevance and
    sentence cosine) against the evidence less ``weight`` x gain, each at its best bar, the names
    check's abstentions kept."""
    scored = []
    for r in rows:
        hits = r["hits"]
        if r["kind"] not in ("answerable", "unanswerable") or not hits or r.get("gain") is None:
            continue
        top = hits[0]  # type: ignore[index]
        if top.get("sentence_cosine") is None:
            continue
        ev = (float(top["relevance"]) + float(top["sentence_cosine"])) / 2
        named = not r["answered"] and not str(r["reason"]).startswith("best evidence")
        scored.append((r["kind"] == "answerable", named, ev, ev - weight * max(float(r["gain"]), 0.0)))  # type: ignore[arg-type]
    out = []
    for rate in (0.03, 0.05, 0.08):
        found = []
        for column in (2, 3):
            best = 0.0
            for bar in sorted({s[column] for s in scored}):
                abstain = [(s[0], s[1] or s[column] < bar) for s in scored]
                answerable = [a for y, a in abstain if y]
                if sum(answerable) <= rate * len(answerable):
                    best = sum(a for y, a in abstain if not y) / max(1, sum(not y for y, _ in abstain))
            found.append(best)
        out.append(f"wrong <= {rate:.2f}: recall {found[0]:.2f} (evidence) / {found[1]:.2f} (less gain)")
    return "; ".join(out)


def report(rows: list[dict[str, object]]) -> None:
    print("| half | answerable | wrong abstentions | first hit | unanswerable | abstention recall |")
    print("|---|---|---|---|---|---|")
    for half in ("fit", "validate"):
        mine = [r for r in rows if r["half"] == half]
        ans = [r for r in mine if r["kind"] == "answerable"]
        una = [r for r in mine if r["kind"] == "unanswerable"]
        wrong = sum(not r["answered"] for r in ans)
        first = sum(bool(r["first"]) for r in ans)
        right = sum(not r["answered"] for r in una)
        print(f"| {half} | {len(ans)} | {wrong / max(len(ans), 1):.3f} ({wrong}) | "
              f"{first / max(len(ans), 1):.3f} | {len(una)} | {right / max(len(una), 1):.3f} ({right}) |")  # fmt: skip
    hows = Counter(str(r["how"]) for r in rows if r["kind"] == "unanswerable")
    for how, n in sorted(hows.items()):
        right = sum(not r["answered"] for r in rows if r["how"] == how)
        print(f"unanswerable by {how}: {right}/{n} abstained")


if __name__ == "__main__":
    sys.exit(main())
