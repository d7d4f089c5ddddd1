"""Query parameters of ``langgraph dev`` routes that langgraph-api reads without bounds (called by
server/http_limits.RequestLimits before any route, like server/body_keys.py for bodies).

``GET /threads/{id}/history?limit=`` took any whole number: 10**20 reached the checkpointer (SQLite:
"Python int too large", a 500), where ``POST .../history`` allows 1 to 1,000 by its schema.
``GET /threads/{id}/runs`` read ``limit`` and ``offset`` with ``int()``, answering ``x`` with
"invalid literal for int() with base 10" (no parameter named) and a negative offset as Python's
negative slice. ``GET /ok?check_db=x`` answered "invalid literal for int()" too (400). Each is now a
whole number in the route's range, else 422 naming it."""

from __future__ import annotations

import re
from urllib.parse import parse_qs

MAX_PAGE = 1000
"""langgraph-api's own bound on a history or list page (the POST routes' schemas)."""

_RANGES: dict[str, dict[str, tuple[int, int]]] = {
    "history": {"limit": (1, MAX_PAGE)},
    "runs": {"limit": (1, MAX_PAGE), "offset": (0, 2**62)},
    "ok": {"check_db": (0, 1)},  # langgraph-api reads it with int(): "x" was a 400 naming nothing
}
_ROUTE = re.compile(r"^(?:/threads/[^/]+/(history|runs)|/(ok))/?$")


def query_refusal(method: str, path: str, query: bytes) -> str | None:
    """Why a listed GET route's query is refused (422), or None."""
    matched = _ROUTE.match(path) if method == "GET" else None
    if matched is None or not query:
        return None
    sent = parse_qs(query.decode("latin-1"), keep_blank_values=True)
    for name, (least, most) in _RANGES[matched.group(1) or matched.group(2)].items():
        for text in sent.get(name, []):
            value = int(text) if re.fullmatch(r"[0-9]{1,20}", text.strip()) else None
            if value is None or not least <= value <= most:
                shown = text if len(text) <= 24 else f"{text[:24]}... ({len(text)} characters)"
                values = (
                    f"{least} or {most}" if most == least + 1 else f"a whole number from {least} to {most}"
                )
                return f"{name} must be {values}, got {shown!r}"
    return None
