"""An answers set on PUBLIC text from another domain (session 27, helper h9): run it standalone.

    .venv/bin/python bench/answer_quality_public.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_public.py --check   # the set's mechanical checks only

Does the assistant's quality on the handbook sets come from rules that generalise, or from the one
domain and generator every earlier set shares? The corpus (bench/answer_quality_public_corpus.py) is
public documentation read at run time from this machine: the README text of the environment's installed
packages and the standard library's module docstrings, ~200 documents with natural near-duplicates
(plugins of one framework, forks, old and new modules). The questions
(bench/answer_quality_public_questions.py) were written before any measurement. They run through blind
9's runner (imported: the product's own ingestion, the real assistant graph, extractive responder, local
MiniLM ONNX embeddings, no network, SQLite and then PostgreSQL; a conversation's earlier turns in the
same thread, the last scored) with blind 10's metrics; the per-category table groups by source
(package README or stdlib docstring), tag and unanswerable kind.

The corpus fingerprint (sha256 over every selected path and text) is printed; when it differs from
``EXPECTED_SHA256`` the environment changed (another package version, another interpreter) and the
figures are not comparable with the recorded ones: the run says so and goes on.

``--check``: (1) every fact occurs, whitespace and case normalised, in the text of one of its expected
documents as the product's loaders read it; (2) no document outside the expected list holds the fact;
(3) the corpus fingerprint matches. Result when frozen (8eb8c76, 04:24 UTC, before any run): 209
documents (133 READMEs, 76 docstrings), 89 questions (56 answerable, 27 unanswerable, 6 follow-ups), 0
problems.

Measured (session 27, /tmp/kassist-docs/s27/h9.md), SQLite / PostgreSQL, identical item by item on
e7ecafb, 8eb8c76 and 861b5b8: first citation 56 / 57 of 62, fact in answer 40 / 40, abstention recall
13 / 14 of 27 (never 8/8, finer 3/6, near 1/7 / 2/7, false premise 1/6), wrong abstentions 1 / 1 of 62.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality as aq  # noqa: E402
import answer_quality_blind9 as b9  # noqa: E402
import answer_quality_public_corpus as pc  # noqa: E402
from answer_quality_blind9_questions import Q9  # noqa: E402
from answer_quality_public_questions import PUBLIC  # noqa: E402
from retrieval_env import postgres_url  # noqa: E402

from knowledge.documents import Document  # noqa: E402
from knowledge.loaders import load_directory  # noqa: E402


def texts(corpus: Path) -> dict[str, str]:
    """Each document's text as the product's loaders read it, normalised as facts are matched."""
    out: dict[str, str] = {}
    for doc in load_directory(corpus, tenant_id="bench", collection="c"):
        if isinstance(doc, Document):
            out[doc.source_path] = b9._norm(doc.text)
    return out


def check(questions: Sequence[Q9], corpus: Path) -> list[str]:
    docs = texts(corpus)
    problems: list[str] = []
    for q in questions:
        missing = [d for d in q.docs if d not in docs]
        if missing:
            problems.append(f"{q.id}: expected documents {missing} are not in the corpus")
        if not q.fact:
            continue
        fact = b9._norm(q.fact)
        if not any(fact in docs.get(d, "") for d in q.docs):
            problems.append(f"{q.id}: fact {q.fact!r} is in none of {q.docs}")
        others = sorted(p for p, t in docs.items() if fact in t and p not in q.docs)
        if others:
            problems.append(f"{q.id}: fact {q.fact!r} is also in unlisted documents {others}")
    return problems


def categories(questions: Sequence[Q9]) -> dict[str, list[Q9]]:
    groups: dict[str, list[Q9]] = {"all": list(questions)}
    for source in ("package", "stdlib"):
        groups[f"source {source}"] = [q for q in questions if q.source == source]
    for kind in ("answerable", "unanswerable", "followup"):
        for tag in sorted({q.tag for q in questions if q.kind == kind}):
            groups[f"{kind} {tag}"] = [q for q in questions if q.kind == kind and q.tag == tag]
    return groups


def print_categories(results: dict[str, list[aq.Outcome]], questions: Sequence[Q9]) -> None:
    columns = b9.COLUMNS[:4]
    for label, outcomes in results.items():
        print(f"\n{label}, per category:\n")
        print("| category | n | " + " | ".join(columns) + " |\n|---|---|" + "---|" * len(columns))
        for name, qs in categories(questions).items():
            ids = {q.id for q in qs}
            m = aq.metrics([o for o in outcomes if o.q.id in ids])
            print(f"| {name} | {len(qs)} | " + " | ".join(m[c] for c in columns) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--vector-cache", type=Path, help="keep document vectors in this .npz between runs")
    parser.add_argument("--verbose", action="store_true", help="print every failed question with its answer")
    parser.add_argument("--check", action="store_true", help="only the set's mechanical checks")
    args = parser.parse_args(argv)
    questions = list(PUBLIC)
    counts = {k: sum(q.kind == k for q in questions) for k in ("answerable", "unanswerable", "followup")}
    with tempfile.TemporaryDirectory(prefix="kassist-public-") as tmp:
        corpus, docs, digest = pc.write(Path(tmp))
        same = digest == pc.EXPECTED_SHA256
        print(f"corpus: {len(docs)} documents, sha256 {digest}"
              + ("" if same else f" (DIFFERS from the recorded {pc.EXPECTED_SHA256 or 'none'}: "
                 "the environment changed; figures are not comparable)"), file=sys.stderr)  # fmt: skip
        if args.check:
            problems = check(questions, corpus)
            print(
                f"public check: {len(questions)} questions {counts}; {len(problems)} problems",
                file=sys.stderr,
            )
            for line in problems:
                print("  " + line, file=sys.stderr)
            return 1 if problems or not same else 0
        embedder = aq.CachingEmbedder(args.vector_cache)
        results: dict[str, list[aq.Outcome]] = {}
        t0 = time.perf_counter()
        results["SQLite"] = b9.run(f"sqlite:///{tmp}/aq.db", corpus, embedder, "SQLite", questions)
        embedder.save()
        if not args.no_postgres:
            with postgres_url() as (url, _):
                results["PostgreSQL"] = b9.run(url, corpus, embedder, "PostgreSQL", questions)
    print(f"\n## Answer quality: public text ({len(docs)} package READMEs and stdlib docstrings), "
          f"{counts}, extractive responder, {embedder.name}\n")  # fmt: skip
    aq.print_table(results, {"public": list(questions)})
    print_categories(results, questions)
    print(f"\n(took {time.perf_counter() - t0:.0f} s)")
    if args.verbose:
        for label, outcomes in results.items():
            print(f"\n### Failures on {label}")
            aq.print_failures(outcomes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
