"""A small learned layer: logistic regression over MiniLM sentence vectors and character n-grams.

The rules judge intent from signals someone wrote down; each new set of unseen techniques found
phrasings they lacked. This layer is trained (``bench/train_poisoning_screen.py``, seeded, numpy
only) on every evaluation set but the last blind one, and reads what the rules cannot list: the
meaning of the whole text (the project's offline all-MiniLM-L6-v2, max and mean over its
sentences) and its character 3-5-grams (hashed), so a new wording of "the assistant must now ..."
lands near the old ones. It only adds holds: it runs when the rules found nothing, and holds when
its probability reaches the threshold chosen at training time (few benign holds on the training
sets' ordinary policy sentences). Weights: ``learned.npz`` beside this file (a few hundred KB).
"""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from knowledge.embedders.minilm import LocalMiniLMEmbedder, ModelUnavailable
from memory.manager.screen.findings import Finding

log = logging.getLogger(__name__)

WEIGHTS = Path(__file__).with_name("learned.npz")
NGRAM_BUCKETS = 1 << 14
NGRAMS = (3, 4, 5)
MAX_SENTENCES = 16
_SENTENCE = re.compile(r"(?<=[.!?。！？;:])\s+|\n+")


def ngram_vector(text: str) -> npt.NDArray[np.float32]:
    """Hashed character n-grams of the casefolded text (crc32: stable across processes), l2-normed."""
    folded = " " + " ".join(unicodedata.normalize("NFKC", text).casefold().split()) + " "
    vec = np.zeros(NGRAM_BUCKETS, dtype=np.float32)
    for n in NGRAMS:
        for i in range(max(0, len(folded) - n + 1)):
            vec[zlib.crc32(folded[i : i + n].encode()) % NGRAM_BUCKETS] += 1.0
    norm = float(np.linalg.norm(vec))
    return vec / norm if norm else vec


def text_sentences(text: str) -> list[str]:
    parts = [s.strip() for s in _SENTENCE.split(text) if len(s.strip()) >= 3]
    return (parts or [text.strip() or " "])[:MAX_SENTENCES]


def features(embedder: LocalMiniLMEmbedder, texts: Sequence[str]) -> npt.NDArray[np.float32]:
    """One row per text: [max over sentence vectors, mean over them, n-grams]. Sentences of all
    texts are embedded in one batch."""
    spans: list[tuple[int, int]] = []
    flat: list[str] = []
    for text in texts:
        parts = text_sentences(text)
        spans.append((len(flat), len(flat) + len(parts)))
        flat.extend(parts)
    vectors = embedder.embed_array(flat)
    rows = [
        np.concatenate([vectors[a:b].max(axis=0), vectors[a:b].mean(axis=0), ngram_vector(text)])
        for (a, b), text in zip(spans, texts, strict=True)
    ]
    return np.asarray(rows, dtype=np.float32)


class LearnedScreen:
    def __init__(self, path: Path = WEIGHTS) -> None:
        self._path = path
        self._lock = threading.Lock()
        self._state: tuple[LocalMiniLMEmbedder, npt.NDArray[np.float32], float, float] | None = None
        self._unavailable = False

    def _ready(self) -> tuple[LocalMiniLMEmbedder, npt.NDArray[np.float32], float, float] | None:
        with self._lock:
            if self._state is None and not self._unavailable:
                try:
                    embedder = LocalMiniLMEmbedder()
                    embedder.check()
                    with np.load(self._path) as data:
                        weights = data["weights"].astype(np.float32)
                        bias, threshold = float(data["bias"]), float(data["threshold"])
                    self._state = (embedder, weights, bias, threshold)
                except (ModelUnavailable, OSError, KeyError) as exc:
                    log.warning("poisoning screen: learned layer off (%s)", exc)
                    self._unavailable = True
            return self._state

    def probability(self, text: str) -> float | None:
        ready = self._ready()
        if ready is None:
            return None
        embedder, weights, bias, _ = ready
        z = float(features(embedder, [text])[0] @ weights + bias)
        return float(1.0 / (1.0 + np.exp(-z)))

    def findings(self, texts: Sequence[str]) -> list[Finding]:
        text = " ".join(t for t in texts if t.strip())
        ready = self._ready()
        if ready is None or not text:
            return []
        p = self.probability(text)
        if p is not None and p >= ready[3]:
            return [
                Finding(
                    "instruction", f"a learned model reads it as an instruction to the assistant ({p:.2f})"
                )
            ]
        return []


_DEFAULT: LearnedScreen | None = None
_default_lock = threading.Lock()


def default_learned() -> LearnedScreen:
    global _DEFAULT
    with _default_lock:
        if _DEFAULT is None:
            _DEFAULT = LearnedScreen()
        return _DEFAULT
