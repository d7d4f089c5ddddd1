"""A thirteenth blind set for the offline assistant's answers (session 26, helper h5): run it standalone.

    .venv/bin/python bench/answer_quality_blind13.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_blind13.py --check   # the set's mechanical checks only

The questions (bench/answer_quality_blind13_questions.py: how and from what they were written) run
through blind 10's runner (imported, not edited; itself blind 9's: the handbook among ``--docs``
(default 300) demo-corpus near-duplicates, the real assistant graph, local MiniLM ONNX embeddings, no
network, SQLite and then PostgreSQL; conversations of 2 turns in one thread, the last scored), with
blind 10's metrics and per-category table (source, register, unanswerable kind, conversation kind,
language).

``--check`` (blind 10's rules, with blind 12 added to the earlier sets): (1) every fact occurs in a
sentence of one of its expected documents; (2) no demo-corpus document outside a demo question's list
holds its fact; (3) no turn repeats or nearly repeats a turn of the main set or blind 1-12
(SequenceMatcher ratio >= 0.75 or word-set Jaccard >= 0.6); (4) no English turn is within
local-MiniLM cosine 0.8 of an earlier turn.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality_blind10 as b10  # noqa: E402
import answer_quality_blind12 as b12  # noqa: E402
from answer_quality_blind12_questions import BLIND12  # noqa: E402
from answer_quality_blind13_questions import BLIND13  # noqa: E402
from answer_quality_questions import Question  # noqa: E402

EARLIER: tuple[Sequence[Question], ...] = (*b12.EARLIER, BLIND12)


def main(argv: list[str] | None = None) -> int:
    """Blind 10's runner (the same corpus, graph, metrics, categories and checks) on this set."""
    return b10.main(argv, name="blind 13", questions=BLIND13, earlier=EARLIER, doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
