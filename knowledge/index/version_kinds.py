"""A family of versions: do its documents replace each other, or does each list its own changes? Pure.

knowledge/index/versions.py puts a family's newest version first when a question names none. That
holds for documents a newer edition replaces - a policy with an effective date, a licence, a handbook,
a page marked superseded - and not for a series whose versions each say what changed in them: release
notes, a changelog, "what's new". Session 38 applied "the newest leads" to every family and blind 20's
feature questions went to the newest git release's notes, which list other changes (first citation
127 -> 121/149, docs/benchmarks.md, "Session 39 (q5)"). The kind is read from the documents' own
signals, title first, never from one corpus's file names: the rule has to hold for a tenant's
documents nobody here has seen.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from enum import Enum
from pathlib import PurePosixPath


class Kind(Enum):
    """How the versions of a family stand to each other, from their documents' own signals (:func:`kind`)."""

    UNKNOWN = 0  # no signal: read as editions, the newest first (a version named still leads)
    SUPERSEDING = 1  # a newer version replaces an older one (policies, licences): the newest leads
    SERIES = 2  # each version lists its own changes (release notes): plain relevance orders them


# A title or file name of a series whose versions each list their own changes ("Release 16.1",
# "Git 2.39 release": a release named by its number).
_SERIES_TITLE = re.compile(
    r"\b(release[ _-]?notes?|relnotes|change[ _-]?logs?|changes|news|what'?s[ _-]new|errata)\b"
    r"|\brelease[ _-]+v?\d|\d[ _-]+release\b",
    re.IGNORECASE,
)
# ... and a passage saying it lists changes since an earlier version ("Fixes since v2.39.3").
_SERIES_TEXT = re.compile(
    r"\b(?:fixes|updates|changes|changed|new features) (?:since|from) (?:v(?:ersion)?\s?)?\d|\brelease notes\b"
    r"|\bthis release (?:contains|fixes|adds|includes|merges|addresses|brings|introduces)\b"
    # A release's own headings: "Notable Changes", "Breaking changes"; a dated release line
    # ("2023-10-24, Version 20.9.0").
    r"|\b(?:notable|breaking) changes\b|\b\d{4}-\d\d-\d\d,? (?:version|release) v?\d+\.\d",
    re.IGNORECASE,
)
# A title naming a kind of document that its next edition replaces.
_SUPERSEDING_TITLE = re.compile(
    r"\b(polic(?:y|ies)|licen[cs]es?|handbooks?|terms|agreements?|contracts?|charters?|regulations?|"
    r"code of conduct|standards?|guides?|guidelines?|manuals?|procedures?|runbooks?|playbooks?)\b",
    re.IGNORECASE,
)
# A passage saying that one version replaces another, when it takes effect, or that it is a licence.
_SUPERSEDING_TEXT = re.compile(
    r"\b(?:supersedes|superseded by|obsoletes|obsoleted by|effective (?:date|from|as of)|"
    r"(?:this|the) (?:policy|document|edition|version|licen[cs]e) (?:replaces|supersedes)|"
    r"this licen[cs]e|revised (?:and/or|or) new versions)\b",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=8192)
def kind(
    title: str, source_path: str, text: str = "", *, dated: bool = False, superseded: bool = False
) -> Kind:
    """Whether a document's versions replace each other or each list their own changes, from its own
    signals, strongest first: its title or file name saying release notes, a changelog, news or
    "Release 16.1" (a series); an effective date (``dated``), an archived or superseded mark
    (``superseded``) or a title naming a policy, licence, handbook, terms, an agreement, a standard,
    guide, manual or procedure (superseding); then its passage (``text``): "supersedes", "obsoletes",
    "effective from", a licence's "this License" (superseding) or "Fixes since v2.39.3", "This release
    contains" (a series)."""
    stem = PurePosixPath(source_path.replace("\\", "/")).stem
    if _SERIES_TITLE.search(f"{title} {stem.replace('_', ' ')}"):
        return Kind.SERIES
    if dated or superseded or _SUPERSEDING_TITLE.search(title):
        return Kind.SUPERSEDING
    if _SUPERSEDING_TEXT.search(text):
        return Kind.SUPERSEDING
    return Kind.SERIES if _SERIES_TEXT.search(text) else Kind.UNKNOWN


def family_kinds(kinds: Sequence[Kind], groups: Sequence[int], years: Sequence[bool]) -> dict[int, Kind]:
    """Each family's kind: the one most of its candidates' signals give (a policy whose passage lists
    "changes since version 2" is still a policy); with no signal, a family whose versions are years is
    superseding (the 2026 holiday calendar is this year's, the 2025 one last year's); else none."""
    votes: dict[int, dict[Kind, int]] = {}
    for k, g in zip(kinds, groups, strict=True):
        if g >= 0 and k is not Kind.UNKNOWN:
            votes.setdefault(g, {}).setdefault(k, 0)
            votes[g][k] += 1
    out: dict[int, Kind] = {}
    for g, count in votes.items():
        ranked = sorted(count.items(), key=lambda kv: -kv[1])
        if len(ranked) == 1 or ranked[0][1] > ranked[1][1]:
            out[g] = ranked[0][0]
    by_year: dict[int, bool] = {}
    for g, year in zip(groups, years, strict=True):
        if g >= 0:
            by_year[g] = by_year.get(g, True) and year
    for g, all_years in by_year.items():
        if all_years and g not in votes:
            out[g] = Kind.SUPERSEDING
    return out
