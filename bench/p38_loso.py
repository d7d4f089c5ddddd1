"""The learned layer leave-one-set-out over blind 13-29, with the rules' verdicts of one run (session 38, p3).

    .venv/bin/python bench/p38_rules.py --out /tmp/rules.json                       # the rules, every seen set
    .venv/bin/python bench/p38_loso.py --rules /tmp/rules.json --cache /tmp/ps       # figures per left-out set
    .venv/bin/python bench/p38_loso.py --rules /tmp/rules.json --cache /tmp/ps --blocks dense,head,structure
    .venv/bin/python bench/p38_loso.py --rules /tmp/rules.json --cache /tmp/ps --l2 1e-2 --share 0.005

bench/train_poisoning_screen.py's data, features, fit and threshold, with two differences that make
trying a model cheap: the feature matrix is computed once and kept in ``--cache`` (features.npz, keyed
by the rows it was built for: rebuilt when the sets or the screen's cheap layers change ... delete it
after changing either), and the rules' verdicts come from a bench/p38_rules.py run (the screen as it
is measured, blind 19 onwards with Northwind's host allowed) rather than a pass of their own. For each
bench set left out in turn: a model fitted on every other set, its threshold chosen as the trainer
chooses it (the lowest probability holding at most ``--share`` of the training sets' benign policy
sentences, on 3-fold out-of-fold probabilities), measured on the left-out set alone and as ``rules or
model`` (what ``--learned`` holds: the layer runs when the rules found nothing). ``--blocks`` picks
feature blocks: dense (MiniLM max and mean), head (bank similarities, weak signs), structure, ngrams.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import scipy.sparse as sp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import train_poisoning_screen as tps  # noqa: E402  (it sets sys.path: this checkout, tests/, bench/)

from memory.manager.screen.learned import DENSE, NGRAM_BUCKETS, WEIGHTS  # noqa: E402
from memory.manager.screen.structure import SIZE as STRUCTURE  # noqa: E402

SHARES = (0.002, 0.005, 0.01, 0.02)
BLOCKS = {
    "dense": (0, 2 * DENSE),
    "head": (2 * DENSE, 2 * DENSE + 4),
    "structure": (2 * DENSE + 4, 2 * DENSE + 4 + STRUCTURE),
    "ngrams": (2 * DENSE + 4 + STRUCTURE, 2 * DENSE + 4 + STRUCTURE + NGRAM_BUCKETS),
}


def tag_of(stem: str) -> str:
    """The trainer's set name as bench/p38_rules.py's tag ("blind29" -> "29", "benign16" -> "b16")."""
    return "b16" if stem == "benign16" else stem.removeprefix("blind")


def keys(rows: list[tuple[str, Any, int]]) -> list[str]:
    return [f"{name}/{item.id}/{label}" for name, item, label in rows]


def matrix(rows: list[tuple[str, Any, int]], cache: Path) -> Any:
    digest = hashlib.sha256("\n".join(keys(rows)).encode()).hexdigest()[:16]
    file = cache / f"features-{digest}.npz"
    if file.exists():
        return sp.load_npz(file).tocsr()
    x = tps.features(rows, cache, plain=False)
    cache.mkdir(parents=True, exist_ok=True)
    sp.save_npz(file, x)
    return x


def columns(x: Any, blocks: list[str]) -> Any:
    keep = np.concatenate([np.arange(*BLOCKS[b]) for b in blocks])
    return x[:, keep]


def rules_of(
    rows: list[tuple[str, Any, int]], verdicts: dict[str, list[dict[str, Any]]]
) -> npt.NDArray[np.bool_]:
    held = {(tag, r["id"]): bool(r["held"]) for tag, rs in verdicts.items() for r in rs}
    return np.array([held.get((tag_of(name), item.id), False) for name, item, _ in rows])


def cell(held: npt.NDArray[np.bool_], attack: npt.NDArray[np.bool_]) -> str:
    a, b = held[attack], held[~attack]
    left = f"{int(a.sum())}/{a.size}={a.mean():.1%}" if a.size else "-"
    right = f"{int(b.sum())}/{b.size}={b.mean():.1%}" if b.size else "-"
    return f"{left} / {right}"


def combine(items: dict[str, Any], verdicts: dict[str, list[dict[str, Any]]], share: float) -> None:
    """An earlier run's left-out probabilities and thresholds (at ``share`` when it kept that one), with the
    rules' verdicts of another run."""
    held = {(tag, r["id"]): bool(r["held"]) for tag, rs in verdicts.items() for r in rs}
    by_set: dict[str, list[tuple[bool, bool, bool]]] = {}
    for key, item in items.items():
        stem, _, ident = key.partition("/")
        by_rules = held.get((tag_of(stem), ident), False)
        t = item.get("ts", {}).get(str(share), item["t"])
        by_set.setdefault(stem, []).append((item["attack"], item["p"] >= t, by_rules))
    print(f"{'left out':10} {'model alone':>30} {'rules or model':>30} {'rules alone':>30}")
    total = np.zeros((3, 4), int)
    for stem, rows in by_set.items():
        attack = np.array([r[0] for r in rows])
        model, rules = np.array([r[1] for r in rows]), np.array([r[2] for r in rows])
        cells = []
        for k, verdict in enumerate((model, model | rules, rules)):
            total[k] += [verdict[attack].sum(), attack.sum(), verdict[~attack].sum(), (~attack).sum()]
            cells.append(cell(verdict, attack))
        print(f"{stem:10} {cells[0]:>30} {cells[1]:>30} {cells[2]:>30}")
    pooled = [f"{a}/{n}={a / max(n, 1):.1%} / {b}/{m}={b / max(m, 1):.2%}" for a, n, b, m in total]
    print(f"{'pooled':10} {pooled[0]:>30} {pooled[1]:>30} {pooled[2]:>30}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rules", type=Path, help="a bench/p38_rules.py --out file (needed but with --build)"
    )
    parser.add_argument("--build", action="store_true", help="only compute and keep the feature matrix")
    parser.add_argument("--cache", type=Path, required=True, help="folder for sentence vectors and features")
    parser.add_argument("--blocks", default="dense,head,structure,ngrams")
    parser.add_argument("--l2", type=float, default=tps.L2)
    parser.add_argument("--steps", type=int, default=tps.STEPS)
    parser.add_argument("--share", type=float, default=tps.MAX_BENIGN_HELD)
    parser.add_argument("--leave-out", action="append", choices=tps.BENCH, help="only these sets")
    parser.add_argument("--json", type=Path, help="each left-out item's probability, threshold and rules")
    parser.add_argument(
        "--cascade", action="store_true", help="train on the attacks the rules let through only"
    )
    parser.add_argument("--no-loso", action="store_true", help="skip the leave-one-set-out figures")
    parser.add_argument(
        "--save", action="store_true", help="fit on every set and write memory/manager/screen/learned.npz"
    )
    parser.add_argument(
        "--from-json",
        type=Path,
        help="an earlier --json's probabilities and thresholds with these --rules: no fit",
    )
    args = parser.parse_args()
    if args.from_json and args.rules:
        combine(json.loads(args.from_json.read_text()), json.loads(args.rules.read_text()), args.share)
        return
    tps.L2, tps.STEPS = args.l2, args.steps
    rows = tps.dataset()
    full = matrix(rows, args.cache)
    if args.build or args.rules is None:
        print(f"features of {len(rows)} rows kept in {args.cache}")
        return
    x = columns(full, args.blocks.split(","))
    y = np.array([label for _, _, label in rows], dtype=np.float32)
    sets = np.array([name for name, _, _ in rows])
    policy = (y == 0) & (np.char.startswith(sets, "intent_") | np.isin(sets, tps.BENCH))
    rules = rules_of(rows, json.loads(args.rules.read_text()))
    print(f"{len(rows)} rows, {x.shape[1]} features ({args.blocks}), l2 {args.l2}, steps {args.steps}, "
          f"share {args.share}")  # fmt: skip
    if not args.no_loso:
        print(
            f"{'left out':10} {'model alone':>30} {'rules or model':>30} {'rules alone':>30} {'threshold':>9}"
        )
    total = {"model": [0, 0, 0, 0], "both": [0, 0, 0, 0], "rules": [0, 0, 0, 0]}
    items: dict[str, Any] = {}
    for stem in [] if args.no_loso else args.leave_out or tps.BENCH:
        out = sets == stem
        # --cascade: the layer runs only where the rules found nothing, so it learns from those attacks alone
        train = ~out & ~(rules & (y == 1)) if args.cascade else ~out
        w, b = tps.fit(tps.rows_of(x, train), y[train], policy[train])
        # the thresholds of a few shares at once (one set of fold fits): --from-json --share picks one later
        cuts = tps.threshold(tps.rows_of(x, train), y[train], policy[train], (args.share, *SHARES))
        t = cuts[0]
        p = tps.prob(tps.rows_of(x, out), w, b)
        attack = y[out] == 1
        verdicts = {"model": p >= t, "both": (p >= t) | rules[out], "rules": rules[out]}
        for name, held in verdicts.items():
            total[name] = [
                total[name][0] + int(held[attack].sum()), total[name][1] + int(attack.sum()),
                total[name][2] + int(held[~attack].sum()), total[name][3] + int((~attack).sum()),
            ]  # fmt: skip
        cells = [cell(v, attack) for v in verdicts.values()]
        print(f"{stem:10} {cells[0]:>30} {cells[1]:>30} {cells[2]:>30} {t:9.3f}", flush=True)
        for (_, item, label), pi, ri in zip([r for r, o in zip(rows, out, strict=True) if o], p, rules[out],
                                            strict=True):  # fmt: skip
            items[f"{stem}/{item.id}"] = {
                "attack": bool(label), "p": round(float(pi), 4), "rules": bool(ri), "t": round(t, 4),
                "ts": {str(k): round(c, 4) for k, c in zip(SHARES, cuts[1:], strict=True)},
            }  # fmt: skip
    pooled = [f"{a}/{n}={a / max(n, 1):.1%} / {b}/{m}={b / max(m, 1):.2%}" for a, n, b, m in total.values()]
    if not args.no_loso:
        print(f"{'pooled':10} {pooled[0]:>30} {pooled[1]:>30} {pooled[2]:>30}")
    if args.json:
        args.json.write_text(json.dumps(items, indent=0, sort_keys=True))
    if args.save:
        if args.blocks != ",".join(BLOCKS):
            sys.exit("--save writes the layer the screen reads: every block (the default --blocks)")
        train = ~(rules & (y == 1)) if args.cascade else np.ones(len(y), bool)
        w, b = tps.fit(tps.rows_of(x, train), y[train], policy[train])
        t = tps.threshold(tps.rows_of(x, train), y[train], policy[train], (args.share,))[0]
        np.savez_compressed(
            WEIGHTS, weights=w.astype(np.float16), bias=np.float32(b), threshold=np.float32(t)
        )
        print(f"fitted on {int(train.sum())} of {len(y)} rows ({int(y[train].sum())} attacks), threshold {t:.3f} "
              f"(share {args.share}); saved {WEIGHTS.relative_to(ROOT)}")  # fmt: skip


if __name__ == "__main__":
    main()
