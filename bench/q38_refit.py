"""Session 38 (q3): refit the sentence stage's learned document order (knowledge/index/order_model.py) on
blind 2-18 and the public set, judged leave-one-set-out against the shipped weights.

bench/answer_quality_dev_rank.py (the fitter, session 25) trains on the handbook sets alone (blind 2-11 in
the shipped order_model.json). Since then three corpora of other domains joined the seen sets: blind 18
(the Python language reference), the public set (package READMEs and stdlib docstrings), blind 19 (manual
pages and licence texts). This collects the same features (the index's own code: ``sentences.refine``
spied, ``sentences.order_features``) on each set's own corpus, from SQLite indexes built once and kept
(bench/q38_rank.py's ``--dir``), and fits with the fitter's own ``fit`` (pairwise logistic regression,
``base_order`` unpenalised) and ``first_right`` (a title the question names first, then the score).

Judged per set: hand-set order, the shipped weights, and a model trained on every training set but the
one judged (leave-one-set-out); sets never trained on (main, blind 1, blind 19) are judged by the model
trained on all training sets. ``--write`` writes the model trained on all training sets to
order_model.json (only if it wins across sets: read the table first).

    .venv/bin/python bench/q38_refit.py --dir /tmp/s38/q3/rank --cache /tmp/s38/q3/cache [--c 0.05] [--write]

Seen sets only (main, blind 1-19, public); blind 20 and later are never read here.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

import answer_quality as aq  # noqa: E402
import answer_quality_dev_rank as dev  # noqa: E402
import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402
import q37_rank  # noqa: E402
import q38_rank  # noqa: E402

from knowledge.index import KnowledgeIndex, order_model  # noqa: E402
from knowledge.index import sentences as stage  # noqa: E402
from knowledge.index.editions import asks_for_date  # noqa: E402

NOT_TRAINED = ("main", "blind", "blind19")  # judged by the model trained on every training set


def _handbook_sets() -> dict[str, list[Any]]:
    import abstain_types as at
    from answer_quality_blind16_questions import BLIND16
    from answer_quality_blind17_questions import BLIND17

    return {**at.sets(), "blind16": list(BLIND16), "blind17": list(BLIND17)}


def collect(root: Path, cache: Path) -> list[dev.Item]:
    """Every answerable single-turn question's looked-at passages, features and labels, per set."""
    corpora = q37_rank._sets(root, cache, {"blind18", "public", "handbook"})
    corpora.append(q38_rank._blind19(root, cache))
    captured: list[tuple[Any, ...]] = []
    refine = stage.refine

    def spy(hits: Any, query: str, k: int, matches: Any) -> Any:
        captured.append((list(hits), query, dict(matches)))
        return refine(hits, query, k, matches)

    stage.refine = spy  # type: ignore[assignment]
    items: list[dev.Item] = []
    try:
        for corpus, url, embedder, questions_of in corpora:
            named_sets = _handbook_sets() if corpus == "handbook" else {corpus: questions_of}
            with KnowledgeIndex.from_url(url, embedder=embedder) as index:
                kb = index.for_tenant(aq.TENANT)
                for name, questions in named_sets.items():
                    for q in questions:
                        if q.kind != "answerable" or getattr(q, "before", ()) or getattr(q, "first", None):
                            continue
                        if asks_for_date(q.text):
                            continue
                        captured.clear()
                        kb.search(q.text, k=6)
                        if not captured:
                            continue
                        hits, query, matches = captured[-1]
                        late = stage.late_ids(hits, query)
                        current, rows = stage.order_features(
                            hits, query, matches, late, stage.title_words(query, hits)
                        )
                        if not current:
                            continue
                        y = np.array([h.source_path in q.docs for h in current])
                        items.append(dev.Item(name, q.id, "val", rows, y, [h.doc_id for h in current]))
            embedder.save()
    finally:
        stage.refine = refine  # type: ignore[assignment]
    return items


def judge(
    items: Sequence[dev.Item], c: float, shipped: dict[tuple[str, str], bool]
) -> tuple[dict[str, list[int]], npt.NDArray[np.float64]]:
    """Per set: [questions, hand-set right, shipped right, refit right]; and the model on all training sets.
    ``shipped``: whether the shipped weights put an expected document first, per (set, id)."""
    train = sorted({it.set for it in items} - set(NOT_TRAINED))
    refit: dict[tuple[str, str], bool] = {}
    for held in train:
        w = dev.fit([it for it in items if it.set in train and it.set != held], c)
        refit.update({(it.set, it.id): dev.first_right(it, w) for it in items if it.set == held})
    full = dev.fit([it for it in items if it.set in train], c)
    refit.update({(it.set, it.id): dev.first_right(it, full) for it in items if it.set in NOT_TRAINED})
    table: dict[str, list[int]] = {}
    for it in items:
        row = table.setdefault(it.set, [0, 0, 0, 0])
        row[0] += 1
        row[1] += dev.first_right(it, None)
        row[2] += shipped[(it.set, it.id)]
        row[3] += refit[(it.set, it.id)]
    return table, full


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dir", type=Path, required=True, help="where the SQLite indexes are kept")
    parser.add_argument(
        "--cache", type=Path, required=True, help="folder of vec18/vec19/public/handbook .npz"
    )
    parser.add_argument("--c", default="0.05", help="inverse L2 penalty; comma-separated to compare")
    parser.add_argument(
        "--write", action="store_true", help="write the model on all training sets (first --c)"
    )
    parser.add_argument("--items", type=Path, help="keep the collected features here (pickle) between runs")
    parser.add_argument("--shipped-items", type=Path, help="--items of the features the shipped weights read")
    parser.add_argument("--shipped-weights", type=Path, help="an order_model.json to judge as shipped")
    parser.add_argument("--drop", default="", help="comma-separated features left out (weight 0), to compare")
    args = parser.parse_args(argv)
    if args.items and args.items.exists():
        items = pickle.loads(args.items.read_bytes())
    else:
        items = collect(args.dir, args.cache)
        if args.items:
            args.items.write_bytes(pickle.dumps(items))
    # The shipped column: the weights in place, or the ones before a change of features (--shipped-weights,
    # e.g. `git show <rev>:knowledge/index/order_model.json`) on the features collected then (--shipped-items).
    before = pickle.loads(args.shipped_items.read_bytes()) if args.shipped_items else items
    w0 = order_model.weights()
    if args.shipped_weights:
        w0 = np.asarray(
            json.loads(args.shipped_weights.read_text(encoding="utf-8"))["weights"], dtype=np.float64
        )
    shipped = {(it.set, it.id): dev.first_right(it, w0) for it in before}
    dropped = [order_model.FEATURES.index(f) for f in args.drop.split(",") if f]
    if dropped:  # a feature left out reads 0 everywhere: the fit gives it no weight
        for it in items:
            it.X = it.X.copy()
            it.X[:, dropped] = 0.0
    for n, c in enumerate(float(x) for x in args.c.split(",")):
        table, full = judge(items, c, shipped)
        print(f"\nC={c}: first document expected (refit: leave-one-set-out; {', '.join(NOT_TRAINED)}: all)")
        print("| set | n | hand-set | shipped | refit |\n|---|---|---|---|---|")
        total = [0, 0, 0, 0]
        for name in sorted(table, key=lambda s: (s in NOT_TRAINED, s)):
            row = table[name]
            total = [a + b for a, b in zip(total, row, strict=True)]
            print(f"| {name} | {row[0]} | {row[1]} | {row[2]} | {row[3]} |")
        print(f"| all | {total[0]} | {total[1]} | {total[2]} | {total[3]} |")
        if args.write and n == 0:
            data = json.loads(order_model.WEIGHTS.read_text(encoding="utf-8"))
            data.update(
                trained_by="bench/q38_refit.py --write",
                data="answerable single-turn questions of blind 2-18 and the public set, each on its own corpus "
                "(handbook + 300 demo-corpus documents seed 7; blind 18's; the public set's), SQLite, local MiniLM",
                commit=dev.checkout_commit(),
                judged="first document expected, hand-set / shipped (session 25's, blind 2-11) / this model "
                "(leave-one-set-out over blind 2-18 and public; main, blind 1, blind 19 by the model on all): "
                + "; ".join(f"{k} {v[1]} / {v[2]} / {v[3]} of {v[0]}" for k, v in sorted(table.items()))
                + f"; all {total[1]} / {total[2]} / {total[3]} of {total[0]}"
                + (f"; left out (weight 0): {args.drop}" if args.drop else ""),
                docs="docs/benchmarks.md, Answer quality, Session 38 (q3)",
                c=c,
                weights=[round(float(x), 6) for x in full],
            )
            order_model.WEIGHTS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            print(f"wrote {order_model.WEIGHTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
