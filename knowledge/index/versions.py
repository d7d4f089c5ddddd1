"""Versions of one document: which of the candidates a question asks for. Pure functions, no I/O.

A knowledge base holds versions of the same document as an enterprise's policies come: "Leave Policy
v2" and "v3", "GPL 2" and "GPL 3", "MPL 1.1" and "MPL 2.0", the 2025 and the 2026 handbook. Their
passages say nearly the same things in nearly the same words, so the retrievers and the rerank cannot
tell them apart, and the word-level features cannot either: "2.0" and "1.1" are no words (session 37,
blind 19: 7 of 18 licence turns cited a sibling version - MPL 1.1 for "MPL 2.0", GPL 3 for "LGPL 2.1").
The rule (issue 27: "prefer the canonical, current document ... unless the question names them"):

- a question that names a version of a document ("MPL 2.0", "GPL-2", "gplv3", "LGPL version 3",
  "edition 2", "the second edition", "the 2024 policy") is answered from the document whose title or
  file name carries that version: it is *named* (when the question names the document too, not only a
  number), and a sibling with another version is *another version* (it goes after the rest, as an
  archived edition does) - only when a candidate carries the version named: "the VPN client 5.2"
  or a "v4" the knowledge base does not hold demotes no version of the family; a year names an
  edition only next to the document's name or a version word ("the 2024 leave policy"), not as a
  date ("days left over from 2024");
- a question naming no version of a family of candidates prefers its newest version: the others are
  *older* (a small penalty, not a demotion: an older version that says much more about the question
  can still lead).

A version is compared as numbers, trailing zeros dropped ("2.0" is "2", "2.1" is not); a family by
its words, whole words only ("GPL" is not "LGPL"), or by the initials of its title ("MPL" for
"Mozilla Public License"). A family is the title's words without its version, edition and status words
("Leave Policy (2024 edition, superseded)" is of "leave policy"); two candidates whose families are
equal and whose versions differ are siblings.

"Newest wins" holds only for a family whose documents replace each other (session 39, q5: session 38's
rule, applied to every family, sent blind 20's feature questions to the newest git release's notes,
whose own changes are other ones). A family's kind is read from its documents' own signals
(knowledge/index/version_kinds.py): an effective date, an archived or superseded mark, "supersedes" or
"obsoletes", a title naming a kind of document its next edition replaces (a policy, a licence, a
handbook, a guide, a standard) make it *superseding*; release notes, a changelog, "what's new", "fixes
since" make it a *series* - each version lists its own changes, plain relevance orders them, the
version named still leads but its siblings are not demoted; with neither signal only a family
versioned by year has "older" versions. A version the user says they run ("we run git 2.39.3", "I'm
on git 2.30") is not a version asked for: it names nothing and demotes nothing, but in a superseding
family ("we run GPL-2 software" asks about GPL 2).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import PurePosixPath

from knowledge.index.models import SearchHit
from knowledge.index.rules import STOPWORDS
from knowledge.index.version_kinds import Kind, family_kinds, kind

# Words that say "a version follows" (or precedes: "2.1 release"); never a family's name.
_VERSION_WORDS = frozenset(("version", "versions", "ver", "v", "release", "rev", "revision", "edition", "ed"))
# A document's status, not its name: "Leave Policy (2024 edition, superseded)" is of "leave policy".
_STATUS_WORDS = frozenset((
    "superseded", "archived", "archive", "obsolete", "deprecated", "withdrawn", "draft", "current", "final",
    "new", "old", "latest", "previous", "updated", "revised", "txt", "md", "pdf", "html", "docx", "rst",
))  # fmt: skip
# A number after one of these counts a series, not versions: "weekly notes, week 31" and "week 37"
# are two meetings, "Part 2" is no newer "Part 1".
_SERIES_WORDS = frozenset((
    "week", "weeks", "day", "days", "month", "part", "chapter", "volume", "vol", "section", "step", "phase",
    "session", "issue", "sprint", "episode", "lesson", "unit", "module", "level", "tier", "room", "floor",
    "building", "table", "figure", "appendix", "item", "no", "number", "page", "grade", "class", "q", "h",
    "article", "clause", "paragraph", "rule", "question", "ticket", "case", "request", "order", "batch",
))  # fmt: skip
# A title's date is no part of its name ("GNU General Public License Version 3, 29 June 2007").
_MONTHS = frozenset(
    (
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
    )
)
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10,
}  # fmt: skip
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}
# "gplv3", "lgplv2.1": a name with its version glued on by a "v"; "v3" alone.
_GLUED = re.compile(r"\b([a-z]{2,})v(\d)")
_V_NUMBER = re.compile(r"\bv(\d)")
_TOKEN = re.compile(r"\d+(?:st|nd|rd|th)\b|\d+(?:\.\d+)*|[a-z][a-z0-9]*")
_ORDINAL_NUMBER = re.compile(r"^(\d{1,2})(st|nd|rd|th)$")
_YEAR = re.compile(r"^(19|20)\d\d$")
MAX_FAMILY_WORDS = 3  # the words before a version that may name what it is a version of
# Right before a version or its name, these say the user runs it ("we run git 2.39.3", "after
# installing 2.39.4"): a fact about them, not the version asked about (the fix they ask for is in a
# later release's notes, the feature in the release that brought it).
_RUN_WORDS = frozenset((
    "run", "runs", "running", "ran", "install", "installs", "installed", "installing", "deploy", "deployed",
    "deploying", "patched", "upgraded", "updated", "applied", "took", "have", "using",
))  # fmt: skip
# "to" says so after one of these: "we patched to 3.5.1", "upgraded to 20.12.2", "pinned to 3.13".
_TO_AFTER = frozenset((
    "patched", "upgraded", "updated", "moved", "bumped", "migrated", "pinned", "switched", "went",
))  # fmt: skip
# "on" says so after one of these: "I'm on git 2.30", "we're still on 2.36", "stuck on version 3".
_ON_AFTER = frozenset(("i", "we", "m", "re", "am", "are", "still", "stuck", "currently", "were", "was", "s"))
# A question asking about a release relative to one it names ("a later 20.x", "since 18.5").
_RELATIVE = re.compile(
    r"\b(later|after|since|newer|next|following|subsequent|before|earlier|previous|prior|until|up to"
    # ... or whether its fix was the last word ("does 3.5.1 fully fix it?", "was that fix complete?")
    r"|fully|completely|complete|incomplete|enough|sufficient|insufficient|bypass(?:es|ed)?|again)\b",
    re.IGNORECASE,
)
# A question asking which release did something ("which release rethrows it", "in what version was
# X added", "the first release that ..."): a series' releases answer it, not a page naming none.
_ASKS_RELEASE = re.compile(
    r"\b(?:which|what|first|earliest|latest|last)\s+(?:\w+\s+)?(?:releases?|versions?)\b"
    r"|\b(?:a|any|another)\s+(?:\w+\s+)?releases?\s+(?:that|which|where)\b",
    re.IGNORECASE,
)
# Right after a number, these make it a release line ("20.x", "the 18 line", "18 lts").
_LINE_WORDS = frozenset(("x", "line", "lts"))
# A word of more than this share of the candidates' families names none of them ("license" when
# every licence's title has it): the question's next word before the version decides.
COMMON_SHARE = 0.5


Number = tuple[int, ...]


@dataclass(frozen=True)
class Mention:
    """A version a question names: ``family`` the words before it, nearest first ((): none, or a
    year), ``number`` the version, trailing zeros dropped."""

    family: tuple[str, ...]
    number: Number
    year: bool = False
    # A year's neighbours, the words right before and after it: a year names an edition only next to
    # a version word or its document's name ("the 2024 leave policy", "Leave Policy 2024", "the 2024
    # edition"); elsewhere it is a date ("days left over from 2024") and names no version.
    near: tuple[str, ...] = field(default=(), compare=False)
    running: bool = False  # the version the user says they run, not one they ask about (_RUN_WORDS)
    # A release line, not one release: "20.x", "the 18 line" (or, in a series whose releases have
    # more parts, a bare "node 20"): every release of it is asked about, none more than another.
    line: bool = False
    parts: int = field(default=1, compare=False)  # how many parts the question writes ("20.0.0": 3)


@dataclass(frozen=True)
class DocVersion:
    """A document's version as its title (or else its file name) carries it: ``family`` its other
    words, ``initials`` the acronyms its family may go by, ``number`` None when it carries none."""

    family: frozenset[str]
    initials: frozenset[str]
    number: Number | None
    parts: int = field(default=1, compare=False)  # how many parts the title writes ("v20.0.0": 3)


class Relation(Enum):
    NONE = 0
    NAMED = 1  # the question names this document and its version
    OTHER = 2  # the question names another version of this document
    OLDER = 3  # the question names no version of it, and a newer one is among the candidates
    LINE = 4  # a release of the line the question names ("20.x", "node 20") or the user runs


def _number(text: str) -> Number:
    parts = [int(p) for p in text.split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def _tokens(text: str) -> list[str]:
    text = _V_NUMBER.sub(r"v \1", _GLUED.sub(r"\1 v\2", text.lower().replace("_", " ")))
    return _TOKEN.findall(text)


def _as_number(token: str, after_keyword: bool) -> Number | None:
    """A token as a version: a number of at most two digits before its first dot, a year, an
    ordinal or a roman numeral (these two only right after a version word)."""
    if token[0].isdigit():
        if _YEAR.match(token):
            return (int(token),)
        head = token.split(".", 1)[0]
        return _number(token) if len(head) <= 2 else None
    if not after_keyword:
        return None
    m = _ORDINAL_NUMBER.match(token)
    if m:
        return (int(m.group(1)),)
    return (_ROMAN[token],) if token in _ROMAN else None


def mentions(query: str) -> list[Mention]:
    """The versions ``query`` names, with the words before each that may name its document."""
    return list(_mentions(query))


@functools.lru_cache(maxsize=256)
def _mentions(query: str) -> tuple[Mention, ...]:
    tokens = _tokens(query)
    out: list[Mention] = []
    for i, token in enumerate(tokens):
        prev = tokens[i - 1] if i else ""
        keyword = prev in _VERSION_WORDS
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token in _ORDINALS and nxt in _VERSION_WORDS:  # "the second edition"
            out.append(Mention((), (_ORDINALS[token],)))
            continue
        if _ORDINAL_NUMBER.match(token) and nxt in _VERSION_WORDS:  # "the 3rd edition"
            out.append(Mention((), (int(token[:-2]),)))
            continue
        number = _as_number(token, keyword)
        if number is None or prev in _SERIES_WORDS:
            continue
        line = nxt in _LINE_WORDS
        year = bool(_YEAR.match(token))
        if year:
            before = tokens[i - 2] if prev == "s" and i > 1 else prev  # "2024's" reads as "2024"
            after = tokens[i + 2] if nxt == "s" and i + 2 < len(tokens) else nxt
            out.append(Mention((), number, year=True, near=(before, after)))
            continue
        family: list[str] = []
        j = i - 1
        while j >= 0 and tokens[j] in _VERSION_WORDS:
            j -= 1
        # A bare number names a version only right after a name ("GPL-2", "MPL 2.0"; not "in 3 days").
        while j >= 0 and len(family) < MAX_FAMILY_WORDS:
            word = tokens[j]
            if word in STOPWORDS or word[0].isdigit() or word in _VERSION_WORDS or word in _MONTHS:
                break
            if word in _RUN_WORDS:
                break
            family.append(word)
            j -= 1
        running, parts = _runs(tokens, j), token.count(".") + 1
        if family or keyword or line or ("." in token and not running):
            # A number with dots is a version whatever precedes it ("Did 20.3.0 declare ..."); one the
            # user runs with no name before it ("we're still on 18.14") names nothing, as before.
            out.append(Mention(tuple(family), number, running=running, line=line, parts=parts))
    return tuple(out)


def said_to_run(before: str) -> bool:
    """Whether the text right before a version says the user runs it ("we're still on", "we run
    node"), its name's words (at most :data:`MAX_FAMILY_WORDS`) skipped."""
    tokens = _tokens(before)
    j = len(tokens) - 1
    while j >= 0 and tokens[j] in _VERSION_WORDS:
        j -= 1
    for _ in range(MAX_FAMILY_WORDS):
        if j < 0 or tokens[j] in STOPWORDS or tokens[j] in _RUN_WORDS or tokens[j][0].isdigit():
            break
        j -= 1
    return _runs(tokens, j)


def _runs(tokens: Sequence[str], j: int) -> bool:
    """Whether the word at ``j``, right before a version and its name, says the user runs it
    ("we run git 2.39.3", "after installing 2.39.4", "I'm on git 2.30"; not "fsck on 2.37.3")."""
    if j < 0:
        return False
    if tokens[j] in _RUN_WORDS:
        return True
    if tokens[j] == "to" and j > 0 and tokens[j - 1] in _TO_AFTER:
        return True
    return tokens[j] == "on" and any(w in _ON_AFTER for w in tokens[max(0, j - 2) : j])


def _initials(words: Sequence[str]) -> frozenset[str]:
    """A family's acronyms: the initials of all its words, and of all but the first ("GNU Lesser
    General Public License": glgpl, lgpl), when there are at least two."""
    out = set()
    for start in (0, 1):
        part = words[start:]
        if len(part) >= 2:
            out.add("".join(w[0] for w in part))
    return frozenset(out)


def _read(text: str) -> tuple[list[str], Number | None, int]:
    tokens = _tokens(text)
    words: list[str] = []
    number: Number | None = None
    parts = 1
    for i, token in enumerate(tokens):
        keyword = i > 0 and tokens[i - 1] in _VERSION_WORDS
        if token in _ORDINALS and i + 1 < len(tokens) and tokens[i + 1] in _VERSION_WORDS:
            number = number or (_ORDINALS[token],)
            continue
        value = _as_number(token, keyword)
        if value is not None and i > 0 and tokens[i - 1] in _SERIES_WORDS:
            words.append(f"{tokens[i - 1]}#{token}")  # "week 31": part of the name, no version
        elif value is not None:
            if number is None:
                number, parts = value, token.count(".") + 1
        elif not token[0].isdigit() and token not in _VERSION_WORDS | _STATUS_WORDS | _MONTHS | STOPWORDS:
            words.append(token)
    return words, number, parts


# Cached: the same documents come back in search after search, each read twice (rerank, sentence stage).
@functools.lru_cache(maxsize=8192)
def doc_version(title: str, source_path: str) -> DocVersion:
    """A document's family and version: its title's, or its file name's when the title has no
    version ("licenses/MPL-2.0.txt")."""
    words, number, parts = _read(title)
    if number is None:
        stem_words, number, parts = _read(PurePosixPath(source_path.replace("\\", "/")).stem)
        if number is not None:
            words = words or stem_words
    return DocVersion(frozenset(words), _initials(words), number, parts)


def _holds(doc: DocVersion, word: str) -> bool:
    return word in doc.family or word in doc.initials


def _same(a: DocVersion, b: DocVersion) -> bool:
    """Whether two families are one: the same words, or one a single word that is the other's
    acronym ("MPL" and "Mozilla Public License")."""
    if a.family == b.family:
        return True
    return any(len(x.family) == 1 and next(iter(x.family)) in y.initials for x, y in ((a, b), (b, a)))


def _groups(docs: Sequence[DocVersion]) -> list[int]:
    """Each versioned candidate's family as a number (one per family, :func:`_same`); -1 for a
    candidate carrying no version."""
    reps: list[DocVersion] = []
    out = []
    for d in docs:
        if d.number is None:
            out.append(-1)
            continue
        found = next((g for g, r in enumerate(reps) if _same(r, d)), None)
        if found is None:
            reps.append(d)
            found = len(reps) - 1
        out.append(found)
    return out


def _family_of(mention: Mention, docs: Sequence[DocVersion], groups: Sequence[int]) -> list[int]:
    """The versioned candidates (by index) of the family ``mention`` names: those holding most of its
    words, an acronym of its words counting as the words it stands for ("Mozilla Public License 2.0"
    is "MPL 2.0" more than "GNU General Public License"); a word most candidates' families hold
    ("license" when every licence's title has it) counts for none."""
    versioned = [i for i, g in enumerate(groups) if g >= 0]
    families = len(set(groups) - {-1})
    words = [w for w in mention.family if len(w) > 1]
    # Nearest first: "mozilla public license 2.0" -> license, public, mozilla; then pl (2), mpl (3).
    weighed = [(w, 1) for w in words]
    weighed += [("".join(w[0] for w in reversed(words[: n + 1])), n + 1) for n in range(1, len(words))]
    score = dict.fromkeys(versioned, 0)
    for word, weight in weighed:
        held = [i for i in versioned if _holds(docs[i], word)]
        if families >= 3 and len({groups[i] for i in held}) > COMMON_SHARE * families:
            continue
        for i in held:
            score[i] += weight
    # The family as a whole: "MPL 1.1" is of the family "Mozilla Public License 2.0" leads.
    best = max(score.values(), default=0)
    chosen = {groups[i] for i in versioned if best and score[i] == best}
    return [i for i in versioned if groups[i] in chosen]


def _names_edition(mention: Mention, docs: Sequence[DocVersion], carriers: Sequence[int]) -> bool:
    """Whether a year reads as an edition of a candidate carrying it, not as a date: next to a version
    word or to a word of that candidate's name (or its acronym)."""
    near = [w for w in mention.near if w]
    return any(w in _VERSION_WORDS for w in near) or any(_holds(docs[i], w) for i in carriers for w in near)


def relations(
    query: str, docs: Sequence[tuple[str, str]], kinds: Sequence[Kind] | None = None
) -> list[Relation]:
    """How each candidate document (title, source path) stands to the versions ``query`` names
    (:class:`Relation`). Candidates may repeat a document (one entry per passage). ``kinds``: each
    candidate's :func:`kind` (read from its title and path alone when not given); only a superseding
    family has older versions, and a series' siblings of a version named are not demoted.

    A sibling is "another version" only where a candidate carries the version named: a version no
    candidate carries ("the VPN client 5.2", a "v4" the knowledge base does not hold) leaves its
    family as a question naming no version does (its newest first), so an unrelated document never
    leads it for want of the named one (review s38, R3-3)."""
    versions = [doc_version(title, path) for title, path in docs]
    groups = _groups(versions)
    years = [
        v.number is not None and len(v.number) == 1 and bool(_YEAR.match(str(v.number[0]))) for v in versions
    ]
    family = family_kinds([kind(t, p) for t, p in docs] if kinds is None else kinds, groups, years)
    touched: set[int] = set()  # families whose version the question names, and one of them carries
    named: set[int] = set()
    carriers: set[int] = set()
    other: set[int] = set()
    lined: set[int] = set()  # releases of a line the question names or the user runs
    for mention in mentions(query):
        if mention.family:
            held = _family_of(mention, versions, groups)
            if not held:
                # Documents titled by their version alone ("v20.9.0") are versions of what the base is
                # about, whatever the question calls it ("node 20.9").
                held = [i for i, v in enumerate(versions) if v.number is not None and not v.family]
            hit = [i for i in held if versions[i].number == mention.number]
        else:
            held = list(range(len(docs)))
            hit = [i for i, v in enumerate(versions) if v.number == mention.number]
        line = _line(mention, held, versions, groups, family)
        if line:
            # "which 20.x", "node 20 ...", "we're still on 18.14": the line's releases each list their
            # own changes; the question is about one of them, plain relevance says which.
            lined |= set(line)
            touched |= {groups[i] for i in line}
            continue
        if mention.running and (
            any(family.get(groups[i]) is Kind.SERIES for i in hit) or _RELATIVE.search(query)
        ):
            # The release the user runs ("we run git 2.39.3") is not the one asked about: a series'
            # family is left to plain relevance (the fix may be in a later release). Of any other
            # family it is the text that applies to them ("we run GPL-2 software", "we run X200
            # firmware 5.2 - how do I ...": its notes, review s39 R4-12b), a version named - unless
            # the question asks past it ("we patched to 3.5.1 - is CVE-X fully fixed?": r5, s40).
            touched |= {groups[i] for i in hit}
            continue
        if mention.family:
            if hit:
                named |= set(hit)
                other |= {i for i in held if versions[i].number != mention.number}
                touched |= {groups[i] for i in held}
            continue  # a name no candidate goes by ("section 3", "take 5"): no version of theirs
        # No family named ("version 3", "the 2024 policy"): the candidates carrying that version
        # are asked for, and their siblings of another version are not.
        if mention.year and not _names_edition(mention, versions, hit):
            continue  # a date ("leave days left over from 2024"), not an edition (review s38, R3-3b)
        matched = {groups[i] for i in hit}
        # A release written out with no name before it ("Did 20.3.0 ...", "Is 3.5.1 the final fix?")
        # carries the version but does not lead for it: a question about a release's fix is as often
        # answered by a later release's "bypass of the incomplete fix" (review r5 s40, R5-8: every
        # wording list missed some; 6e77c67 named it and lost them).
        carriers |= set(hit)
        touched |= matched
        other |= {i for i, v in enumerate(versions) if groups[i] in matched and v.number != mention.number}
    carriers |= named
    newest: dict[int, Number] = {}
    for g, v in zip(groups, versions, strict=True):
        if v.number is not None and g not in touched:
            newest[g] = max(newest.get(g, v.number), v.number)
    out = [Relation.NONE] * len(docs)
    if _ASKS_RELEASE.search(query) and not _names_other_family(query, versions, groups, family):
        # Not the release the question starts from ("2.35.0 broke it - is there a release that fixes it?").
        lined |= {i for i, g in enumerate(groups) if family.get(g) is Kind.SERIES and i not in carriers}
    for i, (g, v) in enumerate(zip(groups, versions, strict=True)):
        if i in named:
            out[i] = Relation.NAMED
        elif i in lined:
            out[i] = Relation.LINE
        elif i in other and i not in carriers:
            # A series' siblings each list their own changes: not demoted, plain relevance.
            out[i] = Relation.NONE if family.get(g) is Kind.SERIES else Relation.OTHER
        elif v.number is not None and g in newest and v.number < newest[g]:
            # Only a series' older versions keep plain relevance (each lists its own changes); a
            # family that says nothing of its kind ('Onboarding Checklist v3', v4) is read as
            # editions, the newest first, as before R3-22's rule (review s39 R4-13).
            out[i] = Relation.NONE if family.get(g) is Kind.SERIES else Relation.OLDER
    return out


def _names_other_family(
    query: str, versions: Sequence[DocVersion], groups: Sequence[int], family: dict[int, Kind]
) -> bool:
    """Whether ``query`` names a versioned family that is no series ("which version of the GPL")."""
    words = set(_tokens(query))
    return any(
        v.number is not None and family.get(g) is not Kind.SERIES and words & (v.family | v.initials)
        for v, g in zip(versions, groups, strict=True)
    )


def _line(
    mention: Mention,
    held: Sequence[int],
    versions: Sequence[DocVersion],
    groups: Sequence[int],
    family: dict[int, Kind],
) -> list[int]:
    """The releases of a series' line ``mention`` names (:attr:`Mention.line`, or a bare number where
    the series' releases have more parts: "node 20" beside 20.9.0 and 20.12.1) or the user runs (its
    first part: "18.14" is of the 18 line); [] for any other mention."""
    head = mention.number[:1]
    members = [i for i in held if versions[i].number is not None and (versions[i].number or ())[:1] == head]
    if mention.running:
        return members if any(family.get(groups[i]) is Kind.SERIES for i in members) else []
    if mention.parts > 1 or any(
        versions[i].number == mention.number and versions[i].parts == 1 for i in members
    ):
        return []  # "LGPL v2" beside LGPL-2 and LGPL-2.1: the version written as the title writes it
    if mention.line or any(len(versions[i].number or ()) > 1 for i in members):
        return members
    return []


def of_hits(query: str, hits: Sequence[SearchHit]) -> list[Relation]:
    """:func:`relations` of search hits, each family's kind read from its passages' signals."""
    docs = [(h.title, h.source_path) for h in hits]
    kinds = [
        kind(h.title, h.source_path, h.text, dated=h.effective_date is not None, superseded=h.superseded)
        for h in hits
    ]
    return relations(query, docs, kinds)
