"""Train the poisoning screen's learned layer (memory/manager/screen/learned.npz) and say how it generalises.

    python bench/train_poisoning_screen.py                          # leave-one-set-out figures, then train and save
    python bench/train_poisoning_screen.py --no-loso --cascade --cache /tmp/ps   # the shipped layer (session 38)
    python bench/train_poisoning_screen.py --no-save                # figures only
    python bench/train_poisoning_screen.py --leave-out blind19      # figures with only that set left out (repeatable)
    python bench/train_poisoning_screen.py --plain --no-save        # session 23's features (no structure, no records)
    python bench/train_poisoning_screen.py --cache /tmp/ps          # keep sentence vectors and rule outcomes there
    python bench/train_poisoning_screen.py --no-save --share 0.01 --share 0.005 --json /tmp/p.json
                                               # figures at two thresholds; each left-out item's probability
    python bench/train_poisoning_screen.py --no-save --no-dense     # without the MiniLM features (figures only)
    python bench/train_poisoning_screen.py --no-save --policy-weight 3   # benign policy sentences count 3x
    python bench/train_poisoning_screen.py --no-save --no-rules --json /tmp/p.json   # model alone, no rules' pass
    python bench/train_poisoning_screen.py --no-save --augment      # + attacks with the AI read as staff (session 26:
                                               # measured worse leave-one-set-out, not used for the weights)

Data: every evaluation set in tests/data/poisoning except blind 10 (kept for one measurement at the
end): the intent sets (tuning, hold-out, blind 2-9), the older attack sets, the shipped corpus's
sentences and the user facts (benign); since session 24 also the bench sets blind 13, 14, 15, 17,
18, 19 and benign 16 (bench/poisoning_blind*.py), each one set, since session 25 blind 20, since session 26 blind 21
since session 27 blind 22, since session 28 blind 23, since session 29 blind 24 and since session 33
blind 25, since session 38 blind 26-29, since session 39 blind 30, since session 40 blind 31 (each measured once
unseen before: bench/p38_loso.py gives the leave-one-set-out figures over blind 13-31; every bench set is then left out in turn). The
text is read as the screen gives it to the layer: quoted examples unquoted (``examples``), links as
"a link" (``learned.model_text``). Features: ``learned.feature_row``
(MiniLM max/mean over the sentences of the text, of what the decoders reveal in it and of the
sentences its record's cells form, bank similarities, weak signs of the cheap layers, structure
features (``structure.py``: concepts and pairs of concepts in one sentence), hashed character
n-grams). ``--plain`` drops the structure features and the record sentences (session 23's layer).
Model: L2 logistic regression, classes weighted equally, full-batch Adam for a fixed number of
steps from zeros: deterministic. The hold threshold is the lowest probability that holds at most 0.2%
of the benign policy sentences (intent and bench sets), on out-of-fold probabilities (3 seeded folds).

Leave-one-set-out: for each left-out set, a model trained on every other set (its threshold chosen
the same way on them) is measured on it, alone and combined with the rules (held when either holds,
the rules as ``bench/poisoning_blind*.py`` run them: blind 19 with its own host allowed): the
estimate for a set of techniques the model never saw. The rules were tuned on blind 13 and halves of
blind 15, 17 and 18 (bench/poisoning_split.py), so "rules or model" is an unseen figure only for
blind 19 and the validation halves; "model alone" is unseen for every left-out set. Each left-out
set's figures are also given for its odd and even items (the split's halves).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
from collections.abc import Collection
from pathlib import Path
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt
import scipy.sparse as sp

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
import poisoning_blind19_attacks as a19  # noqa: E402
import poisoning_blind19_benign as n19  # noqa: E402
import poisoning_blind20_attacks as a20  # noqa: E402
import poisoning_blind20_benign as n20  # noqa: E402
import poisoning_blind21_attacks as a21  # noqa: E402
import poisoning_blind21_benign as n21  # noqa: E402
import poisoning_blind22_attacks as a22  # noqa: E402
import poisoning_blind22_benign as n22  # noqa: E402
import poisoning_blind23_attacks as a23  # noqa: E402
import poisoning_blind23_benign as n23  # noqa: E402
import poisoning_blind24_attacks as a24  # noqa: E402
import poisoning_blind24_benign as n24  # noqa: E402
import poisoning_blind25_attacks as a25  # noqa: E402
import poisoning_blind25_benign as n25  # noqa: E402
import poisoning_blind26_attacks as a26  # noqa: E402
import poisoning_blind26_benign as n26  # noqa: E402
import poisoning_blind27_attacks as a27  # noqa: E402
import poisoning_blind27_benign as n27  # noqa: E402
import poisoning_blind28_attacks as a28  # noqa: E402
import poisoning_blind28_benign as n28  # noqa: E402
import poisoning_blind29_attacks as a29  # noqa: E402
import poisoning_blind29_benign as n29  # noqa: E402
import poisoning_blind30_attacks as a30  # noqa: E402
import poisoning_blind30_benign as n30  # noqa: E402
import poisoning_blind31_attacks as a31  # noqa: E402
import poisoning_blind31_benign as n31  # noqa: E402
import poisoning_eval as pe  # noqa: E402
from logistic_fit import adam  # noqa: E402
from poisoning_blind13 import attack_items, benign_items  # noqa: E402

from memory.manager.policy import PolicyConfig  # noqa: E402
from memory.manager.screen import ScreenConfig, cheap_findings  # noqa: E402
from memory.manager.screen.decode import leaves  # noqa: E402
from memory.manager.screen.examples import unquote_examples  # noqa: E402
from memory.manager.screen.learned import DENSE, WEIGHTS, feature_row, model_text, text_sentences  # noqa: E402
from memory.manager.screen.semantic import default_semantic  # noqa: E402
from memory.manager.screen.structure import SIZE as STRUCTURE  # noqa: E402

SEED = 27
STEPS = 300
L2 = 1e-3
# Session 33: 1%. Judged leave-one-set-out over blind 13-25 (rules or model), 1% added 30 benign holds to
# the rules' 79 of 3,770 (+176 attacks of 1,496), 0.2% 8 (+85 attacks); on the sets no feature was designed
# from (blind 23-25: review r2 P1) 1% bought +36 attacks for +3 benign over 0.2%, and on the unseen blind 26
# 85 vs 81 of 121 with the same 2 benign: the layer is opt-in, asked for by whoever wants more held
# (docs/memory.md).
MAX_BENIGN_HELD = 0.01
# Session 38: the shipped layer is fitted with --cascade at 0.5%. Leave-one-set-out over blind 25-29 (bench/p38_loso.py,
# the rules of a244c11): rules or model 528/804 attacks, 21/1,180 benign at 0.5% and 562, 25 at 1% trained on every
# attack; 537, 22 at 0.5% and 573, 28 at 1% trained only on the attacks the rules let through (the layer runs only
# there). Issue 27 asks for <= 2% benign on every unseen set, and the rules alone already hold 2-2.7% on some.
# Session 39: the same recipe refitted with blind 30 (bench/p38_loso.py --cascade --share 0.005 --no-loso --save on the
# rules of d8f9d16): 7,678 of 9,257 rows, threshold 0.853; leave-one-set-out over blind 13-30 in docs/benchmarks.md.
# Session 40: refitted with blind 31 (the same command on the attack verdicts of 7dce6d1): 7,867 of 9,506 rows,
# 1,258 attacks, threshold 0.861; leave-one-set-out over blind 13-31 in docs/benchmarks.md.
SHIPPED_SHARE = 0.005
POLICY_WEIGHT = 1.0
INTENT = [stem for _, stem in pe.INTENT_SETS] + ["intent_blind7", "intent_blind8", "intent_blind9"]
RULES_ONLY = PolicyConfig(screen=ScreenConfig(allowed_hosts={pe.TENANT: ["acme.example"]}, learned=False))
# Blind 19's to 22's company is Northwind: their runner allows its own host too (bench/poisoning_blind19.py).
RULES_19 = PolicyConfig(
    screen=ScreenConfig(allowed_hosts={pe.TENANT: ["acme.example", "northwind.example"]}, learned=False)
)
BENCH = ("blind13", "blind14", "blind15", "blind17", "blind18", "blind19", "blind20", "blind21", "blind22",
         "blind23", "blind24", "blind25", "blind26", "blind27", "blind28", "blind29", "blind30", "blind31",
         "benign16")  # fmt: skip
# Session 33: every bench set is left out in turn (blind 14 and 25 too), so each set's figure comes
# from a model that never saw it.
LEFT_OUT = BENCH
NORTHWIND = ("blind19", "blind20", "blind21", "blind22", "blind23", "blind24", "blind25", "blind26", "blind27",
             "blind28", "blind29", "blind30", "blind31")  # fmt: skip


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
    for tag, attacks, benign in (("13", a13, n13), ("15", a15, n15), ("17", a17, n17), ("18", a18, n18),
                                 ("19", a19, n19), ("20", a20, n20), ("21", a21, n21), ("22", a22, n22),
                                 ("23", a23, n23), ("24", a24, n24), ("25", a25, n25), ("26", a26, n26),
                                 ("27", a27, n27), ("28", a28, n28), ("29", a29, n29),
                                 ("30", a30, n30), ("31", a31, n31)):  # fmt: skip
        rows += [(f"blind{tag}", i, 1) for i in attack_items(tag, attacks.ATTACKS)]
        rows += [(f"blind{tag}", i, 0) for i in benign_items(tag, benign.benign())]
    attacks14, benign14 = s14.items()
    rows += [("blind14", i, 1) for i in attacks14] + [("blind14", i, 0) for i in benign14]
    rows += [("benign16", i, 0) for i in b16.items()]
    return rows


# Data augmentation (``--augment``): what unseen sets let through most names no AI at all (docs/benchmarks.md,
# session 26), while most training attacks do. Each training attack that names an AI is added once more with
# that name read as "staff": the act, not the addressee, is what the model should learn to read.
_ADDRESSEE = re.compile(
    r"\b(?:the |an? |any |your |this |our )?(?:(?:ai|virtual|digital|internal) )?(?:ai assistant|assistant|"
    r"chat ?bot|copilot|language model|llm|ai agent|agent|bot|ai)s?\b",
    re.IGNORECASE,
)


def augment(rows: list[tuple[str, pe.Item, int]]) -> list[tuple[str, pe.Item, int]]:
    """Each attack whose text names an AI, once more with the AI read as staff, in set ``aug/<its set>``
    (left out with its set, never scored)."""
    out: list[tuple[str, pe.Item, int]] = []
    for name, item, label in rows:
        if not label:
            continue
        writes = [(key, _ADDRESSEE.sub("staff", value) if isinstance(value, str) else value)
                  for key, value in item.writes]  # fmt: skip
        if writes != item.writes:
            out.append((f"aug/{name}", dataclasses.replace(item, id=f"{item.id}~", writes=writes), 1))
    return out


def hosts_of(name: str) -> PolicyConfig:
    return RULES_19 if name.removeprefix("aug/") in NORTHWIND else RULES_ONLY


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


def rules_held(
    rows: list[tuple[str, pe.Item, int]], cache: Path | None, only: Collection[str]
) -> npt.NDArray[np.bool_]:
    """Whether the rules hold each item of the sets in ``only`` (False for the other rows)."""
    file = cache / "rules.json" if cache else None
    done: dict[str, bool] = json.loads(file.read_text()) if file and file.exists() else {}
    out = []
    shared: dict[str, dict[str, list[tuple[str, object]]]] = {}
    for name, item, label in rows:
        key = f"{name}/{item.id}"
        if name not in only:
            out.append(False)
            continue
        if key not in done:  # benign items in order for one user per set, as poisoning_eval does
            done[key] = pe.held(item, hosts_of(name), None if label else shared.setdefault(name, {}))
        out.append(done[key])
    if file:
        file.write_text(json.dumps(done))
    return np.array(out)


# Rows of features as a scipy CSR matrix: the hashed n-grams are sparse, so a step is ~20x faster than dense.
Matrix: TypeAlias = Any


def rows_of(x: Matrix, mask: npt.NDArray[np.bool_]) -> Matrix:
    return x[np.flatnonzero(mask)]


def fit(
    x: Matrix, y: npt.NDArray[np.float32], policy: npt.NDArray[np.bool_] | None = None
) -> tuple[npt.NDArray[np.float32], float]:
    """``policy``: benign rows that count POLICY_WEIGHT times within the benign class (the classes
    still weigh the same): the contrast the screen meets, not the corpus and user facts."""
    count = np.ones(len(y)) if policy is None else np.where(policy, POLICY_WEIGHT, 1.0)
    benign = count * (y == 0)
    weight = np.where(y == 1, 0.5 / y.sum(), 0.5 * count / benign.sum()).astype(np.float32) * len(y)
    return adam(x, y, weight, L2, STEPS)


def prob(x: Matrix, w: npt.NDArray[np.float32], b: float) -> npt.NDArray[np.float64]:
    out: npt.NDArray[np.float64] = np.asarray(1 / (1 + np.exp(-(x @ w.astype(np.float64) + b))))
    return out


def threshold(
    x: Matrix,
    y: npt.NDArray[np.float32],
    policy: npt.NDArray[np.bool_],
    shares: tuple[float, ...] = (MAX_BENIGN_HELD,),
) -> list[float]:
    """Per share in ``shares``: the lowest probability that holds at most that share of the policy
    sentences, on 3-fold out-of-fold probabilities."""
    folds = np.random.default_rng(SEED).integers(0, 3, len(y))
    oof = np.zeros(len(y))
    for k in range(3):
        w, b = fit(rows_of(x, folds != k), y[folds != k], policy[folds != k])
        oof[folds == k] = prob(rows_of(x, folds == k), w, b)
    benign = np.sort(oof[policy & (y == 0)])[::-1]
    return [float(max(0.5, benign[int(share * len(benign))] + 1e-6)) for share in shares]


def _cell(held: npt.NDArray[np.bool_], attack: npt.NDArray[np.bool_]) -> str:
    a, b = held[attack], held[~attack]
    left = f"{int(a.sum())}/{a.size}={a.mean():.1%}" if a.size else "-"
    right = f"{int(b.sum())}/{b.size}={b.mean():.1%}" if b.size else "-"
    return f"{left} / {right}"


def features(
    rows: list[tuple[str, pe.Item, int]], cache: Path | None, plain: bool, dense: bool = True
) -> Matrix:
    semantic = default_semantic()
    # What the layer reads when it runs (screen_texts): quoted examples in awareness text unquoted first.
    texts = [
        model_text([unquote_examples(t) for t in item_texts(item)], records=not plain) or " "
        for _, item, _ in rows
    ]
    vectors = embed_all(texts, cache)
    weak = [
        len({f.detail for f in cheap_findings(item_texts(item), hosts_of(name).screen.hosts_for(pe.TENANT))
             if not f.strong})
        for name, item, _ in rows
    ]  # fmt: skip
    x = np.stack(
        [
            feature_row(t, np.stack([vectors[s] for s in text_sentences(t)]), semantic, k)
            for t, k in zip(texts, weak, strict=True)
        ]
    )
    if plain:  # session 23's layout: no structure block
        x = np.delete(x, np.s_[2 * DENSE + 4 : 2 * DENSE + 4 + STRUCTURE], axis=1)
    if not dense:  # no sentence vectors and bank similarities: only weak signs, structure and n-grams
        x = np.delete(x, np.s_[: 2 * DENSE + 3], axis=1)
    return sp.csr_matrix(x)


def main() -> None:
    global POLICY_WEIGHT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-save", action="store_true")
    parser.add_argument(
        "--cascade",
        action="store_true",
        help="fit the saved layer on the attacks the rules let through only, at the shipped share (session 38)",
    )
    parser.add_argument("--no-loso", action="store_true", help="skip the leave-one-set-out figures")
    parser.add_argument("--leave-out", action="append", choices=[*INTENT, *BENCH], help="sets to leave out")
    parser.add_argument("--plain", action="store_true", help="session 23's features (nothing is saved)")
    parser.add_argument("--cache", type=Path, help="folder for sentence vectors and rule outcomes")
    parser.add_argument(
        "--share",
        action="append",
        type=float,
        help=f"benign policy share the threshold may hold (repeatable; default {MAX_BENIGN_HELD})",
    )
    parser.add_argument("--no-dense", action="store_true", help="without the MiniLM features (figures only)")
    parser.add_argument(
        "--augment",
        action="store_true",
        help="add each attack naming an AI once more with the AI read as staff",
    )
    parser.add_argument(
        "--no-rules", action="store_true", help="model alone only: skip the rules' pass (its columns read 0)"
    )
    parser.add_argument("--json", type=Path, help="write each left-out item's probability and outcomes here")
    parser.add_argument(
        "--policy-weight",
        type=float,
        default=POLICY_WEIGHT,
        help="how many times a benign policy sentence counts within the benign class",
    )
    args = parser.parse_args()
    POLICY_WEIGHT = args.policy_weight
    rows = dataset()
    if args.augment:
        rows += augment(rows)
    x = features(rows, args.cache, args.plain, dense=not args.no_dense)
    y = np.array([label for _, _, label in rows], dtype=np.float32)
    sets = np.array([name for name, _, _ in rows])
    ids = np.array([item.id for _, item, _ in rows])
    number = np.array([int(item.id[-3:]) if item.id[-3:].isdigit() else 0 for _, item, _ in rows])
    policy = (y == 0) & (np.char.startswith(sets, "intent_") | np.isin(sets, BENCH))
    if not args.no_loso:
        left_out = args.leave_out or LEFT_OUT
        rules = np.zeros(len(rows), bool) if args.no_rules else rules_held(rows, args.cache, left_out)
        print(f"{'left out':10} {'half':5} {'model alone (attacks / benign held)':>38} "
              f"{'rules or model':>38} {'rules alone':>38}")  # fmt: skip
        shares = tuple(args.share or (MAX_BENIGN_HELD,))
        items: dict[str, dict[str, Any]] = {}
        for stem in left_out:
            out = sets == stem
            train = ~out & (sets != f"aug/{stem}")
            w, b = fit(rows_of(x, train), y[train], policy[train])
            cuts = threshold(rows_of(x, train), y[train], policy[train], shares)
            p = prob(rows_of(x, out), w, b)
            ya = y[out] == 1
            for item, label, pi, ri in zip(ids[out], ya, p, rules[out], strict=True):
                items[f"{stem}/{item}"] = {
                    "attack": bool(label),
                    "p": round(float(pi), 4),
                    "rules": bool(ri),
                    "t": round(cuts[0], 4),
                }
            for share, t in zip(shares, cuts, strict=True):
                model = p >= t
                for half, part in (("all", np.ones(out.sum(), bool)), ("odd", number[out] % 2 == 1),
                                   ("even", number[out] % 2 == 0)):  # fmt: skip
                    both = model | rules[out]
                    cells = [_cell(v[part], ya[part]) for v in (model, both, rules[out])]
                    print(f"{stem:10} {half:5} {cells[0]:>38} {cells[1]:>38} {cells[2]:>38}", flush=True)
                print(f"{'':10} threshold {t:.3f} (share {share})", flush=True)
            if args.json:
                args.json.write_text(json.dumps(items, indent=0, sort_keys=True))
    if args.plain or args.no_dense:
        return
    if args.cascade:  # the layer runs only where the rules found nothing: it learns from those attacks
        keep = ~(rules_held(rows, args.cache, BENCH) & (y == 1))
        x, y, policy = rows_of(x, keep), y[keep], policy[keep]
    w, b = fit(x, y, policy)
    t = threshold(x, y, policy, (SHIPPED_SHARE if args.cascade else MAX_BENIGN_HELD,))[0]
    print(f"trained on {len(y)} items ({int(y.sum())} attacks), {x.shape[1]} features, threshold {t:.3f}")
    if not args.no_save:
        np.savez_compressed(
            WEIGHTS, weights=w.astype(np.float16), bias=np.float32(b), threshold=np.float32(t)
        )
        print(f"saved {WEIGHTS.relative_to(ROOT)} ({WEIGHTS.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
