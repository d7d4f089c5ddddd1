"""An eighth blind set for the offline assistant's answers (session 21, helper h6): run it standalone.

    .venv/bin/python bench/answer_quality_blind8.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_blind8.py --check   # the set's mechanical checks only

The questions (bench/answer_quality_blind8_questions.py: how and from what they were written) run
through bench/answer_quality.py's machinery by way of blind 6's runner, imported and not edited: the
handbook among ``--docs`` (default 300) demo-corpus near-duplicates, the real assistant graph
(checkpointer, memory store, extractive responder, local MiniLM ONNX embeddings, no network), SQLite
and then PostgreSQL, the same metrics as blind 6 and 7 (first citation, fact in answer, abstention
recall and precision, wrong abstentions, language noted, language first citation, false language
notes) in one column per backend. Written before the round's changes were measured, measured once on
the session's start commit and once at its end; nobody tunes on it.

``--check``: (1) every fact occurs in a sentence of one of its expected documents; (2) no fact of an
earlier set (the main set, blind 1-7) occurs in any corpus sentence holding one of this set's facts,
so this set asks sentences no earlier set asks. Result when written (session 21, 09:50 UTC):
104 facts found, 0 problems (89 answerable, 22 unanswerable, 7 follow-ups, 8 non-English).
Sections (informative, printed after ``--check``): of the handbook's 247 heading-to-heading sections,
237 already hold an earlier set's fact; 10 of this set's facts sit in one of the other 10.

Errata (found reading the first measurement's answers, 10:05 UTC; the questions are left as
measured, so that before and after compare the same set): two questions labelled unanswerable have an
answer in the handbook. u06 (how long ESPP shares must be held): "Shares must be held for at least
one year" (hr/benefits-overview.html); u10 (the 2027 enrollment window): the window "runs from 1 to
30 November" every year (same page). Read the abstention figures with that in mind: without these
two, 20 unanswerable questions remain.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality_blind6 as b6  # noqa: E402  (blind 6's runner and checks, with this set's questions)
import answer_quality_blind7 as b7  # noqa: E402
from answer_quality_blind7_questions import BLIND7  # noqa: E402
from answer_quality_blind8_questions import BLIND8  # noqa: E402

EARLIER = (*b7.EARLIER, BLIND7)


def check() -> list[str]:
    """The set's mechanical checks (blind 6's sentence rule); returns the problems."""
    return b6.check(BLIND8, EARLIER)


def new_sections() -> tuple[int, int, list[str]]:
    """Blind 7's count of sections (informative, as there: the rule this set obeys is the sentence
    rule of ``check``), for this set against every earlier one."""
    return b7.new_sections(BLIND8, EARLIER)


def _print_sections() -> None:
    total, asked, fresh = new_sections()
    counts = {
        k: sum(q.kind == k for q in BLIND8) for k in ("answerable", "unanswerable", "followup", "language")
    }
    print(f"sections: {total}, {asked} hold an earlier set's fact; {len(fresh)} of this set's facts "
          f"sit in a section no earlier set asks: {' '.join(fresh)}; questions {counts}", file=sys.stderr)  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    return b6.main(
        argv, number=8, questions=BLIND8, earlier=EARLIER, doc=__doc__, also_checked=_print_sections
    )


if __name__ == "__main__":
    sys.exit(main())
