"""Metadata filters for ``list(filter=...)``, as backend-neutral terms (no dialect's SQL here).

Semantics, identical on both backends: every key of the filter must match. A dict value matches
nested keys (``{"a": {"b": 1}}`` matches metadata whose ``a.b`` is 1, whatever else ``a`` holds);
numbers compare as numbers (1 == 1.0, never "1"); booleans only match booleans; ``None`` matches
an explicit JSON null; a list must equal the stored list exactly.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from checkpointer.errors import InvalidFilter
from kassist.text import has_lone_surrogate

Kind = Literal["str", "num", "bool", "null", "json", "object"]
INT_RANGE = (-(2**63), 2**63 - 1)  # what SQLite binds (and compares exactly); beyond it, OverflowError


def _check_text(where: str, text: str) -> None:
    if "\x00" in text:
        raise InvalidFilter(
            f"metadata filter {where} contains a NUL character (U+0000); stored metadata never holds "
            "one (it is removed when a checkpoint is written): remove it from the filter"
        )
    if has_lone_surrogate(text):
        raise InvalidFilter(
            f"metadata filter {where} contains a lone surrogate (half of a UTF-16 pair), which is not "
            "text; decode it properly before filtering"
        )


def _check_value(name: str, value: Any) -> None:
    if isinstance(value, str):
        _check_text(f"value for {name!r}", value)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if not INT_RANGE[0] <= value <= INT_RANGE[1]:
            raise InvalidFilter(
                f"metadata filter value for {name!r} is {value}, outside the 64-bit integer range "
                f"[{INT_RANGE[0]}, {INT_RANGE[1]}] both backends compare exactly; store and filter "
                "such numbers as strings"
            )
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidFilter(f"metadata filter value for {name!r} is {value}; JSON has no NaN or infinity")
    elif isinstance(value, list | tuple):
        for item in value:
            _check_value(name, item)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _check_text(f"key {key!r} in the value for {name!r}", str(key))
            _check_value(name, item)


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
            raise InvalidFilter(f"metadata filter key {key!r} contains a double quote or backslash")
        _check_text(f"key {key!r}", str(key))
        path = (*prefix, str(key))
        if not isinstance(value, Mapping):
            _check_value(".".join(path), value)
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

    def where(self, param: Callable[[str], str], term: Callable[[int, FilterTerm], str]) -> str:
        """The listing's predicates on the checkpoints table ``c`` and its LIMIT, in a dialect's
        placeholders (``param("tenant")``: ``:tenant``, ``%(tenant)s``) and JSON operators
        (``term(i, t)``: the SQL of filter term ``i``)."""
        wheres = [f"c.tenant_id = {param('tenant')}"]
        for used, column, name in (
            (self.thread, "c.thread_id =", "thread"),
            (self.ns, "c.checkpoint_ns =", "ns"),
            (self.checkpoint_id, "c.checkpoint_id =", "cid"),
            (self.before, "c.checkpoint_id <", "before"),
        ):
            if used:
                wheres.append(f"{column} {param(name)}")
        wheres.extend(term(i, t) for i, t in enumerate(self.terms))
        limit = f" LIMIT {param('limit')}" if self.limit else ""
        return f"{' AND '.join(wheres)} ORDER BY c.checkpoint_id DESC{limit}"


def term_params(terms: tuple[FilterTerm, ...]) -> dict[str, Any]:
    """Bind values of the filter terms, named ``f0``, ``f1``...; lists travel as JSON text."""
    return {f"f{i}": t.value for i, t in enumerate(terms) if t.kind not in ("null", "object")}
