"""Whether a tenant's documents use or name an acronym ("CFO", "EAP").

The assistant's names check (graph/assistant/answering.py) abstains on a name none of the passages
found holds. An acronym the knowledge base itself uses ("urgent exceptions need CFO approval") is a
word it mentions, though the passages found for one question may not hold it; so is one of three or
more letters whose letters are the initials of a section heading or document title of the base
("Employee assistance programme": EAP): a heading names something the base covers. One it neither
uses nor names ("RFP") stays a name the base lacks.

Case-sensitive: "US" is not the pronoun "us". The plural and possessive ("CFOs", "CFO's") and the
dotted form ("U.S.") are the same word. Running text elsewhere in the base does not spell one out:
over a whole corpus, some words' initials make almost any acronym ("resources for political":
RFP; 19-29% of random three-letter ones in the 320-document bench corpus), against 0.7% for
headings and titles (11% of two-letter ones: these need the word itself).
"""

from __future__ import annotations

import re

from knowledge.index.dialect import Dialect, Op, Stmt

# Only what reads as an acronym: two to five capitals (the names check's own pattern).
ACRONYM = re.compile(r"[A-Z]{2,5}")
# One written in a question, perhaps plural ("SREs"): the acronym is group 1.
ACRONYM_WORD = re.compile(rf"\b({ACRONYM.pattern})s?\b")
NAMED_MIN = 3  # letters an acronym needs to be excused by a heading's initials
_LINKS = frozenset(("of", "and", "for", "the", "&"))


def _pattern(word: str) -> re.Pattern[str]:
    dotted = r"\.".join(word) + r"\."
    return re.compile(rf"(?<![\w.]){word}(?:s|'s)?(?!\w)|(?<![\w.]){dotted}(?!\w)")


def initials(name: str) -> str:
    """A heading's initials, link words left out and each part of a hyphenated word counted
    ("Multi-factor authentication": MFA)."""
    words = [w for w in re.findall(r"[^\W\d_][\w'-]*", name) if w.lower() not in _LINKS]
    return "".join(p[0] for w in words for p in w.split("-") if p).upper()


# A version written with dots ("20.21.0", "1.2"): the assistant asks whether the base writes it
# anywhere before saying it holds only its siblings (graph/assistant/absent_versions.py).
VERSION = re.compile(r"\d{1,2}(?:\.\d+){1,3}")


def _version_pattern(word: str) -> tuple[str, re.Pattern[str], str]:
    """The version's head (trailing zeros dropped, two parts kept) for the substring scan, the pattern that finds it
    written ("v20.21.0", "20.21", not "20.21.1" nor "120.21"), and PostgreSQL's form of it."""
    parts = word.split(".")
    while len(parts) > 2 and parts[-1].strip("0") == "":  # "22.0", not "22": a version, no count
        parts.pop()
    head = ".".join(str(int(p)) for p in parts)
    escaped = re.escape(head)
    pattern = re.compile(rf"(?<![\w.])v?{escaped}(?:\.0)*(?!\.?\d)")
    pg = rf"(^|[^[:alnum:]_.])v?{escaped}(\.0)*($|[^0-9.]|\.($|[^0-9]))"
    return head, pattern, pg


def uses(d: Dialect, tenant: str, word: str) -> Op[bool]:
    """Whether any chunk of ``tenant`` holds ``word`` (an acronym, or a version written with dots) as
    written, or (an acronym of three letters or more) a heading or title of it has ``word``'s letters
    as its initials."""
    if d.uses_word is None:
        return False
    if VERSION.fullmatch(word):
        head, found, pg_version = _version_pattern(word)
        rows = yield Stmt(
            d.uses_word, {"tenant": tenant, "word": head, "dotted": head, "pattern": pg_version}
        )
        return any(found.search(str(r[0])) for r in rows)
    if not ACRONYM.fullmatch(word):
        return False
    dotted = ".".join(word) + "."
    # PostgreSQL's regular expressions: \m and \M are word bounds.
    pg = rf"\m{word}(s|'s)?\M|(^|[^\w.]){re.escape(dotted)}"
    rows = yield Stmt(d.uses_word, {"tenant": tenant, "word": word, "dotted": dotted, "pattern": pg})
    pattern = _pattern(word)
    if any(pattern.search(str(r[0])) for r in rows):
        return True
    if len(word) < NAMED_MIN or d.named_sections is None:
        return False
    first = word[0]
    named = yield Stmt(d.named_sections, {"tenant": tenant, "first": f"{first}%", "inner": f"% > {first}%"})
    parts = {p.strip() for r in named if r[0] for p in str(r[0]).split(" > ")}
    return any(initials(p) == word for p in parts)
