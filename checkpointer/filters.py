"""Metadata filters for ``list(filter=...)``, as backend-neutral terms (no SQL here).

Semantics, identical on both backends: every key of the filter must match. A dict value matches
nested keys (``{"a": {"b": 1}}`` matches metadata whose ``a.b`` is 1, whatever else ``a`` holds);
numbers compare as numbers (1 == 1.0, never "1"); booleans only match booleans; ``None`` matches
an explicit JSON null; a list must equal the stored list exactly.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

Kind = Literal["str", "num", "bool", "null", "json", "object"]


@dataclass(frozen=True)
class FilterTerm:
    path: tuple[str, ...]
    kind: Kind
    value: Any


def flatten_filter(filter: Mapping[str, Any] | None, prefix: tuple[str, ...] = ()) -> list[FilterTerm]:
    """The leaf comparisons a metadata filter stands for."""
    terms: list[FilterTerm] = []
    for key, value in (filter or {}).items():
        if '"' in str(key) or "\\" in str(key):
            # SQLite's JSON paths cannot quote these characters: refuse on both backends rather
            # than let SQLite silently match nothing where PostgreSQL matches.
            raise ValueError(f"metadata filter key {key!r} contains a double quote or backslash")
        path = (*prefix, str(key))
        if isinstance(value, Mapping):
            terms.extend(flatten_filter(value, path) if value else [FilterTerm(path, "object", None)])
        elif isinstance(value, bool):
            terms.append(FilterTerm(path, "bool", value))
        elif isinstance(value, int | float):
            terms.append(FilterTerm(path, "num", value))
        elif isinstance(value, str):
            terms.append(FilterTerm(path, "str", value))
        elif value is None:
            terms.append(FilterTerm(path, "null", None))
        elif isinstance(value, list | tuple):
            terms.append(FilterTerm(path, "json", json.dumps(list(value), separators=(",", ":"))))
        else:
            raise TypeError(
                f"metadata filter value for {'.'.join(path)!r} is a {type(value).__name__}; "
                "use str, int, float, bool, None, a list or a nested dict"
            )
    return terms


@dataclass(frozen=True)
class ListSpec:
    """Which predicates a ``list`` call uses; the SQL modules turn it into a statement."""

    thread: bool = False
    ns: bool = False
    checkpoint_id: bool = False
    before: bool = False
    limit: bool = False
    terms: tuple[FilterTerm, ...] = ()


def term_params(terms: tuple[FilterTerm, ...]) -> dict[str, Any]:
    """Bind values of the filter terms, named ``f0``, ``f1``...; lists travel as JSON text."""
    return {f"f{i}": t.value for i, t in enumerate(terms) if t.kind not in ("null", "object")}
