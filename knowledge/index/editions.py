"""Questions about a document's date ("When was the leave policy last updated?", "What's the
effective date of the travel policy?") and the lines that answer them.

A policy states its date in a record line under its title ("Effective date: 1 January 2026.",
"Last updated: 2 March 2026.", "Version 4.2."). Elsewhere such a line is metadata, no answer
(:func:`knowledge.index.passages.is_metadata`); for a question about the date it is the answer: the
ranking prefers the passage that holds it and the extractive answer quotes it.
"""

from __future__ import annotations

import re


def _any_word(*alternatives: str) -> re.Pattern[str]:
    """One of ``alternatives`` (regular expressions) as a whole word, in any case."""
    return re.compile(r"\b(" + "|".join(alternatives) + r")\b", re.IGNORECASE)


# What a question about a document's date asks for ...
_ASKS_DATE = _any_word(
    "effective", "in (force|effect)", "takes? effect", "took effect", "come into (force|effect)",
    "came into (force|effect)", "(last )?(updated|revised|reviewed|modified)", "published", "issued", "dated",
    "version", "date",
)  # fmt: skip
# ... with a word that makes it a question about when or which version ...
_WHEN = _any_word("when", "date", "version", "how (recent|current|old|up[- ]to[- ]date)")
# ... of a document (not "When are expense claims approved?", "What version of the VPN client?").
_DOCUMENT = _any_word(
    "polic(y|ies)", "handbook", "guide", "guidelines", "document", "runbook", "notice", "faq", "overview",
    "checklist", "procedures?", "standard", "manual", "code of conduct", "playbook", "charter", "terms",
)  # fmt: skip
# A sentence stating a document's date or version: a record label, then a date or number.
_LABELS = "|".join(
    (
        "effective( date| from)?", "in (force|effect) (from|since)", "(last[ _])?(updated|reviewed|revised|modified)",
        "version", "dated", "date", "published", "issued", "approved by [^.:]{0,40}? on",
    )
)  # fmt: skip
_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
_DATE_LINE = re.compile(
    r"^\W*(" + _LABELS + r")\b\s*[:=-]?\s*(on |from |since |v)?(\d|(" + _MONTHS + r")[a-z]*\b)", re.IGNORECASE
)
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\n+")


def asks_for_date(query: str) -> bool:
    """Whether a question asks when a document took effect or was last updated, or its version."""
    return bool(_ASKS_DATE.search(query) and _WHEN.search(query) and _DOCUMENT.search(query))


def record_sentences(text: str) -> list[str]:
    """The sentences of ``text``, a record line's fields apart: "Document ID: SEC-00173. Owner: ..."
    is two sentences, each line another (a header's fields need not end with a full stop)."""
    return [s.strip() for s in _SENTENCE_BREAK.split(text) if s.strip()]


def date_lines(text: str) -> list[str]:
    """The sentences of ``text`` that state a document's date or version, in their order."""
    return [s for s in record_sentences(text) if _DATE_LINE.match(s)]
