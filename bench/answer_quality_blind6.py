"""A sixth blind set for the offline assistant's answers (session 19, helper h3): run it standalone.

    .venv/bin/python bench/answer_quality_blind6.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_blind6.py --check   # the set's mechanical checks only

The questions (bench/answer_quality_blind6_questions.py: how and from what they were written) run
through bench/answer_quality.py's machinery, imported and not edited: the handbook among ``--docs``
(default 300) demo-corpus near-duplicates, the real assistant graph (checkpointer, memory store,
extractive responder, local MiniLM ONNX embeddings, no network), SQLite and then PostgreSQL, the same
metrics (first citation, fact in answer, abstention recall and precision, wrong abstentions, language
noted, language first citation, false language notes) in one column per backend. Written before the
round's changes and measured once then and once at its end; nobody tunes on it.

``--check``: (1) every fact occurs in a sentence of one of its expected documents; (2) no fact of an
earlier set (the main set, blind 1-5) occurs in any corpus sentence holding one of this set's facts,
so this set asks sentences no earlier set asks. Result when written (session 19, 03:55 UTC):
78 facts found, 0 overlaps.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality as aq  # noqa: E402
from answer_quality_blind import BLIND  # noqa: E402
from answer_quality_blind2 import BLIND2  # noqa: E402
from answer_quality_blind3 import BLIND3  # noqa: E402
from answer_quality_blind4 import BLIND4  # noqa: E402
from answer_quality_blind5 import BLIND5  # noqa: E402
from answer_quality_blind6_questions import BLIND6  # noqa: E402
from answer_quality_questions import QUESTIONS, Question  # noqa: E402
from retrieval_env import postgres_url  # noqa: E402

from knowledge.corpus import demo_corpus_path  # noqa: E402
from knowledge.documents import Document  # noqa: E402
from knowledge.loaders import load_directory  # noqa: E402


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def sentences() -> list[tuple[str, str]]:
    """(path, sentence) of the shipped handbook, as the loaders read it."""
    out: list[tuple[str, str]] = []
    for doc in load_directory(demo_corpus_path(), tenant_id="bench", collection="c"):
        assert isinstance(doc, Document), doc
        for paragraph in re.split(r"\n\s*\n", doc.text):
            text = " ".join(paragraph.split())
            for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])", text):
                out.append((doc.source_path, _norm(sentence)))
    return out


EARLIER: tuple[Sequence[Question], ...] = (QUESTIONS, BLIND, BLIND2, BLIND3, BLIND4, BLIND5)
"""The sets written before blind 6 (a later set passes its own, blind 6 included)."""


def earlier_facts(earlier: Sequence[Sequence[Question]]) -> set[str]:
    return {_norm(q.fact) for s in earlier for q in s if q.fact}


def check(
    questions: Sequence[Question] = BLIND6, earlier: Sequence[Sequence[Question]] = EARLIER
) -> list[str]:
    """The set's mechanical checks; returns the problems (empty: the set is sound)."""
    facts = earlier_facts(earlier)
    corpus = sentences()
    problems: list[str] = []
    for q in questions:
        if not q.fact:
            continue
        holding = [(p, s) for p, s in corpus if _norm(q.fact) in s and p in q.docs]
        if not holding:
            problems.append(f"{q.id}: fact {q.fact!r} is in no sentence of {q.docs}")
        for path, sentence in holding:
            overlap = sorted(f for f in facts if f in sentence)
            if overlap:
                problems.append(f"{q.id}: {path} sentence {sentence[:80]!r} holds earlier facts {overlap}")
    return problems


def main(
    argv: list[str] | None = None,
    *,
    number: int = 6,
    questions: Sequence[Question] = BLIND6,
    earlier: Sequence[Sequence[Question]] = EARLIER,
    doc: str | None = __doc__,
    also_checked: Callable[[], None] | None = None,
) -> int:
    """Run blind set ``number`` (later sets call this with their own questions, earlier sets, module
    docstring and ``also_checked``, printed after ``--check``'s problems)."""
    name = f"blind {number}"
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=int, default=300, help="demo-corpus distractors (default 300)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--vector-cache", type=Path, help="keep document vectors in this .npz between runs")
    parser.add_argument("--verbose", action="store_true", help="print every failed question with its answer")
    parser.add_argument("--check", action="store_true", help="only the set's mechanical checks")
    args = parser.parse_args(argv)
    problems = check(questions, earlier)
    facts = sum(bool(q.fact) for q in questions)
    print(f"{name} check: {facts} facts, {len(problems)} problems", file=sys.stderr)
    for line in problems:
        print("  " + line, file=sys.stderr)
    if args.check:
        if also_checked is not None:
            also_checked()
        return 1 if problems else 0
    questions = list(questions)
    counts = {
        k: sum(q.kind == k for q in questions) for k in ("answerable", "unanswerable", "followup", "language")
    }
    embedder = aq.CachingEmbedder(args.vector_cache)
    results: dict[str, list[aq.Outcome]] = {}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"kassist-blind{number}-") as tmp:
        corpus = aq.build_corpus(Path(tmp), args.docs, args.seed)
        results["SQLite"] = aq.run(f"sqlite:///{tmp}/aq.db", corpus, embedder, "SQLite", questions)
        modes = aq.retrieval_modes(f"sqlite:///{tmp}/aq.db", embedder, questions)
        embedder.save()
        if not args.no_postgres:
            with postgres_url() as (url, _):
                results["PostgreSQL"] = aq.run(url, corpus, embedder, "PostgreSQL", questions)
    halves = {name: questions}
    print(f"\n## Answer quality: handbook + {args.docs} demo-corpus documents (seed {args.seed}), "
          f"{name} {counts}, extractive responder, {embedder.name}\n")  # fmt: skip
    aq.print_table(results, halves)
    aq.print_modes("SQLite", modes, halves)
    print(f"\n(took {time.perf_counter() - t0:.0f} s)")
    if args.verbose:
        for label, outcomes in results.items():
            print(f"\n### Failures on {label}")
            aq.print_failures(outcomes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
