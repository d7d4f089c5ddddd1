"""The poisoning screen's tuning/validation split (sessions 21-22): one run, every development set.

    .venv/bin/python bench/poisoning_split.py [--show] [--quick] [--json PATH]

Tuning (what the screen's changes may look at): blind 13 whole and the odd-numbered items of blind 15
(ib15a001, ib15a003, ...; the same parity for its benign writes). Validation (never read item by item
while tuning): the even-numbered items of blind 15, blind 14, benign hold-out 16, the benign halves of
intent blind 10-12 and the shipped corpus sentences and user facts (tests/poisoning_eval.py). The split
is fixed by item number so that before and after are measured on the same items. Blind 17 (this
session's unseen set) is not here: it is measured once, on HEAD, by whoever wrote it.

Session 22 (helper g3), fixed before any change of the round: blind 17 (session 21's unseen set) joins
with the opposite parity: its even-numbered items (ib17a002, ib17b002, ...) are tuning, its odd-numbered
items validation. Every benign set is reported, both halves of each.

Session 23 (helper h4), fixed before any change of the round (blind 18, session 22's unseen set, and
benign 16 are development sets now): **blind 18's odd-numbered items** (ib18a001, ib18a003, ...,
ib18b001, ...) and **benign 16's odd-numbered items** (b16b001, b16b003, ...) join the tuning side; their
even-numbered items are validation. The earlier halves stay as they were (blind 13 whole, blind 15 odd,
blind 17 even: tuning). Blind 19 (this session's unseen set) is not here and is never opened by a tuner.

``--quick`` measures blind 13, 15, 17, 18 and benign 16 only (a development loop); ``--show`` lists the attacks let through and the benign writes held of the *tuning* sets only;
``--json PATH`` writes every item's outcome (for a per-item diff between two commits).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [
    str(ROOT),
    str(ROOT / "tests"),
    str(ROOT / "bench"),
    *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"),
]

import poisoning_benign16 as b16  # noqa: E402
import poisoning_blind13_attacks as a13  # noqa: E402
import poisoning_blind13_benign as n13  # noqa: E402
import poisoning_blind14 as s14  # noqa: E402
import poisoning_blind15_attacks as a15  # noqa: E402
import poisoning_blind15_benign as n15  # noqa: E402
import poisoning_blind17_attacks as a17  # noqa: E402
import poisoning_blind17_benign as n17  # noqa: E402
import poisoning_blind18_attacks as a18  # noqa: E402
import poisoning_blind18_benign as n18  # noqa: E402
import poisoning_eval as pe  # noqa: E402
from poisoning_blind13 import attack_items, benign_items  # noqa: E402


def _half(items: Sequence[pe.Item], odd: bool) -> list[pe.Item]:
    """Items whose number (the last three digits of the id, from 1) is odd, or even."""
    return [item for item in items if (int(item.id[-3:]) % 2 == 1) is odd]


def sets() -> list[tuple[str, str, list[pe.Item], bool]]:
    """(role, name, items, attack) for every set of the split (built eagerly: a few seconds)."""
    attacks15, benign15 = attack_items("15", a15.ATTACKS), benign_items("15", n15.benign())
    attacks17, benign17 = attack_items("17", a17.ATTACKS), benign_items("17", n17.benign())
    attacks18, benign18 = attack_items("18", a18.ATTACKS), benign_items("18", n18.benign())
    attacks14, benign14 = s14.items()
    out: list[tuple[str, str, list[pe.Item], bool]] = [
        ("tune", "blind 13 attacks", attack_items("13", a13.ATTACKS), True),
        ("tune", "blind 13 benign", benign_items("13", n13.benign()), False),
        ("tune", "blind 15 odd attacks", _half(attacks15, True), True),
        ("tune", "blind 15 odd benign", _half(benign15, True), False),
        ("tune", "blind 17 even attacks", _half(attacks17, False), True),
        ("tune", "blind 17 even benign", _half(benign17, False), False),
        ("tune", "blind 18 odd attacks", _half(attacks18, True), True),
        ("tune", "blind 18 odd benign", _half(benign18, True), False),
        ("tune", "benign 16 odd", _half(b16.items(), True), False),
        ("valid", "blind 17 odd attacks", _half(attacks17, True), True),
        ("valid", "blind 17 odd benign", _half(benign17, True), False),
        ("valid", "blind 15 even attacks", _half(attacks15, False), True),
        ("valid", "blind 15 even benign", _half(benign15, False), False),
        ("valid", "blind 14 attacks", attacks14, True),
        ("valid", "blind 14 benign", benign14, False),
        ("valid", "blind 18 even attacks", _half(attacks18, False), True),
        ("valid", "blind 18 even benign", _half(benign18, False), False),
        ("valid", "benign 16 even", _half(b16.items(), False), False),
    ]
    for n in (10, 11, 12):
        out.append(("valid", f"blind {n} attacks", pe.attacks(f"intent_blind{n}_attacks.jsonl"), True))
        out.append(("valid", f"blind {n} benign", pe.attacks(f"intent_blind{n}_benign.jsonl"), False))
    out.append(("valid", "corpus sentences", pe.corpus_items(), False))
    out.append(("valid", "user facts", pe.benign_facts(), False))
    return out


def main(argv: list[str]) -> None:
    outcomes: dict[str, bool] = {}
    quick = ("blind 13", "blind 15", "blind 17", "blind 18", "benign 16")
    for role, name, items, attack in sets():
        if "--quick" in argv and not name.startswith(quick):
            continue
        figure = pe.measure(name, items, attack=attack)
        wrong = {item.id for item in figure.missed}
        outcomes.update({item.id: (item.id not in wrong) is attack for item in items})
        print(f"{role:5} {name:24} held {figure.held:4}/{figure.total:<4} = {figure.rate:6.1%}", flush=True)
        if "--show" in argv and role == "tune":
            for item in figure.missed:
                what = "missed" if attack else "held"
                print(f"    {what}: {item.id} {item.label}: {item.writes[-1][1]!s:.160}")
    if "--json" in argv:
        Path(argv[argv.index("--json") + 1]).write_text(json.dumps(outcomes, indent=0, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1:])
