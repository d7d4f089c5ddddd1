"""A small learned layer: logistic regression over what the rules and the model read in a text.

The rules judge intent from signals someone wrote down; each new set of unseen techniques found
phrasings they lacked. This layer is trained (``bench/train_poisoning_screen.py``, seeded, numpy
and scipy) on every evaluation set but blind 10, and reads what the rules cannot list: the meaning of
the whole text (the project's offline all-MiniLM-L6-v2, max and mean over its sentences, and how
close its nearest sentence is to the semantic layer's injection and contrast banks), its
character 3-5-grams (hashed, so wording in other languages and spellings count too), how many
weak signs the cheap layers found and, since session 24, its structure (``structure.py``: who each
sentence addresses and what kind of act it asks; judged leave-one-set-out, these moved the model
alone from 36-47% to 53-79% of attacks on sets it never saw). A record's cells are read as the
sentences they form (``carriers.py``). Text a decoder revealed (base64, hex, a cipher ...) is read
with the text as written. It only adds holds: it runs when the rules found nothing, and holds
when its probability reaches the threshold chosen at training time. Weights: ``learned.npz``
beside this file (float16, ~35 KB).
"""

from __future__ import annotations

import logging
import threading
import unicodedata
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from memory.manager.screen.carriers import flatten
from memory.manager.screen.ciphers import common_share
from memory.manager.screen.decode import variants
from memory.manager.screen.findings import ScreenFinding
from memory.manager.screen.semantic import LINK, SemanticScreen, default_semantic, sentences
from memory.manager.screen.shared import once
from memory.manager.screen.structure import SIZE as STRUCTURE
from memory.manager.screen.structure import structure_row

log = logging.getLogger(__name__)

WEIGHTS = Path(__file__).with_name("learned.npz")
NGRAM_BUCKETS = 1 << 14
NGRAMS = (3, 4, 5)
MAX_SENTENCES = 16
DENSE = 384
# Decodings that pull out a part of the text (always worth reading) rather than transform all of it.
_EXTRACTED = ("base64", "hex bytes", "escape sequences", "HTML comment", "hidden HTML element",
              "markdown comment", "JSON inside the text", "base32", "Morse code", "character codes",
              "Caesar shift", "upside-down letters")  # fmt: skip


def model_text(texts: Sequence[str], records: bool = True) -> str:
    """The texts with what decoding reveals in them: extracted parts, and whole-text decodings
    (ROT13, reversal, leetspeak, URL escapes ...) only when they read as more English than the text;
    with ``records``, the sentences a record's cells form (``carriers.flatten``)."""
    parts: list[str] = []
    for text in texts:
        if not text.strip():
            continue
        parts.append(text)
        base = common_share(text)
        for variant in variants(text):
            if not variant.how:
                continue
            if variant.how.startswith(_EXTRACTED) or common_share(variant.text) >= base + 0.25:
                parts.append(variant.text)
        # A record's cells as the sentences they form (carriers.py): an order split over cells is read whole.
        if records:
            parts.extend(flatten(text))
    # Links are judged by the allow-list (links.py: in untrusted text every other host is held), and
    # the own host of one set's company would be learned as a sign of benign text (a model must not
    # learn which company wrote a set). The path and query go too: an order hidden there is left to
    # the rules, which miss a hyphen-joined slug (docs/memory.md, "Known limit, links").
    return "\n".join(dict.fromkeys(LINK.sub("a link", part) for part in parts))


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
    return (sentences([text]) or [text.strip() or " "])[:MAX_SENTENCES]


def feature_row(
    text: str, vectors: npt.NDArray[np.float32], semantic: SemanticScreen, weak: int
) -> npt.NDArray[np.float32]:
    """[max and mean sentence vector, bank similarity (injection, contrast, difference) of the
    nearest sentence, weak signs, structure (structure.py), character n-grams] for one model text."""
    scores = semantic.bank_scores(vectors)
    attack, benign = max(scores) if scores else (0.0, 0.0)
    head = np.array([attack, benign, attack - benign, min(weak, 2) / 2], dtype=np.float32)
    return np.concatenate(
        [vectors.max(axis=0), vectors.mean(axis=0), head, structure_row(text), ngram_vector(text)]
    )


FEATURES = 2 * DENSE + 4 + STRUCTURE + NGRAM_BUCKETS


class LearnedScreen:
    def __init__(self, path: Path = WEIGHTS, semantic: SemanticScreen | None = None) -> None:
        self._path = path
        self._semantic = semantic
        self._lock = threading.Lock()
        self._state: tuple[npt.NDArray[np.float32], float, float] | None = None
        self._unavailable = False

    def _ready(self) -> tuple[SemanticScreen, npt.NDArray[np.float32], float, float] | None:
        semantic = self._semantic or default_semantic()
        with self._lock:
            if self._state is None and not self._unavailable:
                try:
                    with np.load(self._path) as data:
                        weights = data["weights"].astype(np.float32)
                        if weights.shape != (FEATURES,):
                            # weights of an older feature layout: reading them would raise at the first write
                            raise KeyError(
                                f"{self._path.name} has {weights.size} weights, {FEATURES} expected"
                            )
                        self._state = (weights, float(data["bias"]), float(data["threshold"]))
                except (OSError, KeyError) as exc:
                    log.warning("poisoning screen: learned layer off (%s)", exc)
                    self._unavailable = True
            if self._state is None or semantic.embedder() is None:
                return None
            return (semantic, *self._state)

    def probability(self, texts: Sequence[str], weak: int = 0) -> float | None:
        """The model's probability that these texts (one memory) are an instruction to the assistant."""
        ready = self._ready()
        text = model_text(texts)
        if ready is None or not text:
            return None
        semantic, weights, bias, _ = ready
        row = feature_row(text, semantic.vectors(text_sentences(text)), semantic, weak)
        return float(1.0 / (1.0 + np.exp(-float(row @ weights + bias))))

    def findings(self, texts: Sequence[str], weak: int = 0) -> list[ScreenFinding]:
        ready = self._ready()
        p = self.probability(texts, weak) if ready is not None else None
        if ready is None or p is None or p < ready[3]:
            return []
        return [
            ScreenFinding(
                "instruction", f"a learned model reads it as an instruction to the assistant ({p:.2f})"
            )
        ]


# The process's one instance (shared.once: built at the first call, under a lock).
default_learned = once(LearnedScreen)
