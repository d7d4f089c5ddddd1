"""bench/poisoning_rules_by_set.py's verdicts on every seen set, blind 29 included (session 38, p3).

    .venv/bin/python bench/p38_rules.py --out /tmp/now.json              # blind 13-29 and benign 16
    .venv/bin/python bench/p38_rules.py --out /tmp/29.json 29            # some sets
    .venv/bin/python bench/p38_rules.py --out /tmp/l.json --learned      # with the opt-in learned layer
    .venv/bin/python bench/poisoning_rules_by_set.py --compare /tmp/before.json /tmp/now.json [--items]

Blind 29 was measured once unseen (session 37, u5) and is a seen set since; poisoning_rules_by_set.py's set
list ends at 28. Each set is measured as its runner measures it (poisoning_rules_by_set.judged: each attack for
a fresh user, its writes in order; the benign writes all for one user, in order; blind 19 onwards with
Northwind's host allowed), with the learned layer on when asked (``--learned``: what the runners'
``--learned`` measures). ``PYTHONPATH`` to an older checkout's ``memory`` measures that screen.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import poisoning_rules_by_set as rbs  # noqa: E402  (it sets sys.path: PYTHONPATH first, bench/ last)

from memory.manager.policy import PolicyConfig  # noqa: E402

SETS = (*rbs.SETS, "29")


def config(tag: str, learned: bool) -> PolicyConfig:
    policy = rbs.config(tag)
    return dataclasses.replace(policy, screen=dataclasses.replace(policy.screen, learned=learned))


def measure(tags: list[str], out: Path, learned: bool) -> None:
    result: dict[str, list[dict[str, Any]]] = {}
    for tag in tags:
        start = time.time()
        attacks, benign = rbs.items(tag)
        policy = config(tag, learned)
        shared: dict[str, list[tuple[str, Any]]] = {}
        rows = [{"id": i.id, "label": i.label, "attack": True, **rbs.judged(i, policy, {})} for i in attacks]
        rows += [
            {"id": i.id, "label": i.label, "attack": False, **rbs.judged(i, policy, shared)} for i in benign
        ]
        result[tag] = rows
        a = [r for r in rows if r["attack"]]
        b = [r for r in rows if not r["attack"]]
        print(f"{tag:4} attacks {sum(r['held'] for r in a):4}/{len(a):<4} benign {sum(r['held'] for r in b):3}/"
              f"{len(b):<4} ({time.time() - start:.0f} s)", flush=True)  # fmt: skip
        out.write_text(json.dumps(result))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", help=f"set tags (default: all of {' '.join(SETS)})")
    parser.add_argument("--out", type=Path, required=True, help="every item's verdict and findings (JSON)")
    parser.add_argument("--learned", action="store_true", help="with the opt-in learned layer")
    args = parser.parse_args()
    unknown = sorted(set(args.sets) - set(SETS))
    if unknown:
        parser.error(f"unknown set(s) {', '.join(unknown)}; known: {' '.join(SETS)}")
    measure(list(args.sets) or list(SETS), args.out, args.learned)


if __name__ == "__main__":
    main()
