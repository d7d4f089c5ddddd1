"""Does the passage say what the question asks? Signals that read the passage against the question, measured (session 26, h3).

Session 25 found that only the evidence the bar already uses separates answerable from unanswerable
questions among those the rules answer (rank AUC 0.65-0.68). This bench measures signals of a new
kind on bench/abstain_types.py's dump (main + blind 1-12, single-turn questions the rules answer):

- **the question's distinctive content, weighted by the corpus** (``--db``: the dump's SQLite
  corpus): the question's topic words (its asking part) weighted by their inverse document frequency
  over the corpus's documents; the weighted share held by the judged passage (with its title and
  section), by its closest sentence, and by all six hits; the rarest missing word's weight; the
  number of question words the whole corpus never uses;
- **word-level near-synonyms from the embedder** (local MiniLM, each word embedded alone): for each
  topic word of the question, its best cosine with a word of the judged passage (and its title):
  the weakest word, the mean, the weakest among the words the passage does not hold as written;
- **the slot at sentence level**: the question less the words of the judged passage's title and
  section (what it asks beyond the page's topic), its cosine with the closest sentence, its best
  cosine with any sentence of the passage, and that minus its cosine with the title.

It prints each signal's rank AUC ("unanswerable scores lower") per half, then a logistic model over
the evidence and the word-level signals, trained leave-one-set-out (13 sets), as a layer adding
abstentions at several cuts (wrong abstentions added / right abstentions added per half).

Measured (session 26, dump of d3e4587's search, the rules of a4bb0bc; tuning 376 answerable and 42
unanswerable questions the rules answer, validation 353 and 44; rank AUC tuning / validation):
evidence 0.631 / 0.676; corpus-weighted shares 0.51-0.53 / 0.46-0.49; the rarest missing word 0.543
/ 0.489; words the corpus never uses 0.473 / 0.460 (answerable questions hold more of them: typos,
slang); the slot's cosines 0.47-0.55 / 0.49-0.54; word-level embedder alignment 0.57 / 0.55-0.60
(weakest word 0.570 / 0.597). Learned over the evidence and the three word signals,
leave-one-set-out: AUC 0.650 / 0.695, and no cut adds right abstentions without as many or more
wrong ones (added wrong / right, tuning and validation: cut 0.25 +10/+3 and +10/+4; 0.30 +2/+2 and
+6/+1; 0.35 +0/+1 and +0/+0). Nothing here is used by the assistant.

Usage: .venv/bin/python bench/abstain_words.py --dump D.json --db F.db
"""

from __future__ import annotations

import argparse
import json
import math
import sqlite3
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

from abstain_types import outcome  # noqa: E402
from logistic_fit import newton, ridge, sigmoid  # noqa: E402

from graph.assistant.answering import evidence, most_relevant  # noqa: E402
from graph.assistant.asking import asking_part  # noqa: E402
from knowledge.index.coverage import _TOKEN, _function_word  # noqa: E402
from knowledge.index.passages import stem, terms  # noqa: E402
from knowledge.index.sentences import QUESTION_TERMS, sentences  # noqa: E402

CUTS = (0.2, 0.25, 0.3, 0.35, 0.4)
LEARNED = ("ev", "word_min", "word_mean", "miss_min")


def topic_words(text: str) -> list[str]:
    """The text's topic words as typed (coverage.uncovered_words's filter), in order, once."""
    out = []
    for token in _TOKEN.findall(text):
        word = token.lower()
        if not (_function_word(word) or len(word) < 3 or any(c.isdigit() for c in word)):
            out.append(word)
    return list(dict.fromkeys(out))


class Vectors:
    """Local MiniLM, each text embedded once."""

    def __init__(self) -> None:
        from knowledge.embedders.minilm import LocalMiniLMEmbedder

        self.model = LocalMiniLMEmbedder()
        self.known: dict[str, np.ndarray] = {}

    def __call__(self, texts: list[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self.known]
        for start in range(0, len(missing), 256):
            part = missing[start : start + 256]
            for t, v in zip(part, self.model.embed_documents(part), strict=True):
                self.known[t] = np.asarray(v, dtype=np.float32)
        return np.stack([self.known[t] for t in texts])


def document_frequency(db: Path) -> tuple[int, Counter[str]]:
    docs: dict[str, set[str]] = {}
    with sqlite3.connect(db) as con:
        rows = con.execute(
            "SELECT c.doc_id, d.title, c.text FROM kassist_kb_chunks c JOIN kassist_kb_documents d USING (doc_id)"
        )
        for doc, title, text in rows:
            docs.setdefault(doc, set()).update(terms(f"{title} {text}"))
    return len(docs), Counter(t for words in docs.values() for t in words)


def signals(row: dict[str, Any], n: int, df: Counter[str], vec: Vectors) -> dict[str, float] | None:
    question = asking_part(row["text"])
    judged = most_relevant(row["text"], row["hits"])
    about = f"{judged['title']} {judged.get('heading') or ''}"
    asked = terms(question) - QUESTION_TERMS
    if not asked:
        return None

    def idf(t: str) -> float:
        return math.log((n + 1) / (df.get(t, 0) + 0.5))

    passage = terms(f"{about} {judged['text']}")
    sentence = terms(f"{about} {judged.get('best_sentence') or ''}")
    everywhere = set().union(
        *(terms(f"{h['title']} {h.get('heading') or ''} {h['text']}") for h in row["hits"])
    )
    weight = sum(idf(t) for t in asked)
    scored = evidence(judged)
    out = {
        "ev": scored[0] if scored is not None else 0.0,
        "idf_share_passage": sum(idf(t) for t in asked if t in passage) / weight,
        "idf_share_sentence": sum(idf(t) for t in asked if t in sentence) / weight,
        "idf_share_hits": sum(idf(t) for t in asked if t in everywhere) / weight,
        "rarest_missing": -max([idf(t) for t in asked if t not in passage] or [0.0]),
        "corpus_unknown": -float(sum(1 for t in asked if df.get(t, 0) == 0)),
    }
    # The slot: what the question asks beyond the page's topic (its title and section).
    topic = terms(about)
    slot = " ".join(w for w in topic_words(question) if stem(w) not in topic) or question
    lines = [s for s in sentences(str(judged["text"])) if " > " not in s] or [str(judged["text"])]
    best = str(judged.get("best_sentence") or lines[0])
    s_vec, a_vec, b_vec = vec([slot, about, best])
    cos = vec(lines) @ s_vec
    out |= {"slot_sentence": float(b_vec @ s_vec), "slot_best": float(cos.max()),
            "slot_gain": float(cos.max() - a_vec @ s_vec)}  # fmt: skip
    # Word-level near-synonyms: each question word's best partner among the passage's words.
    mine = topic_words(question)
    theirs = topic_words(f"{about} {judged['text']}")
    if mine and theirs:
        partners = vec(theirs)
        best_cos = {w: float((partners @ v).max()) for w, v in zip(mine, vec(mine), strict=True)}
        held = terms(" ".join(theirs))
        out |= {"word_min": min(best_cos.values()), "word_mean": float(np.mean(list(best_cos.values()))),
                "miss_min": min([c for w, c in best_cos.items() if stem(w) not in held] or [1.0])}  # fmt: skip
    else:
        out |= {"word_min": 0.0, "word_mean": 0.0, "miss_min": 0.0}
    return out


def auc(pairs: list[tuple[bool, float]]) -> float:
    """Rank AUC of "unanswerable scores lower" (pairs: answerable?, score)."""
    pos = [v for a, v in pairs if a]
    neg = [v for a, v in pairs if not a]
    return sum((p > q) + 0.5 * (p == q) for p in pos for q in neg) / max(1, len(pos) * len(neg))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dump", type=Path, required=True)
    parser.add_argument("--db", type=Path, required=True, help="the dump's corpus (abstain_types.py --db)")
    args = parser.parse_args(argv)
    n, df = document_frequency(args.db)
    vec = Vectors()
    rows: list[dict[str, Any]] = []
    for name, dumped in json.loads(args.dump.read_text()).items():
        for row in dumped:
            if row["kind"] == "language" or not outcome(row)["answered"]:
                continue
            found = signals(row, n, df, vec)
            if found is not None:
                rows.append(
                    {"set": name, "half": row["half"], "answerable": row["kind"] == "answerable", **found}
                )
    names = [k for k in rows[0] if k not in ("set", "half", "answerable")]
    print("| signal | tuning AUC | validation AUC |\n|---|---|---|")
    for k in names:
        per = [auc([(r["answerable"], r[k]) for r in rows if r["half"] == h]) for h in ("tune", "check")]
        print(f"| {k} | {per[0]:.3f} | {per[1]:.3f} |")
    # Leave one set out: standardised features, the model trained on the other sets.
    x = np.array([[r[k] for k in LEARNED] for r in rows])
    x = np.c_[np.ones(len(rows)), (x - x.mean(0)) / x.std(0)]
    y = np.array([not r["answerable"] for r in rows], dtype=float)
    p = np.zeros(len(rows))
    for held in sorted({r["set"] for r in rows}):
        out = np.array([r["set"] == held for r in rows])
        p[out] = sigmoid(x[out] @ newton(x[~out], y[~out], ridge(x.shape[1], 1.0)))
    print(f"\nlearned over {', '.join(LEARNED)}, leave-one-set-out: added wrong / right abstentions")
    for h in ("tune", "check"):
        rs = [i for i, r in enumerate(rows) if r["half"] == h]
        cells = [f"AUC {auc([(rows[i]['answerable'], -p[i]) for i in rs]):.3f}"]
        for cut in CUTS:
            wrong = sum(p[i] > cut and rows[i]["answerable"] for i in rs)
            right = sum(p[i] > cut and not rows[i]["answerable"] for i in rs)
            cells.append(f"{cut}: +{wrong}/+{right}")
        print(h, "; ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
