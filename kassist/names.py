"""Rules for the names callers choose, written once for every component: an identifier's length and
characters (a tenant id, a user id) and a collection's name, each caller raising its own error."""

from __future__ import annotations

import re
import unicodedata

_UNSEEN_IN_IDS = frozenset({"Cc", "Cf", "Zl", "Zp"})
"""Control (terminal escapes), format (bidi overrides, zero-width) and line/paragraph separators: an
id holding one would print as something else in logs and on the operator's terminal."""

# fullmatch, not match with "$": "$" also matches before a final newline, which let "hr\n" through.
_COLLECTION = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,127}")


def check_identifier(value: str, what: str, max_length: int) -> str:
    """Return ``value`` if it has at most ``max_length`` characters and none a reader cannot see,
    else raise ``ValueError`` naming ``what`` (e.g. ``"tenant_id"``)."""
    if len(value) > max_length:
        raise ValueError(f"{what} is {len(value)} characters long; at most {max_length}")
    if any(unicodedata.category(ch) in _UNSEEN_IN_IDS for ch in value):
        raise ValueError(f"{what} {value!r} contains control or invisible characters")
    return value


def validate_collection(name: object, error: type[ValueError] = ValueError) -> str:
    """Return ``name`` if it is a usable collection name (e.g. ``company_handbook_v2``), else raise
    ``error`` (a component's own ``ValueError`` subclass) saying what is allowed."""
    if not isinstance(name, str) or not _COLLECTION.fullmatch(name):
        raise error(
            f"collection name {name!r} is not a valid name: use 1-128 letters, digits, '_', '-' or '.', "
            "starting with a letter or digit (e.g. company_handbook_v2)"
        )
    return name
