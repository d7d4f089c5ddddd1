"""Train the poisoning screen's learned layer (memory/manager/screen/learned.npz) and say how it generalises.

    python bench/train_poisoning_screen.py            # leave-one-set-out figures, then train and save
    python bench/train_poisoning_screen.py --no-save  # figures only

Data: every evaluation set in tests/data/poisoning except blind 9 (kept for one measurement at the
end), the shipped corpus's sentences and the user facts (benign). Features: ``learned.features``
(MiniLM max/mean over sentences, hashed character n-grams). Model: L2 logistic regression, classes
weighted equally, full-batch Adam for a fixed number of steps from zeros: deterministic. The hold
threshold is chosen on 5-fold out-of-fold probabilities (seeded folds) so that at most 1% of the
intent sets' benign policy sentences are held.

Leave-one-set-out: for each intent set, a model trained without it (threshold chosen the same way
on the rest) is measured on it, alone and combined with the rules (held when either holds): the
figure for text of a set the model never saw.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [
    str(ROOT),
    str(ROOT / "tests"),
    *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"),
]

import poisoning_eval as pe  # noqa: E402

from knowledge.embedders.minilm import LocalMiniLMEmbedder  # noqa: E402
from memory.manager.screen.decode import leaves  # noqa: E402
from memory.manager.screen.learned import WEIGHTS, features  # noqa: E402

SEED = 27
STEPS = 400
L2 = 1e-3
MAX_BENIGN_HELD = 0.01
TRAIN_SETS = [stem for _, stem in pe.INTENT_SETS] + ["intent_blind7", "intent_blind8"]


def item_text(item: pe.Item) -> str:
    # Values only: the sets' keys (n_1, r_001) would tell the classes apart by their naming.
    return " ".join(s for _, value in item.writes for s in leaves(value))


def fit(x: npt.NDArray[np.float32], y: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.float32], float]:
    weight = np.where(y == 1, 0.5 / y.mean(), 0.5 / (1 - y.mean())).astype(np.float32)
    w = np.zeros(x.shape[1], dtype=np.float32)
    b = 0.0
    m, v, mb, vb = np.zeros_like(w), np.zeros_like(w), 0.0, 0.0
    lr, b1, b2 = 0.05, 0.9, 0.999
    for t in range(1, STEPS + 1):
        p = 1 / (1 + np.exp(-(x @ w + b)))
        g = weight * (p - y) / len(y)
        gw, gb = x.T @ g + L2 * w, float(g.sum())
        m, v = b1 * m + (1 - b1) * gw, b2 * v + (1 - b2) * gw * gw
        mb, vb = b1 * mb + (1 - b1) * gb, b2 * vb + (1 - b2) * gb * gb
        w -= lr * (m / (1 - b1**t)) / (np.sqrt(v / (1 - b2**t)) + 1e-8)
        b -= lr * (mb / (1 - b1**t)) / (np.sqrt(vb / (1 - b2**t)) + 1e-8)
    return w, b


def prob(x: npt.NDArray[np.float32], w: npt.NDArray[np.float32], b: float) -> npt.NDArray[np.float64]:
    return 1 / (1 + np.exp(-(x.astype(np.float64) @ w + b)))


def threshold(x: npt.NDArray[np.float32], y: npt.NDArray[np.float32], policy: npt.NDArray[np.bool_]) -> float:
    """The lowest probability that holds at most MAX_BENIGN_HELD of the policy sentences, on 5-fold
    out-of-fold probabilities."""
    folds = np.random.default_rng(SEED).integers(0, 5, len(y))
    oof = np.zeros(len(y))
    for k in range(5):
        w, b = fit(x[folds != k], y[folds != k])
        oof[folds == k] = prob(x[folds == k], w, b)
    benign = np.sort(oof[policy & (y == 0)])[::-1]
    allowed = int(MAX_BENIGN_HELD * len(benign))
    return float(max(0.5, benign[allowed] + 1e-6))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-save", action="store_true")
    parser.add_argument("--no-loso", action="store_true", help="skip the leave-one-set-out figures")
    args = parser.parse_args()
    groups: list[tuple[str, list[pe.Item], int]] = []  # (set, items, label)
    for stem in TRAIN_SETS:
        groups.append((stem, pe.attacks(f"{stem}_attacks.jsonl"), 1))
        groups.append((stem, pe.attacks(f"{stem}_benign.jsonl"), 0))
    groups.append(("attacks", pe.attacks("attacks_tuning.jsonl") + pe.attacks("attacks_holdout.jsonl"), 1))
    groups.append(("benign", pe.corpus_items() + pe.benign_facts(), 0))
    items = [(name, item, label) for name, its, label in groups for item in its]
    embedder = LocalMiniLMEmbedder()
    x = features(embedder, [item_text(i) for _, i, _ in items])
    y = np.array([label for _, _, label in items], dtype=np.float32)
    sets = np.array([name for name, _, _ in items])
    policy = np.char.startswith(sets, "intent_")
    if not args.no_loso:
        print(f"{'left out':16} {'model alone':>24} {'rules or model':>24} {'rules alone':>22}")
        for stem in TRAIN_SETS:
            out = sets == stem
            w, b = fit(x[~out], y[~out])
            t = threshold(x[~out], y[~out], policy[~out])
            p = prob(x[out], w, b) >= t
            rules = np.array([pe.held(i) for (n, i, _) in items if n == stem])
            both = p | rules
            ya = y[out] == 1
            cells = [f"{v[ya].mean():6.1%} / {v[~ya].mean():5.1%}" for v in (p, both, rules)]
            print(f"{stem:16} {cells[0]:>24} {cells[1]:>24} {cells[2]:>22}   (t={t:.2f})")
    w, b = fit(x, y)
    t = threshold(x, y, policy)
    print(f"trained on {len(y)} items ({int(y.sum())} attacks), threshold {t:.3f}")
    if not args.no_save:
        np.savez_compressed(
            WEIGHTS, weights=w.astype(np.float16), bias=np.float32(b), threshold=np.float32(t)
        )
        print(f"saved {WEIGHTS.relative_to(ROOT)} ({WEIGHTS.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
