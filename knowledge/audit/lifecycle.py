"""A document's place in its life cycle: its dates, status, version and policy family, and its MinHash.

These feed the stale rule (per document) and the near-duplicate and superseded rules (across documents,
``knowledge.audit.collection``).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping
from datetime import date
from functools import cache
from pathlib import PurePosixPath
from typing import Any

import numpy as np

from knowledge.audit.models import DocSignature
from knowledge.loaders.dates import find_document_dates, parse_date_at

NUM_PERM = 64  # 64 hash values: a standard error of about 0.04 on a Jaccard of 0.85, 64 ints to store
MINHASH_SEED = 1
MINHASH_SCHEME = "affine32"  # datasketch 2 hashing scheme; stored values are only comparable within one
SHINGLE_WORDS = 3

_WORD = re.compile(r"\w+")
_YEAR = re.compile(r"\b(19[5-9]\d|20\d\d)\b")
_VERSION = re.compile(r"(?i)\b(?:version|ver\.?|rev(?:ision)?\.?|v)\s*(\d+(?:\.\d+){0,3})\b")
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_STATUS_WORDS = ("superseded", "archived", "obsolete", "withdrawn", "retired", "draft")
_STATUS_IN_TEXT = re.compile(
    r"(?i)\bsuperseded\s+by\b|\bthis\s+(?:document|policy|version|edition)\s+(?:is|has\s+been)\s+"
    r"(archived|superseded|withdrawn|retired)\b"
)
# Words that name an edition of a policy rather than the policy: dropped from the family key.
_EDITION_WORDS = frozenset((
    "edition", "superseded", "archived", "archive", "obsolete", "draft", "final", "handbook", "version",
    "ver", "rev", "revision", "revised", "updated", "update", "copy", "current", "new", "old", "the", "of",
    "and", "for", "a", "an",
))  # fmt: skip


def title_of(text: str, metadata: Mapping[str, object], path: str) -> str:
    """The document's title: its metadata, its first heading, else its file name."""
    stated = metadata.get("title")
    if isinstance(stated, str) and stated.strip():
        return " ".join(stated.split())
    if heading := _HEADING.search(text[:4000]):
        return heading.group(1).strip()
    stem = PurePosixPath(path).stem
    return " ".join(stem.replace("_", " ").replace("-", " ").split()) or path


def family_key(title: str, reference: str | None = None) -> str:
    """Editions of one policy share a key: its reference number, else its title minus years and versions."""
    if reference:
        return "ref:" + " ".join(reference.lower().split())
    words = [w for w in _WORD.findall(_VERSION.sub(" ", _YEAR.sub(" ", title.lower()))) if not w.isdigit()]
    return " ".join(w for w in words if w not in _EDITION_WORDS)


def stated_date(value: object) -> date | None:
    """A date from metadata: a ``date``, or a string in any format ``knowledge.loaders.dates`` reads."""
    if isinstance(value, date):
        return value
    if isinstance(value, str) and value.strip():
        return parse_date_at(value.strip(), 0)
    return None


def document_dates(text: str, metadata: Mapping[str, object]) -> tuple[date | None, date | None]:
    """(effective, last reviewed): what the metadata states, else what the text states."""
    effective, reviewed = find_document_dates(text[:6000])
    return (
        stated_date(metadata.get("effective_date")) or effective,
        stated_date(metadata.get("last_reviewed")) or reviewed,
    )


def status_of(title: str, text: str, metadata: Mapping[str, object], path: str) -> str | None:
    """archived, superseded, draft, ... when the metadata, the title, the opening or the folder says so."""
    for source in (str(metadata.get("status") or ""), title):
        lowered = source.lower()
        for word in _STATUS_WORDS:
            if word in lowered:
                return word
    if m := _STATUS_IN_TEXT.search(text[:800]):
        return (m.group(1) or "superseded").lower()
    if any(part.lower() in ("archive", "archived", "superseded") for part in PurePosixPath(path).parts[:-1]):
        return "archived"
    return None


@cache
def _permutations() -> Any:
    """The seeded permutations, drawn once: drawing them costs more than hashing a document."""
    # datasketch (and the scipy it imports, ~0.7 s) loads where a document is hashed, not with
    # knowledge.audit (issue 29, CLI start).
    from datasketch import MinHash

    return MinHash(num_perm=NUM_PERM, seed=MINHASH_SEED, scheme=MINHASH_SCHEME).permutations


def minhash_of(text: str) -> list[int]:
    """MinHash (NUM_PERM values) of the text's lower-cased word 3-shingles, each hashed with CRC-32."""
    words = _WORD.findall(text.lower())
    if len(words) >= SHINGLE_WORDS:
        shingles = {" ".join(words[i : i + SHINGLE_WORDS]) for i in range(len(words) - SHINGLE_WORDS + 1)}
    else:
        shingles = set(words)
    from datasketch import MinHash

    mh = MinHash(
        num_perm=NUM_PERM,
        seed=MINHASH_SEED,
        scheme=MINHASH_SCHEME,
        hashfunc=zlib.crc32,  # a C call per shingle; datasketch's default SHA-1 wrapper costs 10x more
        permutations=_permutations(),
    )
    if shingles:
        mh.update_batch([s.encode("utf-8") for s in shingles])
    return [int(v) for v in np.asarray(mh.hashvalues)]


def signature(text: str, metadata: Mapping[str, object], path: str) -> DocSignature:
    title = title_of(text, metadata, path)
    effective, reviewed = document_dates(text, metadata)
    years = _YEAR.findall(title)
    version = str(metadata.get("version") or "") or None
    if version is None and (m := _VERSION.search(title) or _VERSION.search(text[:600])):
        version = m.group(1)
    reference = metadata.get("reference")
    return DocSignature(
        title=title,
        family=family_key(title, reference if isinstance(reference, str) else None),
        year=int(years[-1]) if years else (effective.year if effective else None),
        version=version,
        effective=effective,
        reviewed=reviewed,
        status=status_of(title, text, metadata, path),
        minhash=minhash_of(text),
    )


def months_between(earlier: date, later: date) -> int:
    """Whole months from ``earlier`` to ``later`` (negative when ``earlier`` is later)."""
    months = (later.year - earlier.year) * 12 + later.month - earlier.month
    return months - 1 if later.day < earlier.day else months
