"""bench/p38_rules.py's verdicts on every seen set, blind 30 and 31 included (session 40, p5).

    .venv/bin/python bench/p40_rules.py --out /tmp/now.json              # blind 13-31 and benign 16
    .venv/bin/python bench/p40_rules.py --out /tmp/31.json 31            # some sets
    .venv/bin/python bench/p40_rules.py --out /tmp/l.json --learned      # with the opt-in learned layer

Blind 31 was measured once unseen (session 39, u7) and is a seen set since: the leave-one-set-out estimate
(bench/p38_loso.py, whose trainer reads blind 13-31) takes these verdicts. Each set is measured as its runner
measures it (p38_rules.measure: blind 19 onwards with Northwind's host allowed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import p38_rules  # noqa: E402

SETS = (*p38_rules.SETS, "30", "31")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", help=f"set tags (default: all of {' '.join(SETS)})")
    parser.add_argument("--out", type=Path, required=True, help="every item's verdict and findings (JSON)")
    parser.add_argument("--learned", action="store_true", help="with the opt-in learned layer")
    args = parser.parse_args()
    unknown = sorted(set(args.sets) - set(SETS))
    if unknown:
        parser.error(f"unknown set(s) {', '.join(unknown)}; known: {' '.join(SETS)}")
    p38_rules.measure(list(args.sets) or list(SETS), args.out, args.learned)


if __name__ == "__main__":
    main()
