"""Rules for the names callers choose, written once for every component: an identifier's length and
characters (a tenant id, a user id), a collection's name, each caller raising its own error, and
how a name becomes a folder or file name that stays one on every file system."""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from pathlib import Path
from typing import TypeGuard
from urllib.parse import quote

from kassist.text import has_lone_surrogate

_UNSEEN_IN_IDS = frozenset({"Cc", "Cf", "Zl", "Zp"})
"""Control (terminal escapes), format (bidi overrides, zero-width) and line/paragraph separators: an
id holding one would print as something else in logs and on the operator's terminal."""

COLLECTION_NAME = r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}"
"""The collection rule: 1-128 letters, digits, '_', '-' or '.', starting with a letter or digit. For
``re.fullmatch`` (:func:`is_collection`), not match with "$": "$" also matches before a final
newline, which let "hr\n" through; a schema's pattern anchors it (``^...$``: server/runs/models.py)."""
_COLLECTION = re.compile(COLLECTION_NAME)


def check_identifier(value: str, what: str, max_length: int) -> str:
    """Return ``value`` if it has at most ``max_length`` characters and none a reader cannot see,
    else raise ``ValueError`` naming ``what`` (e.g. ``"tenant_id"``)."""
    if len(value) > max_length:
        raise ValueError(f"{what} is {len(value)} characters long; at most {max_length}")
    if has_lone_surrogate(value):
        # No database, file or log takes one (UTF-8 cannot encode it): it failed every component at
        # its first statement with Python's codec error. A command line gives one for bytes that
        # were not UTF-8 (Python decodes them with surrogateescape).
        raise ValueError(
            f"{what} {value!r} contains a lone surrogate (half of a UTF-16 pair, or bytes that were not "
            "UTF-8): it is not text; give it in UTF-8"
        )
    if any(unicodedata.category(ch) in _UNSEEN_IN_IDS for ch in value):
        raise ValueError(f"{what} {value!r} contains control or invisible characters")
    return value


def is_collection(name: object) -> TypeGuard[str]:
    """Whether ``name`` obeys the collection rule (:data:`COLLECTION_NAME`)."""
    return isinstance(name, str) and _COLLECTION.fullmatch(name) is not None


def validate_collection(name: object, error: type[ValueError] = ValueError) -> str:
    """Return ``name`` if it is a usable collection name (e.g. ``company_handbook_v2``), else raise
    ``error`` (a component's own ``ValueError`` subclass) saying what is allowed."""
    if not is_collection(name):
        raise error(
            f"collection name {name!r} is not a valid name: use 1-128 letters, digits, '_', '-' or '.', "
            "starting with a letter or digit (e.g. company_handbook_v2)"
        )
    return name


# -- names that become folder and file names ------------------------------------------------------
# Linux keeps "Acme" and "acme" (and "café" composed and decomposed) as two names; the file systems
# of our users' laptops do not: macOS (APFS, HFS+) and Windows (NTFS) compare names without letter
# case and, macOS, without Unicode form, so the two are one folder there: one tenant read another's
# files, one upload overwrote another's. Every name the server derives for a folder or file obeys
# one of two rules: a name the server alone chooses is spelt so that no two can be one
# (:func:`fold_safe`); a name someone else chose (an operator's folder, a user's file) is refused
# when it is another spelling of a name already there (:func:`other_spelling`).


def folded(name: str) -> str:
    """``name`` as a case-insensitive, normalising file system compares it: two names with the same
    folded form are one name on macOS and Windows."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def fold_safe(name: str) -> str:
    """``name`` as one folder or file name no other name's can equal on any file system: every
    character but a lower-case ASCII letter, a digit, ``_``, ``.``, ``-`` and ``~`` percent-encoded
    (its UTF-8 bytes, upper-case hex), so upper-case letters too (``Acme`` -> ``%41cme``). The
    result is ASCII (no Unicode form to normalise) and, since ``%`` always begins an escape, two
    different names never fold to the same result. A name without upper-case letters is spelt as
    ``urllib.parse.quote(name, safe="")`` spells it."""
    return "".join(f"%{ord(ch):02X}" if "A" <= ch <= "Z" else quote(ch, safe="") for ch in name)


DIGEST_PREFIX = "%h-"
"""What a name spelt by its digest begins with (:func:`fold_within`): no :func:`fold_safe` result
can, since there ``%`` always begins an escape of two upper-case hex digits."""


def fold_within(name: str, limit: int) -> str:
    """:func:`fold_safe` of ``name`` when it takes at most ``limit`` bytes, else ``%h-<sha256 of
    name>`` (67 bytes): quoting triples a non-ASCII or upper-case character, so a valid id (a
    tenant's 60 ``é``, a run id of 128 capitals) made a file or folder name past the 255 bytes a
    file system allows; the digest still names one name only (session 30). One rule for the
    uploads' run folders and the audit reports' file names."""
    folded_name = fold_safe(name)
    if len(folded_name) <= limit:
        return folded_name
    return DIGEST_PREFIX + hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()


def other_spelling(parent: Path, name: str) -> str | None:
    """The name of an entry of the folder ``parent`` that is another spelling of ``name`` (equal
    :func:`folded`, not equal), or None (none there, or no such folder): the same file or folder
    on macOS and Windows, a second one on Linux. Asked before a name is used, on every system
    alike, so that a server behaves on a laptop as on the Linux host it was tested on."""
    wanted = folded(name)
    try:
        with os.scandir(parent) as entries:
            return next((e.name for e in entries if e.name != name and folded(e.name) == wanted), None)
    except (FileNotFoundError, NotADirectoryError):
        return None
