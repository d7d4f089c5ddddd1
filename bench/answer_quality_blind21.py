"""A twenty-first blind set for the offline assistant's answers, on public text (session 39, helper u7).

    .venv/bin/python bench/answer_quality_blind21.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_blind21.py --check   # the set's mechanical checks only
    .venv/bin/python bench/answer_quality_blind21.py --items F.json   # also every outcome, for diffs

Another domain than every earlier set (the handbook among demo pages, blind 1-17; session 27's package
READMEs and stdlib docstrings; blind 18's Python language reference; blind 19's section-5 manual pages
and licences; blind 20's git release notes and Debian upgrade notices): **a runtime platform's own
documentation in versions** - this machine's Node.js 18.x and 20.x release notes (one document per
release), its deprecation entries (one per DEP code: what is superseded, since when, by what) and the
versioned licence families a dependency review meets (bench/answer_quality_blind21_corpus.py: the
selection rule and fingerprint; nothing copied into the repository). Versioned families of both kinds:
releases that do not supersede each other (the question is about the release that introduced or fixed
a thing, or the one the user runs) and newer documents that do (a later release completing an earlier
fix, a deprecation naming its replacement, a licence's later version). The questions
(bench/answer_quality_blind21_questions.py) were written and committed before any measurement. They run
through the shared runner (bench/answer_quality_blind_runner.py: blind 9's runner, blind 10's metrics,
retrieval-alone table and novelty rules, the public set's fact check, SQLite then PostgreSQL); the
per-category table groups by source (releases, deprecations, licenses), register, unanswerable kind,
conversation kind and language.

``--check``: (1) every fact occurs, whitespace and case normalised, in one of its expected documents
as the product's loaders read it; (2) no document outside the expected list holds it; (3) the corpus
fingerprint matches ``EXPECTED_SHA256``; (4) no turn repeats or nearly repeats a turn of the main set,
blind 1-20 or the public set (SequenceMatcher ratio >= 0.75 or word-set Jaccard >= 0.6) and (5) no
English turn is within local-MiniLM cosine 0.8 of one.

Result when frozen (session 39, 15:45 UTC, before any measurement): 259 documents (61 release notes,
188 deprecation entries, 10 licences; 427,517 characters), 191 questions (154 answerable: 86 by the
release notes, 52 by the deprecation entries, 16 by the licences; registers chat 47, terse 48, what-if
22, yes/no 26, words 9, context 2; 22 unanswerable: near 7,
finer 4, premise 5, never 4, off-domain 2; 8 conversations: 6 pronoun, 1 ellipsis, 1 topic switch; 7
not in English: es, de, fr, pt, ja, it, zh), 0 problems. While writing, the first check found 16
problems: 7 facts also in an unlisted document (sibling deprecation entries that repeat a sentence,
the GFDL's own "later version" and proxy clauses, 20.0.0's notes repeating DEP0170) and 9 near repeats
of earlier sets' turns (a CVSS question, off-domain and handbook-style turns, a GFDL follow-up, an
ellipsis follow-up); all rewritten or the second document listed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality_blind20 as b20  # noqa: E402
import answer_quality_blind21_corpus as c21  # noqa: E402
import answer_quality_blind_runner as runner  # noqa: E402
from answer_quality_blind20_questions import BLIND20  # noqa: E402
from answer_quality_blind21_questions import BLIND21  # noqa: E402
from answer_quality_questions import Question  # noqa: E402

EARLIER: tuple[Sequence[Question], ...] = (*b20.EARLIER, BLIND20)
SET = runner.BlindSet(
    number=21,
    questions=BLIND21,
    write=c21.write,
    expected_sha256=c21.EXPECTED_SHA256,
    earlier=EARLIER,
    sources=("releases", "deprecations", "licenses"),
    documents="Node.js 18/20 release notes, deprecation entries, versioned licences",
    description=__doc__ or "",
)


def main(argv: list[str] | None = None) -> int:
    return runner.main(SET, argv)


if __name__ == "__main__":
    sys.exit(main())
