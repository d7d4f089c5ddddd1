"""The words of questions and passages, as the second stage (knowledge/index/rerank.py) and the
assistant's answering read them: one stemmer for retrieval, ranking and answers (:func:`stem`,
:func:`terms`), what in a passage is a document's record rather than an answer (:func:`is_metadata`,
:func:`header_only`, :func:`field_lines`), and what a question names (:func:`named_scopes`,
:func:`exact_terms`). Pure functions, no I/O.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from typing import Any

from knowledge.index.editions import _DOCUMENT, _WHEN, record_sentences
from knowledge.index.models import SearchHit
from knowledge.index.rules import STOPWORDS

MIN_ANSWER_WORDS = 8  # fewer words than this besides a document's header: the passage answers nothing
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Not inside an identifier: "CVE-2026-21637" names no year a page is scoped to.
_YEAR = re.compile(r"(?<![A-Za-z]-)\b(19|20)\d\d\b")


@functools.cache
def _stemmer() -> Any:
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@functools.lru_cache(maxsize=100_000)
def stem(word: str) -> str:
    """The Snowball (Porter 2) English stem ("automatically"/"automatic", "leaves"/"leave"):
    question and text match on one form."""
    return str(_stemmer().stemWord(word.lower()))


@functools.lru_cache(maxsize=20_000)
def terms(text: str) -> frozenset[str]:
    """Stemmed content words of ``text``."""
    return frozenset(stem(w) for w in _WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1)


def body(hit: SearchHit) -> str:
    """The passage without the heading path a chunk may open with."""
    first, _, rest = hit.text.partition("\n")
    return rest if hit.heading and first.strip() == hit.heading.strip() else hit.text


# Document metadata is not an answer: front matter ("--- title: ... version: 4.4 ---") and the
# record lines under a title ("Effective date: June 27, 2022.", "Document ID: HR-00024.").
_METADATA = re.compile(
    r"^\s*(---|(effective( date)?|last (reviewed|updated)|owner|document[ _]id|version|classification|"
    r"audience|approved( by)?|status)\b[^.:]{0,20}:)",
    re.IGNORECASE,
)
_FRONT_MATTER = re.compile(r"^\s*---.*?---", re.DOTALL)


def is_metadata(sentence: str) -> bool:
    """A front-matter block or a short 'Field: value' line of a document's header."""
    return bool(_METADATA.match(sentence)) and (
        sentence.lstrip().startswith("---") or len(sentence.split()) <= 12
    )


_LABEL = re.compile(r"^\W*([^:]*):")
# The words of a record label that say "when" ("Last reviewed", "Effective date"): they are not
# needed in the question ("the FAQ, reviewed when?"), since questions on anything use them ("the last
# two weeks of August", "my leaving date").
_WHEN_WORDS = frozenset(("last", "date"))
_WHEN_LABEL = frozenset((*_WHEN_WORDS, "effect"))  # "effect" is the stem of "effective"
# What makes a question about a page's record, not about its subject: a label's remaining words are
# ordinary words ("How are claims reviewed?", "a company car owner", "the most effective way"), so a
# date label also needs the question to ask when (editions._WHEN, "since", "last") or to name a
# document, and any other label ("Owner", "Status", "Version", "Document ID") to name a document
# (editions._DOCUMENT, "page", "id"): asks_for_date's two guards, one of them for a date.
_ASKS_WHEN = re.compile(rf"{_WHEN.pattern}|\b(since|last)\b", re.IGNORECASE)
_NAMES_DOCUMENT = re.compile(rf"{_DOCUMENT.pattern}|\b(page|id)\b", re.IGNORECASE)


def field_lines(text: str, question: frozenset[str], query: str) -> list[str]:
    """The record lines of ``text`` (:func:`is_metadata`) whose field the question names: every word
    of its label ("Document ID", "Last reviewed", "Owner") but :data:`_WHEN_WORDS` among the
    question's ``terms``, and the question (``query``, its text) is about a page's record
    (:data:`_ASKS_WHEN`, :data:`_NAMES_DOCUMENT`). A record line answers nothing else, but it is the
    answer to "the slow laptop page's document id" or "the FAQ, last reviewed?", which its
    neighbours do not state."""
    document = bool(_NAMES_DOCUMENT.search(query))
    when = document or bool(_ASKS_WHEN.search(query))
    out = []
    for line in record_sentences(text):
        label = _LABEL.match(line)
        words = terms(label.group(1)) if label else frozenset()
        named = words - _WHEN_WORDS
        about_record = when if words & _WHEN_LABEL else document
        if named and named <= question and about_record and is_metadata(line):
            out.append(line)
    return out


def header_only(text: str) -> bool:
    """A passage that is nothing but its document's header (front matter, 'Owner: ...' lines, a
    title): it names a document but answers nothing."""
    rest = _FRONT_MATTER.sub(" ", text)
    lines = [ln for ln in rest.splitlines() if ln.strip() and not is_metadata(ln)]
    return len(_WORD.findall(" ".join(lines))) < MIN_ANSWER_WORDS


def section(hit: SearchHit) -> str:
    return (hit.heading or "").split(" > ")[-1]


def scope_words(title: str) -> frozenset[str]:
    """What a page's title narrows it to: the words after its last ': ' ("Submitting expense
    claims: Singapore office 2026" -> singapore, office, 2026; "Lost receipts: manager guide" ->
    manager, guide). A canonical policy's title names its subject only."""
    _, sep, qualifier = title.rpartition(": ")
    return terms(qualifier) if sep else frozenset()


_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


def long_sentences(text: str, min_words: int) -> frozenset[str]:
    """The passage's sentences of at least ``min_words`` words, normalised: a meeting note or a
    request that quotes a policy's sentence verbatim is a copy of that policy's passage, even when
    the policy's chunk spans more sections than the quote."""
    if min_words <= 0:
        return frozenset()
    out = set()
    # Paragraphs first: a section heading ("## Restoring deleted email") has no full stop and would
    # otherwise open the first sentence under it in the source but not in a copy headed otherwise.
    for sentence in (s for p in _PARAGRAPH_BREAK.split(text) for s in _SENTENCE.split(p)):
        words = _WORD.findall(sentence.lower())
        if len(words) >= min_words:
            out.add(" ".join(words))
    return frozenset(out)


# Capitalised inside a sentence but no name of anything a page is scoped to: interjections and the
# acronyms of everyday office words ("Is that OK?", "everything HR keeps on file", "will IT swap it").
# Session 18: "OK" and "HR" made the names check abstain on three answerable blind-3 questions.
COMMON_CAPITALISED = frozenset(("ok", "okay", "hr", "it", "pc", "id", "faq", "asap", "fyi", "ai", "tv"))
# English capitalises the days and months: a calendar word, not a name a page is scoped to ("work at
# the Amsterdam office on a Saturday" asks about weekends there, not about a 'Saturday' page). Named
# holidays stay names: "the Christmas bonus" asks for a thing the base may lack.
# fmt: off
CALENDAR_WORDS = frozenset((
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
    "february", "march", "april", "june", "july", "august", "september", "october", "november",
    "december",
))
# fmt: on


def named_scopes(query: str) -> frozenset[str]:
    """What a question names that a page can be scoped to: its proper nouns (capitalised words not
    opening a sentence: "the Amsterdam office", "Sales EMEA") and years."""
    names = {m.group(0) for m in _YEAR.finditer(query)}
    for sentence in re.split(r"[.!?]\s+", query):
        words = _WORD.findall(sentence)
        names.update(
            w for w in words[1:]
            if w[:1].isupper() and w.lower() not in STOPWORDS and w.lower() not in COMMON_CAPITALISED
            and w.lower() not in CALENDAR_WORDS
        )  # fmt: skip
    return terms(" ".join(names))


def exact_terms(query: str) -> frozenset[str]:
    """Words of the question a reader means exactly, lower-cased as typed: with a digit ("6.2",
    "SEV2", "0.30"), joined by '-', '.' or '_' ("dscacheutil", "-flushcache", "Follow-Me"), or
    capitalised inside a sentence (product and place names: "GlobalProtect", "Navan", "KIT")."""
    found = set()
    for sentence in re.split(r"[.!?]\s+", query):
        for i, raw in enumerate(re.findall(r"[^\s,;:()?!\"']+", sentence)):
            word = raw.strip(".-")
            if len(word) < 2 or word.lower() in STOPWORDS:
                continue
            if (
                any(c.isdigit() for c in word)
                or re.search(r"\w[-._]\w", word)
                or (i > 0 and word[:1].isupper())
            ):
                found.add(word.lower())
    return frozenset(found)


def lexical_scores(question: frozenset[str], passages: Sequence[frozenset[str]]) -> list[float]:
    """Each passage's share of the question's words, each word weighted by its idf over the
    candidates (a word every candidate holds, such as "leave" among leave-policy copies, says little).

    Computed here from the candidates' own words, not taken from the keyword retriever, whose bm25
    (SQLite) and ts_rank (PostgreSQL) differ in scale and shape: the same candidates score the same
    on both backends."""
    if not question or not passages:
        return [0.0] * len(passages)
    n = len(passages)
    idf = {t: math.log(1 + (n - df + 0.5) / (df + 0.5)) for t in question
           for df in [sum(t in p for p in passages)]}  # fmt: skip
    total = sum(idf.values())
    return [sum(w for t, w in idf.items() if t in p) / total if total else 0.0 for p in passages]
