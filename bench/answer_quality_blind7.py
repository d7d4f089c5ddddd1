"""A seventh blind set for the offline assistant's answers (session 20, helper h3): run it standalone.

    .venv/bin/python bench/answer_quality_blind7.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_blind7.py --check   # the set's mechanical checks only

The questions (bench/answer_quality_blind7_questions.py: how and from what they were written) run
through bench/answer_quality.py's machinery, imported and not edited: the handbook among ``--docs``
(default 300) demo-corpus near-duplicates, the real assistant graph (checkpointer, memory store,
extractive responder, local MiniLM ONNX embeddings, no network), SQLite and then PostgreSQL, the same
metrics (first citation, fact in answer, abstention recall and precision, wrong abstentions, language
noted, language first citation, false language notes) in one column per backend. Written before the
round's changes and measured once then and once at its end; nobody tunes on it.

``--check``: (1) every fact occurs in a sentence of one of its expected documents; (2) no fact of an
earlier set (the main set, blind 1-6) occurs in any corpus sentence holding one of this set's facts,
so this set asks sentences no earlier set asks. Result when written (session 20, 06:50 UTC):
102 facts found, 0 overlaps (87 answerable, 21 unanswerable, 7 follow-ups, 8 non-English).
Sections (``new_sections``, informative): of the handbook's 247 heading-to-heading sections, 230
already hold an earlier set's fact, so a set of >= 60 questions cannot keep to unasked sections;
9 of this set's facts sit in one of the 17 unasked sections (c05 c06 c24 c25 c52 c61 c76 c78 p06).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality_blind6 as b6  # noqa: E402  (blind 6's runner and checks, with this set's questions)
from answer_quality_blind6_questions import BLIND6  # noqa: E402
from answer_quality_blind7_questions import BLIND7  # noqa: E402

EARLIER = (*b6.EARLIER, BLIND6)


def check() -> list[str]:
    """The set's mechanical checks (blind 6's sentence rule); returns the problems."""
    return b6.check(BLIND7, EARLIER)


def new_sections(
    questions: Sequence[Any] = BLIND7, earlier: Sequence[Any] = EARLIER
) -> tuple[int, int, list[str]]:
    """Sections (heading to heading) of the handbook, those holding an earlier set's fact, and the
    ids of this set's questions whose fact sits in a section no earlier set asks. Informative: after
    seven sets only a few sections are left unasked, so the rule this set obeys is the sentence rule
    of ``check`` (blind 6's), and this count says how many questions also open a new section."""
    earlier_facts = b6.earlier_facts(earlier)
    placed: list[tuple[str, str, str]] = []
    path, head = "", ""
    for p, sentence in b6.sentences():
        if p != path:
            path, head = p, "(top)"
        if sentence.startswith("#") or re.search(r"-{4,}$|={4,}$", sentence):
            head = sentence.strip("#- =")
        placed.append((p, head, sentence))
    asked = {(p, h) for p, h, s in placed if any(f in s for f in earlier_facts)}
    fresh = []
    for q in questions:
        holding = {(p, h) for p, h, s in placed if q.fact and b6._norm(q.fact) in s and p in q.docs}
        if holding and not holding & asked:
            fresh.append(q.id)
    return len({(p, h) for p, h, _ in placed}), len(asked), fresh


def _print_sections() -> None:
    total, asked, fresh = new_sections()
    print(f"sections: {total}, {asked} hold an earlier set's fact; {len(fresh)} of this set's facts "
          f"sit in a section no earlier set asks: {' '.join(fresh)}", file=sys.stderr)  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    return b6.main(
        argv, number=7, questions=BLIND7, earlier=EARLIER, doc=__doc__, also_checked=_print_sections
    )


if __name__ == "__main__":
    sys.exit(main())
