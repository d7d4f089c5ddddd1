"""Which of the question's words a passage answers: token-level alignment in MiniLM's own context,
measured as an abstention signal (session 20). Not used by the assistant: see the verdict below.

A sentence embedding averages every word, so "Can I bring my dog to the Tokyo office?" stays close
to the page on bringing dogs to the office although nothing there says Tokyo. MiniLM's last hidden
state (before the mean pooling that makes the sentence vector, knowledge/embedders/minilm.py) holds
one contextual vector per word piece: a question word that the passage states in other words finds a
close partner among the passage's words, and the word a near miss adds ("Tokyo", "full salary",
"cryptocurrency") should find none. This is the recall half of BERTScore (Zhang et al., 2020) over
the question's content words (stop words and coverage.QUESTION_WORDS aside; word pieces averaged
into words). :func:`align` runs the question and passages in one batch of the embedder's own ONNX
session (same weights, same sha256 check).

``main`` reads the dumps of bench/abstain_dev.py (``--dump``) and bench/retrieval_abstain.py
(``--dump``, all sets), aligns each question with the passage the judge reads
(answering.most_relevant: its title and text), fits a logistic gate on the judge's evidence, the
weakest word's score and the second weakest (dev fit half + blind 2-5), with its bar set so that it
adds no wrong abstention on the fit rows, and prints what the gate adds to the judge per set.

Verdict (session 20, /tmp/kassist-docs/s20/h2.md for docs/benchmarks.md): on the mechanical near
misses the gate lifts abstention recall 0.411 -> 0.556 on the held-out validate half (0.323 -> 0.583
on the fit half) with no wrong abstention added; on the hand-written sets it adds nothing (blind
1-5, the seen sets) or one right abstention for one wrong one (blind 6: 0.529 -> 0.588, wrong
0.056 -> 0.069). Typed shorthand and slang ("pension pot", "prod", "jira", "hamper") align as weakly
as the word a near miss adds ("prayer room", "shower", "donate blood"). So the judge does not use it.
Cost: one model run over the question and a 256-token passage, 0.15 s of CPU per question.

Usage: .venv/bin/python bench/abstain_dev_align.py --dev DEV.json --hand HAND.json
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

from graph.assistant.answering import evidence, most_relevant  # noqa: E402
from knowledge.embedders.minilm import _session, default_model_path, usable_cores  # noqa: E402
from knowledge.embedders.wordpiece import MODEL_MAX_TOKENS, embedding_tokenizer  # noqa: E402
from knowledge.index.coverage import QUESTION_WORDS  # noqa: E402
from knowledge.index.rules import STOPWORDS  # noqa: E402

_WORDS = re.compile(r"[^\W_]+", re.UNICODE)


@dataclass(frozen=True)
class Alignment:
    """One passage against the question: each content word of the question (lower case, in its
    order) with its best cosine to any word of the passage."""

    words: tuple[str, ...]
    scores: tuple[float, ...]

    @property
    def mean(self) -> float:
        return float(np.mean(self.scores)) if self.scores else 1.0

    @property
    def weakest(self) -> float:
        return min(self.scores) if self.scores else 1.0

    def below(self, floor: float) -> list[str]:
        """The question's words whose best partner in the passage is under ``floor``, weakest first."""
        pairs = sorted(zip(self.scores, self.words, strict=True))
        return [w for s, w in pairs if s < floor]


def content_word(word: str) -> bool:
    """A word of the question that names what it asks (stop words and question words aside)."""
    w = word.lower()
    return w not in STOPWORDS and w not in QUESTION_WORDS and (len(w) >= 3 or w.isdigit())


def _word_vectors(
    hidden: npt.NDArray[np.float32], word_ids: Sequence[int | None]
) -> dict[int, npt.NDArray[np.float32]]:
    """The unit vector of each word of one text: its pieces' hidden states averaged."""
    groups: dict[int, list[int]] = {}
    for position, word in enumerate(word_ids):
        if word is not None:
            groups.setdefault(word, []).append(position)
    out = {}
    for word, positions in groups.items():
        v = hidden[positions].mean(axis=0)
        out[word] = (v / max(float(np.linalg.norm(v)), 1e-12)).astype(np.float32)
    return out


def align(question: str, passages: Sequence[str], *, threads: int | None = None) -> list[Alignment]:
    """Per passage, each content word of ``question`` with its best cosine to a word of the passage
    (one model run: the question and the passages in one batch, each truncated to the model's 256
    tokens). An empty list for no passages; a question without content words aligns fully."""
    if not passages:
        return []
    tokenizer = embedding_tokenizer(MODEL_MAX_TOKENS)
    texts = [question, *passages]
    encodings = tokenizer.encode_batch(texts)
    ids = np.array([e.ids for e in encodings], dtype=np.int64)
    mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
    session = _session(default_model_path(), threads if threads is not None else usable_cores())
    (hidden,) = session.run(
        ["last_hidden_state"],
        {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)},
    )
    q = encodings[0]
    q_vectors = _word_vectors(hidden[0], q.word_ids)
    asked: list[tuple[str, npt.NDArray[np.float32]]] = []
    seen: set[str] = set()
    for word, vector in q_vectors.items():
        span = q.word_to_chars(word)
        if span is None:
            continue
        text = question[span[0] : span[1]].lower()
        if _WORDS.fullmatch(text) and content_word(text) and text not in seen:
            seen.add(text)
            asked.append((text, vector))
    out = []
    for row, encoding in enumerate(encodings[1:], start=1):
        vectors = _word_vectors(hidden[row], encoding.word_ids)
        if not asked or not vectors:
            out.append(Alignment(tuple(w for w, _ in asked), tuple(0.0 for _ in asked)))
            continue
        matrix = np.stack(list(vectors.values()))
        best = matrix @ np.stack([v for _, v in asked]).T
        scores = best.max(axis=0)
        out.append(Alignment(tuple(w for w, _ in asked), tuple(float(s) for s in scores)))
    return out


FEATURES = ("evidence", "weakest", "second")


def features(row: dict[str, Any]) -> list[float] | None:
    """The judge's evidence on the passage it reads, and that passage's weakest and second-weakest
    word alignments; None when the passage carries no relevance."""
    hits = row["hits"]
    if not hits:
        return None
    top = most_relevant(str(row["text"]), hits)
    scored = evidence(top)
    if scored is None:
        return None
    scores = sorted(align(str(row["text"]), [f"{top['title']}. {top['text']}"])[0].scores) or [1.0]
    return [scored[0], scores[0], scores[1] if len(scores) > 1 else 1.0]


def fit_logistic(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Weights (last: intercept) of a logistic model, plain gradient descent, a little L2."""
    a = np.c_[x, np.ones(len(x))]
    w = np.zeros(a.shape[1])
    for _ in range(3000):
        p = 1 / (1 + np.exp(-a @ w))
        w -= (a.T @ (p - y) + np.r_[w[:-1], 0.0]) / len(y)
    return w


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dev", type=Path, required=True, help="bench/abstain_dev.py --dump")
    parser.add_argument("--hand", type=Path, required=True, help="bench/retrieval_abstain.py --dump")
    args = parser.parse_args(argv)
    dev = json.loads(args.dev.read_text())["dev"]
    hand = json.loads(args.hand.read_text())
    groups = {"dev fit": [r for r in dev if r["half"] == "fit"],
              "dev validate": [r for r in dev if r["half"] == "validate"],
              **{name: rows for name, rows in hand.items()}}  # fmt: skip
    table: dict[str, tuple[Any, Any, Any]] = {}  # features, answerable, the judge abstained
    for name, rows in groups.items():
        kept = [(features(r), r) for r in rows if r["kind"] in ("answerable", "unanswerable")]
        kept = [(f, r) for f, r in kept if f is not None]
        table[name] = (
            np.array([f for f, _ in kept]),
            np.array([r["kind"] == "answerable" for _, r in kept]),
            np.array([not r["answered"] for _, r in kept]),
        )
    fit = [n for n in table if n in ("dev fit", "blind2", "blind3", "blind4", "blind5")]
    x: Any = np.concatenate([table[n][0] for n in fit])
    y: Any = np.concatenate([table[n][1] for n in fit])
    now: Any = np.concatenate([table[n][2] for n in fit])
    w = fit_logistic(x, y.astype(np.float64))
    score = np.c_[x, np.ones(len(x))] @ w
    bar = max((b for b in sorted(set(score)) if (now | (score < b))[y].sum() == now[y].sum()), default=-1e9)
    print(f"gate: logistic({', '.join(FEATURES)}) weights {np.round(w, 3).tolist()}, bar {bar:.3f}\n")
    print(
        "| set | answerable | unanswerable | abstention recall judge -> +gate | wrong abstentions judge -> +gate |"
    )
    print("|---|---|---|---|---|")
    for name, (xs, ys, judged) in table.items():
        if not len(xs):
            continue
        gated = judged | (np.c_[xs, np.ones(len(xs))] @ w < bar)
        print(f"| {name} | {ys.sum()} | {(~ys).sum()} | {judged[~ys].mean():.3f} -> {gated[~ys].mean():.3f} | "
              f"{judged[ys].mean():.3f} -> {gated[ys].mean():.3f} |")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
