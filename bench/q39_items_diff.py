"""Session 39 (q5): compare answers runs item by item (the ``--items`` JSON of the blind runners).

Prints each run's first-citation, fact and abstention counts, then every item whose first citation,
fact or abstention differs from the first run's, with the document cited first. Used for the bisect of
session 38's version ranking on blind 20 (docs/benchmarks.md, "Session 39 (q5)"):

    .venv/bin/python bench/q39_items_diff.py before.json after.json [more.json ...]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

FIELDS = ("first_ok", "fact_ok", "abstained")


def load(path: Path) -> dict[str, dict[str, Any]]:
    """The items of one run by id (the runner writes {backend: [item, ...]}; the first backend)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    items = next(iter(data.values())) if isinstance(data, dict) else data
    return {item["id"]: item for item in items}


def counts(items: dict[str, dict[str, Any]]) -> str:
    scored = [i for i in items.values() if i["kind"] != "unanswerable" and i["kind"] != "language"]
    first = sum(bool(i["first_ok"]) for i in scored)
    fact = sum(bool(i["fact_ok"]) for i in scored)
    held = sum(bool(i["abstained"]) for i in items.values() if i["kind"] == "unanswerable")
    return f"first {first}, fact {fact} of {len(scored)} scored; abstained {held} unanswerable"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("runs", type=Path, nargs="+", help="--items files; the first is the reference")
    args = parser.parse_args(argv)
    runs = [load(p) for p in args.runs]
    for path, items in zip(args.runs, runs, strict=True):
        print(f"{path.name}: {counts(items)}")
    base = runs[0]
    for path, items in zip(args.runs[1:], runs[1:], strict=True):
        print(f"\n{args.runs[0].name} -> {path.name}:")
        for key, before in base.items():
            after = items.get(key)
            if after is None:
                continue
            changed = {f: (before.get(f), after.get(f)) for f in FIELDS if before.get(f) != after.get(f)}
            if changed or before.get("first") != after.get("first"):
                print(f"  {key} {changed or ''} {before.get('first')} -> {after.get('first')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
