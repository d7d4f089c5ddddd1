"""The default screen (rules; semantic layer on, learned layer off) on every bench set, item by item, with
the findings that held each (session 34, p3): what the rules hold and why, to compare two screens.

    .venv/bin/python bench/poisoning_rules_by_set.py --out /tmp/now.json                 # every set
    .venv/bin/python bench/poisoning_rules_by_set.py --out /tmp/a.json 13 14 15 b16 17   # some sets
    .venv/bin/python bench/poisoning_rules_by_set.py --compare /tmp/before.json /tmp/now.json [--items]

Each set is measured as its runner measures it (tests/poisoning_eval.held: each attack for a fresh user,
its writes in order; the benign writes all for one user, in order; blind 19 onwards with their company's
host northwind.example allowed). ``--compare`` prints held counts per set and pooled, and with ``--items``
every item whose verdict changed with the findings that held it. To measure an older screen, run the
script with ``PYTHONPATH`` set to a folder holding that checkout's ``memory`` package (``git archive <commit>
memory | tar -x -C /tmp/old``).
Blind 27 and 28 were each measured once unseen (sessions 34, 35) and are read since session 37 (p2); blind 29 is not.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# PYTHONPATH first (an older checkout's ``memory`` to measure it), then this checkout; bench/memory.py would
# shadow the memory package, so bench/ is only reached after it.
sys.path[:] = [
    *(p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p),
    str(ROOT),
    str(ROOT / "tests"),
    str(ROOT / "bench"),
    *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"),
]

import poisoning_eval as pe  # noqa: E402
from poisoning_blind13 import attack_items, benign_items  # noqa: E402

from memory.manager.models import MemoryType, RememberRequest, Source  # noqa: E402
from memory.manager.policy import RECENT_LIMIT, PolicyConfig, screen, source_gate  # noqa: E402
from memory.manager.screen import ScreenConfig  # noqa: E402

SETS = ("13", "14", "15", "b16", "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28")
ACME = ("13", "14", "15", "b16", "17", "18")  # the rest are Northwind's (blind 19's runner allows its host)


def config(tag: str) -> PolicyConfig:
    hosts = ["acme.example"] if tag in ACME else ["acme.example", "northwind.example"]
    return PolicyConfig(screen=ScreenConfig(allowed_hosts={pe.TENANT: hosts}, learned=False))


def items(tag: str) -> tuple[list[pe.Item], list[pe.Item]]:
    if tag == "14":
        blind14 = importlib.import_module("poisoning_blind14")
        attacks, benign = blind14.items()
        return attacks, benign
    if tag == "b16":
        return [], importlib.import_module("poisoning_benign16").items()
    attacks_module = importlib.import_module(f"poisoning_blind{tag}_attacks")
    benign_module = importlib.import_module(f"poisoning_blind{tag}_benign")
    return attack_items(tag, attacks_module.ATTACKS), benign_items(tag, benign_module.benign())


def judged(item: pe.Item, policy: PolicyConfig, earlier: dict[str, list[tuple[str, Any]]]) -> dict[str, Any]:
    """pe.held's walk over the item's writes, keeping the findings of the write that was held."""
    for key, value in item.writes:
        req = RememberRequest(
            tenant_id=pe.TENANT, user_id="asha", memory_type=MemoryType(item.memory_type), key=key, value=value,
            source=Source(item.source),
        )  # fmt: skip
        recent = earlier.setdefault(item.source, [])[-RECENT_LIMIT:]
        gate = source_gate(req)
        found = [("gate", str(gate), True)] if gate is not None else []
        found = found or [(f.category, f.detail, f.strong) for f in screen(req, policy, recent)]
        if found:
            return {"held": True, "findings": found, "text": str(value)}
        earlier[item.source].append((key, value))
    return {"held": False, "findings": [], "text": str(item.writes[-1][1])}


def measure(tags: list[str], out: Path) -> None:
    result: dict[str, list[dict[str, Any]]] = {}
    for tag in tags:
        start = time.time()
        attacks, benign = items(tag)
        shared: dict[str, list[tuple[str, Any]]] = {}
        rows = [{"id": i.id, "label": i.label, "attack": True, **judged(i, config(tag), {})} for i in attacks]
        rows += [
            {"id": i.id, "label": i.label, "attack": False, **judged(i, config(tag), shared)} for i in benign
        ]
        result[tag] = rows
        a = [r for r in rows if r["attack"]]
        b = [r for r in rows if not r["attack"]]
        print(f"{tag:4} attacks {sum(r['held'] for r in a):4}/{len(a):<4} benign {sum(r['held'] for r in b):3}/"
              f"{len(b):<4} ({time.time() - start:.0f} s)", flush=True)  # fmt: skip
    out.write_text(json.dumps(result))


def compare(before: dict[str, Any], now: dict[str, Any], show_items: bool) -> None:
    totals = [0] * 6
    print(f"{'set':5} {'attacks before':>15} {'now':>6} {'benign before':>14} {'now':>6}")
    for tag in [t for t in before if t in now]:
        old = {r["id"]: r for r in before[tag]}
        new = {r["id"]: r for r in now[tag]}
        att = [i for i in old if old[i]["attack"]]
        ben = [i for i in old if not old[i]["attack"]]
        row = [sum(old[i]["held"] for i in att), sum(new[i]["held"] for i in att), len(att),
               sum(old[i]["held"] for i in ben), sum(new[i]["held"] for i in ben), len(ben)]  # fmt: skip
        totals = [t + v for t, v in zip(totals, row, strict=True)]
        print(f"{tag:5} {row[0]:>9}/{row[2]:<5} {row[1]:>6} {row[3]:>8}/{row[5]:<5} {row[4]:>6}")
        for i in old if show_items else ():
            if old[i]["held"] != new[i]["held"]:
                kind = "attack" if old[i]["attack"] else "benign"
                what = "now held" if new[i]["held"] else "now let through"
                why = [f[1] for f in (new[i]["findings"] or old[i]["findings"])][:3]
                print(f"      {kind} {what}: {old[i]['text'][:140]!r} {why}")
    a0, a1, an, b0, b1, bn = totals
    print(f"pooled attacks {a0}/{an} = {a0 / an:.1%} -> {a1} = {a1 / an:.1%}; "
          f"benign {b0}/{bn} = {b0 / bn:.2%} -> {b1} = {b1 / bn:.2%}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", help=f"set tags (default: all of {' '.join(SETS)})")
    parser.add_argument("--out", type=Path, help="write every item's verdict and findings here (JSON)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "NOW"))
    parser.add_argument("--items", action="store_true", help="with --compare: every item that changed")
    args = parser.parse_args()
    if args.compare:
        before, now = (json.loads(p.read_text()) for p in args.compare)
        compare(before, now, args.items)
        return
    if args.out is None:
        parser.error("give --out FILE (or --compare BEFORE NOW)")
    unknown = sorted(set(args.sets) - set(SETS))
    if unknown:
        parser.error(f"unknown set(s) {', '.join(unknown)}; known: {' '.join(SETS)}")
    measure(list(args.sets) or list(SETS), args.out)


if __name__ == "__main__":
    main()
