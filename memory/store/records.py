"""Values, times and rows: how items are encoded for storage and decoded into LangGraph items."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from langgraph.store.base import Item, SearchItem

from memory.store.namespaces import Scope, decode_path


def encode_value(namespace: tuple[str, ...], key: str, value: object) -> tuple[str, dict[str, Any]]:
    """The JSON text stored as the item's value (NUL-safe: ``json`` escapes it as \\u0000)."""
    if not isinstance(value, Mapping):
        raise ValueError(
            f"value for {namespace!r}/{key!r} must be a mapping (dict) with string keys, got {type(value).__name__}"
        )
    as_dict = dict(value)
    try:
        text = json.dumps(as_dict, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise ValueError(
            f"value for {namespace!r}/{key!r} is not JSON-serialisable ({exc}); store only "
            "dicts, lists, strings, finite numbers, booleans and None"
        ) from exc
    except RecursionError:  # json's encoder recurses once per level (Python's limit, ~1000)
        raise ValueError(
            f"value for {namespace!r}/{key!r} is nested too deeply to store as JSON; flatten it "
            "(e.g. a list of items instead of items inside items)"
        ) from None
    return text, as_dict


MAX_TTL_MINUTES = 10**9
"""About 1900 years: any expiry from now stays inside the calendar Python's datetime holds (year
9999); beyond it the expiry's arithmetic raised a bare OverflowError."""


def validate_ttl(ttl: object) -> float | None:
    if ttl is None:
        return None
    if isinstance(ttl, bool) or not isinstance(ttl, int | float) or not math.isfinite(ttl) or ttl <= 0:
        raise ValueError(f"ttl is in minutes and must be a positive number or None, got {ttl!r}")
    if ttl > MAX_TTL_MINUTES:
        raise ValueError(
            f"ttl is in minutes and must be at most {MAX_TTL_MINUTES:_} (about 1900 years), got "
            f"{ttl!r}; use ttl=None for an item that never expires"
        )
    return float(ttl)


def expiry(now: datetime, ttl_minutes: float | None) -> datetime | None:
    return None if ttl_minutes is None else now + timedelta(minutes=ttl_minutes)


def utc(dt: datetime) -> datetime:
    if dt.tzinfo is None:
        raise ValueError("the store's clock must return timezone-aware datetimes")
    return dt.astimezone(UTC)


def sqlite_time(dt: datetime) -> str:
    """Fixed-width ISO text, so string order is time order."""
    return utc(dt).strftime("%Y-%m-%dT%H:%M:%S.%f+00:00")


def read_time(raw: object) -> datetime:
    if isinstance(raw, datetime):
        return raw.astimezone(UTC)
    if isinstance(raw, str):
        return datetime.fromisoformat(raw).astimezone(UTC)
    raise TypeError(f"unexpected timestamp {raw!r} in store row")


def _item_fields(scope: Scope, tenant: str, row: Sequence[Any]) -> dict[str, Any]:
    # An item row's first five columns (memory.store.statements.ITEM_COLUMNS), as Item and
    # SearchItem both take them.
    return {
        "namespace": scope.present(tenant, decode_path(row[0])),
        "key": row[1],
        "value": json.loads(row[2]),
        "created_at": read_time(row[3]),
        "updated_at": read_time(row[4]),
    }


def row_to_item(scope: Scope, tenant: str, row: Sequence[Any]) -> Item:
    return Item(**_item_fields(scope, tenant, row))


def row_to_search_item(scope: Scope, tenant: str, row: Sequence[Any]) -> SearchItem:
    score = row[6] if len(row) > 6 else None
    return SearchItem(**_item_fields(scope, tenant, row), score=None if score is None else float(score))
