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

Result when frozen (session 26, 00:27 UTC, before any measurement): 154 questions (91 answerable, 28
of them by demo-corpus documents only; 37 unanswerable; 14 conversations; 12 non-English), 0
problems; 90 of 117 facts sit in a sentence that also holds an earlier set's fact. Closest by words:
ratio 0.73 / Jaccard 0.50; closest in meaning: cosine 0.79. While writing, 48 turns too close to an
earlier set's (two word for word by chance) were replaced, and two more at cosine 0.80 rounded.

Measured (session 26, /tmp/kassist-docs/s26/h5.md), SQLite / PostgreSQL, d3e4587 -> 258c5f0: first
citation 83 -> 82 / 82 -> 82 of 105, fact 76 -> 78 / 76 -> 78, abstention recall 19 -> 20 of 37 on
both, wrong abstentions 4 -> 4 / 6 -> 5 of 105, language noted 12/12 throughout, language first
citation 0/12 throughout.
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
