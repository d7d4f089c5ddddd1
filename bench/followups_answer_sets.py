"""The follow-up questions of every development answer-quality set, alone: a before/after check of
the follow-up handling against conversations other people wrote (bench/answer_quality_questions.py
and the published blind sets 1-8; never the unseen ones).

Each follow-up runs as its two turns on its own thread through the real assistant graph, with
bench/answer_quality.py's setup (the handbook among ``--docs`` demo-corpus documents, extractive
responder, local MiniLM). A follow-up passes when its first citation is an expected document and
its answer holds the fact. SQLite only (the follow-up handling does not depend on the backend;
bench/followups_dev.py measures both).

Usage: .venv/bin/python bench/followups_answer_sets.py [--docs 300] [--vector-cache F.npz]
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

from answer_quality import CachingEmbedder, Outcome, build_corpus, run  # noqa: E402
from answer_quality_questions import Question  # noqa: E402

# (set, module, attribute): the published development sets only.
SETS = (
    ("main", "answer_quality_questions", "QUESTIONS"),
    ("blind1", "answer_quality_blind", "BLIND"),
    *((f"blind{i}", f"answer_quality_blind{i}", f"BLIND{i}") for i in range(2, 6)),
    *((f"blind{i}", f"answer_quality_blind{i}_questions", f"BLIND{i}") for i in range(6, 9)),
)


def followups() -> dict[str, list[Question]]:
    out: dict[str, list[Question]] = {}
    for name, module, attribute in SETS:
        questions = getattr(importlib.import_module(module), attribute)
        out[name] = [q for q in questions if q.kind == "followup"]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--docs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--vector-cache", type=Path)
    args = parser.parse_args(argv)
    embedder = CachingEmbedder(args.vector_cache)
    results: list[tuple[str, Outcome]] = []
    with tempfile.TemporaryDirectory(prefix="kassist-followups-sets-") as tmp:
        corpus = build_corpus(Path(tmp), args.docs, args.seed)
        for name, questions in followups().items():
            outcomes = run(f"sqlite:///{tmp}/{name}.db", corpus, embedder, name, questions)
            results += [(name, o) for o in outcomes]
        embedder.save()
    passed = 0
    for name, o in results:
        good = o.first_ok and o.fact_ok
        passed += good
        first = "ok" if o.first_ok else (o.cited[0] if o.cited else "abstained")
        print(f"{name:7} {o.q.id} {'PASS' if good else 'fail'} first={first} fact={'ok' if o.fact_ok else 'MISSING'}"
              f" | {o.q.first!r} -> {o.q.text!r}")  # fmt: skip
    total = len(results)
    print(f"\nfollow-ups passed {passed}/{total}; first citation {sum(o.first_ok for _, o in results)}/{total}; "
          f"fact {sum(o.fact_ok for _, o in results)}/{total}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
