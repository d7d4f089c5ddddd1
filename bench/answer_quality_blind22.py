"""A twenty-second blind set for the offline assistant's answers, on public text (session 40, helper u8).

    .venv/bin/python bench/answer_quality_blind22.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_blind22.py --check   # the set's mechanical checks only
    .venv/bin/python bench/answer_quality_blind22.py --items F.json   # also every outcome, for diffs

Another domain than every earlier set (the handbook among demo pages, blind 1-17; session 27's package
READMEs and stdlib docstrings; blind 18's Python language reference; blind 19's section-5 manual pages
and licences; blind 20's git release notes and Debian upgrade notices; blind 21's Node.js release
notes, deprecation entries and versioned licences): **a build tool's reference documentation in
versions** - this machine's CMake 3.25 release notes (one document per feature release 3.0-3.25, with
its patch releases' "Updates"), its policies (one per CMP code: the OLD behaviour a NEW one supersedes,
and the version that introduced it) and the commands and modules it marks deprecated (each naming
since when and what replaces it) (bench/answer_quality_blind22_corpus.py: the selection rule and
fingerprint; nothing copied into the repository). Versioned families of both kinds: releases that do
not supersede each other (the question is about the release that introduced, changed or removed a
thing, or the one the user runs) and newer documents that do (a policy's NEW behaviour, a deprecated
command's replacement, a patch release that reverts or downgrades its .0 release). The questions
(bench/answer_quality_blind22_questions.py) were written and committed before any measurement. They run
through the shared runner (bench/answer_quality_blind_runner.py: blind 9's runner, blind 10's metrics,
retrieval-alone table and novelty rules, the public set's fact check, SQLite then PostgreSQL); the
per-category table groups by source (releases, policies, deprecated), register, unanswerable kind,
conversation kind and language.

``--check``: (1) every fact occurs, whitespace and case normalised, in one of its expected documents
as the product's loaders read it; (2) no document outside the expected list holds it; (3) the corpus
fingerprint matches ``EXPECTED_SHA256``; (4) no turn repeats or nearly repeats a turn of the main set,
blind 1-21 or the public set (SequenceMatcher ratio >= 0.75 or word-set Jaccard >= 0.6) and (5) no
English turn is within local-MiniLM cosine 0.8 of one.

Result when frozen (session 40, 18:55 UTC, before any measurement): 209 documents (26 release notes,
143 policies, 40 deprecated commands and modules; 577,146 characters), 200 questions (159 answerable:
94 by the release notes, 43 by the policies, 22 by the deprecated pages; registers chat 60, terse 60,
yes/no 15, what-if 13, words 8, multi-sentence 3; 26 unanswerable: near 8 - 3.26, 2.8.12, CMP0144,
CMP0167, 4.0, 3.25.3, a VS 2026 generator, a FindBoost deprecation -, premise 6, never 5, finer 4,
off-domain 3; 8 conversations: 6 pronoun, 1 ellipsis, 1 topic switch; 7 not in English: es, de, fr,
pl, nl, ko, sv), 0 problems. While writing, the first fact check found 5 facts also in an unlisted
document (3.14's notes repeating 3.15's EXCLUDE_FROM_ALL regression, the policies' shared "introduced
in CMake version" line, CMP0091's and CMP0136's shared "equivalent to the original flags", 3.17's notes
repeating CMP0099's title) and the first full check 7 near repeats of earlier sets' off-domain and
company turns (one word for word: the Sistine chapel); all rewritten or the second document listed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality_blind21 as b21  # noqa: E402
import answer_quality_blind22_corpus as c22  # noqa: E402
import answer_quality_blind_runner as runner  # noqa: E402
from answer_quality_blind21_questions import BLIND21  # noqa: E402
from answer_quality_blind22_questions import BLIND22  # noqa: E402
from answer_quality_questions import Question  # noqa: E402

EARLIER: tuple[Sequence[Question], ...] = (*b21.EARLIER, BLIND21)
SET = runner.BlindSet(
    number=22,
    questions=BLIND22,
    write=c22.write,
    expected_sha256=c22.EXPECTED_SHA256,
    earlier=EARLIER,
    sources=("releases", "policies", "deprecated"),
    documents="CMake 3.0-3.25 release notes, policies, deprecated commands and modules",
    description=__doc__ or "",
)


def main(argv: list[str] | None = None) -> int:
    return runner.main(SET, argv)


if __name__ == "__main__":
    sys.exit(main())
