"""Masking found values and cutting excerpts: a report shows where a value is, never the value itself.

Every span a rule found on a line is masked before any excerpt of that line is cut, so an excerpt of
one finding cannot reveal another finding's value either.
"""

from __future__ import annotations

import re
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
    from bisect import bisect_right

    return bisect_right(starts, offset)


def excerpt(text: str, starts: list[int], hit: Hit, hits_on_line: list[Hit]) -> str:
    """The hit's line with every hit on it masked, trimmed to about EXCERPT_CHARS around the hit."""
    number = line_of(starts, hit.start)
    begin = starts[number - 1]
    end = starts[number] - 1 if number < len(starts) else len(text)
    # A hit may run past its line (a multi-line key block); mask to the line's end at most.
    pieces: list[str] = []
    cursor = begin
    focus = 0
    for other in sorted(hits_on_line, key=lambda h: h.start):
        if other.start < cursor:
            continue
        pieces.append(text[cursor : other.start])
        if other is hit:
            focus = sum(len(p) for p in pieces)
        pieces.append(other.masked)
        cursor = max(cursor, min(other.end, end))
        if other.end > end:
            cursor = end
    pieces.append(text[cursor:end])
    line = "".join(pieces)
    if len(line) > EXCERPT_CHARS:
        lo = max(0, focus - EXCERPT_CHARS // 3)
        hi = lo + EXCERPT_CHARS
        line = ("…" if lo else "") + line[lo:hi] + ("…" if hi < len(line) else "")
    return _SPACE.sub(" ", line).strip()
