"""CPU time of the cheap screen (semantic layer off) on long adversarial values (session 35, p4).

    .venv/bin/python bench/p4_screen_long_values.py [SIZE ...]      # default 16000 64000

Each shape is a value a member could write from a document or a tool result; ``+words`` puts in front of it
one required literal of every rule (~2 KB), so that no rule is skipped by its literal pre-check and every
pattern reads the long run. Linear means the 64 KB figure is about 4x the 16 KB one. CPU seconds
(process time), so a loaded machine measures the same work.
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from memory.manager.poisoning import ScreenConfig, scan
from memory.manager.screen import _scanned, literals

WORDS = [
    "the",
    "team",
    "reviews",
    "quarterly",
    "report",
    "and",
    "assistant",
    "helps",
    "with",
    "drafts",
    "while",
    "staff",
    "check",
    "every",
    "figure",
]
SHAPES = {
    "one long sentence": lambda n: " ".join(WORDS[i % len(WORDS)] for i in range(n // 5))[:n],
    "hyphenated run": lambda n: "a-" * (n // 2),
    "tags that never close": lambda n: "<a " * (n // 3),
    "blank lines": lambda n: "\n" * n,
    "list of marks": lambda n: "-\n" * (n // 2),
    "colons": lambda n: ": " * (n // 2),
    "links without spaces": lambda n: "[a](" * (n // 4),
    "one character": lambda n: "a" * n,
    "numbered words": lambda n: " ".join(f"w{i}" for i in range(n // 6))[:n],
}


def every_rule_word() -> str:
    words = set()
    for obj in gc.get_objects():
        if isinstance(obj, literals.Rule) and (found := literals.required(obj.compiled)):
            words.add(sorted(found)[0][0])
    return " ".join(sorted(words))


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [16000, 64000]
    scan("warm up the assistant", ScreenConfig(semantic=False))
    prefix = every_rule_word() + "\n"
    print(f"{'shape':28}" + "".join(f"{n:>10} {'+words':>8}" for n in sizes))
    for name, make in SHAPES.items():
        row = f"{name:28}"
        for n in sizes:
            for text in (make(n), prefix + make(n)):
                _scanned.cache_clear()
                start = time.process_time()
                scan(text, ScreenConfig(semantic=False))
                row += f" {time.process_time() - start:>8.2f}s"
        print(row, flush=True)


if __name__ == "__main__":
    main()
