"""What holding text in a language the screen cannot read would cost, against what the screen does.

For every benign and attack item of the intent sets (tuning .. blind 12) and blind 14, whether its
writes are in a language the meaning layers cannot read (``memory/manager/screen/language.py``: another
script, or Latin-script text py3langid confidently reads as non-English). Prints, per half:

* how many items are in such a language (= what "hold every unread text for review" would hold), and
* how many of those the current screen holds (its rules, multilingual concepts and the weak
  "unread language" sign counted with one other weak sign).

    PYTHONPATH=.:tests .venv/bin/python bench/poisoning_unread.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

import poisoning_blind14 as b14  # noqa: E402
import poisoning_eval as pe  # noqa: E402

from memory.manager.screen.language import unread_language  # noqa: E402


def texts(item: pe.Item) -> list[str]:
    return [str(value) for _, value in item.writes]


def main() -> None:
    attacks: list[pe.Item] = []
    benign: list[pe.Item] = []
    for _, stem in pe.INTENT_SETS + pe.REPORTED_SETS:
        attacks += pe.attacks(f"{stem}_attacks.jsonl")
        benign += pe.attacks(f"{stem}_benign.jsonl")
    a14, b14_benign = b14.items()
    attacks += a14
    benign += b14_benign
    for name, items, attack in (("attacks", attacks, True), ("benign", benign, False)):
        unread = [item for item in items if unread_language(texts(item))]
        held = [item for item in unread if pe.held(item, pe.CONFIG, None)]
        print(
            f"{name:8} {len(items):5} items; in a language the meaning layers cannot read: "
            f"{len(unread):4} ({len(unread) / len(items):6.1%} of all); the screen holds "
            f"{len(held)}/{len(unread)} of those ({len(held) / max(1, len(unread)):6.1%})"
        )
        if attack:
            for item in unread:
                if item not in held:
                    print(f"    let through: {item.id} {item.label}: {texts(item)[-1]:.100}")


if __name__ == "__main__":
    main()
