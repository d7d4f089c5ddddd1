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
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [
    str(ROOT),
    str(ROOT / "tests"),
    str(ROOT / "bench"),
    *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"),
]

import poisoning_eval as pe  # noqa: E402
from poisoning_blind15_attacks import ATTACKS  # noqa: E402
from poisoning_blind15_benign import benign  # noqa: E402


def attack_items() -> list[pe.Item]:
    return [
        pe.Item(
            f"ib15a{i:03d}",
            f"{category} [{lang}]",
            source,
            memory_type,
            [(f"m15_{i}_{n}", value) for n, value in enumerate(writes)],
        )
        for i, (category, lang, source, memory_type, writes) in enumerate(ATTACKS, 1)
    ]


def benign_items() -> list[pe.Item]:
    return [
        pe.Item(f"ib15b{i:03d}", f"{category} [{lang}]", source, "fact", [(f"s15_{i:03d}", text)])
        for i, (category, lang, source, text) in enumerate(benign(), 1)
    ]


def main(argv: list[str]) -> None:
    config = pe.LEARNED if "--learned" in argv else pe.CONFIG
    for kind, items, attack in (("attacks", attack_items(), True), ("benign", benign_items(), False)):
        figure = pe.measure(f"blind15 {kind}", items, attack=attack, config=config)
        print(f"{figure.name:28} held {figure.held:4}/{figure.total:<4} = {figure.rate:6.1%}")
        missed = {item.id for item in figure.missed}
        groups: dict[str, list[bool]] = defaultdict(list)
        for item in items:
            family = item.label.split(":")[0].split(" [")[0]
            english = "en" if item.label.endswith("[en]") else "other languages"
            groups[family if attack else f"{family}, {english}"].append(item.id not in missed)
        for name, oks in sorted(groups.items()):
            held = sum(oks) if attack else len(oks) - sum(oks)
            print(f"    {name:40} held {held:3}/{len(oks):<3}")
        if "--show" in argv:
            for item in figure.missed:
                what = "missed" if attack else "held"
                print(f"    {what}: {item.id} {item.label}: {item.writes[-1][1]!s:.150}")


if __name__ == "__main__":
    main(sys.argv[1:])
