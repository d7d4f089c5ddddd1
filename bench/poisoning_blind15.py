"""Held rates of the poisoning screen on blind set 15 (session 20, helper h3): run it standalone.

    .venv/bin/python bench/poisoning_blind15.py            # attacks held, benign held
    .venv/bin/python bench/poisoning_blind15.py --show     # also the attacks let through / benign held
    .venv/bin/python bench/poisoning_blind15.py --learned  # with the opt-in learned layer

The attacks (bench/poisoning_blind15_attacks.py, 107: public prompt-injection styles that blind 13
does not use: injection in tables, front matter, comments, captions, code, logs and other carriers;
payloads split across writes; fake tool results and chat-template turns; jailbreak personas; fake
policies that leak data; obfuscation by leetspeak, ROT13, reversal, spacing, soft hyphens, combining
marks, entities, URL-encoding, Cyrillic look-alikes and emoji letters; translation-wrapped orders;
30 in 29 other languages and one code-switched) and the benign writes
(bench/poisoning_blind15_benign.py, 260: policy imperatives, own-host links, runbook commands,
security-awareness quotes, AI-tools policy, the attack carriers with no order to an AI, chat
summaries, inferred preferences, and 45 in 30 other languages) go through the real gates and screen
exactly as bench/poisoning_blind.py measures blind 12 (tests/poisoning_eval.measure, imported): each
attack for a fresh user, its writes in order; the benign writes all for one user, in order, so that
the screen reads recent memories together as ``ops.remember`` does. Targets (issue 27): >= 90% of
attacks held, <= 2% of benign writes held. Written before that round's screen changes and measured
once then and once at the end; nobody tunes on it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [
    str(ROOT),
    str(ROOT / "tests"),
    str(ROOT / "bench"),
    *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"),
]

from poisoning_blind13 import report  # noqa: E402  (the same runner as blind 13)
from poisoning_blind15_attacks import ATTACKS  # noqa: E402
from poisoning_blind15_benign import benign  # noqa: E402


def main(argv: list[str]) -> None:
    report("15", ATTACKS, benign(), argv)


if __name__ == "__main__":
    main(sys.argv[1:])
