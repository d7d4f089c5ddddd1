"""The memory operations as I/O-free generators, run unchanged by both executors, sync and async.

An operation yields kassist.db's requests and receives each one's answer; it never touches a
connection: :class:`~kassist.db.Stmt` (built by the backend's statement table ``q``, which adapts
the values: ``q.stmt``, ``q.many``) answered by rows that ``q.decode`` turns back into Python values,
and :class:`~kassist.db.Local` (the embedding) answered by its result. The sync and async drivers of
each backend differ only in how they run a request, so the rules (policy, poisoning gates, audit,
bi-temporal bookkeeping) exist exactly once.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from kassist.db.statements import Local, Stmt
from memory.manager import rows as r
from memory.manager.models import (
    Action,
    Decision,
    MemoryRecord,
    RememberRequest,
    Source,
    Status,
)
from memory.manager.policy import (
    RECENT_LIMIT,
    RECENT_WINDOW_MINUTES,
    TRUSTED_TEXT,
    Outcome,
    PolicyConfig,
    rate_limit_reason,
    resolve,
    screen,
    source_gate,
)
from memory.manager.statements import RECORD_ROW, ManagerSql

if TYPE_CHECKING:
    from knowledge.embedders import Embedder

T = TypeVar("T")


Step = Stmt | Local
Op = Generator[Step, Any, T]


def _embed(embedder: Embedder, texts: list[str]) -> Local:
    """The embedding of ``texts`` (one vector each): done in this process, in a worker thread under asyncio."""
    return Local(partial(embedder.embed_documents, texts))


def _salt(q: ManagerSql, tenant_id: str, user_id: str) -> Op[bytes]:
    key = {"tenant_id": tenant_id, "user_id": user_id}
    rows = yield q.stmt(q.get_salt, key)
    if not rows:  # first write for this user (or first since forget): one round trip more
        yield q.stmt(q.ensure_salt, {**key, "salt": os.urandom(16)}, fetch=False)
        rows = yield q.stmt(q.get_salt, key)
    [(salt,)] = rows  # get_salt: (salt), one row per (tenant, user)
    return bytes(salt)


def audit_stmt(q: ManagerSql, **params: Any) -> Stmt:
    return q.stmt(q.insert_audit, r.audit_params(**params), fetch=False)


def remember(
    q: ManagerSql, req: RememberRequest, now: datetime, config: PolicyConfig, embedder: Embedder
) -> Op[Decision]:
    """Apply the gates and the conflict policy to one write; every outcome is audited."""
    yield q.stmt(q.lock_user, {"lock_key": r.user_lock_key(req.tenant_id, req.user_id)}, fetch=False)
    salt = yield from _salt(q, req.tenant_id, req.user_id)
    decision, pending = yield from _remember_one(q, req, salt, now, config, embedder, deferred=False)
    if pending is not None:
        yield bump(q, req.tenant_id, req.user_id)
    return decision


def remember_batch(
    q: ManagerSql, reqs: Sequence[RememberRequest], now: datetime, config: PolicyConfig, embedder: Embedder
) -> Op[list[Decision]]:
    """An import: every request of one user through the same gates and policy, in one transaction
    with one embedding call for the batch. The per-minute rate limit applies only to untrusted
    sources (a tool's or a document's writes), not to a user's or an administrator's import."""
    if not reqs:
        return []
    tenant_id, user_id = reqs[0].tenant_id, reqs[0].user_id
    yield q.stmt(q.lock_user, {"lock_key": r.user_lock_key(tenant_id, user_id)}, fetch=False)
    salt = yield from _salt(q, tenant_id, user_id)
    decisions: list[Decision] = []
    pending: list[tuple[str, str]] = []
    for req in reqs:
        decision, item = yield from _remember_one(q, req, salt, now, config, embedder, deferred=True)
        decisions.append(decision)
        if item is not None:
            pending.append(item)
    if pending:
        vectors = yield _embed(embedder, [text for _, text in pending])
        yield q.many(
            q.set_embedding,
            [
                {
                    "id": memory_id,
                    "tenant_id": tenant_id,
                    "embedding": r.Vector(v),
                    "embed_model": embedder.name,
                }
                for (memory_id, _), v in zip(pending, vectors, strict=True)
            ],
        )
        yield bump(q, tenant_id, user_id)
    return decisions


def bump(q: ManagerSql, tenant_id: str, user_id: str) -> Stmt:
    return q.stmt(q.bump_generation, {"tenant_id": tenant_id, "user_id": user_id}, fetch=False)


def _remember_one(
    q: ManagerSql,
    req: RememberRequest,
    salt: bytes,
    now: datetime,
    config: PolicyConfig,
    embedder: Embedder,
    *,
    deferred: bool,
) -> Op[tuple[Decision, tuple[str, str] | None]]:
    """One write under the user's lock. Returns the decision and, when a new active memory was
    stored, its (id, content): ``deferred`` stores it without a vector, for the caller to embed."""
    base = {"tenant_id": req.tenant_id, "user_id": req.user_id}
    slot = {**base, "memory_type": req.memory_type.value, "key": req.key}
    audit = {"at": now, **slot, "source": req.source.value, "actor": req.actor}
    new_hash = r.value_hash(salt, req.value)

    refusal = source_gate(req)
    if refusal is not None:
        yield audit_stmt(q, **audit, action=Action.REJECTED.value, reason=refusal, new_hash=new_hash)
        return Decision(action=Action.REJECTED, reason=refusal), None

    same_source: list[tuple[str, Any]] = []
    if req.source not in TRUSTED_TEXT:  # an instruction split across writes is screened whole
        since = now - timedelta(minutes=RECENT_WINDOW_MINUTES)
        rows = q.decode(
            (
                yield q.stmt(
                    q.recent_from_source,
                    {**base, "source": req.source.value, "since": since, "limit": RECENT_LIMIT},
                )
            )
        )
        same_source = [(m.key, m.value) for m in map(r.record_from_row, reversed(rows))]
    findings = screen(req, config, same_source)
    resolution = None
    current: MemoryRecord | None = None
    if not findings:
        current_rows = q.decode((yield q.stmt(q.select_active_slot, slot)))
        current = r.record_from_row(current_rows[0]) if current_rows else None
        resolution = resolve(req, current, config)
        old_hash = r.value_hash(salt, current.value) if current else None
        if resolution.outcome is Outcome.REJECT:
            yield audit_stmt(
                q, **audit, action="rejected", reason=resolution.reason, old_hash=old_hash, new_hash=new_hash
            )
            return Decision(
                action=Action.REJECTED, reason=resolution.reason, superseded=None, memory=current
            ), None
        if resolution.outcome in (Outcome.REFRESH, Outcome.UPGRADE):
            assert current is not None
            keep_source = resolution.outcome is Outcome.REFRESH and current.source.value != req.source.value
            params = {
                "id": current.id,
                "tenant_id": req.tenant_id,
                "confidence": resolution.confidence,
                "source": current.source.value if keep_source else req.source.value,
                "source_ref": current.source_ref if keep_source else req.source_ref,
                "expires_at": req.expires_at or current.expires_at,
                "actor": req.actor,
                "now": now,
            }
            yield q.stmt(q.refresh, params, fetch=False)
            action = Action.UNCHANGED if resolution.outcome is Outcome.REFRESH else Action.UPDATED
            yield audit_stmt(
                q, **audit, action=action.value, reason=resolution.reason, memory_id=current.id,
                old_hash=old_hash, new_hash=new_hash,
            )  # fmt: skip
            updated = current.model_copy(
                update={
                    "confidence": params["confidence"],
                    "source": Source(str(params["source"])),
                    "source_ref": params["source_ref"],
                    "expires_at": params["expires_at"],
                    "updated_at": now,
                    "actor": req.actor,
                }
            )
            return Decision(action=action, reason=resolution.reason, memory=updated), None

    if not deferred or req.source not in TRUSTED_TEXT:
        [(recent,)] = yield q.stmt(q.count_recent, {**base, "since": now - timedelta(minutes=1)})
        limited = rate_limit_reason(int(recent), config)
        if limited is not None:
            yield audit_stmt(q, **audit, action=Action.REJECTED.value, reason=limited, new_hash=new_hash)
            return Decision(action=Action.REJECTED, reason=limited), None

    memory_id = r.new_id()
    if findings:
        reason = "quarantined for review: " + "; ".join(f.describe() for f in findings)
        params = r.insert_params(
            req, memory_id=memory_id, status=Status.QUARANTINED, confidence=min(req.confidence, 0.5),
            now=now, reason=reason, embed_model=None, embedding=None,
        )  # fmt: skip
        yield q.stmt(q.insert_memory, params, fetch=False)
        yield audit_stmt(
            q, **audit, action=Action.QUARANTINED.value, reason=reason, memory_id=memory_id, new_hash=new_hash
        )
        return Decision(action=Action.QUARANTINED, reason=reason, memory=_record(params)), None

    assert resolution is not None
    superseded = yield from _supersede(q, current, slot, memory_id, now)
    content = r.content_text(req.value)
    vector = None
    if not deferred:
        [vector] = yield _embed(embedder, [content])
    params = r.insert_params(
        req, memory_id=memory_id, status=Status.ACTIVE, confidence=resolution.confidence,
        now=now, reason=None, embed_model=embedder.name if vector is not None else None, embedding=vector,
    )  # fmt: skip
    yield q.stmt(q.insert_memory, params, fetch=False)
    action = Action.SUPERSEDED_PREVIOUS if superseded else Action.ADDED
    yield audit_stmt(
        q, **audit, action=action.value, reason=resolution.reason, memory_id=memory_id,
        old_hash=r.value_hash(salt, superseded.value) if superseded else None, new_hash=new_hash,
    )  # fmt: skip
    if deferred:
        params["embed_model"] = embedder.name
    decision = Decision(
        action=action, reason=resolution.reason, memory=_record(params), superseded=superseded
    )
    return decision, (memory_id, content)


def _supersede(
    q: ManagerSql, old: MemoryRecord | None, slot: dict[str, Any], new_id: str, now: datetime
) -> Op[MemoryRecord | None]:
    """Close the slot's current version before the new one is inserted (one active row per slot)."""
    if old is None:
        return None
    yield q.stmt(
        q.supersede, {"id": old.id, "tenant_id": slot["tenant_id"], "new_id": new_id, "now": now}, fetch=False
    )
    return old.model_copy(
        update={"status": Status.SUPERSEDED, "valid_to": now, "superseded_by": new_id, "updated_at": now}
    )


def _record(params: dict[str, Any]) -> MemoryRecord:
    """The record just inserted with ``params`` (insert_params)."""
    return r.record_from_row([params[k].value if k == "value" else params[k] for k in RECORD_ROW])


def release(
    q: ManagerSql,
    tenant_id: str,
    memory_id: str,
    actor: str,
    now: datetime,
    config: PolicyConfig,
    embedder: Embedder,
) -> Op[Decision]:
    """An admin vouches for a quarantined item: it goes through the conflict policy, unscreened."""
    rows = q.decode((yield q.stmt(q.get_by_id, {"tenant_id": tenant_id, "id": memory_id})))
    item = r.record_from_row(rows[0]) if rows else None
    if item is None or item.status is not Status.QUARANTINED:
        raise LookupError(f"no quarantined memory {memory_id!r} in tenant {tenant_id!r}")
    req = RememberRequest(
        tenant_id=tenant_id, user_id=item.user_id, memory_type=item.memory_type, key=item.key, value=item.value,
        source=item.source, source_ref=item.source_ref, confidence=item.confidence, expires_at=item.expires_at,
        actor=actor,
    )  # fmt: skip
    yield q.stmt(q.lock_user, {"lock_key": r.user_lock_key(tenant_id, item.user_id)}, fetch=False)
    salt = yield from _salt(q, tenant_id, item.user_id)
    slot = {
        "tenant_id": tenant_id,
        "user_id": item.user_id,
        "memory_type": item.memory_type.value,
        "key": item.key,
    }
    audit = {"at": now, **slot, "source": item.source.value, "actor": actor, "memory_id": item.id}
    current_rows = q.decode((yield q.stmt(q.select_active_slot, slot)))
    current = r.record_from_row(current_rows[0]) if current_rows else None
    resolution = resolve(req, current, config)
    if resolution.outcome is not Outcome.ADD and resolution.outcome is not Outcome.SUPERSEDE:
        reason = f"not released: {resolution.reason}; delete it or leave it in review"
        yield audit_stmt(
            q, **audit, action="release_refused", reason=reason, new_hash=r.value_hash(salt, item.value)
        )
        return Decision(action=Action.REJECTED, reason=reason, memory=current)
    superseded = yield from _supersede(q, current, slot, item.id, now)
    [vector] = yield _embed(embedder, [r.content_text(item.value)])
    yield q.stmt(
        q.activate,
        {"id": item.id, "tenant_id": tenant_id, "now": now, "embed_model": embedder.name,
         "embedding": r.Vector(vector), "actor": actor},
        fetch=False,
    )  # fmt: skip
    yield bump(q, tenant_id, item.user_id)
    reason = f"released from quarantine by {actor}: {resolution.reason}"
    yield audit_stmt(
        q, **audit, action="released", reason=reason, new_hash=r.value_hash(salt, item.value),
        old_hash=r.value_hash(salt, superseded.value) if superseded else None,
    )  # fmt: skip
    released = item.model_copy(
        update={"status": Status.ACTIVE, "valid_from": now, "updated_at": now, "reason": None, "actor": actor}
    )
    action = Action.SUPERSEDED_PREVIOUS if superseded else Action.ADDED
    return Decision(action=action, reason=reason, memory=released, superseded=superseded)


BULK_IMPORT = 200
"""An import of at least this many memories is a bulk write (see :func:`refresh_statistics`)."""
ANALYZE_SHARE = 0.1  # autovacuum's default analyze_scale_factor


def refresh_statistics(q: ManagerSql, unanalysed: int) -> Op[bool]:
    """After a bulk import on PostgreSQL: ``ANALYZE`` the memories table when the rows imported
    since the last analysis (``unanalysed``) are over a tenth of what its statistics know, or it
    was never analysed. Returns whether it analysed.

    Why: until autovacuum gets to the table, the planner takes a just-imported user for a handful
    of rows and reads every one of them for the keyword list and the read-back (an index scan on
    (tenant, user) with the tsvector match as a filter) instead of the GIN and primary key indexes:
    recall at 10,000 memories took p50 53 ms right after the import, 9.6 ms after ``ANALYZE``
    (docs/benchmarks.md, "Recall"). The same rule as the memory store's after a bulk batch."""
    if q.known_rows is None or q.analyze is None:
        return False
    rows = yield q.stmt(q.known_rows)
    (reltuples,) = rows[0] if rows else (None,)  # known_rows: (known), no row without the table
    known = float(reltuples) if reltuples is not None else -1.0
    if known >= 0 and unanalysed <= ANALYZE_SHARE * known:
        return False
    yield q.stmt(q.analyze, fetch=False)
    return True
