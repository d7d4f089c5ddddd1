"""Erasure as I/O-free generators (as memory/manager/ops.py): forgetting a user or a key (the
right to erasure), tombstoning what expired, an administrator deleting a quarantined memory. Each
one is audited, bumps the users' generation (recall's cached vectors) and empties the keyword
index's deleted rows."""

from __future__ import annotations

from datetime import datetime

from memory.manager import rows as r
from memory.manager.models import Status
from memory.manager.ops import Op, audit_stmt, bump
from memory.manager.statements import EXPIRED_ROW, ManagerSql

EXPIRED = "expires_at passed; value and embedding removed"


def forget(
    q: ManagerSql, tenant_id: str, user_id: str, key: str | None, actor: str, now: datetime
) -> Op[int]:
    """Delete the memories (every version) and, for a whole user, the salt that links audit hashes."""
    base = {"tenant_id": tenant_id, "user_id": user_id}
    yield q.stmt(q.lock_user, {"lock_key": r.user_lock_key(tenant_id, user_id)}, fetch=False)
    if key is None:
        deleted = yield q.stmt(q.forget_user, base)
        yield q.stmt(q.delete_salt, base, fetch=False)
        reason = f"right to erasure: {len(deleted)} memory rows of the user deleted; audit hashes unlinked"
    else:
        deleted = yield q.stmt(q.forget_key, {**base, "key": key})
        reason = f"right to erasure: {len(deleted)} versions of one memory deleted"
    if deleted:
        yield bump(q, tenant_id, user_id)
        yield q.stmt(q.erase_keyword_index, {}, fetch=False)
    yield audit_stmt(q, at=now, **base, key=key, action="forgotten", actor=actor, reason=reason)
    return len(deleted)


def expire(q: ManagerSql, tenant_id: str | None, now: datetime, actor: str) -> Op[int]:
    """Turn memories past ``expires_at`` into tombstones without their value or embedding."""
    if tenant_id is None:
        rows = yield q.stmt(q.expire, {"now": now})
    else:
        rows = yield q.stmt(q.expire_tenant, {"tenant_id": tenant_id, "now": now})
    if rows:
        expired = [dict(zip(EXPIRED_ROW, row, strict=True)) for row in rows]  # the audit's own names
        audits = [
            r.audit_params(at=now, action="expired", actor=actor, reason=EXPIRED, **row) for row in expired
        ]
        yield q.many(q.insert_audit, audits)
        owners = sorted({(a["tenant_id"], a["user_id"]) for a in audits})
        yield q.many(q.bump_generation, [{"tenant_id": t, "user_id": u} for t, u in owners])
        yield q.stmt(q.erase_keyword_index, {}, fetch=False)
    return len(rows)


def delete_quarantined(q: ManagerSql, tenant_id: str, memory_id: str, actor: str, now: datetime) -> Op[None]:
    rows = q.decode((yield q.stmt(q.get_by_id, {"tenant_id": tenant_id, "id": memory_id})))
    item = r.record_from_row(rows[0]) if rows else None
    if item is None or item.status is not Status.QUARANTINED:
        raise LookupError(f"no quarantined memory {memory_id!r} in tenant {tenant_id!r}")
    yield q.stmt(q.delete_quarantined, {"tenant_id": tenant_id, "id": memory_id}, fetch=False)
    yield q.stmt(q.erase_keyword_index, {}, fetch=False)
    yield audit_stmt(
        q, at=now, tenant_id=tenant_id, user_id=item.user_id, memory_id=item.id, memory_type=item.memory_type.value,
        key=item.key, source=item.source.value, actor=actor, action="deleted",
        reason="quarantined item deleted by an administrator",
    )  # fmt: skip
