"""Pure conversions between records and statement parameters / decoded rows, plus value hashing.

Rows are the executor's tuples, their stored values decoded first by the backend's statement table
(``ManagerSql.decode``: SQLite's ``decode_row`` turns its time and JSON text back into values;
psycopg returns them already); these functions then see the same tuples from SQLite and PostgreSQL,
read by the column names declared beside the statements (memory/manager/statements.py).
"""

from __future__ import annotations

import hashlib
import hmac
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from memory.manager.models import AuditEntry, MemoryRecord, RememberRequest, Status, canonical_json
from memory.manager.statements import AUDIT_ROW, RECORD_ROW


@dataclass(frozen=True)
class Json:
    """A JSON value parameter; each backend stores it natively (jsonb / text)."""

    value: Any


@dataclass(frozen=True)
class Vector:
    """An embedding parameter; each backend encodes it (pgvector text / float32 blob)."""

    values: Sequence[float]


@dataclass(frozen=True)
class IdList:
    """A list of memory ids as one parameter (a JSON array on SQLite, a text[] on PostgreSQL)."""

    ids: Sequence[str]


def adapter(
    *,
    time: Callable[[datetime], Any],
    json: Callable[[Any], Any],
    vector: Callable[[Sequence[float]], Any],
    ids: Callable[[Sequence[str]], Any],
) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """A backend's ``adapt`` (ManagerSql.adapt): statement parameters as its driver wants them, each
    kind of value through the backend's own conversion, every other value as it is."""

    def adapt(params: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, value in params.items():
            if isinstance(value, datetime):
                out[name] = time(value)
            elif isinstance(value, Json):
                out[name] = json(value.value)
            elif isinstance(value, Vector):
                out[name] = vector(value.values)
            elif isinstance(value, IdList):
                out[name] = ids(value.ids)
            else:
                out[name] = value
        return out

    return adapt


def aware(value: datetime) -> datetime:
    """``value``, refused when naive: a stored time must say its zone."""
    if value.tzinfo is None:
        raise ValueError(f"naive datetime {value!r}; pass a timezone-aware time (e.g. datetime.now(UTC))")
    return value


def new_id() -> str:
    return uuid.uuid4().hex


def value_hash(salt: bytes, value: Any) -> str:
    """Keyed hash of a value for the audit log: forgetting the user deletes the key (crypto-shredding)."""
    return hmac.new(salt, canonical_json(value).encode(), hashlib.sha256).hexdigest()[:32]


def user_lock_key(tenant_id: str, user_id: str) -> int:
    """A signed 64-bit key for a per-(tenant, user) advisory lock."""
    digest = hashlib.blake2b(f"kassist-mem\x00{tenant_id}\x00{user_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def content_text(value: Any) -> str:
    """A memory's content, what recall matches (embedded and keyword-indexed): a text value itself,
    the ``text`` of a conversation turn or record, else the value's JSON. Not the slot's key or type:
    they name where a memory is kept, and a question does not use those words (an imported turn's key
    is an id, and "fact" or "episode" would make every memory of a type look alike)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get("text"), str):
        return str(value["text"])
    return canonical_json(value)


def embedding_text(memory_type: str, key: str, value: Any) -> str:
    """The text embedded for a memory: its content (``memory_type`` and ``key`` are not embedded)."""
    return content_text(value)


def keyword_scope(tenant_id: str, user_id: str) -> str:
    """The token that ties a keyword-index entry to its (tenant, user): the same hex as the SQLite
    trigger's ``lower(hex(tenant_id)) || 'x' || lower(hex(user_id))``."""
    return f"{tenant_id.encode().hex()}x{user_id.encode().hex()}"


def insert_params(
    req: RememberRequest,
    *,
    memory_id: str,
    status: Status,
    confidence: float,
    now: datetime,
    reason: str | None,
    embed_model: str | None,
    embedding: Sequence[float] | None,
) -> dict[str, Any]:
    return {
        "id": memory_id,
        "tenant_id": req.tenant_id,
        "user_id": req.user_id,
        "memory_type": req.memory_type.value,
        "key": req.key,
        "value": Json(req.value),
        "source": req.source.value,
        "source_ref": req.source_ref,
        "confidence": confidence,
        "status": status.value,
        "valid_from": now,
        "valid_to": None,
        "superseded_by": None,
        "created_at": now,
        "updated_at": now,
        "expires_at": req.expires_at,
        "reason": reason,
        "actor": req.actor,
        "content": content_text(req.value),
        "embed_model": embed_model,
        "embedding": Vector(embedding) if embedding is not None else None,
    }


def record_from_row(row: Sequence[Any], score: float | None = None) -> MemoryRecord:
    """A decoded row whose first columns are :data:`~memory.manager.statements.RECORD_ROW` (a
    statement may add more after them: they are not part of the record)."""
    fields = dict(zip(RECORD_ROW, row, strict=False))
    if score is not None:
        fields["score"] = score
    return MemoryRecord.model_validate(fields)


def audit_from_row(row: Sequence[Any]) -> AuditEntry:
    return AuditEntry.model_validate(dict(zip(AUDIT_ROW, row, strict=True)))


def audit_params(
    *,
    at: datetime,
    tenant_id: str,
    user_id: str,
    action: str,
    actor: str,
    reason: str,
    memory_id: str | None = None,
    memory_type: str | None = None,
    key: str | None = None,
    source: str | None = None,
    old_hash: str | None = None,
    new_hash: str | None = None,
) -> dict[str, Any]:
    return {
        "at": at,
        "tenant_id": tenant_id,
        "user_id": user_id,
        "memory_id": memory_id,
        "memory_type": memory_type,
        "key": key,
        "action": action,
        "source": source,
        "actor": actor,
        "old_hash": old_hash,
        "new_hash": new_hash,
        "reason": reason,
    }


def rank_by_cosine(
    rows: Sequence[Sequence[Any]], query: Sequence[float], k: int
) -> list[tuple[Sequence[Any], float]]:
    """Exact cosine ranking of rows whose last column is a float32 embedding blob (SQLite has no
    vector index): the best ``k`` rows with their scores.

    Stored vectors and the query are L2-normalised by the ``Embedder`` contract, so cosine is a dot
    product.
    """
    usable = [r for r in rows if r[-1]]
    if not usable:
        return []
    q = np.asarray(query, dtype=np.float32)
    matrix = np.frombuffer(b"".join(r[-1] for r in usable), dtype=np.float32).reshape(len(usable), -1)
    if matrix.shape[1] != q.shape[0]:
        return []
    scores = matrix @ q
    top = np.argsort(-scores, kind="stable")[:k]
    return [(usable[i], float(scores[i])) for i in top]
