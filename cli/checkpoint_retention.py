"""What ``kassist checkpoints prune`` removes beside the checkpoints, in the order a kill between
two writes leaves safe: the threads a delete will take are read first (:func:`planned_deletes`),
their accepted runs go and their owners are kept as made rows (:func:`keep_owners`), their session
notes go (:func:`forget_notes`), all before the checkpoints; what the LangGraph server recorded
runs were accepted with goes after them (:func:`retain_accepted`). Called by the prune command
only (cli/checkpoints.py), whose module stays the command line's."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from cli.checkpoints import Strategy

if TYPE_CHECKING:
    from langchain_core.runnables import RunnableConfig

    from checkpointer.saver import TenantCheckpointer


def planned_deletes(
    saver: TenantCheckpointer, age: timedelta, tenant: str | None, now: datetime
) -> tuple[frozenset[tuple[str, str]], dict[tuple[str, str], str]]:
    """The (tenant, thread) pairs a dry run of the same retention would delete, and the owner each
    recorded in its head checkpoint (a langgraph dev or LangServe thread's; a command line's or runs
    API's run records none): what retention keeps of it (server/accepted_runs.AcceptedRuns.retain).
    Read first: a thread written to in between is not deleted."""
    from cli.checkpoint_views import retain_plan
    from graph.ingestion.head import recorded_owner

    report = retain_plan(saver, age, tenant, Strategy.delete.value, now)
    planned = frozenset((th.tenant_id, th.thread_id) for th in report.threads if th.thread_deleted)
    owners: dict[tuple[str, str], str] = {}
    for tenant_id, thread_id in sorted(planned):
        config: RunnableConfig = {"configurable": {"thread_id": thread_id, "checkpoint_ns": ""}}
        head = saver.for_tenant(tenant_id).get_tuple(config)
        owner = recorded_owner(head.metadata) if head is not None else None
        if owner is not None:
            owners[(tenant_id, thread_id)] = owner
    return planned, owners


def keep_owners(url: str, planned: frozenset[tuple[str, str]], owners: dict[tuple[str, str], str]) -> None:
    """Before the delete, each thread retention is about to delete loses its accepted run and keeps
    its owner as its made row. A thread a turn revives meanwhile is not deleted: it has checkpoints,
    so its accepted run is never read again."""
    if not planned:
        return
    from kassist.db.handle import open_set_up
    from server.accepted_runs import AcceptedRuns

    accepted = open_set_up(url, AcceptedRuns)
    try:
        accepted.retain([], 0.0, planned, owners)
    finally:
        accepted.close()


def retain_accepted(
    url: str,
    tenants: list[str] | None,
    age: timedelta,
    deleted: frozenset[tuple[str, str]],
    owners: dict[tuple[str, str], str],
) -> None:
    """What the LangGraph server recorded runs were accepted with (server/accepted_runs.py) goes
    with the threads retention deleted and once older than the cutoff: left there, a run with no
    input on a pruned thread id ran the thread's months-old first question again. A deleted thread
    whose checkpoints recorded an owner keeps that owner (``owners``), and so does a thread whose
    first run never began (no checkpoint): langgraph dev's thread outlives both, and another member's
    turn on kassist serve wrote into it."""
    import time

    from kassist.db.handle import open_set_up
    from server.accepted_runs import AcceptedRuns

    accepted = open_set_up(url, AcceptedRuns)
    try:
        cutoff = time.time() - age.total_seconds()
        kept = {key: owner for key, owner in owners.items() if key in deleted}
        # A thread whose first run never began has no checkpoint to say whose it is: its row becomes its
        # made row (the run is not resumed, as before), not dropped with the cutoff (h15 s35 H15-4).
        runless = accepted.runless_before(tenants, cutoff)
        accepted.retain(tenants, cutoff, deleted | frozenset(runless), runless | kept)
    finally:
        accepted.close()


def forget_notes(url: str, deleted: frozenset[tuple[str, str]]) -> None:
    """A deleted thread's session note (the assistant's "earlier session" of that conversation)
    goes with it, as on the server's DELETE (server.thread_owner.forget_session_notes): under each
    user of the thread's tenant, its owner having gone with the checkpoints."""
    if not deleted:
        return
    from memory import MemoryStore
    from server.thread_owner import forget_session_notes

    store = MemoryStore.from_url(url, tenant_from_namespace=True)
    try:
        store.setup()
        for tenant in sorted({tenant for tenant, _ in deleted}):
            forget_session_notes(store, tenant, [t for each, t in deleted if each == tenant], None)
    finally:
        store.close()
