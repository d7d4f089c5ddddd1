"""Document metadata under one set of names, whatever the format stored it in. Pure functions, no I/O.

Formats keep owner, classification and dates in different places: Markdown front matter, HTML
``<meta name=...>`` tags, Word core properties, PDF document information, or a header line in the text
("Owner: People Operations. Classification: Internal."). ``normalize_metadata`` maps their names to
``METADATA_KEYS``; ``header_fields`` reads the header lines of any text. What the format states wins over
what the text's header says.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

METADATA_KEYS = (
    "owner",
    "classification",
    "status",
    "version",
    "reference",
    "effective_date",
    "last_reviewed",
)

_ALIASES = {
    "owner": "owner",
    "document_owner": "owner",
    "policy_owner": "owner",
    "owned_by": "owner",
    "classification": "classification",
    "data_classification": "classification",
    "security_classification": "classification",
    "sensitivity": "classification",
    "status": "status",
    "content_status": "status",
    "version": "version",
    "revision": "version",
    "reference": "reference",
    "document_id": "reference",
    "doc_id": "reference",
    "document_number": "reference",
    "identifier": "reference",
    "effective_date": "effective_date",
    "effective": "effective_date",
    "effectivedate": "effective_date",
    "last_reviewed": "last_reviewed",
    "reviewed": "last_reviewed",
    "review_date": "last_reviewed",
    "last_review": "last_reviewed",
    "lastreviewed": "last_reviewed",
}

_KEY_NORMAL = re.compile(r"[\s\-]+")
_FRONT_LINE = re.compile(r"^([A-Za-z][\w \-]{0,40}?)[ \t]*:[ \t]*(.*?)[ \t]*$", re.MULTILINE)
# Header fields written in prose: "Owner: People Operations." The value ends at a full stop followed by
# a space or the line's end, so "Owner: Finance. Applies to ..." reads as "Finance".
_HEADER = re.compile(
    r"(?im)(?:^|(?<=[.;|]\s))(owner|classification|data classification|status|document id|reference)"
    r"[ \t]*:[ \t]*([^\n]+?)(?=\.(?:\s|$)|;|\||$)"
)
_LABEL = re.compile(
    r"(?i)\b(public|internal|confidential|restricted|secret|sensitive|official|limited|private|unclassified)\b"
)
_HEADER_WINDOW = 1500
_MAX_VALUE = 200


def normalize_metadata(raw: Mapping[str, object]) -> dict[str, str]:
    """``raw``'s recognised fields under METADATA_KEYS, values as one-line strings; empty values dropped."""
    out: dict[str, str] = {}
    for key, value in raw.items():
        name = _ALIASES.get(_KEY_NORMAL.sub("_", str(key).strip().lower()))
        text = " ".join(str(value).split()).strip("\"'")[:_MAX_VALUE] if value is not None else ""
        if name and text and name not in out:
            out[name] = text
    return out


def front_matter_fields(block: str) -> dict[str, str]:
    """``key: value`` lines of a Markdown front matter block, normalised."""
    return normalize_metadata({m.group(1): m.group(2) for m in _FRONT_LINE.finditer(block)})


def header_fields(text: str) -> dict[str, str]:
    """Owner, classification, status and reference stated in the first lines of ``text``.

    A classification read from prose must name a label (Internal, Confidential, ...): a title such as
    "Data classification: manager guide" is not one.
    """
    found: dict[str, str] = {}
    for m in _HEADER.finditer(text[:_HEADER_WINDOW]):
        key, value = m.group(1).lower(), m.group(2).strip()
        if "classification" in key and not _LABEL.search(value):
            continue
        found.setdefault(key, value)
    return normalize_metadata(found)


def merge_metadata(stated: Mapping[str, str], text: str) -> dict[str, str]:
    """The format's own metadata, completed with what the text's header states."""
    return {**header_fields(text), **normalize_metadata(stated)}
