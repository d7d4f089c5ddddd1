"""The query names one of an item's own short field values: a ranking cue for fused search. Pure.

An item is often about someone or something its value names in a field that is not embedded or
keyword-indexed: ``{"text": "...", "speaker": "Caroline"}`` indexed on ``text``, ``{"note": "...",
"owner": "finance", "tags": ["travel"]}`` indexed on ``note``. A question that names that value
("What did Caroline paint?", "finance's travel rules") is about those items, but neither list can
see it: the name is not in the indexed text. On real long conversations (LoCoMo, session 22) the
manager's recall, which scores a named speaker, was far above the store's search on the same turns;
this is the store's general form of that cue (any short string field or list of strings, not only a
speaker), added to the fused score of the candidates the two lists found.

Which values count: top-level string fields (and strings in a top-level list) of at most
:data:`MAX_TERMS` content words, not among the index fields (an indexed field is already in the
keyword list). A value counts by the share of its content words (Snowball stems, stop words out,
memory/lexical.py) the query contains: "Caroline Smith" gives half to a query naming "Caroline".
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from memory import lexical
from memory.store.filters import bad_segment

MAX_TERMS = 4
"""A value of more content words than this is prose, not a name or a label."""
MAX_CHARS = 80


def query_stems(query: str) -> frozenset[str]:
    return frozenset(lexical.terms(query))


def indexed_fields(index_fields: Sequence[str]) -> frozenset[str] | None:
    """Top-level field names the index covers (None: the whole value ``"$"`` is indexed, so every
    field is already in the keyword list and the cue has nothing to add)."""
    if "$" in index_fields:
        return None
    return frozenset(f.split(".", 1)[0].split("[", 1)[0] for f in index_fields)


def _labels(value: dict[str, Any], indexed: frozenset[str]) -> Iterable[tuple[str, str]]:
    """(field, label) of each short string outside the index ("" for the field of a list's string:
    such a value cannot be searched by equality, see :func:`named_value`)."""
    for name, field in value.items():
        if name in indexed:
            continue
        if isinstance(field, str):
            yield name, field
        elif isinstance(field, list):
            yield from (("", x) for x in field if isinstance(x, str))


@lru_cache(maxsize=4096)
def _label_terms(label: str) -> frozenset[str] | None:
    """A label's content words, or None when it is prose (labels repeat: a speaker's name on every turn)."""
    if len(label) > MAX_CHARS:
        return None
    words = frozenset(lexical.terms(label))
    return words if words and len(words) <= MAX_TERMS else None


CACHED_CHARS = 4096
"""A row's JSON up to this long keeps its parsed labels (:func:`_row_labels`): the same items come back
search after search, and parsing each candidate's JSON was most of the cue's cost on SQLite."""


Label = tuple[str, str, frozenset[str]]
"""(field, the value, its content words); field "" for a string in a list."""


@lru_cache(maxsize=8192)
def _row_labels(value_json: str, indexed: frozenset[str]) -> tuple[Label, ...]:
    """The content words of each short label of a row's JSON (as :func:`_value_labels`)."""
    try:
        value = json.loads(value_json)
    except ValueError:
        return ()
    return _value_labels(value, indexed)


def _value_labels(value: Any, indexed: frozenset[str]) -> tuple[Label, ...]:
    if not isinstance(value, dict):
        return ()
    found = ((name, label, _label_terms(label)) for name, label in _labels(value, indexed))
    return tuple((name, label, words) for name, label, words in found if words is not None)


def _labels_of(value: Any, indexed: frozenset[str]) -> tuple[Label, ...]:
    """A row's value (its JSON text, or the decoded value) -> its labels, cached for short JSON."""
    if isinstance(value, str):
        if len(value) <= CACHED_CHARS:
            return _row_labels(value, indexed)
        return _row_labels.__wrapped__(value, indexed)
    return _value_labels(value, indexed)


def field_share(value: Any, stems: frozenset[str], indexed: frozenset[str]) -> float:
    """The largest share of a short unindexed field value's content words that ``stems`` contains."""
    if not stems:
        return 0.0
    best = 0.0
    for _, _, words in _labels_of(value, indexed):
        share = len(words & stems) / len(words)
        if share > best:
            best = share
    return best


NAMED_SHARE = 0.05
"""The named value must be on at least this share of the candidates for its own list (a rare value's
items are mostly among the candidates already, and its filtered list would scan far for them)."""


def named_value(
    values: Iterable[Any], stems: frozenset[str], indexed: frozenset[str]
) -> tuple[str, str] | None:
    """The one (field, value) the query names best among the candidates' rows (``values``: their JSON
    text or decoded value), to search its items apart: None when no value is named, when two values
    are named as well (both speakers of a chat: neither is *the* subject), when the best is a string
    in a list (equality cannot select it) or on under :data:`NAMED_SHARE` of the candidates."""
    if not stems:
        return None
    shares: dict[tuple[str, str], float] = {}
    carried: dict[tuple[str, str], int] = {}
    rows = 0
    for value in values:
        rows += 1
        for name, label, words in _labels_of(value, indexed):
            share = len(words & stems) / len(words)
            if share > 0:
                shares[(name, label)] = share
                carried[(name, label)] = carried.get((name, label), 0) + 1
    if not shares:
        return None
    best = max(shares.values())
    top = [named for named, share in shares.items() if share == best]
    if len(top) != 1:
        return None
    name, label = top[0]
    # A name the filter's path could not hold cannot be searched apart (filters.bad_segment).
    if bad_segment(name) or carried[top[0]] < NAMED_SHARE * rows:
        return None
    return name, label


def carries(value: Any, indexed: frozenset[str], field: str, label: str) -> bool:
    """Whether a row's value (JSON text or decoded) holds ``label`` in its top-level ``field``, for a
    pair :func:`named_value` returned: the same test as the filter ``{field: label}``."""
    return any(name == field and text == label for name, text, _ in _labels_of(value, indexed))
