"""A sixteenth blind set for the offline assistant's answers (session 29, helper u): run it standalone.

    .venv/bin/python bench/answer_quality_blind16.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_blind16.py --check   # the set's mechanical checks only

The questions (bench/answer_quality_blind16_questions.py: how and from what they were written) run
through blind 10's runner (imported, not edited; itself blind 9's: the handbook among ``--docs``
(default 300) demo-corpus near-duplicates, the real assistant graph, local MiniLM ONNX embeddings, no
network, SQLite and then PostgreSQL; conversations of 2-3 turns in one thread, the last scored), with
blind 10's metrics and per-category table (source, register, unanswerable kind, conversation kind,
language).

``--check`` (blind 10's rules, with blind 15 added to the earlier sets): (1) every fact occurs in a
sentence of one of its expected documents; (2) no demo-corpus document outside a demo question's list
holds its fact; (3) no turn repeats or nearly repeats a turn of the main set or blind 1-15
(SequenceMatcher ratio >= 0.75 or word-set Jaccard >= 0.6); (4) no English turn is within
local-MiniLM cosine 0.8 of an earlier turn.

Result when frozen (session 29, 09:27 UTC, before any measurement): 157 questions (94 answerable, 26
of them by demo-corpus documents only; 38 unanswerable; 13 conversations; 12 non-English), 0
problems; 95 of 119 facts sit in a sentence that also holds an earlier set's fact (every handbook
fact does; the 24 that do not are demo facts). Closest by words: ratio 0.74 / Jaccard 0.54; closest
in meaning: cosine 0.79. While writing, the first check found 46 problems (1 demo fact also on an
unlisted page; 45 turns too close to an earlier set's, two of them word for word by chance: "when
are salaries paid", "how do promotions work here", and four "never covered" questions an earlier set
had asked: children in the office in the school holidays, charity matching, language lessons, a ski
trip), the second 14, the third 0: 34 turns rewritten, 10 answerable turns dropped. A separate look
at the ``variant`` turns (a company-wide rule asked for a named office) found a New York demo page
holding h45's fact; h45 names Toronto instead, whose pages do not.

Measured (session 29, /tmp/kassist-docs/s29/u.md), SQLite / PostgreSQL, a8af2dd -> edc6f47: first
citation 77 -> 77 / 80 -> 80 of 107, fact 69 -> 73 / 72 -> 76, abstention recall 21 -> 21 / 22 -> 22
of 38, wrong abstentions 12 -> 12 of 107 on both, language noted 12/12 throughout, language first
citation 1/12 throughout; four demo record facts gained on both (d13, d18, d20, d25), nothing lost.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality_blind10 as b10  # noqa: E402
import answer_quality_blind15 as b15  # noqa: E402
from answer_quality_blind15_questions import BLIND15  # noqa: E402
from answer_quality_blind16_questions import BLIND16  # noqa: E402
from answer_quality_questions import Question  # noqa: E402

EARLIER: tuple[Sequence[Question], ...] = (*b15.EARLIER, BLIND15)


def main(argv: list[str] | None = None) -> int:
    """Blind 10's runner (the same corpus, graph, metrics, categories and checks) on this set."""
    return b10.main(argv, name="blind 16", questions=BLIND16, earlier=EARLIER, doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
