"""A nineteenth blind set for the offline assistant's answers, on public text (session 37, helper u5).

    .venv/bin/python bench/answer_quality_blind19.py [--no-postgres] [--vector-cache F] [--verbose]
    .venv/bin/python bench/answer_quality_blind19.py --check   # the set's mechanical checks only
    .venv/bin/python bench/answer_quality_blind19.py --items F.json   # also every outcome, for diffs

Another domain than every earlier set (the handbook among demo pages, blind 1-17; session 27's package
READMEs and stdlib module docstrings; blind 18's Python language reference): this machine's
section-5 manual pages (configuration files and file formats) rendered by its own ``man``, and its
licence texts (``/usr/share/common-licenses``), which come in versions and variants like an
enterprise's policies (bench/answer_quality_blind19_corpus.py: the selection rule and fingerprint;
nothing copied into the repository). The questions (bench/answer_quality_blind19_questions.py) were
written before any measurement. They run through blind 9's runner (imported: the product's own
ingestion, the real assistant graph, extractive responder, local MiniLM ONNX embeddings, no network,
SQLite and then PostgreSQL; a conversation's earlier turn in the same thread, the last scored) with
blind 10's metrics and retrieval-alone table; the per-category table groups by source (man, licenses),
register, unanswerable kind, conversation kind and language. Blind 18's runner shape, ``--check`` and
``--items`` are followed (since session 38 all three live once in bench/answer_quality_blind_runner.py).

``--check``: (1) every fact occurs, whitespace and case normalised, in one of its expected documents
as the product's loaders read it (the public set's check, imported); (2) no document outside the
expected list holds it; (3) the corpus fingerprint matches ``EXPECTED_SHA256``; (4) no turn repeats or
nearly repeats a turn of the main set, blind 1-18 or the public set (SequenceMatcher ratio >= 0.75 or
word-set Jaccard >= 0.6) and (5) no English turn is within local-MiniLM cosine 0.8 of one (blind 10's
rules, imported).

Result when frozen (session 37, before any measurement): 155 documents (141 manual pages, 14 licences;
944,000 characters), 132 questions (98 answerable: 82 by the manual pages, 16 by the licences; 22
unanswerable; 6 conversations; 6 not in English), 0 problems. Closest to an earlier set's turn by words
ratio 0.71 / Jaccard 0.43, in meaning cosine 0.75 (handbook "never" turns). While writing, the first
check found 8 problems: 3 facts also in unlisted documents (the systemd pages' shared drop-in
paragraph, the locale and machine-info pages' shared format sentence, the three-year source offer in
GPL-1/2/3 and LGPL-2/2.1 - two facts made specific, one expected list widened) and 3 "never"/off-domain
turns nearly repeating an earlier set's, rewritten.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality_blind18 as b18  # noqa: E402
import answer_quality_blind19_corpus as c19  # noqa: E402
import answer_quality_blind_runner as runner  # noqa: E402
from answer_quality_blind18_questions import BLIND18  # noqa: E402
from answer_quality_blind19_questions import BLIND19  # noqa: E402
from answer_quality_questions import Question  # noqa: E402

EARLIER: tuple[Sequence[Question], ...] = (*b18.EARLIER, BLIND18)
SET = runner.BlindSet(
    number=19,
    questions=BLIND19,
    write=c19.write,
    expected_sha256=c19.EXPECTED_SHA256,
    earlier=EARLIER,
    sources=("man", "licenses"),
    documents="section-5 manual pages, licence texts",
    description=__doc__ or "",
)


def main(argv: list[str] | None = None) -> int:
    return runner.main(SET, argv)


if __name__ == "__main__":
    sys.exit(main())
