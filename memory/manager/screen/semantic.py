"""Meaning, not wording: similarity of each sentence to known injection phrasings (local MiniLM).

Only sentences the cheap layers are unsure about are embedded (they found one weak sign, or the
text talks to someone: "you", "the assistant", "the user"), in one batch per memory, against bank
vectors computed once per process. A sentence is flagged when it is close to an injection
phrasing *and* closer to it than to ordinary handbook, runbook and user text by a margin; with a
weak sign from the phrase banks the bar is lower. The model runs offline (all-MiniLM-L6-v2 int8,
``knowledge.embedders.minilm``); when it is not installed the layer is skipped with one warning.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from memory.manager.screen.bank import CONTRASTS, INJECTIONS
from memory.manager.screen.findings import Finding

log = logging.getLogger(__name__)

_SENTENCE = re.compile(r"(?<=[.!?。！？;])\s+|\n+")
_CUE = re.compile(
    r"\b(?:you|your|yours|assistant|ai|model|bot|user|users|answer|answers|respond|reply|replies|instruction|"
    r"instructions|rules|guidance|prompt|tell|say|conversation|future|remember|anyone|whoever)\b",
    re.IGNORECASE,
)
MAX_SENTENCES = 24  # a memory is short; a long one is checked on its first sentences and its key


@dataclass(frozen=True)
class Thresholds:
    alone: float = 0.68  # similarity that holds a sentence without any other sign
    alone_margin: float = 0.1  # ... and by how much it must be closer to an injection than to a contrast
    with_sign: float = 0.5  # similarity that holds it when the phrase banks found a weak sign
    with_sign_margin: float = 0.1


class SemanticScreen:
    def __init__(self, thresholds: Thresholds | None = None) -> None:
        self.thresholds = thresholds or Thresholds()
        self._lock = threading.Lock()
        self._embedder: object | None = None
        self._banks: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]] | None = None
        self._unavailable = False

    def _ready(self) -> bool:
        with self._lock:
            if self._banks is not None:
                return True
            if self._unavailable:
                return False
            from knowledge.embedders.minilm import LocalMiniLMEmbedder, ModelUnavailable

            try:
                embedder = LocalMiniLMEmbedder()
                embedder.check()
                self._banks = (embedder.embed_array(INJECTIONS), embedder.embed_array(CONTRASTS))
            except ModelUnavailable as exc:
                log.warning("poisoning screen: semantic layer off, only the phrase banks run (%s)", exc)
                self._unavailable = True
                return False
            self._embedder = embedder
            return True

    def findings(self, texts: Sequence[str], weak_sign: bool) -> list[Finding]:
        sentences = candidate_sentences(texts, force=weak_sign)
        if not sentences or not self._ready():
            return []
        assert self._banks is not None
        from knowledge.embedders.minilm import LocalMiniLMEmbedder

        embedder = self._embedder
        assert isinstance(embedder, LocalMiniLMEmbedder)
        vectors = embedder.embed_array(sentences)
        attack = (vectors @ self._banks[0].T).max(axis=1)
        benign = (vectors @ self._banks[1].T).max(axis=1)
        t = self.thresholds
        bar, margin = (t.with_sign, t.with_sign_margin) if weak_sign else (t.alone, t.alone_margin)
        hits = (attack >= bar) & (attack - benign >= margin)
        if hits.any():
            best = float(attack[hits].max())
            return [Finding("instruction", f"close in meaning to known injection phrasings ({best:.2f})")]
        return []

    def scores(self, sentences: Sequence[str]) -> list[tuple[float, float]]:
        """(similarity to the nearest injection, to the nearest contrast) per sentence: for tuning."""
        if not self._ready():
            return []
        assert self._banks is not None and self._embedder is not None
        vectors = self._embedder.embed_array(sentences)  # type: ignore[attr-defined]
        return list(zip((vectors @ self._banks[0].T).max(axis=1).tolist(),
                        (vectors @ self._banks[1].T).max(axis=1).tolist(), strict=True))  # fmt: skip


def sentences(texts: Sequence[str]) -> list[str]:
    return [s.strip() for text in texts for s in _SENTENCE.split(text) if s.strip()]


def candidate_sentences(texts: Sequence[str], *, force: bool) -> list[str]:
    out: list[str] = []
    for sentence in sentences(texts):
        if len(sentence) >= 12 and (force or _CUE.search(sentence)) and sentence not in out:
            out.append(sentence)
    return out[:MAX_SENTENCES]


_DEFAULT: SemanticScreen | None = None
_default_lock = threading.Lock()


def default_semantic() -> SemanticScreen:
    global _DEFAULT
    with _default_lock:
        if _DEFAULT is None:
            _DEFAULT = SemanticScreen()
        return _DEFAULT
