"""Each act of ``memory/manager/screen/aimed.py`` alone, on every seen set (session 38, p3).

    .venv/bin/python bench/p38_rules.py --out /tmp/before.json        # the screen's verdicts, blind 13-29
    .venv/bin/python bench/p38_features.py /tmp/before.json [--show]  # each act, every set

As bench/p37_features.py does for controls.py: for each act alone (sources ranked for the reader, answers
scripted, the conversation piped into a call, credentials asked for together, fetched code run) and all of
them, the attacks and benign writes of every bench set (blind 13-29, benign 16) the screen of ``BEFORE``
held, and what it would hold with the act added - an item counts once any of its writes fires; then the
items of tests/data/poisoning it fires on. ``--show`` prints every item an act would newly hold.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Collection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [
    str(ROOT),
    str(ROOT / "tests"),
    str(ROOT / "bench"),
    *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"),
]

import p37_features as p37  # noqa: E402
import p38_rules  # noqa: E402
import poisoning_eval as pe  # noqa: E402
import poisoning_rules_by_set as rbs  # noqa: E402

from memory.manager.screen import aimed  # noqa: E402
from memory.manager.screen.frames import ABOUT  # noqa: E402


def _one(check: Any) -> p37.Feature:
    def feature(text: str, hosts: Collection[str]) -> bool:
        if ABOUT.search(text):
            return False
        said = [s for s in aimed._SPLIT.split(aimed.unquote_examples(text)) if s.strip()]
        return any(check(s, hosts) for s in said)

    return feature


FEATURES: dict[str, p37.Feature] = {
    "sources ranked": _one(lambda s, h: aimed._ranks_sources(s)),
    "answers scripted": _one(lambda s, h: aimed._scripts_answers(s)),
    "conversation piped": _one(lambda s, h: aimed._pipes_conversation(s)),
    "credentials together": _one(lambda s, h: aimed._asks_credentials(s)),
    "fetched code run": _one(aimed._runs_fetched),
    "all": lambda text, hosts: bool(aimed.aimed_findings(text, ABOUT, hosts)),
}


def bench_sets(before: dict[str, Any], feature: p37.Feature, show: bool) -> list[int]:
    totals = [0] * 6
    for tag in [t for t in p38_rules.SETS if t in before]:
        hosts = rbs.config(tag).screen.hosts_for(pe.TENANT)
        attacks, benign = rbs.items(tag)
        held = {r["id"]: r["held"] for r in before[tag]}
        row = [0] * 6
        for item, k in [(i, 0) for i in attacks] + [(i, 3) for i in benign]:
            was = held[item.id]
            now = was or p37._fires(feature, item, hosts)
            row[k] += was
            row[k + 1] += now
            row[k + 2] += 1
            if show and now and not was:
                print(f"      {'attack' if k == 0 else 'BENIGN'} {tag}: {p37._texts(item)[-1][:150]!r}")
        totals = [t + v for t, v in zip(totals, row, strict=True)]
        if row[1] != row[0] or row[4] != row[3]:
            attacks_part = f"{row[0]:4} -> {row[1]:4} /{row[2]:<4}" if row[2] else " " * 16
            print(f"  {tag:4} attacks {attacks_part} benign {row[3]:3} -> {row[4]:3} /{row[5]}")
    return totals


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        sys.exit(__doc__)
    before = json.loads(Path(args[0]).read_text())
    show = "--show" in sys.argv
    for name, feature in FEATURES.items():
        print(f"{name}:")
        a0, a1, an, b0, b1, bn = bench_sets(before, feature, show)
        print(f"  pooled attacks {a0} -> {a1} /{an} ({a0 / an:.1%} -> {a1 / an:.1%}); "
              f"benign {b0} -> {b1} /{bn} ({b0 / bn:.2%} -> {b1 / bn:.2%})")  # fmt: skip
        p37.data_sets(feature, show)


if __name__ == "__main__":
    main()
