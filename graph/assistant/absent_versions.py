"""A version the question asks about that the knowledge base does not hold: "not found", not a neighbour.

A knowledge base of versioned documents (release notes "v20.9.0", "v20.12.0"; "MPL-1.1", "MPL-2.0")
holds many siblings of a version it lacks, and they say nearly the same things: "What changed in
20.21.0?" against notes up to 20.20.2 was answered from 20.9.0, "Which features did 18.16.0 add?"
from 18.14.0 (session 39, blind 21: near versions 1/7 abstained). The sibling's answer is wrong - it
is another release's - and the user cannot tell. The rule, read from the documents' own titles and
the question's form, no corpus's names:

- a version the question writes with dots ("20.21.0", "18.16", "v3.2"; not a bare number, which
  counts as often as it names) and does not say the user runs ("we're still on 18.14": the fix may
  be in a later release, versions.py) is *asked for*;
- the passages found are *its siblings* when one of their documents carries, in its title or file
  name, a version written with dots too ("v20.9.0" for "20.21.0" or "20.21") or of the family the
  question names ("MPL 3" beside "MPL-2.0"): a knowledge base of versioned documents;
- it is *absent* when no passage found carries it - no document's version equals it, and no passage,
  title or file name writes it ("v20.21.0", "20.21", trailing zeros aside) - and no passage of the
  whole base writes it either (the search may not have brought it): a tool's version a release's
  notes mention ("llhttp 9.2.0") is in the base and not absent.

Then the answer says nothing was found for that version and names the closest versions the base
holds (nearest first), so the user sees which releases there are. Pure, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from knowledge.index.versions import Number, doc_version, mentions, said_to_run

# A version written with dots, an optional "v" glued on: "20.21.0", "v3.2", "18.16". Not part of a
# longer number or a date ("2024.01.15": a head of at most two digits), not an amount ("1.5%",
# "2.5x", "1.5 days" fails the siblings' shape below).
_DOTTED = re.compile(r"(?<![\w.])v?(\d{1,2}(?:\.\d+){1,3})(?![\w%]|\.\d)")
# A number followed by what measures it is an amount, not a version: "1.5 hours", "2.5 times",
# "1.5 MB per second", "2.5 percent" (review r5 s40, R5-7).
_AMOUNT = re.compile(
    r"\s*(?:-\s*)?(?:times|fold|x|percent|per\s?cent|%|[a-z]{0,5}seconds?|ms|mins?|minutes?|hours?|hrs?|days?|"
    r"weeks?|months?|years?|[kmgt]i?b|bytes?|megabytes?|gigabytes?|kg|km|cm|mm|m|miles?|euros?|dollars?|"
    r"pounds?|points?|stars?|per)\b",
    re.IGNORECASE,
)
_WRITTEN = re.compile(r"(?<![\w.])v?(\d{1,2}(?:\.\d+){1,3})(?!\.?\d)")
MAX_CLOSEST = 3


@dataclass(frozen=True)
class Absent:
    """A version asked for that no passage found carries: ``span`` as the question writes it,
    ``closest`` the titles of the siblings found, the nearest version first."""

    span: str
    closest: list[str]


def _number(text: str) -> Number:
    parts = [int(p) for p in text.split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def _parts(hit: dict[str, Any]) -> int:
    """How many parts the version in a hit's title (else its file name) is written with; 0: none."""
    stem = PurePosixPath(str(hit.get("source_path") or "").replace("\\", "/")).stem
    for text in (str(hit.get("title") or ""), stem):
        m = _WRITTEN.search(text)
        if m:
            return m.group(1).count(".") + 1
    return 0


def _writes(text: str, number: Number) -> bool:
    """Whether ``text`` writes the version ``number`` ("v20.21.0", "20.21", "20.21.0.0")."""
    head = r"\.".join(str(p) for p in number) + (r"\.0" if len(number) == 1 else "")  # "22.0", not "22"
    return re.search(rf"(?<![\w.])v?{head}(?:\.0)*(?!\.?\d)", text) is not None


def _distance(a: Number, b: Number) -> tuple[int, ...]:
    width = max(len(a), len(b), 4)  # one width for every pair: (20, 9) is (20, 9, 0, 0)
    pa, pb = a + (0,) * (width - len(a)), b + (0,) * (width - len(b))
    first = next((i for i in range(width) if pa[i] != pb[i]), width)
    return (width - first, *(abs(x - y) for x, y in zip(pa[first:], pb[first:], strict=True)))


def _nearest(number: Number, siblings: Sequence[int], numbers: Sequence[Number]) -> list[int]:
    """``siblings`` nearest first: the newest version below the one asked and the oldest above it,
    then the rest by distance."""
    below = [i for i in siblings if numbers[i] < number]
    above = [i for i in siblings if numbers[i] > number]
    first = [max(below, key=lambda i: numbers[i])] if below else []
    first += [min(above, key=lambda i: numbers[i])] if above else []
    rest = sorted((i for i in siblings if i not in first), key=lambda i: _distance(number, numbers[i]))
    return first + rest


def absent_versions(
    query: str, hits: Sequence[dict[str, Any]], uses: Callable[[str], bool] | None = None
) -> list[Absent]:
    """The versions ``query`` asks about that none of ``hits`` (SearchHit dumps) carries while some
    carry a sibling version (module docstring). ``uses``: whether the knowledge base writes a
    version anywhere (knowledge/index/words.py): one the search did not bring is not absent."""
    if not hits:
        return []
    named = {m.number: m for m in mentions(query) if not m.year}
    docs = [doc_version(str(h.get("title") or ""), str(h.get("source_path") or "")) for h in hits]
    shapes = [_parts(h) for h in hits]
    texts = [f"{h.get('title') or ''} {h.get('source_path') or ''} {h.get('heading') or ''} {h.get('text') or ''}"
             for h in hits]  # fmt: skip
    out: list[Absent] = []
    for m in _DOTTED.finditer(query):
        written = m.group(1)
        if _AMOUNT.match(query, m.end()) or query[max(0, m.start() - 1) : m.start()] in ("$", "€", "£"):
            continue
        number = _number(written)
        mention = named.get(number)
        if (mention is not None and mention.running) or said_to_run(query[: m.start()]):
            continue
        family = set(mention.family) if mention is not None else set()
        siblings = [
            i
            for i, d in enumerate(docs)
            if d.number is not None and (shapes[i] >= 2 or family & (d.family | d.initials))
        ]
        if not siblings:
            continue
        if any(docs[i].number == number for i in range(len(hits))) or any(_writes(t, number) for t in texts):
            continue
        if uses is not None and uses(written):
            continue
        ranked = _nearest(number, siblings, [docs[i].number or () for i in range(len(hits))])
        titles = list(dict.fromkeys(str(hits[i].get("title") or "") for i in ranked))[:MAX_CLOSEST]
        out.append(Absent(m.group(0), titles))
    return out
