"""Deterministic document ids.

``doc_id = sha256(tenant_id + "\\x1f" + collection + "\\x1f" + source_path)[:32]`` (hex), where
``source_path`` is the path relative to the ingested root with forward slashes. The same file
ingested again from the same root gets the same id, whatever its content; its ``content_hash``
(sha256 of the bytes) tells whether it changed. The unit separator cannot occur in any of the three
parts, so different triples never hash the same text.
"""

from __future__ import annotations

import hashlib

from kassist.names import validate_collection
from kassist.tenancy import validate_tenant_id

__all__ = ["content_hash", "document_id", "validate_collection", "validate_scope"]


def document_id(tenant_id: str, collection: str, source_path: str) -> str:
    key = "\x1f".join((tenant_id, collection, source_path))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def validate_scope(tenant_id: object, collection: object) -> tuple[str, str]:
    return validate_tenant_id(tenant_id), validate_collection(collection)
