"""The runner that the public-text answers sets share: blind 18, 19 and 20 (session 38, helper u6).

Each of those sets is a corpus module (a selection rule, ``write(root)`` and ``EXPECTED_SHA256``), a
questions module and a small runner that fills a :class:`BlindSet` and calls :func:`main`. What they
share lives here once (blind 19's and 20's runners were copies of blind 18's):

- the five ``--check`` checks: (1) every fact occurs, whitespace and case normalised, in one of its
  expected documents as the product's loaders read it (the public set's check); (2) no document outside
  the expected list holds it; (3) the corpus fingerprint matches the recorded one; (4) no turn repeats or
  nearly repeats a turn of an earlier set (SequenceMatcher ratio >= 0.75 or word-set Jaccard >= 0.6) and
  (5) no English turn is within local-MiniLM cosine 0.8 of one (blind 10's rules);
- the measured run: blind 9's runner (the product's own ingestion, the real assistant graph, extractive
  responder, local MiniLM ONNX embeddings, no network, SQLite and then PostgreSQL; a conversation's
  earlier turn in the same thread, the last scored), blind 10's metrics and retrieval-alone table, a
  per-category table (source, register, unanswerable kind, conversation kind, language) and ``--items``
  (every outcome per backend, for before/after diffs).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality as aq  # noqa: E402
import answer_quality_blind9 as b9  # noqa: E402
import answer_quality_blind10 as b10  # noqa: E402
import answer_quality_public as ap  # noqa: E402
from answer_quality_blind9_questions import Q9  # noqa: E402
from answer_quality_questions import Question  # noqa: E402
from retrieval_env import postgres_url  # noqa: E402

KINDS = ("answerable", "unanswerable", "followup", "language")


@dataclass(frozen=True)
class BlindSet:
    """One public-text set: what its runner passes to :func:`main`."""

    number: int
    questions: Sequence[Q9]
    write: Callable[[Path], tuple[Path, list[tuple[str, str]], str]]  # the corpus module's write
    expected_sha256: str
    earlier: tuple[Sequence[Question], ...]  # the sets its turns must not repeat
    sources: tuple[str, ...]  # the per-category table's "source" rows
    documents: str  # the heading's words for the corpus, e.g. "section-5 manual pages, licence texts"
    description: str  # the runner's docstring, for --help


def check(questions: Sequence[Q9], corpus: Path, earlier: tuple[Sequence[Question], ...]) -> list[str]:
    """Every problem the mechanical checks find (facts, then repeats by words, then by meaning)."""
    problems = ap.check(questions, corpus)
    pairs = b9.near_repeats(questions, earlier)
    problems += [
        f"near repeat (ratio {r:.2f}, jaccard {j:.2f}): {a!r} ~ {b!r}"
        for r, j, a, b in pairs
        if r >= b9.NEAR_RATIO or j >= b9.NEAR_JACCARD
    ]
    meaning = b10.semantic_repeats(questions, earlier)
    problems += [f"same topic (cosine {c:.2f}): {a!r} ~ {b!r}" for c, a, b in meaning if c >= b10.SEMANTIC]
    print("closest to an earlier set's turn:", file=sys.stderr)
    for r, j, a, b in pairs[:3]:
        print(f"  ratio {r:.2f} jaccard {j:.2f}: {a!r} ~ {b!r}", file=sys.stderr)
    for c, a, b in meaning[:3]:
        print(f"  cosine {c:.2f}: {a!r} ~ {b!r}", file=sys.stderr)
    return problems


def categories(questions: Sequence[Q9], sources: Sequence[str]) -> dict[str, list[Q9]]:
    groups: dict[str, list[Q9]] = {"all": list(questions)}
    for source in sources:
        groups[f"source {source}"] = [q for q in questions if q.source == source]
    for kind in KINDS:
        for tag in sorted({q.tag for q in questions if q.kind == kind}):
            groups[f"{kind} {tag}"] = [q for q in questions if q.kind == kind and q.tag == tag]
    return groups


def print_categories(
    results: dict[str, list[aq.Outcome]], questions: Sequence[Q9], sources: Sequence[str]
) -> None:
    for label, outcomes in results.items():
        print(f"\n{label}, per category:\n")
        print("| category | n | " + " | ".join(b9.COLUMNS) + " |\n|---|---|" + "---|" * len(b9.COLUMNS))
        for name, qs in categories(questions, sources).items():
            ids = {q.id for q in qs}
            m = aq.metrics([o for o in outcomes if o.q.id in ids])
            print(f"| {name} | {len(qs)} | " + " | ".join(m[c] for c in b9.COLUMNS) + " |")


def items(results: dict[str, list[aq.Outcome]]) -> dict[str, list[dict[str, object]]]:
    """Every outcome, per backend, as the before/after diff reads it."""
    return {
        label: [
            {
                "id": o.q.id,
                "kind": o.q.kind,
                "first": o.cited[0] if o.cited else None,
                "first_ok": o.first_ok,
                "fact_ok": o.fact_ok,
                "abstained": o.abstained,
                "noted": o.noted,
                "answer": o.answer,
            }
            for o in outcomes
        ]
        for label, outcomes in results.items()
    }


def main(spec: BlindSet, argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=spec.description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--vector-cache", type=Path, help="keep document vectors in this .npz between runs")
    parser.add_argument("--verbose", action="store_true", help="print every failed question with its answer")
    parser.add_argument("--check", action="store_true", help="only the set's mechanical checks")
    parser.add_argument("--items", type=Path, help="write every outcome to this JSON file")
    args = parser.parse_args(argv)
    n, questions = spec.number, list(spec.questions)
    counts = {k: sum(q.kind == k for q in questions) for k in KINDS}
    with tempfile.TemporaryDirectory(prefix=f"kassist-blind{n}-") as tmp:
        corpus, docs, digest = spec.write(Path(tmp))
        same = digest == spec.expected_sha256
        print(f"corpus: {len(docs)} documents, sha256 {digest}"
              + ("" if same else f" (DIFFERS from the recorded {spec.expected_sha256 or 'none'}: "
                 "the interpreter or environment changed; figures are not comparable)"), file=sys.stderr)  # fmt: skip
        if args.check:
            problems = check(questions, corpus, spec.earlier)
            print(
                f"blind {n} check: {len(questions)} questions {counts}; {len(problems)} problems",
                file=sys.stderr,
            )
            for line in problems:
                print("  " + line, file=sys.stderr)
            return 1 if problems or not same else 0
        embedder = aq.CachingEmbedder(args.vector_cache)
        results: dict[str, list[aq.Outcome]] = {}
        t0 = time.perf_counter()
        url = f"sqlite:///{tmp}/aq.db"
        results["SQLite"] = b9.run(url, corpus, embedder, "SQLite", questions)
        modes = aq.retrieval_modes(url, embedder, questions)
        embedder.save()
        if not args.no_postgres:
            with postgres_url() as (pg, _):
                results["PostgreSQL"] = b9.run(pg, corpus, embedder, "PostgreSQL", questions)
    halves: dict[str, list[Question]] = {f"blind {n}": list(questions)}
    print(f"\n## Answer quality: blind {n}, public text ({len(docs)} documents: {spec.documents}), "
          f"{counts}, extractive responder, {embedder.name}\n")  # fmt: skip
    aq.print_table(results, halves)
    print_categories(results, questions, spec.sources)
    aq.print_modes("SQLite", modes, halves)
    print(f"\n(took {time.perf_counter() - t0:.0f} s)")
    if args.items:
        args.items.write_text(json.dumps(items(results), indent=1), encoding="utf-8")
    if args.verbose:
        for label, outcomes in results.items():
            print(f"\n### Failures on {label}")
            aq.print_failures(outcomes)
    return 0
