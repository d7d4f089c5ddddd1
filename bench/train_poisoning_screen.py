"""Train the poisoning screen's learned layer (memory/manager/screen/learned.npz) and say how it generalises.

    python bench/train_poisoning_screen.py                 # leave-one-set-out figures, then train and save
    python bench/train_poisoning_screen.py --no-save       # figures only
    python bench/train_poisoning_screen.py --cache /tmp/ps # keep sentence vectors and rule outcomes there

Data: every evaluation set in tests/data/poisoning except blind 10 (kept for one measurement at the
end): the intent sets (tuning, hold-out, blind 2-9), the older attack sets, the shipped corpus's
sentences and the user facts (benign). Features: ``learned.feature_row`` (MiniLM max/mean over the
sentences of the text and of what the decoders reveal in it, bank similarities, weak signs of the
cheap layers, hashed character n-grams). Model: L2 logistic regression, classes weighted equally,
full-batch Adam for a fixed number of steps from zeros: deterministic. The hold threshold is the
lowest probability that holds at most 1% of the intent sets' benign sentences, on out-of-fold
probabilities (3 seeded folds).

Leave-one-set-out: for each set, a model trained on the others (its threshold chosen the same way
on them) is measured on it, alone and combined with the rules (held when either holds): the
estimate for a set of techniques the model never saw. The rules were tuned on tuning .. blind 6,
so "rules or model" is an honest unseen figure only for blind 7, 8 and 9.
"""

from __future__ import annotations

import argparse
import json
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

from memory.manager.policy import PolicyConfig  # noqa: E402
from memory.manager.screen import ScreenConfig, cheap_findings  # noqa: E402
from memory.manager.screen.decode import leaves  # noqa: E402
from memory.manager.screen.learned import WEIGHTS, feature_row, model_text, text_sentences  # noqa: E402
from memory.manager.screen.semantic import default_semantic  # noqa: E402

SEED = 27
STEPS = 300
L2 = 1e-3
MAX_BENIGN_HELD = 0.01
INTENT = [stem for _, stem in pe.INTENT_SETS] + ["intent_blind7", "intent_blind8", "intent_blind9"]
RULES_ONLY = PolicyConfig(screen=ScreenConfig(allowed_hosts={pe.TENANT: ["acme.example"]}, learned=False))


def item_texts(item: pe.Item) -> list[str]:
    # Values only: the sets' keys (m9_1_0, s9_001) would tell the classes apart by their naming.
    return [s for _, value in item.writes for s in leaves(value)]


def dataset() -> list[tuple[str, pe.Item, int]]:
    rows: list[tuple[str, pe.Item, int]] = []
    for stem in INTENT:
        rows += [(stem, i, 1) for i in pe.attacks(f"{stem}_attacks.jsonl")]
        rows += [(stem, i, 0) for i in pe.attacks(f"{stem}_benign.jsonl")]
    rows += [("attacks_tuning", i, 1) for i in pe.attacks("attacks_tuning.jsonl")]
    rows += [("attacks_holdout", i, 1) for i in pe.attacks("attacks_holdout.jsonl")]
    rows += [("corpus", i, 0) for i in pe.corpus_items()]
    rows += [("facts", i, 0) for i in pe.benign_facts()]
    return rows


def embed_all(texts: list[str], cache: Path | None) -> dict[str, npt.NDArray[np.float32]]:
    """Sentence -> vector for every sentence of ``texts`` (kept in ``cache`` between runs)."""
    known: dict[str, npt.NDArray[np.float32]] = {}
    file = cache / "sentences.npz" if cache else None
    if file and file.exists():
        with np.load(file) as data:
            known = dict(zip(data["sentences"].tolist(), data["vectors"], strict=True))
    wanted = sorted({s for t in texts for s in text_sentences(t)} - set(known))
    embedder = default_semantic().embedder()
    assert embedder is not None, "the MiniLM model is needed to train the learned layer"
    for start in range(0, len(wanted), 256):
        batch = wanted[start : start + 256]
        known.update(zip(batch, embedder.embed_array(batch), strict=True))
        print(f"  embedded {min(start + 256, len(wanted))}/{len(wanted)} new sentences", flush=True)
    if file and wanted:
        file.parent.mkdir(parents=True, exist_ok=True)
        names = list(known)
        np.savez(file, sentences=np.array(names), vectors=np.stack([known[n] for n in names]))
    return known


def rules_held(rows: list[tuple[str, pe.Item, int]], cache: Path | None) -> npt.NDArray[np.bool_]:
    file = cache / "rules.json" if cache else None
    done: dict[str, bool] = json.loads(file.read_text()) if file and file.exists() else {}
    out = []
    shared: dict[str, dict[str, list[tuple[str, object]]]] = {}
    for name, item, label in rows:
        key = f"{name}/{item.id}"
        if key not in done:  # benign items in order for one user per set, as poisoning_eval does
            done[key] = pe.held(item, RULES_ONLY, None if label else shared.setdefault(name, {}))
        out.append(done[key])
    if file:
        file.write_text(json.dumps(done))
    return np.array(out)


def fit(x: npt.NDArray[np.float32], y: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.float32], float]:
    weight = np.where(y == 1, 0.5 / y.mean(), 0.5 / (1 - y.mean())).astype(np.float32)
    w = np.zeros(x.shape[1], dtype=np.float32)
    b = 0.0
    m, v, mb, vb = np.zeros_like(w), np.zeros_like(w), 0.0, 0.0
    lr, b1, b2 = 0.05, 0.9, 0.999
    for t in range(1, STEPS + 1):
        p = 1 / (1 + np.exp(-(x @ w + b)))
        g = (weight * (p - y) / len(y)).astype(np.float32)
        gw, gb = x.T @ g + L2 * w, float(g.sum())
        m, v = b1 * m + (1 - b1) * gw, b2 * v + (1 - b2) * gw * gw
        mb, vb = b1 * mb + (1 - b1) * gb, b2 * vb + (1 - b2) * gb * gb
        w -= lr * (m / (1 - b1**t)) / (np.sqrt(v / (1 - b2**t)) + 1e-8)
        b -= lr * (mb / (1 - b1**t)) / (np.sqrt(vb / (1 - b2**t)) + 1e-8)
    return w, b


def prob(x: npt.NDArray[np.float32], w: npt.NDArray[np.float32], b: float) -> npt.NDArray[np.float64]:
    return 1 / (1 + np.exp(-(x.astype(np.float64) @ w + b)))


def threshold(x: npt.NDArray[np.float32], y: npt.NDArray[np.float32], policy: npt.NDArray[np.bool_]) -> float:
    """The lowest probability that holds at most MAX_BENIGN_HELD of the policy sentences, on
    3-fold out-of-fold probabilities."""
    folds = np.random.default_rng(SEED).integers(0, 3, len(y))
    oof = np.zeros(len(y))
    for k in range(3):
        w, b = fit(x[folds != k], y[folds != k])
        oof[folds == k] = prob(x[folds == k], w, b)
    benign = np.sort(oof[policy & (y == 0)])[::-1]
    return float(max(0.5, benign[int(MAX_BENIGN_HELD * len(benign))] + 1e-6))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-save", action="store_true")
    parser.add_argument("--no-loso", action="store_true", help="skip the leave-one-set-out figures")
    parser.add_argument("--cache", type=Path, help="folder for sentence vectors and rule outcomes")
    args = parser.parse_args()
    rows = dataset()
    semantic = default_semantic()
    hosts = RULES_ONLY.screen.hosts_for(pe.TENANT)
    texts = [model_text(item_texts(item)) or " " for _, item, _ in rows]
    vectors = embed_all(texts, args.cache)
    weak = [
        len({f.detail for f in cheap_findings(item_texts(item), hosts) if not f.strong})
        for _, item, _ in rows
    ]
    x = np.stack(
        [
            feature_row(t, np.stack([vectors[s] for s in text_sentences(t)]), semantic, k)
            for t, k in zip(texts, weak, strict=True)
        ]
    )
    y = np.array([label for _, _, label in rows], dtype=np.float32)
    sets = np.array([name for name, _, _ in rows])
    policy = np.char.startswith(sets, "intent_")
    if not args.no_loso:
        rules = rules_held(rows, args.cache)
        print(f"{'left out':16} {'model alone':>16} {'rules or model':>16} {'rules alone':>16}")
        pooled: list[npt.NDArray[np.bool_]] = []
        for stem in INTENT:
            out = sets == stem
            w, b = fit(x[~out], y[~out])
            t = threshold(x[~out], y[~out], policy[~out])
            model = prob(x[out], w, b) >= t
            both = model | rules[out]
            ya = y[out] == 1
            cells = [f"{v[ya].mean():6.1%} / {v[~ya].mean():4.1%}" for v in (model, both, rules[out])]
            print(f"{stem:16} {cells[0]:>16} {cells[1]:>16} {cells[2]:>16}   (t={t:.2f})", flush=True)
            pooled.append(np.stack([both, ya]))
        allp = np.concatenate(pooled, axis=1)
        print(f"{'pooled':16} {'':>16} {allp[0][allp[1]].mean():6.1%} / {allp[0][~allp[1]].mean():4.1%}")
    w, b = fit(x, y)
    t = threshold(x, y, policy)
    print(f"trained on {len(y)} items ({int(y.sum())} attacks), {x.shape[1]} features, threshold {t:.3f}")
    if not args.no_save:
        np.savez_compressed(
            WEIGHTS, weights=w.astype(np.float16), bias=np.float32(b), threshold=np.float32(t)
        )
        print(f"saved {WEIGHTS.relative_to(ROOT)} ({WEIGHTS.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
