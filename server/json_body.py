"""JSON a database cannot store, refused before any route runs (``kassist serve``'s request limits,
server/http_limits.py; the LangGraph server's orjson already answers 422): a string with a lone
surrogate (``"\\ud800"``, valid JSON, not text any backend can hold), nesting over
:data:`MAX_JSON_DEPTH` (1,000 levels overflowed the parser's recursion), a number that is not finite
(``NaN``, ``Infinity``, ``1e400``: Python's parser reads them, and a validation error echoing one
could not be written as JSON) and an integer of more digits than Python reads (4,300): 400/422 and
one line, not a 500 from deep inside a run.
"""

from __future__ import annotations

import json
import math
import re
import sys

from kassist.text import has_lone_surrogate

MAX_JSON_DEPTH = 100
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abAB]", re.ASCII)  # \uD800-\uDBFF
_LOW_ESCAPE = re.compile(rb"\\u[dD][c-fC-F]", re.ASCII)  # \uDC00-\uDFFF
# What may hold a number that is not finite: Python's parser reads NaN and Infinity (not JSON), and a
# literal past a float's range (1e400, or 309 digits before the point) as inf.
_NON_FINITE = re.compile(rb"NaN|Infinity|[eE][+-]?\d{3}|\d{300}", re.ASCII)
_NOT_FINITE = (
    "the JSON body holds {what}, which is not a finite number (NaN, Infinity and numbers past "
    "1.8e308 are not JSON); send a finite number"
)


class BadJson(ValueError):
    """A JSON body the server will not pass on; ``status`` is the answer."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status


def _walk(value: object, depth: int) -> None:
    """Raise :class:`BadJson` for a string holding a lone surrogate or nesting over the limit."""
    if depth > MAX_JSON_DEPTH:
        raise BadJson(400, f"the JSON body is nested more than {MAX_JSON_DEPTH} levels deep; flatten it")
    if isinstance(value, str):
        if has_lone_surrogate(value):
            raise BadJson(
                422,
                f"the JSON body holds a string with a lone surrogate ({value[:40]!r}): half of a "
                "UTF-16 pair is not text; send valid Unicode",
            )
    elif isinstance(value, dict):
        for key, item in value.items():
            _walk(key, depth + 1)
            _walk(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _walk(item, depth + 1)


def _constant(name: str) -> float:
    raise BadJson(422, _NOT_FINITE.format(what=name))


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        shown = text if len(text) <= 24 else f"{text[:24]}... ({len(text)} characters)"
        raise BadJson(422, _NOT_FINITE.format(what=shown))
    return value


def _whole(text: str) -> int:
    # Python reads at most sys.get_int_max_str_digits() (4,300) digits into an int; a longer one
    # raised ValueError inside LangServe's parsing (a 500) and FastAPI's ("There was an error parsing
    # the body"), naming nothing (h8 s31 #9). Checked once here, for every route.
    digits = len(text.lstrip("-"))
    if digits > sys.get_int_max_str_digits():
        raise BadJson(
            422,
            f"the JSON body holds a number of {digits} digits; this server reads numbers of at most "
            f"{sys.get_int_max_str_digits()} digits: send a smaller number",
        )
    return int(text)


def check_json(body: bytes) -> None:
    """Refuse (:class:`BadJson`) a JSON body with a lone surrogate, nested too deep, or holding a
    number that is not finite (a validation error echoing it could not be written as JSON: a 500)
    or has more digits than Python reads into an int.
    A body that is not JSON is left to the route, which says what it expected."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:  # FastAPI's validation error would echo the bytes and fail (500)
        raise BadJson(400, "the JSON body is not valid UTF-8; send UTF-8 text") from None
    brackets = body.count(b"[") + body.count(b"{")
    escapes = _SURROGATE_ESCAPE.search(body) or _LOW_ESCAPE.search(body)
    if brackets <= MAX_JSON_DEPTH and escapes is None and _NON_FINITE.search(body) is None:
        return  # the usual body: cannot nest that deep, holds no escaped surrogate nor odd number
    try:
        parsed = json.loads(body, parse_constant=_constant, parse_float=_finite, parse_int=_whole)
    except BadJson:
        raise
    except RecursionError:
        raise BadJson(
            400, f"the JSON body is nested more than {MAX_JSON_DEPTH} levels deep; flatten it"
        ) from None
    except ValueError:
        return
    _walk(parsed, 0)
