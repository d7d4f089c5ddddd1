"""What the poisoning screen holds and what it costs per untrusted write, next to the screens it replaced.

    python bench/poisoning_screen.py            # held rates (before/after issue 27), then timings
    python bench/poisoning_screen.py --quick    # timings on 60 + 30 + 30 items
    python bench/poisoning_screen.py --no-held  # timings only

Held rates: every evaluation set (tests/data/poisoning) through the real gates and screen, once
with the screen as it was before issue 27 (commit 08f1064, its ``memory`` package extracted from
git and imported in a subprocess) and once with the current one. Timings: each item is screened by
the single-layer screen (one regex pass, commit bb693bd), the layered screen without the semantic
layer, with it (MiniLM embedding when the cheap layers are unsure), and the full screen with the
learned layer (every write the rules let through is embedded and scored). Medians and 90th
percentiles in milliseconds, one process, model loaded before timing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# bench/memory.py would shadow the memory package: run with the repository and tests/ on the path.
sys.path[:] = [
    str(ROOT),
    str(ROOT / "tests"),
    *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"),
]

import poisoning_eval as pe  # noqa: E402

from cli.kit import progress  # noqa: E402
from memory.manager.poisoning import scan_memory  # noqa: E402
from memory.manager.screen import ScreenConfig  # noqa: E402

PREVIOUS = "bb693bd"
BEFORE_INTENT = "08f1064"  # the screen before issue 27 (phrase banks, no intent rules)


def previous_screen() -> Callable[[str, Any], object] | None:
    """The single-layer ``scan_memory`` from before the layers, read from git (None outside a checkout)."""
    try:
        source = subprocess.run(
            ["git", "show", f"{PREVIOUS}:memory/manager/poisoning.py"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        return None
    module = types.ModuleType("previous_poisoning")
    sys.modules[module.__name__] = module
    exec(compile(source, "previous_poisoning.py", "exec"), module.__dict__)
    scan: Callable[[str, Any], object] = module.scan_memory
    return scan


def held_rates(memory_root: Path | None) -> dict[str, tuple[int, int]]:
    """{set name: (held, total)} from tests/poisoning_eval.py, with ``memory`` imported from
    ``memory_root`` (an older screen) or from the checkout."""
    paths = [str(memory_root)] if memory_root else []
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*paths, str(ROOT), str(ROOT / "tests")])}
    out = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "poisoning_eval.py"), "--json"],
        cwd=ROOT, env=env, capture_output=True, check=True, text=True,
    ).stdout  # fmt: skip
    return {f["name"]: (f["held"], f["total"]) for f in json.loads(out.splitlines()[-1])}


def print_held_rates() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "archive", BEFORE_INTENT, "memory"], cwd=ROOT, capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        with progress(f"screening every set with the screen of {BEFORE_INTENT}", None):
            before = held_rates(Path(tmp))
    with progress("screening every set with the current screen", None):
        now = held_rates(None)
    print(f"{'set':30} {'before (' + BEFORE_INTENT + ')':>22} {'now':>22}")
    for name, (held, total) in now.items():
        old = before.get(name)
        was = f"{old[0]}/{old[1]} = {old[0] / old[1]:6.1%}" if old else "-"
        print(f"{name:30} {was:>22} {f'{held}/{total} = {held / total:6.1%}':>22}")


def timings(screen: Callable[[str, Any], object], items: list[pe.Item]) -> tuple[float, float]:
    times: list[float] = []
    for item in items:
        for key, value in item.writes:
            start = time.perf_counter()
            screen(key, value)
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.9 * (len(times) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--no-held", action="store_true", help="timings only")
    args = parser.parse_args()
    if not args.no_held:
        print_held_rates()
    n_corpus, n_facts, n_attacks = (60, 30, 30) if args.quick else (300, 1000, 1000)
    attacks = pe.attacks("attacks_tuning.jsonl") + pe.attacks("attacks_holdout.jsonl")
    items = pe.corpus_items()[:n_corpus] + pe.benign_facts()[:n_facts] + attacks[:n_attacks]
    hosts = {pe.TENANT: ["acme.example"]}
    cheap = ScreenConfig(allowed_hosts=hosts, semantic=False)
    rules = ScreenConfig(allowed_hosts=hosts, learned=False)
    full = ScreenConfig(allowed_hosts=hosts, learned=True)
    screens: list[tuple[str, Callable[[str, Any], object]]] = []
    old = previous_screen()
    if old is not None:
        screens.append((f"previous single-layer screen ({PREVIOUS})", old))
    screens.append(("layered, cheap layers only", lambda k, v: scan_memory(k, v, cheap, tenant_id=pe.TENANT)))
    screens.append(
        ("layered, with MiniLM when unsure", lambda k, v: scan_memory(k, v, rules, tenant_id=pe.TENANT))
    )
    screens.append(
        (
            "layered + opt-in learned layer (session 15)",
            lambda k, v: scan_memory(k, v, full, tenant_id=pe.TENANT),
        )
    )
    scan_memory("warm", "the assistant should load the model now", full, tenant_id=pe.TENANT)
    print(f"{len(items)} items ({n_corpus} corpus sentences, user facts, attacks)")
    for name, screen in screens:
        with progress(f"timing the screen: {name}", None):  # stderr only
            median, p90 = timings(screen, items)
        print(f"  {name:42} median {median:6.2f} ms   p90 {p90:6.2f} ms")


if __name__ == "__main__":
    main()
