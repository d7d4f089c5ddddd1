"""Finding the date a document says it took effect or was last reviewed. Pure functions, no I/O.

Recognised: a keyword ("Effective date", "Effective from", "In effect since", "Last reviewed",
"Review date", "Last updated", "Revised", ...) followed by a date written as 2026-03-04,
2026/03/04, 4 March 2026, 4th of March, 2026, March 4, 2026, Mar. 4 2026, March 2026 (read as the
1st) or 04/03/2026 when the day is unambiguous (a number over 12). An effective date wins over a
review date; otherwise the first one in the text. Dates that do not exist (31 February) are ignored.
"""

from __future__ import annotations

import re
from datetime import date

_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_ORD = r"(?:st|nd|rd|th)?"

_KEYWORD = re.compile(
    r"\b(effective(?:\s+date)?|date\s+effective|in\s+effect|(?:last\s+)?review(?:ed)?(?:\s+date)?"
    r"|(?:last\s+)?(?:updated|revised))\b"
    r"(?:\s+date)?\s*[:\-–—]?\s*(?:on|from|as\s+of|since|starting)?\s*[:\-–—]?\s*",
    re.IGNORECASE,
)
_ISO = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b")
_DAY_MONTH_YEAR = re.compile(rf"(\d{{1,2}}){_ORD}\s+(?:of\s+)?{_MONTH}\.?,?\s+(\d{{4}})\b", re.IGNORECASE)
_MONTH_DAY_YEAR = re.compile(rf"{_MONTH}\.?\s+(\d{{1,2}}){_ORD},?\s+(\d{{4}})\b", re.IGNORECASE)
_MONTH_YEAR = re.compile(rf"{_MONTH}\.?,?\s+(\d{{4}})\b", re.IGNORECASE)
_NUMERIC = re.compile(r"(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b")


def find_effective_date(text: str) -> date | None:
    """The effective (preferred) or last-reviewed date ``text`` states, or ``None``."""
    effective, reviewed = find_document_dates(text)
    return effective or reviewed


def find_document_dates(text: str) -> tuple[date | None, date | None]:
    """The first effective date and the first review (or update, or revision) date ``text`` states."""
    effective: date | None = None
    review: date | None = None
    for match in _KEYWORD.finditer(text):
        is_effective = "effect" in match.group(1).lower()
        if (effective if is_effective else review) is not None:
            continue
        found = parse_date_at(text, match.end())
        if found is None:
            continue
        if is_effective:
            effective = found
        else:
            review = found
        if effective is not None and review is not None:
            break
    return effective, review


def parse_date_at(text: str, pos: int) -> date | None:
    """A date written at ``text[pos:]`` in one of the recognised formats, or ``None``."""
    if m := _ISO.match(text, pos):
        return _make(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if m := _DAY_MONTH_YEAR.match(text, pos):
        return _make(int(m.group(3)), _month(m.group(2)), int(m.group(1)))
    if m := _MONTH_DAY_YEAR.match(text, pos):
        return _make(int(m.group(3)), _month(m.group(1)), int(m.group(2)))
    if m := _MONTH_YEAR.match(text, pos):
        return _make(int(m.group(2)), _month(m.group(1)), 1)
    if m := _NUMERIC.match(text, pos):
        first, second, year = int(m.group(1)), int(m.group(2)), int(m.group(3))
        # 04/03/2026 is 4 March in Europe and 3 April in the US: only accept what cannot be misread.
        if first > 12 >= second:
            return _make(year, second, first)
        if second > 12 >= first:
            return _make(year, first, second)
    return None


def _month(name: str) -> int:
    return _MONTHS[name[:3].lower()]


def _make(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None
