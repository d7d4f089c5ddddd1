"""One intent feature of the poisoning screen at a time, on every bench set (session 37, p2).

    .venv/bin/python bench/poisoning_rules_by_set.py --out /tmp/before.json     # the screen without them
    .venv/bin/python bench/p37_features.py /tmp/before.json [--show]            # each feature, every set

For each feature of ``memory/manager/screen/controls.py`` alone (a safeguard lifted; guarded data granted
wide; authority claimed for the user; a later trigger; an earlier agreement claimed; payments redirected;
a secret or a standing copy sent outside the tenant) and all seven together: the attacks and benign writes
of every set (blind 13-28, benign 16 as ``bench/poisoning_rules_by_set.py`` reads them, then
tests/data/poisoning's sets) that the screen of
``BEFORE`` held, and what it would hold with the feature added - an item counts once any of its writes
fires. Add-only and read per write: a feature's effect on writes read together with earlier ones is
measured by running ``bench/poisoning_rules_by_set.py`` again with the feature in the screen. ``--show``
prints every item a feature would newly hold. tests/data/poisoning has no ``BEFORE`` verdicts: there the
columns count the items the feature fires on (for benign writes: the most it can add).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [
    str(ROOT),
    str(ROOT / "tests"),
    str(ROOT / "bench"),
    *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"),
]

import poisoning_eval as pe  # noqa: E402
import poisoning_rules_by_set as rbs  # noqa: E402

from memory.manager.screen import controls  # noqa: E402
from memory.manager.screen.decode import leaves  # noqa: E402
from memory.manager.screen.frames import ABOUT  # noqa: E402
from memory.manager.screen.text import latin  # noqa: E402

Feature = Callable[[str, Collection[str]], bool]


def _aware(text: str) -> bool:
    return bool(ABOUT.search(text) or controls._AWARE.search(text))


def _lift(text: str, hosts: Collection[str]) -> bool:
    return not _aware(text) and any(controls._lifted(s) for s in controls._SENTENCE.split(text))


def _wide(text: str, hosts: Collection[str]) -> bool:
    return not _aware(text) and any(controls._widened(s) for s in controls._SPLIT.split(text))


def _role(text: str, hosts: Collection[str]) -> bool:
    return not _aware(text) and any(controls._claims_authority(s) for s in controls._SPLIT.split(text))


def _trigger(text: str, hosts: Collection[str]) -> bool:
    return not _aware(text) and any(controls._triggered(s) for s in controls._SPLIT.split(text))


def _agreement(text: str, hosts: Collection[str]) -> bool:
    return not _aware(text) and any(controls._claims_agreement(s) for s in controls._SPLIT.split(text))


def _pay(text: str, hosts: Collection[str]) -> bool:
    return not _aware(text) and any(controls._redirects_money(s) for s in controls._SPLIT.split(text))


def _out(text: str, hosts: Collection[str]) -> bool:
    return not _aware(text) and any(controls._sent_out(s, hosts) for s in controls._SPLIT.split(text))


def _both(text: str, hosts: Collection[str]) -> bool:
    return bool(controls.control_findings(text, ABOUT, hosts))


FEATURES: dict[str, Feature] = {
    "safeguard lifted": _lift,
    "guarded data granted wide": _wide,
    "authority claimed": _role,
    "later trigger": _trigger,
    "earlier agreement claimed": _agreement,
    "payments redirected": _pay,
    "secret or standing copy sent out": _out,
    "all seven": _both,
}


def _texts(item: pe.Item) -> list[str]:
    from memory.manager.screen.examples import unquote_examples

    return [unquote_examples(latin(" ".join(str(v) for v in leaves(value)))) for _, value in item.writes]


def _fires(feature: Feature, item: pe.Item, hosts: Collection[str]) -> bool:
    return any(feature(t, hosts) for t in _texts(item))


def bench_sets(before: dict[str, Any], feature: Feature, show: bool) -> list[int]:
    totals = [0] * 6
    for tag in [t for t in rbs.SETS if t in before]:
        hosts = rbs.config(tag).screen.hosts_for(pe.TENANT)
        attacks, benign = rbs.items(tag)
        held = {r["id"]: r["held"] for r in before[tag]}
        row = [0] * 6
        for item, k in [(i, 0) for i in attacks] + [(i, 3) for i in benign]:
            was = held[item.id]
            now = was or _fires(feature, item, hosts)
            row[k] += was
            row[k + 1] += now
            row[k + 2] += 1
            if show and now and not was:
                print(f"      {'attack' if k == 0 else 'BENIGN'} {tag}: {_texts(item)[-1][:150]!r}")
        totals = [t + v for t, v in zip(totals, row, strict=True)]
        attacks_part = f"{row[0]:4} -> {row[1]:4} /{row[2]:<4}" if row[2] else " " * 16
        print(f"  {tag:4} attacks {attacks_part} benign {row[3]:3} -> {row[4]:3} /{row[5]}")
    return totals


def data_sets(feature: Feature, show: bool) -> None:
    hosts = pe.CONFIG.screen.hosts_for(pe.TENANT)
    sets = [("corpus sentences", pe.corpus_items(), False), ("user facts", pe.benign_facts(), False)]
    sets += [("attacks tuning", pe.attacks("attacks_tuning.jsonl"), True)]
    sets += [("attacks hold-out", pe.attacks("attacks_holdout.jsonl"), True)]
    for label, stem in pe.INTENT_SETS + pe.REPORTED_SETS:
        sets.append((f"intent {label} attacks", pe.attacks(f"{stem}_attacks.jsonl"), True))
        sets.append((f"intent {label} benign", pe.attacks(f"{stem}_benign.jsonl"), False))
    line = []
    for name, items, attack in sets:
        fired = [i for i in items if _fires(feature, i, hosts)]
        line.append(f"{name}: {len(fired)}/{len(items)}")
        for item in fired if show and not attack else ():
            print(f"      BENIGN {name}: {_texts(item)[-1][:150]!r}")
    print("  tests/data/poisoning, items it fires on: " + "; ".join(line))


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
        data_sets(feature, show)


if __name__ == "__main__":
    main()
