"""``kassist runs list`` and ``kassist runs show``: the commands that only read runs - their
checkpoints and the run registry, neither the graph, the knowledge index nor an embedder loaded, so
they answer within a second (issue 29). Wired with the others in ``cli/runs.py``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import AbstractContextManager, closing, contextmanager
from typing import TYPE_CHECKING, Any

from cli import kit
from cli.ingest import RunArg, check_run_id, expected_errors, unavailable_errors
from cli.ingest_output import print_run, print_runs, summary
from graph.ingestion.head import read_head

if TYPE_CHECKING:
    from checkpointer import TenantCheckpointer
    from graph.ingestion.state import AgentRunState
    from graph.ingestion.store import RunStore
    from graph.ingestion.store_ops import Registration, RunRecord


@contextmanager
def _readers(url: str) -> Iterator[tuple[TenantCheckpointer, RunStore]]:
    from checkpointer import TenantCheckpointer
    from graph.ingestion.store import RunStore

    with closing(TenantCheckpointer.from_url(url)) as saver:
        saver.setup()  # the same migrations Resources.open runs
        with closing(RunStore.from_url(url)) as store:  # the saver's database object, shared
            yield saver, store


def _run_reader(url: str | None) -> AbstractContextManager[tuple[TenantCheckpointer, RunStore]]:
    """The checkpoints and the run registry, for the commands that only read runs (``runs list``,
    ``runs show``): neither the graph, the knowledge index nor an embedder is loaded, so they answer
    within a second (issue 29). The database must exist, as for :func:`cli.ingest.run_resources`."""
    return kit.opened(_readers, url, read_only=True, errors=unavailable_errors())


@kit.common()
def list_runs(tenant: kit.TenantOption, opts: kit.Common = kit.COMMON) -> None:
    """The tenant's ingestion runs with their status."""
    from graph.ingestion.store_ops import holder_gone

    tenant = kit.check_tenant(tenant)
    with _run_reader(opts.database_url) as (saver, store):
        try:
            rows: list[dict[str, Any]] = []
            for record in store.for_tenant(tenant).runs():
                head = read_head(saver, tenant, record.run_id)
                state = head.state
                status: str = "needs_review" if head.interrupted else (state.status if state else "pending")
                if state is None and _ran_before(store, tenant, record.run_id):
                    status = REMOVED  # not "pending": `runs resume` refuses it (h17 s36 H17-10)
                rows.append({"run_id": record.run_id, "status": status, "collection": record.collection,
                             # busy: what `runs resume` would refuse (exit 7), by the rule every
                             # door takes a lease by - a killed worker's lease is not (h17 s36 H17-5)
                             "source": record.source, "busy": not holder_gone(record.owner, record.lease_until),
                             "documents": state.counters.documents_seen if state else 0})  # fmt: skip
        except expected_errors() as exc:
            kit.fail(str(exc))
    if opts.as_json:
        kit.out_console().print_json(json.dumps(rows))
        return
    print_runs(tenant, rows, opts.full)


@kit.common()
def show(run_id: RunArg, tenant: kit.TenantOption, opts: kit.Common = kit.COMMON) -> None:
    """One run: status, version, counters, retries, last error, its report's formats."""
    tenant = kit.check_tenant(tenant)
    run_id = check_run_id(run_id)
    with _run_reader(opts.database_url) as (saver, store):
        try:
            head = read_head(saver, tenant, run_id)
            state, interrupted, version = head.state, head.interrupted, head.version
            runs = store.for_tenant(tenant)
            record, registration = runs.get(run_id), runs.registration(run_id)
        except expected_errors() as exc:
            kit.fail(str(exc))
        if record is None:  # a checkpoint thread alone is not an ingestion run
            kit.fail(f"no ingestion run {run_id!r} for tenant {tenant!r}")
        gone = state is None and _ran_before(store, tenant, run_id)
        if state is None:  # registered, killed before its first checkpoint: what `runs list` shows
            state = _registered(run_id, tenant, record, registration)
    if gone:  # what `runs resume` answers it, not "pending" (a run it would start: h17 s36 H17-10)
        from graph.ingestion.registration import checkpoints_gone

        state = state.model_copy(update={"last_error": str(checkpoints_gone(run_id))})
    data = summary(state, version)
    if interrupted:
        data["status"] = "needs_review"
    elif gone:
        data["status"] = REMOVED
    if opts.as_json:
        kit.out_console().print_json(json.dumps(data))
        return
    print_run(
        kit.out_console(), state, data["status"], opts.full, {"version": version, "next step": data["step"]}
    )


REMOVED = "removed"
"""What `runs list` and `runs show` call a run that ran and has no checkpoint left (retention or a
thread delete; its rows go at the next `kassist checkpoints prune`): no door runs it again."""


def _ran_before(store: RunStore, tenant: str, run_id: str) -> bool:
    from graph.ingestion.jobs import JobStore
    from graph.ingestion.registration import ran_before

    return ran_before(store.for_tenant(tenant), JobStore(store).for_tenant(tenant), run_id)


def _registered(run_id: str, tenant: str, record: RunRecord, reg: Registration | None) -> AgentRunState:
    """A run that has committed nothing yet, as registered: pending, with its settings (a row queued
    without them: its registry row's source and collection)."""
    from graph.ingestion.state import AgentRunState, Settings

    settings = reg.settings if reg is not None else None
    if settings is None:  # shown, never run: the row's values as they are
        settings = Settings.model_construct(source=record.source, collection=record.collection)
    goal = reg.goal if reg is not None else ""
    return AgentRunState(run_id=run_id, tenant_id=tenant, status="pending", settings=settings, goal=goal)
