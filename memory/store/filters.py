"""Search filters: validated into typed conditions, then rendered as SQL for each dialect.

Comparisons are typed: a number only matches numeric fields and compares as a number (so
``{"$gt": 5}`` matches 10, which a text comparison would miss), a string only matches string fields
and compares by code point, booleans and null only support equality. ``$ne`` is the negation of
``$eq``: it also matches items where the field is missing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from kassist.errors import InvalidFilter as InvalidFilter  # the one class; memory.store.InvalidFilter

Kind = Literal["number", "string", "bool", "null"]
OPERATORS = ("$eq", "$ne", "$gt", "$gte", "$lt", "$lte")
_SQL_OP = {"$gt": ">", "$gte": ">=", "$lt": "<", "$lte": "<="}


@dataclass(frozen=True)
class Condition:
    path: tuple[str, ...]
    op: str
    value: Any
    kind: Kind


def _kind(key: str, value: object) -> Kind:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        if value != value or value in (float("inf"), float("-inf")):
            raise InvalidFilter(f"filter on {key!r}: {value!r} is not a finite number")
        if isinstance(value, int) and not -(2**63) <= value < 2**63:
            raise InvalidFilter(f"filter on {key!r}: {value} does not fit a 64-bit integer; use a float")
        return "number"
    if isinstance(value, str):
        return "string"
    raise InvalidFilter(
        f"filter on {key!r}: {type(value).__name__} values are not supported; compare a scalar "
        "(number, string, boolean, null), using a dotted key for nested fields, e.g. {'a.b': 1}"
    )


def bad_segment(part: str) -> bool:
    """Whether a field name cannot be one segment of a filter's path (the JSON path quotes it)."""
    return not part or '"' in part or "\x00" in part


def _path(key: object) -> tuple[str, ...]:
    if not isinstance(key, str) or not key:
        raise InvalidFilter(f"filter key {key!r} must be a non-empty string such as 'status' or 'a.b.c'")
    parts = tuple(key.split("."))
    if any(bad_segment(p) for p in parts):
        raise InvalidFilter(f"filter key {key!r}: segments must be non-empty and contain no '\"'")
    return parts


def parse_filter(spec: Mapping[str, Any] | None) -> list[Condition]:
    if not spec:
        return []
    if not isinstance(spec, Mapping):
        raise InvalidFilter(f"filter must be a mapping of field -> value, got {type(spec).__name__}")
    conditions: list[Condition] = []
    for key, raw in spec.items():
        path = _path(key)
        if isinstance(raw, Mapping) and raw and all(isinstance(k, str) and k.startswith("$") for k in raw):
            items = list(raw.items())
        else:
            items = [("$eq", raw)]
        for op, value in items:
            if op not in OPERATORS:
                raise InvalidFilter(f"filter on {key!r}: unknown operator {op!r}; use one of {OPERATORS}")
            kind = _kind(key, value)
            if op in _SQL_OP and kind not in ("number", "string"):
                raise InvalidFilter(f"filter on {key!r}: {op} needs a number or a string, got {value!r}")
            conditions.append(Condition(path, op, value, kind))
    return conditions


def sqlite_json_path(path: tuple[str, ...]) -> str:
    return "$" + "".join(f'."{part}"' for part in path)


def render_sqlite(cond: Condition, column: str = "i.value_json") -> tuple[str, list[Any]]:
    """SQLite: ``json_type`` checks the JSON type, ``json_extract`` yields a typed SQL value."""
    jp = sqlite_json_path(cond.path)
    typ = f"json_type({column}, ?)"
    val = f"json_extract({column}, ?)"
    if cond.kind == "null":
        sql, params = f"{typ} = 'null'", [jp]
    elif cond.kind == "bool":
        sql, params = f"{typ} = ?", [jp, "true" if cond.value else "false"]
    else:
        types = "('integer', 'real')" if cond.kind == "number" else "('text')"
        sql_op = _SQL_OP.get(cond.op, "=")
        sql, params = f"({typ} IN {types} AND {val} {sql_op} ?)", [jp, jp, cond.value]
    if cond.op == "$ne":
        return f"NOT coalesce({sql}, 0)", params
    return sql, params


def sanitize_nul(value: Any) -> Any:
    """JSONB cannot hold U+0000: the filterable copy of a value (and filters) use U+FFFD instead."""
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd")
    if isinstance(value, dict):
        return {sanitize_nul(k): sanitize_nul(v) for k, v in value.items()}
    if isinstance(value, list):
        return [sanitize_nul(v) for v in value]
    return value


def render_postgres(cond: Condition, column: str = "i.value_filter") -> tuple[str, list[Any]]:
    """PostgreSQL: CASE guards every cast by ``jsonb_typeof`` (AND does not fix evaluation order)."""
    node = f"({column} #> %s::text[])"
    path = list(cond.path)
    value = sanitize_nul(cond.value)
    if cond.op in ("$eq", "$ne"):
        sql, params = f"coalesce({node} = %s::jsonb, false)", [path, json.dumps(value)]
    elif cond.kind == "number":
        sql_op = _SQL_OP[cond.op]
        sql = f"(CASE WHEN jsonb_typeof({node}) = 'number' THEN ({node})::numeric {sql_op} %s::numeric ELSE false END)"
        params = [path, path, value]
    else:
        sql_op = _SQL_OP[cond.op]
        sql = (
            f"(CASE WHEN jsonb_typeof({node}) = 'string' "
            f"THEN ({node} #>> '{{}}') COLLATE \"C\" {sql_op} %s ELSE false END)"
        )
        params = [path, path, value]
    if cond.op == "$ne":
        return f"NOT {sql}", params
    return sql, params


Renderer = Callable[[Condition], tuple[str, list[Any]]]
"""One condition as a backend's SQL plus its parameters (:func:`render_sqlite`, :func:`render_postgres`)."""


def render(conditions: list[Condition], one: Renderer) -> tuple[str, list[Any]]:
    """All conditions ANDed, as ``" AND ..."`` (empty when there are none) plus parameters;
    ``one`` is the dialect's renderer (``StoreDialect.render_condition``: the dialect chooses it, once)."""
    sql_parts: list[str] = []
    params: list[Any] = []
    for cond in conditions:
        sql, p = one(cond)
        sql_parts.append(sql)
        params.extend(p)
    return "".join(f" AND {s}" for s in sql_parts), params
