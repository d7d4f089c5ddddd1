"""The runs API's list of a tenant's runs (``GET /v1/runs``), reading only what the page needs.

A run's status in the list is the one its requests table row notes (no checkpoint read per run,
but the owner check of a ``langgraph dev`` thread's run). langgraph dev notes nothing at a run's
end, so a row noted ``running`` no carrier holds may have ended (h9 s32 #6): its head is read and
an end noted - by one conditional statement over ``running`` (``note_ended``), never a review re-opened
(review s32 r1 #2) - only for the rows the page shows, or, for a page of ended runs
(``?status=completed``...), for the rows noted running that could be among them. Before (review s32
r1 L3), every GET read the heads of up to 100 such rows, page or not: a tenant's crashed or
langgraph dev runs cost 100 checkpoint reads on each poll of the list, for good.
"""

from __future__ import annotations

from collections.abc import Callable

from graph.ingestion.head import read_head
from graph.ingestion.jobs import JobRecord, TenantJobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import lease_free
from graph.ingestion.state import TERMINAL
from server.keys import Principal
from server.runs.models import RunPage, RunSummary
from server.runs.names import decode_cursor, encode_cursor, links
from server.thread_owner import reaches_run

PAGE_SCAN = 10  # a runs page reads at most this many times its limit of runs (_reached_page)
ENDED = frozenset({*TERMINAL, "failed"})
"""The statuses a run noted running is noted with once its head says it ended."""
RUNNING_SCAN = 100
"""The rows noted running a page of ended runs looks at (its head each, unless a carrier holds it)."""


def carried(job: JobRecord) -> bool:
    """Whether a carrier (a worker, a command line, a review's door, langgraph dev) holds the run's lease now."""
    return job.owner is not None and not lease_free(job.lease)


def head_status(res: Resources, tenant: str, job: JobRecord) -> str:
    """The run's status as its head checkpoint says it (``needs_review`` while its review's
    interrupt is pending; the row's note, else ``pending``, before any state)."""
    head = read_head(res.saver, tenant, job.run_id)
    if head.interrupted:
        return "needs_review"
    return head.state.status if head.state else (job.status or "pending")


def runs_page(
    res: Resources,
    jobs: TenantJobStore,
    who: Principal,
    status: str | None,
    limit: int,
    cursor: str | None,
    source_label: Callable[[str, str], str],
) -> RunPage:
    """Up to ``limit`` of ``jobs``' runs ``who`` reaches, newest first, with a status filter and a
    keyset cursor."""
    before = decode_cursor(cursor) if cursor else None
    tenant = who.tenant_id
    for run in jobs.unknown():  # runs from before the runs API: noted once
        job = jobs.get(run)
        if job is not None:
            jobs.note_status(run, head_status(res, tenant, job))
    if status in ENDED:  # a run noted running may have ended as asked: noted first, in order
        for job in jobs.page("running", None, RUNNING_SCAN):
            _listed_status(res, jobs, tenant, job)
    rows, last = _reached_page(res, jobs, who, status, before, limit)
    runs = [
        RunSummary(
            run_id=j.run_id, status=shown, active=carried(j), queued=j.wanted, collection=j.collection,
            source=source_label(tenant, j.source), created_at=j.created_at, links=links(j.run_id),
        )
        for j, shown in rows
    ]  # fmt: skip
    return RunPage(runs=runs, next_cursor=None if last is None else encode_cursor(*last))


def _listed_status(res: Resources, jobs: TenantJobStore, tenant: str, job: JobRecord) -> str:
    """``job``'s status as listed: its row's, but for a row noted running that no carrier holds and
    whose head says it ended, which is noted so (only over 'running': a carrier's note stands)."""
    noted = job.status or "pending"
    if noted != "running" or carried(job):
        return noted
    ended = head_status(res, tenant, job)
    if ended not in ENDED:
        return noted  # waiting again is waiting_again's to note, with its lease check
    jobs.note_ended(job.run_id, ended)
    return ended


def _reached_page(
    res: Resources,
    jobs: TenantJobStore,
    who: Principal,
    status: str | None,
    before: tuple[float, str] | None,
    limit: int,
) -> tuple[list[tuple[JobRecord, str]], tuple[float, str] | None]:
    """Up to ``limit`` of the tenant's runs ``who`` reaches (:func:`reaches_run`) with their listed
    status, newest first, created before ``before``, and the keyset position the next page starts
    after (None: no more). Runs of another member's ``langgraph dev`` threads are read past, at most
    ``PAGE_SCAN`` x ``limit`` rows (100 at least; each a checkpoint read: a member who reaches few
    runs read the tenant's whole history per page), then the rows created in the same instant as
    the last one; the page then holds fewer runs and its position names that instant, not the run
    read last, which may be one the caller does not reach (:func:`encode_cursor`). A row listed
    ``running`` that ended is read past by ``?status=running``."""
    found: list[tuple[JobRecord, str]] = []
    most, read, size = max(PAGE_SCAN * limit, 100), 0, max(limit + 1, 100)
    stop_at: float | None = None  # read enough: the rest of this instant's rows, then stop
    while True:
        rows = jobs.page(status, before, size)
        for job in rows:
            if stop_at is not None and job.created_at != stop_at:
                return found, (stop_at, "")
            if reaches_run(who, res.saver, job.run_id, started_by=job.started_by):
                if len(found) == limit:  # one more: the next page starts after the last
                    return found, (found[-1][0].created_at, found[-1][0].run_id)
                shown = _listed_status(res, jobs, who.tenant_id, job)
                if status is None or shown == status:
                    found.append((job, shown))
            read += 1
            if read >= most and stop_at is None:
                stop_at = job.created_at
        if len(rows) < size:
            return found, None  # the store has no more
        before = (rows[-1].created_at, rows[-1].run_id)
