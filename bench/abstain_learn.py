"""One calibrated abstention decision learned from the judge's own signals, judged leave-one-set-out (session 25, h3).

Reads bench/abstain_types.py's dump (every development set's single-turn questions and their hits),
computes for each question the signals :func:`graph.assistant.answering.judge` already uses or could
(the judged passage's evidence, relevance and sentence cosine, margins over the other documents, the
share of the question's topic words the passage and its closest sentence hold, and whether each hand
rule - answer type, quantity, premise, names, scope page - refuses), fits a logistic model (numpy,
Newton's method with a small ridge; deterministic), and reports for each set the model trained on the
other sets against today's rule chain: wrong abstentions and right abstentions, tuning and validation
halves apart (bench/abstain_types.halves).

``--layer``: ``replace`` (the model alone decides), ``add`` (the rules first; a model learned on the
questions they answer may add an abstention), ``lift`` (a model learned on the questions they refuse
may lift an abstention). ``--sweep`` prints both halves at every cut.

Measured (session 25, h3; dump of 4f0eae4's search, main + blind 1-11, 698 answerable and 215
unanswerable single-turn questions; wrong abstentions / right abstentions, rules at 4f0eae4: tuning
21/358, 75/112; validation 21/340, 65/103): no layer beats the rules at any cut. ``replace``: 23/358,
67/112 and 17/340, 58/103 at 0.35; 35/358, 74/112 and 36/340, 68/103 at 0.30. ``add``: at 0.25,
28/358, 76/112 and 24/340, 65/103 (seven wrong abstentions more for one right one); no change above
0.35. ``lift``: at 0.60, 19/358, 68/112 and 18/340, 58/103 (each wrong abstention lifted costs two to
three right ones). Among the questions the rules answer, the unanswerable ones have a lower evidence
(rank AUC 0.65-0.68 against the answerable ones, which the bar already uses) and no signal separates
them otherwise (margins 0.57-0.62, word coverage 0.45-0.55, the question's cosine with the judged
passage's title and heading or the sentence cosine's gain over it 0.47-0.53): a near miss is as close
to its passage, in words and in MiniLM's meaning, as a paraphrase. Nothing learned is shipped.

Usage: .venv/bin/python bench/abstain_learn.py --dump D.json [--layer replace|add|lift] [--cut 0.5] [--sweep]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

from logistic_fit import newton, ridge, sigmoid  # noqa: E402

from graph.assistant.answering import (  # noqa: E402
    QUANTITY_DEPTH,
    _sentences_about,
    evidence,
    judge,
    most_relevant,
    slot_failures,
)
from graph.assistant.asking import asking_part  # noqa: E402
from graph.assistant.names import office_names, quoted_title, unexcused  # noqa: E402
from graph.assistant.premises import presupposed, stated  # noqa: E402
from graph.assistant.scopes import scope_page_off_topic  # noqa: E402
from knowledge.index.passages import named_scopes, terms  # noqa: E402
from knowledge.index.sentences import QUESTION_TERMS  # noqa: E402

NAMES = ("bias", "ev", "rel", "sent", "maxsent", "margin_rel", "margin_sent", "cov_passage", "cov_sentence",
         "cov_top3", "n_topic", "type_fail", "quantity_fail", "premise_fail", "names_fail", "scope_fail")  # fmt: skip


def signals(query: str, hits: list[dict[str, Any]], uses: dict[str, bool]) -> list[float]:
    """The features of one question (see the module's docstring)."""
    judged = most_relevant(query, hits)
    scored = evidence(judged)
    ev = scored[0] - scored[1] if scored else 0.0
    rel = float(judged.get("relevance") or 0.0)
    sent = float(judged.get("sentence_cosine") or 0.0)
    maxsent = max(float(h.get("sentence_cosine") or 0.0) for h in hits)
    others = [h for h in hits if h.get("source_path") != judged.get("source_path")]
    margin_rel = rel - max((float(h.get("relevance") or 0.0) for h in others), default=0.0)
    margin_sent = sent - max((float(h.get("sentence_cosine") or 0.0) for h in others), default=0.0)
    topic = terms(asking_part(query)) - QUESTION_TERMS
    n = max(len(topic), 1)
    passage = terms(f"{judged['title']} {judged.get('heading') or ''} {judged['text']}")
    sentence = terms(str(judged.get("best_sentence") or ""))
    top3 = frozenset().union(*(terms(f"{h['title']} {h.get('heading') or ''} {h['text']}") for h in hits[:3]))
    # The judge's own slot checks, read from the part that asks as the judge reads them.
    kind_failed, quantity_failed = slot_failures(query, asking_part(query), hits, judged)
    type_fail, quantity_fail = float(kind_failed is not None), float(quantity_failed is not None)
    claim = presupposed(query)
    premise_fail = float(
        bool(claim) and not stated(claim, _sentences_about([*hits[:QUANTITY_DEPTH], judged]))
    )
    names_fail = scope_fail = 0.0
    scoped = named_scopes(asking_part(query))
    offices = office_names(query)
    if scoped or offices:
        texts = [f"{h['title']} {h['text']}" for h in hits]
        found = set().union(*(terms(t) for t in texts))
        names = (scoped - quoted_title(query, found, offices)) | offices
        if names:
            missing = unexcused(query, names - found, found, "\n".join(texts), lambda w: bool(uses.get(w)))
            names_fail = float(bool(missing))
            scope_fail = float(bool(scope_page_off_topic(query, names, judged)))
    return [1.0, ev, rel, sent, maxsent, margin_rel, margin_sent, len(topic & passage) / n,
            len(topic & sentence) / n, len(topic & top3) / n, float(np.log1p(len(topic))), type_fail,
            quantity_fail, premise_fail, names_fail, scope_fail]  # fmt: skip


def rows(dump: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    out = []
    for name, items in dump.items():
        for row in items:
            if row["kind"] == "language" or not row["hits"]:
                continue
            uses = row["uses"]
            verdict = judge(row["text"], row["hits"], embedder=row["embedder"], uses=uses.get)
            out.append({"set": name, "id": row["id"], "half": row["half"], "tag": row["tag"] or row["kind"],
                        "y": float(row["kind"] == "unanswerable"), "rule": not verdict.answerable,
                        "reason": verdict.reason, "x": signals(row["text"], row["hits"], uses), "text": row["text"]})  # fmt: skip
    return out


def _row(name: str, half: str, c: Counter[str]) -> str:
    """One table row: wrong / right abstentions of the rules, then of the learned decision."""
    rule = f"{c['arule']}/{c['a']} / {c['urule']}/{c['u']}"
    return f"| {name} | {half} | {rule} | {c['amodel']}/{c['a']} / {c['umodel']}/{c['u']} |"


def _positive(text: str) -> float:
    """``--ridge``: a penalty above 0. Without one the fit is undefined when a feature never varies
    in a training set (a fail flag that never fires there) or the sets are separable."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number > 0: an unpenalised fit is undefined when a feature "
            "never varies in a training set"
        )
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dump", type=Path, required=True)
    parser.add_argument("--cut", type=float, default=0.5)
    parser.add_argument("--ridge", type=_positive, default=1.0)
    parser.add_argument("--features", default=",".join(NAMES))
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--sweep", action="store_true")
    parser.add_argument("--layer", choices=("replace", "add", "lift"), default="replace")
    args = parser.parse_args(argv)
    if args.cache and args.cache.exists():
        data = json.loads(args.cache.read_text())
    else:
        data = rows(json.loads(args.dump.read_text()))
        if args.cache:
            args.cache.write_text(json.dumps(data))
    cols = [NAMES.index(f) for f in args.features.split(",")]
    x = np.array([[r["x"][c] for c in cols] for r in data])
    y = np.array([r["y"] for r in data])
    rule = np.array([bool(r["rule"]) for r in data])
    # Which rows the model learns from and judges: every row (replace: the model alone decides), the
    # rows the rules answer (add: it may add an abstention), the rows they refuse (lift: it may lift one).
    scope = {"replace": np.ones(len(data), dtype=bool), "add": ~rule, "lift": rule}[args.layer]
    member = np.array([r["set"] for r in data])
    prob = np.zeros(len(data))
    # The intercept (the bias column, wherever --features puts it) is not penalised; without it, all are.
    penalty = ridge(x.shape[1], args.ridge, free=cols.index(0) if 0 in cols else None)
    for held in sorted(set(member)):
        train, test = scope & (member != held), scope & (member == held)
        prob[test] = sigmoid(x[test] @ newton(x[train], y[train], penalty))
    w_all = newton(x[scope], y[scope], penalty)
    print("weights (all sets):", ", ".join(f"{NAMES[c]} {v:+.2f}" for c, v in zip(cols, w_all, strict=True)))

    def decide(cut: float) -> np.ndarray:
        """Abstain (True) or answer, by the layer at ``cut`` on the leave-one-set-out probabilities."""
        if args.layer == "replace":
            return np.asarray(prob >= cut)
        if args.layer == "add":
            return np.asarray(rule | (scope & (prob >= cut)))
        return np.asarray(rule & (prob >= cut))

    chosen = decide(args.cut)
    print(
        "| set | half | rule: wrong / right | learned, leave-one-set-out: wrong / right |\n|---|---|---|---|"
    )
    total: dict[str, Counter[str]] = {"tune": Counter(), "check": Counter()}
    for name in sorted(set(member)):
        for half in ("tune", "check"):
            c: Counter[str] = Counter()
            for i, r in enumerate(data):
                if r["set"] != name or r["half"] != half:
                    continue
                key = "u" if r["y"] else "a"
                c[key] += 1
                c[key + "rule"] += r["rule"]
                c[key + "model"] += bool(chosen[i])
                if args.show and chosen[i] != r["rule"]:
                    print(f"   {'+' if chosen[i] == bool(r['y']) else '-'} {name} {r['id']} [{r['tag']}] "
                          f"p={prob[i]:.2f} rule={r['reason']!r} {r['text'][:90]}")  # fmt: skip
            total[half].update(c)
            print(_row(name, half, c))
    for half, c in total.items():
        print(_row("all", half, c))
    if args.sweep:
        tune = np.array([r["half"] == "tune" for r in data])
        print("\n| cut | tune: wrong / right | check: wrong / right |\n|---|---|---|")
        for cut in np.arange(0.1, 0.71, 0.05):
            out = decide(float(cut))
            cells = [f"{int(out[h & (y == 0)].sum())}/{int((h & (y == 0)).sum())} / "
                     f"{int(out[h & (y == 1)].sum())}/{int((h & (y == 1)).sum())}" for h in (tune, ~tune)]  # fmt: skip
            print(f"| {cut:.2f} | {cells[0]} | {cells[1]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
