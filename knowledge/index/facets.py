"""Facets: the values near-duplicate pages differ on (an office, a team, a region, a person), and the
question's share of them (issue 27, session 23). Pure functions, no I/O.

A knowledge base holds one template many times: "This guidance applies to the Payroll team in the
Oslo office. Ana Holm is the local contact." for every team and office. The passages are alike in
meaning, so the cosine cannot tell them apart, and the copies share whole sentences, so the rerank
groups them; what tells them apart is the values they name. A value is a name as the documents write
it: a capitalised word inside a sentence ("the Payroll team", "the Oslo office"), or a word of a
title's scope ("Desk booking: Oslo office"). The documents themselves say which words are
names, so a question typed in lower case names them too ("payroll oslo, who is the contact").

:func:`facet_shares` scores each candidate by the question's named values it carries (idf-weighted
over the candidates, as a share of all the question's words: a value every candidate carries says
little). :func:`kinds` tells which values are alternatives of one another: values written in the same
place of a sentence ("the Oslo office", "the Madrid office": both before "office"), so that a
follow-up naming a new value ("and in madrid?", "no, I meant the payroll team") can drop the
previous turn's value of the same kind and keep the rest of its topic (:func:`swap`).
:func:`acronyms` reads a question's acronym that the candidates never write as the name of theirs
whose initials it is ("NYC" for "the New York office", session 24).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Sequence

from knowledge.index.rules import STOPWORDS

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
# Where a sentence starts, its first word is capitalised whatever it is: paragraphs, list items,
# headings and sentence ends. A single line break is a wrapped line, not a new sentence; after a
# colon a name keeps its capital ("one local addition: Field Marketing schedules are ...").
_BREAK = re.compile(r"\n\s*\n|\n(?=\s*(?:#|[-*•]\s|\d+\.\s))|(?<=[.!?])\s+")
# A word is a name when the documents capitalise it in at least this share of the places inside a
# sentence where they write it.
NAME_SHARE = 0.8
# ... and capitalises it at least this often: once is no rule (a heading run into its first sentence
# when a PDF loses its lines: "Contacts and details Send receipts to ...").
NAME_TIMES = 2
# Words joining the parts of one name: "Legal and Privacy", "Bank of Spain".
_JOINERS = frozenset(("and", "of", "&"))
# Capitalised inside a sentence, but no value a page is scoped to: everyday acronyms and the
# calendar (English capitalises days and months).
# fmt: off
_NOT_NAMES = frozenset((
    "ok", "okay", "hr", "it", "pc", "id", "faq", "asap", "fyi", "ai", "tv", "i", "monday", "tuesday",
    "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march", "april",
    "may", "june", "july", "august", "september", "october", "november", "december",
))
# fmt: on


def _stem(word: str) -> str:
    from knowledge.index.passages import stem  # one stemmer for the ranking and its facets

    return stem(word)


# Cached: a follow-up's swap reads the same passages' names twice (named_values, then kinds), and
# the same office page comes back in search after search.
@functools.lru_cache(maxsize=4096)
def name_runs(text: str) -> tuple[tuple[tuple[str, ...], str, str], ...]:
    """The names of ``text``: runs of capitalised words not opening a sentence (joined by "and",
    "of"), each as (its stems, the word before it, the word after it), lower-cased."""
    out: list[tuple[tuple[str, ...], str, str]] = []
    for piece in _BREAK.split(text):
        words = _WORD.findall(piece)
        i = 1
        while i < len(words):
            if not _is_name(words[i]):
                i += 1
                continue
            j = i + 1
            while j < len(words) and (
                _is_name(words[j])
                or (words[j].lower() in _JOINERS and j + 1 < len(words) and _is_name(words[j + 1]))
            ):
                j += 1
            run = tuple(_stem(w) for w in words[i:j] if w.lower() not in _JOINERS)
            before = words[i - 1].lower()
            after = words[j].lower() if j < len(words) else ""
            out.append((run, before, after))
            i = j
    return tuple(out)


def _is_name(word: str) -> bool:
    return (
        word[:1].isupper()
        and not word.isdigit()
        and word.lower() not in STOPWORDS
        and word.lower() not in _NOT_NAMES
        and len(word) > 1
    )


def _scope(title: str) -> list[str]:
    """The words of a title's scope, after its last ': ' ("Desk booking: Lisbon office" -> Lisbon,
    office), as written; none when the title has no scope."""
    _, sep, scope = title.rpartition(": ")
    return _WORD.findall(scope) if sep else []


def title_values(title: str) -> frozenset[str]:
    """The stems of a title's scope (:func:`_scope`): the title names what the page is narrowed to."""
    return frozenset(_stem(w) for w in _scope(title) if w.lower() not in STOPWORDS and not w.isdigit())


def names(text: str) -> frozenset[str]:
    """Every stem of ``text``'s names (:func:`name_runs`)."""
    return frozenset(s for run, _, _ in name_runs(text) for s in run)


def _written(texts: Sequence[str], titles: Sequence[str], wanted: frozenset[str]) -> dict[str, list[int]]:
    """For each stem of ``wanted``: how often the candidates write it capitalised and in lower case
    inside a sentence (a sentence's first word says nothing), a title's scope counted as capitalised
    where it is."""
    seen: dict[str, list[int]] = {}
    for text in texts:
        for piece in _BREAK.split(text):
            for word in _WORD.findall(piece)[1:]:
                s = _stem(word)
                if s in wanted:
                    seen.setdefault(s, [0, 0])[0 if _is_name(word) else 1] += 1
    for title in titles:
        for word in _scope(title):
            s = _stem(word)
            if s in wanted and _is_name(word):
                seen.setdefault(s, [0, 0])[0] += 1
    return seen


def _runs(texts: Sequence[str], titles: Sequence[str]) -> set[tuple[str, ...]]:
    """Every name of the candidates: the runs of their texts (:func:`name_runs`) and of their titles'
    scopes (its capitalised words in a row: "Lunch: Sales EMEA 2026" -> sales emea)."""
    found = {run for text in texts for run, _, _ in name_runs(text)}
    for title in titles:
        run: list[str] = []
        for word in [*_scope(title), ""]:
            if word and _is_name(word):
                run.append(_stem(word))
            elif run:
                found.add(tuple(run))
                run = []
    return found


def _capitalised_phrase(texts: Sequence[str], run: tuple[str, ...]) -> bool:
    """Whether the candidates write the words of ``run``, in a row inside a sentence, capitalised in at
    least :data:`NAME_SHARE` of the places and at least :data:`NAME_TIMES` times: a name of common
    words ("Security Operations" beside "security training" and "operations") is capitalised wherever
    the name stands, though none of its words is."""
    cap = low = 0
    n = len(run)
    for text in texts:
        for piece in _BREAK.split(text):
            words = _WORD.findall(piece)
            for i in range(1, len(words) - n + 1):
                if tuple(_stem(w) for w in words[i : i + n]) == run:
                    if all(_is_name(w) for w in words[i : i + n]):
                        cap += 1
                    else:
                        low += 1
    return cap >= NAME_TIMES and cap >= NAME_SHARE * (cap + low)


def named_values(question: frozenset[str], texts: Sequence[str], titles: Sequence[str]) -> frozenset[str]:
    """The question's words that the candidates write as names: capitalised inside a sentence (or in a
    title's scope) in at least :data:`NAME_SHARE` of the places they occur, and at least
    :data:`NAME_TIMES` times. English capitalises a
    proper name wherever it stands, a common word only where a title or a heading is set in capitals
    ("the Information Security Policy" beside "the security team"): those are no values. A number
    of the question that a candidate's title carries is a value too. A name of several words counts
    only when the question holds all of them, and one of them passes that test ("Customer Success"
    though the documents write "customer data" too), or the name as a whole does (session 24:
    "Security Operations", always capitalised, though "security" and "operations" are written in lower
    case elsewhere); "a new vendor" names no "New York"."""
    seen = _written(texts, titles, question)
    capital = {t for t, (cap, low) in seen.items() if cap >= NAME_TIMES and cap >= NAME_SHARE * (cap + low)}
    named: set[str] = set()
    for run in _runs(texts, titles):
        if not set(run) <= question:
            continue
        if set(run) & capital or (len(run) > 1 and _capitalised_phrase(texts, run)):
            named |= set(run)
    # A number a title carries names a record or an edition ("travel request 4821", "week 12", "2026").
    numbers = {t for t in question if any(c.isdigit() for c in t)}
    if numbers:
        named |= numbers & {_stem(w) for title in titles for w in _WORD.findall(title)}
    return frozenset(named)


# An acronym as a question writes it: two to six capitals, perhaps plural ("NYC", "SREs").
_ACRONYM = re.compile(r"\b([A-Z]{2,6})s?\b")


def writes_acronym(query: str) -> bool:
    """Whether the question writes an acronym at all: :func:`acronyms` finds none otherwise."""
    return _ACRONYM.search(query) is not None


def acronyms(
    query: str, texts: Sequence[str], titles: Sequence[str], words: Sequence[frozenset[str]]
) -> dict[str, frozenset[str]]:
    """The question's acronyms that the candidates never write, each with the stems of the names of
    two or more words it stands for: the initials of a name of the candidates (:func:`_runs`), or those
    initials and one letter more, the initial of a common word the documents write in lower case or
    leave out ("NYC" for "the New York office", "SREs" for "the Site Reliability team"). Exact initials,
    where some name has them, win over one letter more. No list of acronyms: the candidates' own
    names decide."""
    found: dict[str, frozenset[str]] = {}
    candidates = [r for r in _runs(texts, titles) if len(r) >= 2] if writes_acronym(query) else []
    if not candidates:
        return found
    written = frozenset().union(*words)
    initialled = [(r, "".join(w[0] for w in r)) for r in candidates]  # each run's initials, once
    for m in _ACRONYM.finditer(query):
        letters = m.group(1).lower()
        if letters in _NOT_NAMES or _stem(letters) in written or _stem(m.group(0).lower()) in written:
            continue
        exact = [r for r, ini in initialled if ini == letters]
        near = [r for r, ini in initialled if len(r) + 1 == len(letters) and letters.startswith(ini)]
        runs = exact or near
        if runs:
            found[_stem(m.group(0).lower())] = frozenset(s for r in runs for s in r)
    return found


def with_acronyms(
    question: frozenset[str],
    query: str,
    texts: Sequence[str],
    titles: Sequence[str],
    words: Sequence[frozenset[str]],
) -> frozenset[str]:
    """``question`` with each acronym of ``query`` that stands for a name of the candidates
    (:func:`acronyms`) replaced by that name's words (unchanged without ``query``)."""
    for short, long in acronyms(query, texts, titles, words).items() if query else ():
        question = (question - {short}) | long
    return question


def facet_shares(
    question: frozenset[str],
    texts: Sequence[str],
    titles: Sequence[str],
    words: Sequence[frozenset[str]],
    query: str = "",
    *,
    named: frozenset[str] | None = None,
) -> list[float]:
    """Per candidate, the idf-weighted share of the question's words that are named values among the
    candidates (:func:`named_values`) and that the candidate holds (``words``: each candidate's
    stemmed words, title included). The share is of all the question's words, so that a value every
    candidate holds weighs little, and a question naming nothing scores 0 everywhere. With the
    question as typed (``query``), an acronym standing for a name of the candidates (:func:`acronyms`)
    counts as that name's words in its place. A caller that has the named values already passes them
    (``named``) with ``question`` already :func:`with_acronyms` (``query`` is then not read)."""
    if not question or not texts:
        return [0.0] * len(texts)
    if named is None:
        question = with_acronyms(question, query, texts, titles, words)
        named = named_values(question, texts, titles)
    if not named:
        return [0.0] * len(texts)
    n = len(words)
    idf = {
        t: math.log(1 + (n - df + 0.5) / (df + 0.5)) for t in question for df in [sum(t in w for w in words)]
    }
    total = sum(idf.values())
    if total <= 0:
        return [0.0] * len(texts)
    return [sum(idf[t] for t in named if t in w) / total for w in words]


def kinds(texts: Iterable[str]) -> dict[tuple[str, ...], frozenset[str]]:
    """Each name of ``texts`` with the places it is written in: the content words right after it
    ("office", "team", "schedules"), and the content word right before it when nothing follows. Two
    values sharing a place are alternatives ("Oslo"/"Madrid" before "office")."""
    places: dict[tuple[str, ...], set[str]] = {}
    for text in texts:
        for run, before, after in name_runs(text):
            here = places.setdefault(run, set())
            if after and after not in STOPWORDS and not after.isdigit():
                here.add("after:" + _stem(after))
            elif before and before not in STOPWORDS and not before.isdigit():
                here.add("before:" + _stem(before))
    return {run: frozenset(p) for run, p in places.items()}


def swap(topic: str, latest: str, texts: Iterable[str]) -> str:
    """``topic`` without the values that ``latest`` replaces: a name of ``texts`` that the topic holds
    and the latest turn does not, written in a place where a name the latest turn holds is written
    too ("who is the local contact for payroll in oslo" + "no, I meant the madrid one": oslo
    goes, payroll stays). The topic unchanged when the latest turn names no value."""
    texts = list(texts)
    new_words = frozenset(_stem(w) for w in _WORD.findall(latest.lower()))
    old_words = frozenset(_stem(w) for w in _WORD.findall(topic.lower()))
    # Only words the passages write as names (named_values) can be a value that is swapped.
    valued = named_values(new_words | old_words, texts, ())
    found = {run: p for run, p in kinds(texts).items() if set(run) <= valued}
    new = [(run, p) for run, p in found.items() if set(run) <= new_words and not set(run) <= old_words]
    if not new:
        return topic
    places = frozenset().union(*(p for _, p in new))
    drop = {
        s
        for run, p in found.items()
        if set(run) <= old_words and not set(run) & new_words and p & places
        for s in run
    }
    if not drop:
        return topic
    kept = [w for w in topic.split() if not (set(_stem(x) for x in _WORD.findall(w.lower())) & drop)]
    return " ".join(kept)
