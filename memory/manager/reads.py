"""The memory manager's reads as I/O-free generators (as memory/manager/ops.py): recall by
vector or recency, a listing, the audit log. Hybrid recall (a query's words) is memory/manager/hybrid.py."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memory.manager import rows as r
from memory.manager.models import TENANT_DEFAULTS, AuditEntry, MemoryRecord, MemoryType
from memory.manager.ops import Op
from memory.manager.statements import AUDIT_SHAPE, ManagerSql


def recall(
    q: ManagerSql, *, tenant_id: str, user_id: str, memory_type: MemoryType | None, key: str | None,
    query_vector: Sequence[float] | None, k: int, as_of: datetime | None, now: datetime, embed_model: str,
) -> Op[list[MemoryRecord]]:  # fmt: skip
    """Visible memories of the user plus tenant defaults the user has not overridden."""
    params: dict[str, Any] = {
        "tenant_id": tenant_id, "user_id": user_id, "defaults": TENANT_DEFAULTS,
        "now": now, "as_of": as_of, "limit": k,
    }  # fmt: skip
    if memory_type is not None:
        params["memory_type"] = memory_type.value
    if key is not None:
        params["key"] = key
    flags = {"as_of": as_of is not None, "by_type": memory_type is not None, "by_key": key is not None}
    if query_vector is None:
        rows = q.decode((yield q.stmt(q.recall.pick(**flags), params)))
        return [r.record_from_row(row) for row in rows]
    params.update(query=r.Vector(query_vector), embed_model=embed_model)
    rows = q.decode((yield q.stmt(q.semantic.pick(**flags), params)))
    # The semantic statement's rows: RECORD_ROW and one more column, the score (ranked in SQL) or
    # the embedding (ranked here).
    scored = (
        [(row, row[-1]) for row in rows] if q.scores_semantic else r.rank_by_cosine(rows, query_vector, k)
    )
    return [r.record_from_row(row, score) for row, score in scored]


def select(q: ManagerSql, sql: str, params: dict[str, Any]) -> Op[list[MemoryRecord]]:
    rows = q.decode((yield q.stmt(sql, params)))
    return [r.record_from_row(row) for row in rows]


def audit_log(q: ManagerSql, tenant_id: str, user_id: str | None, limit: int) -> Op[list[AuditEntry]]:
    if user_id is None:
        rows = yield q.stmt(q.audit, {"tenant_id": tenant_id, "limit": limit})
    else:
        rows = yield q.stmt(q.audit_user, {"tenant_id": tenant_id, "user_id": user_id, "limit": limit})
    return [r.audit_from_row(row) for row in q.decode(rows, AUDIT_SHAPE)]
