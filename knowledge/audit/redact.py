"""Masking found values and cutting excerpts: a report shows where a value is, never the value itself.

Every span a rule found on a line is masked before any excerpt of that line is cut, so an excerpt of
one finding cannot reveal another finding's value either.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right, insort
from dataclasses import dataclass

from knowledge.audit.models import Category

EXCERPT_CHARS = 160


@dataclass(frozen=True)
class Hit:
    """A value one rule found in a text: its span and how it is shown masked."""

    rule: str
    category: Category
    start: int
    end: int
    masked: str


def mask_digits(value: str, *, keep_last: int = 4) -> str:
    """Digits replaced by ``*`` except the last ``keep_last``; separators kept (``**** **** **** 1111``)."""
    total = sum(ch.isdigit() for ch in value)
    keep_from = total - keep_last
    out: list[str] = []
    seen = 0
    for ch in value:
        if ch.isdigit():
            out.append(ch if seen >= keep_from else "*")
            seen += 1
        else:
            out.append(ch)
    return "".join(out)


def mask_iban(value: str) -> str:
    """Country code and the last four characters kept: ``NL** **** **** **** 4300``."""
    alnum = [i for i, ch in enumerate(value) if ch.isalnum()]
    keep = set(alnum[:2]) | set(alnum[-4:])
    return "".join(ch if (i in keep or not ch.isalnum()) else "*" for i, ch in enumerate(value))


def mask_email(value: str) -> str:
    """First character of the mailbox and the domain kept: ``p***@example.com``."""
    local, _, domain = value.partition("@")
    return f"{local[:1]}***@{domain}"


def mask_secret(value: str, *, label: str, prefix: bool = True) -> str:
    """A recognisable prefix of a long token (``AKIA``, ``ghp_``) at most; passwords and short secrets
    show nothing but their length."""
    prefix_text = value[:4] if prefix and len(value) >= 20 else ""
    return f"{prefix_text}[redacted {label}, {len(value)} chars]"


_SPACE = re.compile(r"\s+")


def line_starts(text: str) -> list[int]:
    """Offsets where each line of ``text`` starts (line 1 at index 0)."""
    return [0, *(m.end() for m in re.finditer("\n", text))]


def line_of(starts: list[int], offset: int) -> int:
    """The 1-based line number holding ``offset``."""
    return bisect_right(starts, offset)


def overlaps(taken: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether ``[start, end)`` overlaps a span of ``taken``: spans kept sorted and apart (:func:`take`).

    Apart and sorted by start, their ends are sorted too: only the last span starting before ``end``
    may reach past ``start``. A scan of every span per hit was quadratic in a document's hits (a
    directory export of 20,000 addresses: 48 s, session 38 H21-2).
    """
    at = bisect_left(taken, (end,))  # the first span starting at or after ``end``
    return at > 0 and taken[at - 1][1] > start


def take(taken: list[tuple[int, int]], start: int, end: int) -> None:
    """Add ``[start, end)`` to ``taken`` (which must not overlap it: :func:`overlaps`), kept sorted."""
    insort(taken, (start, end))


def excerpts(text: str, starts: list[int], number: int, hits: list[Hit]) -> dict[int, str]:
    """Each hit's excerpt on line ``number``: the line with every hit of ``hits`` on it masked,
    trimmed to about EXCERPT_CHARS around the hit; keyed by ``id`` of the hit.

    The masked line is built once for all its hits and each excerpt cut from it: a line of n hits
    rebuilt per hit cost n**2 line lengths (a 42 KB line of addresses: minutes, session 38 H21-2).
    """
    begin = starts[number - 1]
    end = starts[number] - 1 if number < len(starts) else len(text)
    # A hit may run past its line (a multi-line key block); mask to the line's end at most.
    pieces: list[str] = []
    length = 0
    focus: dict[int, int] = {}
    cursor = begin
    for other in sorted(hits, key=lambda h: h.start):
        if other.start < cursor:  # inside a span masked already: its excerpt is the mask's
            focus[id(other)] = max(0, length - len(pieces[-1])) if pieces else 0
            continue
        pieces.append(text[cursor : other.start])
        length += len(pieces[-1])
        focus[id(other)] = length
        pieces.append(other.masked)
        length += len(other.masked)
        cursor = max(cursor, min(other.end, end))
    pieces.append(text[cursor:end])
    line = "".join(pieces)
    return {key: _cut(line, at) for key, at in focus.items()}


def _cut(line: str, focus: int) -> str:
    if len(line) > EXCERPT_CHARS:
        lo = max(0, focus - EXCERPT_CHARS // 3)
        hi = lo + EXCERPT_CHARS
        line = ("…" if lo else "") + line[lo:hi] + ("…" if hi < len(line) else "")
    return _SPACE.sub(" ", line).strip()
