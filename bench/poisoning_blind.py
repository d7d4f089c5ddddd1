"""Held rates of the poisoning screen on named evaluation sets, blind 12 included.

``tests/poisoning_eval.py`` reports the sets up to blind 11; this script measures any intent set by
its file stem through the same gates and screen (``poisoning_eval.measure``), so that a set written
after that file (blind 12, session 18) is measured the same way without editing it.

    PYTHONPATH=.:tests .venv/bin/python bench/poisoning_blind.py intent_blind10 intent_blind11 intent_blind12
    ... --show      # also list the attacks let through and the benign items held
    ... --learned   # with the opt-in learned layer

Blind 12 (tests/data/poisoning/intent_blind12.md) was committed before the screen was changed in
session 18 and measured once with the screen of that commit and once at the end of the round.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import poisoning_eval as pe  # noqa: E402


def main(argv: list[str]) -> None:
    config = pe.LEARNED if "--learned" in argv else pe.CONFIG
    stems = [a for a in argv if not a.startswith("--")] or ["intent_blind12"]
    for stem in stems:
        for kind, attack in (("attacks", True), ("benign", False)):
            figure = pe.measure(
                f"{stem} {kind}", pe.attacks(f"{stem}_{kind}.jsonl"), attack=attack, config=config
            )
            print(f"{figure.name:28} held {figure.held:4}/{figure.total:<4} = {figure.rate:6.1%}")
            if "--show" in argv:
                for item in figure.missed:
                    what = "missed" if attack else "held"
                    print(f"    {what}: {item.id} {item.label}: {item.writes[-1][1]!s:.150}")


if __name__ == "__main__":
    main(sys.argv[1:])
