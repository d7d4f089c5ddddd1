"""A seventeenth blind set for the offline assistant's answers (session 33, helper u): run it standalone.

    .venv/bin/python bench/answer_quality_blind17.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_blind17.py --check   # the set's mechanical checks only

The questions (bench/answer_quality_blind17_questions.py: how and from what they were written) run
through blind 10's runner (imported, not edited; itself blind 9's: the handbook among ``--docs``
(default 300) demo-corpus near-duplicates, the real assistant graph, local MiniLM ONNX embeddings, no
network, SQLite and then PostgreSQL; conversations of 2 turns in one thread, the last scored), with
blind 10's metrics and per-category table (source, register, unanswerable kind, conversation kind,
language).

``--check`` (blind 10's rules, with blind 16 added to the earlier sets): (1) every fact occurs in a
sentence of one of its expected documents; (2) no demo-corpus document outside a demo question's list
holds its fact (this set has no demo questions); (3) no turn repeats or nearly repeats a turn of the
main set or blind 1-16 (SequenceMatcher ratio >= 0.75 or word-set Jaccard >= 0.6); (4) no English
turn is within local-MiniLM cosine 0.8 of an earlier turn.

Result when frozen (session 33, 21:33 UTC, before any measurement): 88 questions (57 answerable, all
by the handbook; 16 unanswerable; 7 conversations; 8 non-English), 0 problems; 71 of 72 facts sit in
a sentence that also holds an earlier set's fact (after sixteen sets nearly every handbook sentence
has been asked; this set is new in its words, situations and registers). Closest by words: ratio
0.74 / Jaccard 0.58; closest in meaning: cosine 0.79. While writing, the first check found 26
problems (20 turns: four word for word or nearly, by chance - the capital of Australia, a Tokyo hotel
limit, a Madrid office guide, a company choir - and the rest the same situation in other words:
jury pay, a first salary for a joiner on the 20th, a defibrillator, a bank holiday on a non-working
day, a second lost badge, the insider list), the second 4, the third 3, the fourth 0: 21 turns
rewritten. The unanswerable turns' key words were looked up in the corpus's sentences (handbook and
300 demo pages): none answers them.

Measured before (session 33, /tmp/u/section.md), on the start commit 9c49983 from a worktree, SQLite
/ PostgreSQL: first citation 44/64 / 43/64, fact 43/64 on both, abstention recall 12/16 on both
(precision 12/20 / 12/19), wrong abstentions 8/64 / 7/64, language noted 8/8, language first
citation 0/8. After: measured by the lead at the session's end with the same commands.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality_blind10 as b10  # noqa: E402
import answer_quality_blind16 as b16  # noqa: E402
from answer_quality_blind16_questions import BLIND16  # noqa: E402
from answer_quality_blind17_questions import BLIND17  # noqa: E402
from answer_quality_questions import Question  # noqa: E402

EARLIER: tuple[Sequence[Question], ...] = (*b16.EARLIER, BLIND16)


def main(argv: list[str] | None = None) -> int:
    """Blind 10's runner (the same corpus, graph, metrics, categories and checks) on this set."""
    return b10.main(argv, name="blind 17", questions=BLIND17, earlier=EARLIER, doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
