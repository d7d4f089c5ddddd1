"""Rules that skip their regular expression when a text lacks a string every match must contain.

Most of the screen's time on an ordinary write went to running ~500 regular expressions over the
text and its decodings (ROT13, reversed, leetspeak ...), which rarely contain the words a rule is
about. ``Rule`` reads its pattern once (Python's own regex parser) and derives a set of strings of
which any match contains at least one ("ignore" or "disregard" for ``(?:ignore|disregard)\\s+all``);
a text containing none of them cannot match, so the search is skipped. The result is the pattern's
own on every input, by construction, not a guess about what a text looks like: where the parse gives
no such set (a match may be made of character classes only, a backreference, a LOCALE pattern), the
rule always searches. Case-insensitive literals are compared on a case fold that treats as equal
every pair of characters ``re.IGNORECASE`` treats as equal (``re._casefix`` included: ``ſ`` and
``s``, ``ı`` and ``i``), so a fold can only make the filter let more texts through, never fewer.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any

try:  # CPython's own parser and case tables: the same reading of a pattern as the compiler's
    from re import _casefix, _constants, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - other interpreters: every rule searches
    _casefix = _constants = _parser = None

import _sre  # type: ignore[import-not-found]

__all__ = ["Rule", "fold", "required", "rule", "tag_findall"]

_LIMIT = 32  # most strings an exact set may hold (the strings a run of parts spells multiply)
_MANY = 512  # most strings a required set may hold (its check is one set test)
# Texts longer than this have their pieces in a cache of four (``_long_pieces``): the cached pieces of a text
# hold about one entry per character (a few hundred kB for 4,000 characters), and the rules read one text many
# times in a row, so a small cache of short texts keeps the gain with bounded memory.
_LONG = 4096
_Lit = tuple[str, bool]  # a string and whether it is compared case-insensitively (folded)


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    low = _sre.unicode_tolower(ord(ch))
    return chr(min((low, *_casefix._EXTRA_CASES.get(low, ()))))


@lru_cache(maxsize=128)
def fold(text: str) -> str:
    """``text`` with every character replaced by one representative of the characters that
    ``re.IGNORECASE`` (Unicode) matches with it; the same length, so substrings stay aligned."""
    if text.isascii():  # an ASCII letter is the smallest member of its class
        lower = text.lower()
        return text if lower == text else lower  # the same object: its pieces are cached under it
    return "".join(map(_fold_char, text))


def _cat(left: set[str], right: frozenset[str] | set[str]) -> set[str] | None:
    out = {a + b for a in left for b in right}
    return out if len(out) <= _LIMIT else None


class _Reader:
    """Exact sets (every string a node can match, when few) and required sets (strings of which every
    match contains one) of a parsed pattern; ``ic`` is whether case is ignored where a node stands."""

    def __init__(self) -> None:
        c = _constants
        self.c = c

    def exact(self, op: Any, av: Any, ic: bool) -> tuple[set[str], bool] | None:
        c = self.c
        if op is c.LITERAL:
            ch = chr(av)
            return ({_fold_char(ch) if ic else ch}, ic)
        if op is c.IN:
            if not all(o is c.LITERAL for o, _ in av) or len(av) > 4:
                return None
            return ({_fold_char(chr(a)) if ic else chr(a) for _, a in av}, ic)
        if op is c.SUBPATTERN:
            _, add, remove, sub = av
            return self.exact_seq(sub, self._ic(ic, add, remove))
        if op is c.BRANCH:
            out: set[str] = set()
            mode: bool | None = None
            for alt in av[1]:
                got = self.exact_seq(alt, ic)
                if got is None or (mode is not None and got[1] != mode):
                    return None
                out |= got[0]
                mode = got[1]
                if len(out) > _LIMIT:
                    return None
            return (out, ic if mode is None else mode)
        if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            low, high, sub = av
            if high > 3:
                return None
            body = self.exact_seq(sub, ic)
            if body is None:
                return None
            out, power = ({""} if low == 0 else set()), {""}
            for n in range(1, high + 1):
                grown = _cat(power, body[0])
                if grown is None:
                    return None
                power = grown
                if n >= low:
                    out |= power
            return (out, body[1]) if len(out) <= _LIMIT else None
        return None

    def exact_seq(self, seq: Sequence[Any], ic: bool) -> tuple[set[str], bool] | None:
        out: set[str] = {""}
        mode: bool | None = None
        for op, av in seq:
            got = self.exact(op, av, ic)
            if got is None or (mode is not None and got[1] != mode):
                return None
            mode = got[1]
            grown = _cat(out, got[0])
            if grown is None:
                return None
            out = grown
        return (out, ic if mode is None else mode)

    @staticmethod
    def _ic(ic: bool, add: int, remove: int) -> bool:
        return (ic or bool(add & re.IGNORECASE)) and not remove & re.IGNORECASE

    def required(self, op: Any, av: Any, ic: bool) -> frozenset[_Lit] | None:
        c = self.c
        exact = self.exact(op, av, ic)
        if exact is not None:
            return None if "" in exact[0] else frozenset((s, exact[1]) for s in exact[0])
        if op is c.SUBPATTERN:
            _, add, remove, sub = av
            return self.required_seq(sub, self._ic(ic, add, remove))
        if op is c.ATOMIC_GROUP:
            return self.required_seq(av, ic)
        if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            return self.required_seq(av[2], ic) if av[0] >= 1 else None
        if op is c.BRANCH:
            out: set[_Lit] = set()
            for alt in av[1]:
                got = self.required_seq(alt, ic)
                if got is None:
                    return None
                out |= got
            return frozenset(out) if len(out) <= _MANY else None
        return None

    def required_seq(self, seq: Sequence[Any], ic: bool) -> frozenset[_Lit] | None:
        """The best required set of a sequence: any of its parts' sets, or the strings a run of
        adjacent exact parts spells together (``ignore`` from six literals)."""
        found: list[frozenset[_Lit]] = []
        run: set[str] | None = None
        mode = ic

        def close() -> None:
            if run and "" not in run:
                found.append(frozenset((s, mode) for s in run))

        for op, av in seq:
            got = self.exact(op, av, ic)
            if got is not None and run is not None and got[1] == mode:
                grown = _cat(run, got[0])
                if grown is not None:
                    run = grown
                    continue
            close()
            run, mode = (got[0], got[1]) if got is not None else (None, ic)
            if got is None:
                part = self.required(op, av, ic)
                if part is not None:
                    found.append(part)
        close()
        return max(found, key=_score, default=None)


# English letters from common to rare: a string is keyed by its piece with the rarest letters, which the
# fewest texts contain (speed only; any piece gives the same verdicts).
_RARITY = {ch: i for i, ch in enumerate("etaoinshrdlcumwfgypbvkjxqz")}


def _key(lit: str) -> str:
    pieces = [lit[i : i + 3] for i in range(len(lit) - 2)]
    return max(pieces, key=lambda p: sum(_RARITY.get(ch, 30) for ch in p))


@lru_cache(maxsize=128)
def _pieces(text: str) -> frozenset[str]:
    """Every three-character piece of ``text``."""
    return frozenset(map("".join, zip(text, text[1:], text[2:], strict=False)))


@lru_cache(maxsize=4)
def _long_pieces(text: str) -> frozenset[str]:
    """``_pieces`` of a text longer than ``_LONG``, in a cache of its own that holds few of them."""
    return frozenset(map("".join, zip(text, text[1:], text[2:], strict=False)))


def _score(lits: frozenset[_Lit]) -> tuple[int, int]:
    """Longer shortest string first (rarer in text), then fewer strings (fewer checks)."""
    return (min(len(s) for s, _ in lits), -len(lits))


def required(pattern: re.Pattern[str]) -> frozenset[_Lit] | None:
    """Strings (with whether each is compared case-insensitively) of which every match of ``pattern``
    contains one, or None when the parse gives no such set."""
    if _parser is None or pattern.flags & re.LOCALE or not isinstance(pattern.pattern, str):
        return None
    parsed = _parser.parse(pattern.pattern, pattern.flags)
    found = _Reader().required_seq(parsed.data, bool(parsed.state.flags & re.IGNORECASE))
    if found is None or min(len(s) for s, _ in found) < 2:  # one character is in nearly every text
        return None
    # a string containing another of the set adds nothing ("abcd" beside "cd")
    return frozenset((s, ic) for s, ic in found if not any(o != s and oc == ic and o in s for o, oc in found))


class Rule:
    """A compiled pattern whose searches first check for the strings every match contains; a match is
    impossible when none of them occurs in the text, and the pattern is not run."""

    __slots__ = ("_exact", "_folded", "_pairs", "compiled")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.compiled = pattern
        lits = required(pattern) or frozenset()
        # One three-character piece of each longer string: a string occurs only where all its pieces do, so
        # a text without any of the rule's pieces has none of its strings (one set test in C, not a loop).
        self._exact = frozenset(_key(s) for s, ic in lits if not ic and len(s) >= 3)
        self._folded = frozenset(_key(s) for s, ic in lits if ic and len(s) >= 3)
        self._pairs = tuple((s, ic) for s, ic in lits if len(s) < 3)

    def possible(self, text: str) -> bool:
        """False only when no match can exist in ``text``."""
        if len(text) > _LONG:
            # A long text's pieces are kept for the latest few long texts only (one entry per character, a few
            # MB for 64 KB): the check then holds on any length, and a long value without the words a rule
            # needs no longer runs that rule (session 35: a 64 KB value ran all ~500 patterns, some of them
            # slow on long runs of one character).
            if self._exact and not self._exact.isdisjoint(_long_pieces(text)):
                return True
            if not (self._folded or self._pairs):
                return not self._exact
            folded = fold(text)
            if self._folded and not self._folded.isdisjoint(_long_pieces(folded)):
                return True
            return any(lit in (folded if ic else text) for lit, ic in self._pairs)
        if self._exact and not self._exact.isdisjoint(_pieces(text)):
            return True
        if not (self._folded or self._pairs):
            return not self._exact  # a rule without strings always searches
        folded = fold(text)
        if self._folded and not self._folded.isdisjoint(_pieces(folded)):
            return True
        return any(lit in (folded if ic else text) for lit, ic in self._pairs)

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        # a string absent from the whole text is absent from any part of it: the check is sound for a slice
        return self.compiled.search(text, pos, endpos) if self.possible(text) else None

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        # a string absent from the whole text is absent from any part of it: the check is sound for a slice
        return self.compiled.match(text, pos, endpos) if self.possible(text) else None

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        # a string absent from the whole text is absent from any part of it: the check is sound for a slice
        return self.compiled.fullmatch(text, pos, endpos) if self.possible(text) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text) if self.possible(text) else iter(())

    def findall(self, text: str) -> list[Any]:
        return self.compiled.findall(text) if self.possible(text) else []

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return self.compiled.sub(repl, text, count) if self.possible(text) else text

    def split(self, text: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(text, maxsplit) if self.possible(text) else [text]

    @property
    def flags(self) -> int:
        return self.compiled.flags


def rule(pattern: str, flags: int = 0) -> Rule:
    """``re.compile(pattern, flags)`` with the required-string check in front of its searches."""
    return Rule(re.compile(pattern, flags))


def tag_findall(opening: Rule, pattern: Rule, text: str) -> list[Any]:
    """``pattern.findall(text)`` for a pattern that reads one markup tag: it opens with what ``opening`` matches
    (``<`` and a tag name) and reads the tag's attributes with a class that stops at ``>`` before anything
    else it needs. Tried at every ``<`` of a long run of tags that never close, such a pattern reads to the
    next ``>`` each time, quadratic in the run (session 35: 24 s for 32 KB of ``<a ``). A tag opening that
    fails has looked at every place where a later ``<`` before the same ``>`` could find what it needs, so
    those fail too: the search goes on after that ``>``. Same results as ``findall`` (one match per tag,
    groups as tuples or the one group), each character read a bounded number of times."""
    found: list[Any] = []
    pos = 0
    while (start := opening.search(text, pos)) is not None:
        m = pattern.match(text, start.start())
        if m is None:
            close = text.find(">", start.end())
            if close < 0:
                break
            pos = close + 1
            continue
        groups = m.groups()
        found.append(groups if len(groups) > 1 else (groups[0] if groups else m.group(0)))
        pos = m.end() if m.end() > m.start() else m.end() + 1
    return found
