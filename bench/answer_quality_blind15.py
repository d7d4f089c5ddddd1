"""A fifteenth blind set for the offline assistant's answers (session 28, helper u): run it standalone.

    .venv/bin/python bench/answer_quality_blind15.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_blind15.py --check   # the set's mechanical checks only

The questions (bench/answer_quality_blind15_questions.py: how and from what they were written) run
through blind 10's runner (imported, not edited; itself blind 9's: the handbook among ``--docs``
(default 300) demo-corpus near-duplicates, the real assistant graph, local MiniLM ONNX embeddings, no
network, SQLite and then PostgreSQL; conversations of 2-3 turns in one thread, the last scored), with
blind 10's metrics and per-category table (source, register, unanswerable kind, conversation kind,
language).

``--check`` (blind 10's rules, with blind 14 added to the earlier sets): (1) every fact occurs in a
sentence of one of its expected documents; (2) no demo-corpus document outside a demo question's list
holds its fact; (3) no turn repeats or nearly repeats a turn of the main set or blind 1-14
(SequenceMatcher ratio >= 0.75 or word-set Jaccard >= 0.6); (4) no English turn is within
local-MiniLM cosine 0.8 of an earlier turn.

Result when frozen (session 28, 06:27 UTC, before any measurement): 151 questions (89 answerable, 25
of them by demo-corpus documents only; 37 unanswerable; 13 conversations; 12 non-English), 0
problems; 91 of 114 facts sit in a sentence that also holds an earlier set's fact. Closest by words:
ratio 0.74 / Jaccard 0.50; closest in meaning: cosine 0.80 (just under the rule). While writing, the
first check found 48 problems (5 demo facts also on an unlisted page, 43 turns too close to an
earlier set's, three of them word for word by chance), the second 5, the third 0: 41 turns replaced.

Measured (session 28, /tmp/kassist-docs/s28/u.md), SQLite / PostgreSQL, 630777e -> 42b38ef: first
citation 68 -> 67 / 66 -> 65 of 102, fact 67 -> 65 / 64 -> 63, abstention recall 17 -> 17 / 17 -> 17
of 37, wrong abstentions 8 -> 9 / 9 -> 9 of 102, language noted 12/12 throughout, language first
citation 1/12 throughout; nothing gained, three items lost (SQLite h18, h27; PostgreSQL c13).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality_blind10 as b10  # noqa: E402
import answer_quality_blind14 as b14  # noqa: E402
from answer_quality_blind14_questions import BLIND14  # noqa: E402
from answer_quality_blind15_questions import BLIND15  # noqa: E402
from answer_quality_questions import Question  # noqa: E402

EARLIER: tuple[Sequence[Question], ...] = (*b14.EARLIER, BLIND14)


def main(argv: list[str] | None = None) -> int:
    """Blind 10's runner (the same corpus, graph, metrics, categories and checks) on this set."""
    return b10.main(argv, name="blind 15", questions=BLIND15, earlier=EARLIER, doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
