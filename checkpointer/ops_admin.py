"""Thread administration: delete, copy, prune, delete_for_runs, retention (no I/O).

langgraph-api calls these with ids only. The tenant is always the caller's (a bound view, or the
authenticated request in ``server.saver``), never looked up from the data: (tenant, thread_id) is
the key, and a thread id stored under another tenant is simply another thread.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime

from checkpointer.chains import NsKey, Plan, ThreadState, marks_of, plan_removal
from checkpointer.query import CheckpointSql, Steps
from checkpointer.retention import RetentionReport, Strategy, ThreadRetention
from checkpointer.tenant import check_id

PRUNE_STRATEGIES = ("keep_latest", "delete")


def id_list(ids: Sequence[str], what: str) -> Sequence[str]:
    """``ids`` as given; a bare string would iterate as one id per character, so it is refused."""
    if isinstance(ids, str | bytes):
        raise TypeError(f"{what} must be a list of ids, got the string {ids!r}; pass [{ids!r}]")
    for each in ids:
        check_id(what, each, label=f"an id in {what}")  # the same limit as configs' ids
    return ids


def _threads(thread_ids: Sequence[str]) -> list[str]:
    return sorted({str(t) for t in id_list(thread_ids, "thread_ids")})


def delete_threads(sql: CheckpointSql, tenant: str, thread_ids: Sequence[str]) -> Steps[None]:
    threads = _threads(thread_ids)
    if threads:
        # A put landing while the DELETE runs (after its snapshot) would outlive it on a parent it
        # took; locked out, it waits and then finds its parent gone (CheckpointConflict).
        yield sql.lock_writers
        yield sql.delete_threads({"tenant": tenant, "threads": threads})


def _load(sql: CheckpointSql, tenant: str, threads: list[str]) -> Steps[ThreadState]:
    """The threads' rows as planning reads them. Nothing is locked (PostgreSQL, READ COMMITTED):
    a plan made from it is confirmed by :func:`_settle` before anything is deleted."""
    params = {"tenant": tenant, "threads": threads}
    heads = yield sql.thread_heads(params)
    rows = yield sql.thread_plan_rows(params)
    blobs = yield sql.thread_blob_keys(params)
    return ThreadState.from_rows(rows, heads, blobs)


def _settle(sql: CheckpointSql, tenant: str, threads: list[str], state: ThreadState) -> Steps[ThreadState]:
    """``state`` as it stands with puts locked out until the commit, read again if it changed.

    The long read stays unlocked, so puts go on meanwhile; a put landing between it and the delete
    (an owner back to an idle thread while the nightly prune runs) would otherwise be deleted with
    what was planned from the read, or left with a parent the plan took (h15 s35 H15-5). Under
    the lock the marks (row count, highest version, newest timestamp per namespace) say which
    threads moved; only those are read again, now exactly. A put that waited for the
    lock finds what the delete left and is refused if its parent went (CheckpointConflict)."""
    yield sql.lock_writers
    now, then = marks_of((yield sql.thread_marks({"tenant": tenant, "threads": threads}))), state.marks()
    changed = {nskey[0] for nskey in now.keys() | then.keys() if now.get(nskey) != then.get(nskey)}
    if not changed:
        return state
    # Only the threads that moved are read again: the lock holds puts of every thread meanwhile.
    fresh: ThreadState = yield from _load(sql, tenant, sorted(changed))
    return state.replacing(changed, fresh)


def _apply(sql: CheckpointSql, plan: Plan) -> Steps[None]:
    if plan.copy_values and sql.copy_value is not None:
        yield sql.copy_value(plan.copy_values)
    for each, many in (
        (sql.delete_checkpoint, plan.checkpoints),
        (sql.delete_blob, plan.blobs),
        (sql.clear_parent, plan.clear_parents),
        (sql.set_head, plan.set_heads),
        (sql.delete_head, plan.delete_heads),
    ):
        if many:
            yield each(many)


def prune(sql: CheckpointSql, tenant: str, thread_ids: Sequence[str], strategy: str) -> Steps[None]:
    """``keep_latest``: each namespace keeps its head and the delta chain behind it."""
    if strategy not in PRUNE_STRATEGIES:
        raise ValueError(f"unknown prune strategy {strategy!r}; use one of {', '.join(PRUNE_STRATEGIES)}")
    if strategy == "delete":
        yield from delete_threads(sql, tenant, thread_ids)
        return
    threads = _threads(thread_ids)
    if not threads:
        return
    state = yield from _load(sql, tenant, threads)
    state = yield from _settle(sql, tenant, threads, state)
    candidates = {
        nskey: set(rows) - {state.heads[nskey].head_id if nskey in state.heads else None}
        for nskey, rows in state.rows.items()
    }
    yield from _apply(sql, plan_removal(tenant, state, candidates))


def delete_for_runs(sql: CheckpointSql, tenant: str, run_ids: Sequence[str]) -> Steps[None]:
    """Delete the runs' checkpoints and writes, except ancestors a surviving head still needs."""
    runs = sorted({str(r) for r in id_list(run_ids, "run_ids")})
    if not runs:
        return
    found = yield sql.run_threads({"tenant": tenant, "runs": runs})
    threads = sorted({thread for (thread,) in found})
    if not threads:
        return
    state = yield from _load(sql, tenant, threads)
    state = yield from _settle(sql, tenant, threads, state)
    wanted = set(runs)
    candidates: dict[NsKey, set[str]] = {
        nskey: {cid for cid, r in rows.items() if r.run_id in wanted} for nskey, rows in state.rows.items()
    }
    yield from _apply(sql, plan_removal(tenant, state, candidates))


def copy_thread(sql: CheckpointSql, tenant: str, source: str, target: str) -> Steps[None]:
    check_id("thread_id", target, label="the copy_thread target")
    exists = yield sql.thread_exists({"tenant": tenant, "thread": str(target)})
    if exists:
        raise ValueError(
            f"copy_thread target {target!r} already has checkpoints; delete it first or pick a new id"
        )
    yield sql.copy_thread({"tenant": tenant, "source": str(source), "target": str(target)})


def retention_cutoff(cutoff: datetime, strategy: str) -> datetime:
    """The cutoff as an aware datetime (a naive one is UTC), once the strategy is known."""
    if strategy not in PRUNE_STRATEGIES:
        raise ValueError(f"unknown retention strategy {strategy!r}; use one of {', '.join(PRUNE_STRATEGIES)}")
    return cutoff if cutoff.tzinfo is not None else cutoff.replace(tzinfo=UTC)


def retain_tenants(sql: CheckpointSql, scope: str | None, cutoff: datetime) -> Steps[list[str]]:
    """The tenants retention visits: ``scope`` alone, or every tenant with a checkpoint older than
    the cutoff."""
    if scope is not None:
        return [scope]
    rows = yield sql.tenants_with_stale({"cutoff": cutoff.timestamp()})
    return sorted({tenant for (tenant,) in rows})


def retain(
    sql: CheckpointSql, bound: str | None, tenant_id: str | None, cutoff: datetime, strategy: Strategy
) -> Steps[RetentionReport]:
    """Age-based retention by checkpoint timestamp, per tenant or across all of them, as one
    operation (a dry run's plan reads it so); the saver's ``retain`` commits tenant by tenant
    (:func:`retain_tenant`), so the lock a tenant's delete takes is not held over the next ones."""
    cutoff = retention_cutoff(cutoff, strategy)
    scope = bound if bound is not None else tenant_id
    report: list[ThreadRetention] = []
    for tenant in (yield from retain_tenants(sql, scope, cutoff)):
        report += yield from retain_tenant(sql, tenant, cutoff, strategy)
    return RetentionReport(strategy=strategy, cutoff=cutoff, tenant_id=scope, threads=report)


def retain_tenant(
    sql: CheckpointSql, tenant: str, cutoff: datetime, strategy: Strategy
) -> Steps[list[ThreadRetention]]:
    """One tenant's retention: what it removed, per thread.

    ``keep_latest`` drops checkpoints older than the cutoff that are not a head (nor needed by one);
    ``delete`` drops whole threads whose newest checkpoint is older than the cutoff. Planned from an
    unlocked read, confirmed under the writers' lock (:func:`_settle`): a thread a put made young
    again meanwhile is kept, and only what was really removed is reported.
    """
    edge = retention_cutoff(cutoff, strategy).timestamp()
    stale = yield sql.stale_threads({"tenant": tenant, "cutoff": edge})
    threads = sorted({thread for (thread,) in stale})
    if not threads:
        return []
    state = yield from _load(sql, tenant, threads)
    state = yield from _settle(sql, tenant, threads, state)
    if strategy == "delete":
        newest: dict[str, float] = defaultdict(float)
        for (thread, _ns), ns_rows in state.rows.items():
            for r in ns_rows.values():
                newest[thread] = max(newest[thread], float(r.ts))
        # A thread with no row left (deleted meanwhile) is not reported as deleted by this call.
        dead = [t for t in threads if t in newest and newest[t] < edge]
        if dead:
            yield sql.delete_threads({"tenant": tenant, "threads": dead})
        counts: dict[str, int] = defaultdict(int)
        blob_counts: dict[str, int] = defaultdict(int)
        for (thread, _ns), ns_rows in state.rows.items():
            counts[thread] += len(ns_rows)
            # values held in checkpoint rows (SQLite, migration 6) are large values too
            blob_counts[thread] += sum(1 for r in ns_rows.values() if r.value_channel is not None)
        for (thread, _ns), keys in state.blobs.items():
            blob_counts[thread] += len(keys)
        return [
            ThreadRetention(
                tenant_id=tenant,
                thread_id=t,
                checkpoints_removed=counts[t],
                blobs_removed=blob_counts[t],
                thread_deleted=True,
            )
            for t in dead
        ]
    candidates = {
        nskey: {
            cid
            for cid, r in rows.items()
            if float(r.ts) < edge and (nskey not in state.heads or state.heads[nskey].head_id != cid)
        }
        for nskey, rows in state.rows.items()
    }
    plan = plan_removal(tenant, state, candidates)
    yield from _apply(sql, plan)
    return [
        ThreadRetention(
            tenant_id=tenant,
            thread_id=t,
            checkpoints_removed=plan.removed[t],
            blobs_removed=plan.blobs_removed.get(t, 0),
        )
        for t in sorted(plan.removed)
    ]
