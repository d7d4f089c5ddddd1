"""Whether the knowledge base answers a question: the relevance threshold and the question's language.

Retrieval always returns *something*; an assistant that quotes the nearest passage for "can I bring
my dog to the Tokyo office" misleads. :func:`judge` decides, from the reranked hits
(``knowledge/index/rerank.py``), whether the best passage bears on the question:

- its second-stage relevance must reach :data:`RELEVANCE_THRESHOLD`, calibrated on the tuning half
  of bench/answer_quality.py (the midpoint between the best unanswerable and the worst answerable
  question there; docs/benchmarks.md, Answer quality);
- a name the question asks about (a proper noun: "Tokyo", "SEV2") must occur in one of the passages,
  else the base has nothing on it, however close the rest of the wording.

Below the bar the answer says nothing relevant was found and names the closest titles. A question
pointing back at the document in focus ("what does it say about X") is answered from that document.

The local embedders read English only; :func:`detect_language` (stop-word counts and scripts, no
model, no network) recognises common other languages so that the answer can say so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from knowledge.index.rerank import named_scopes, terms

RELEVANCE_THRESHOLD = 0.41
# A question pointing back ("what does it say about trains") is answered from the document in focus
# when that document has a passage at least this close; else it is searched as a new question.
FOCUS_THRESHOLD = 0.3
LANGUAGE_NOTE = "reads English only"
NOT_FOUND = "I found nothing relevant to this question in the knowledge base."
MAX_CLOSEST = 3

# Frequent function words that English does not use (checked: none is an English word).
_STOPWORDS: dict[str, frozenset[str]] = {
    "Spanish": frozenset(["el", "los", "las", "del", "por", "para", "con", "una", "unos", "cuántos", "cuántas", "cuánto", "qué", "cómo", "cuándo", "dónde", "tengo", "puedo", "es", "está", "son", "mi", "mis", "al", "año", "días"]),
    "French": frozenset(["le", "les", "des", "du", "une", "est", "sont", "pour", "avec", "dans", "combien", "quels", "quelle", "quel", "comment", "je", "mon", "ma", "mes", "jours", "année", "sont", "payés", "et"]),
    "German": frozenset(["der", "die", "das", "den", "dem", "des", "und", "ist", "sind", "wie", "viele", "lange", "werden", "ich", "mein", "meine", "für", "mit", "nicht", "auf", "tage", "jahr", "gespeichert"]),
    "Dutch": frozenset(["de", "het", "een", "en", "ik", "mijn", "hoeveel", "hoe", "lang", "wordt", "worden", "dagen", "jaar", "per", "vanuit", "mag", "niet", "voor", "met", "op", "zijn"]),
    "Portuguese": frozenset(["o", "os", "as", "um", "uma", "do", "da", "dos", "das", "para", "com", "quanto", "quantos", "tenho", "posso", "minhas", "meus", "não", "é", "são", "em", "ao"]),
    "Italian": frozenset(["il", "lo", "gli", "della", "delle", "degli", "per", "con", "quanti", "quanto", "quale", "come", "posso", "ho", "sono", "non", "giorni", "anno", "all"]),
}  # fmt: skip
_ENGLISH = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "for",
        "with",
        "is",
        "are",
        "was",
        "be",
        "do",
        "does",
        "did",
        "how",
        "what",
        "when",
        "where",
        "who",
        "which",
        "can",
        "i",
        "my",
        "me",
        "we",
        "our",
        "you",
        "your",
        "it",
        "this",
        "that",
        "there",
        "have",
        "has",
        "many",
        "much",
        "long",
        "per",
        "day",
        "days",
        "year",
    ]
)
_SCRIPTS = (
    ("Chinese or Japanese", re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")),
    ("Korean", re.compile(r"[\uac00-\ud7af]")),
    ("Arabic", re.compile(r"[\u0600-\u06ff]")),
    ("Russian or another Cyrillic-script language", re.compile(r"[\u0400-\u04ff]")),
    ("Greek", re.compile(r"[\u0370-\u03ff]")),
    ("Hindi or another Devanagari-script language", re.compile(r"[\u0900-\u097f]")),
    ("Bengali", re.compile(r"[\u0980-\u09ff]")),
)
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def detect_language(text: str) -> str | None:
    """The question's language when it is confidently not English, else None."""
    for name, script in _SCRIPTS:
        if len(script.findall(text)) >= 2:
            return name
    words = [w.lower() for w in _WORD.findall(text)]
    if len(words) < 3:
        return None
    english = sum(w in _ENGLISH for w in words)
    best, count = max(((n, sum(w in s for w in words)) for n, s in _STOPWORDS.items()), key=lambda x: x[1])
    accents = sum(ch in "áéíóúñ¿¡àèìòùâêîôûçäöüßœ" for ch in text.lower())
    if count + min(accents, 2) >= 2 and count + min(accents, 2) > english:
        return best
    return None


def english_only(embedder_name: str) -> bool:
    """Whether the embedder in use reads English only (the local models; OpenAI's are multilingual)."""
    name = embedder_name.lower()
    return "minilm" in name or "hashing" in name or "bge-small-en" in name


@dataclass
class Verdict:
    answerable: bool
    reason: str = ""
    closest: list[str] = field(default_factory=list)  # titles of the nearest documents
    language: str | None = None  # set when the question is not in a language the embedder reads

    def to_state(self) -> dict[str, Any]:
        return {"answerable": self.answerable, "reason": self.reason, "closest": self.closest,
                "language": self.language}  # fmt: skip


def _closest(hits: Sequence[dict[str, Any]]) -> list[str]:
    return list(dict.fromkeys(str(h["title"]) for h in hits))[:MAX_CLOSEST]


def judge(query: str, hits: Sequence[dict[str, Any]], *, embedder: str, focused: bool = False) -> Verdict:
    """Whether ``hits`` (reranked SearchHit dumps, best first) answer ``query``."""
    language = detect_language(query)
    if language is not None and not english_only(embedder):
        language = None
    if not hits:
        return Verdict(False, "no passage matched", [], language)
    if focused:  # the user pointed at a document already found: answer from it
        return Verdict(True, "follow-up on the document in focus", _closest(hits), language)
    best = hits[0].get("relevance")
    if best is not None and float(best) < RELEVANCE_THRESHOLD:
        return Verdict(
            False, f"best relevance {float(best):.2f} < {RELEVANCE_THRESHOLD}", _closest(hits), language
        )
    names = named_scopes(query)
    if names:
        found = set().union(*(terms(f"{h['title']} {h['text']}") for h in hits))
        missing = sorted(_unexcused(query, names - found, found))
        if missing:
            return Verdict(False, f"nothing mentions {', '.join(missing)}", _closest(hits), language)
    return Verdict(True, "", _closest(hits), language)


def _unexcused(query: str, missing: set[str] | frozenset[str], found: set[str]) -> set[str]:
    """The missing names that count: a word of a title-cased phrase ("our 2026 Employee Leave Policy
    handbook") names a document, not a scope, when most of that phrase's words are found; a place in
    "the Tokyo Office" stays missing (one of its two words found is not most)."""
    counted = set(missing)
    for run in re.findall(r"(?:\b[A-Z][\w'-]*(?:\s+|$)){2,}", query):
        words = terms(run)
        if len(words) >= 2 and len(words & found) * 2 > len(words):
            counted -= words
    return counted


def not_found_text(verdict: Verdict) -> str:
    """The abstention: nothing relevant, and where the nearest material is."""
    lines = [NOT_FOUND]
    if verdict.closest:
        lines.append("The closest documents are: " + "; ".join(verdict.closest) + ".")
    return "\n".join(lines)


def language_text(language: str) -> str:
    return (
        f"Your question looks like {language}; the search model in use {LANGUAGE_NOTE}, so results for "
        "questions in other languages are unreliable. Ask in English for the best answer."
    )
