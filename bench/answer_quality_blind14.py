"""A fourteenth blind set for the offline assistant's answers (session 27, helper h2): run it standalone.

    .venv/bin/python bench/answer_quality_blind14.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_blind14.py --check   # the set's mechanical checks only

The questions (bench/answer_quality_blind14_questions.py: how and from what they were written) run
through blind 10's runner (imported, not edited; itself blind 9's: the handbook among ``--docs``
(default 300) demo-corpus near-duplicates, the real assistant graph, local MiniLM ONNX embeddings, no
network, SQLite and then PostgreSQL; conversations of 2-3 turns in one thread, the last scored), with
blind 10's metrics and per-category table (source, register, unanswerable kind, conversation kind,
language).

``--check`` (blind 10's rules, with blind 13 added to the earlier sets): (1) every fact occurs in a
sentence of one of its expected documents; (2) no demo-corpus document outside a demo question's list
holds its fact; (3) no turn repeats or nearly repeats a turn of the main set or blind 1-13
(SequenceMatcher ratio >= 0.75 or word-set Jaccard >= 0.6); (4) no English turn is within
local-MiniLM cosine 0.8 of an earlier turn.

Result when frozen (session 27, 03:29 UTC, before any measurement): 150 questions (88 answerable, 24
of them by demo-corpus documents only; 37 unanswerable; 13 conversations; 12 non-English), 0
problems; 88 of 113 facts sit in a sentence that also holds an earlier set's fact. Closest by words:
ratio 0.74 / Jaccard 0.55; closest in meaning: cosine 0.78. While writing, 27 turns too close to an
earlier set's (one word for word by chance: a shredding-company question) were replaced in three
rounds of ``--check``.

Measured (session 27, /tmp/kassist-docs/s27/h2.md), SQLite / PostgreSQL, e7ecafb -> 861b5b8: first
citation 67 -> 69 / 69 -> 71 of 101, fact 66 -> 66 / 67 -> 67, abstention recall 17 -> 17 / 18 -> 18
of 37, wrong abstentions 10 -> 9 of 101 on both, language noted 12/12 throughout, language first
citation 0/12 throughout.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality_blind10 as b10  # noqa: E402
import answer_quality_blind13 as b13  # noqa: E402
from answer_quality_blind13_questions import BLIND13  # noqa: E402
from answer_quality_blind14_questions import BLIND14  # noqa: E402
from answer_quality_questions import Question  # noqa: E402

EARLIER: tuple[Sequence[Question], ...] = (*b13.EARLIER, BLIND13)


def main(argv: list[str] | None = None) -> int:
    """Blind 10's runner (the same corpus, graph, metrics, categories and checks) on this set."""
    return b10.main(argv, name="blind 14", questions=BLIND14, earlier=EARLIER, doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
