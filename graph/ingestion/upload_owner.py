"""The one rule of whose documents an upload may replace (the lead's decision 7, session 36): a
member's upload adds documents and replaces only the ones she uploaded; an admin's replaces any.

Who uploaded a document is read from the run records (:meth:`graph.ingestion.jobs.TenantJobStore.
uploaders`: whoever sent the create of the last run that indexed it); one whose uploader is unknown
(indexed before the records, its runs pruned) counts as an admin's. The rule is checked twice: at
the upload door, before any file is kept (server/runs/service.py, a fast answer), and where the run
writes, under the collection's one-writer claim (graph/ingestion/pipeline.run_batch): a queued or
paused upload was judged against the collection as it was when it was sent, and two members' uploads
of one new name, both accepted before either ran, replaced each other (h16 s36 H16-15, r1 F8).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from graph.ingestion.jobs import JobStore, TenantJobStore
from graph.ingestion.store import RunStore


class UploadedByAnother(ValueError):
    """A member's upload would replace a document another user uploaded."""


@dataclass(frozen=True)
class Uploader:
    """Who sent an upload, and whether their role then was a member's (held to the rule)."""

    identity: str
    member: bool


def others(jobs: TenantJobStore, uploader: Uploader, collection: str, paths: Iterable[str]) -> list[str]:
    """The ``paths`` of ``collection`` whose document another user uploaded, sorted (none for an
    admin's upload)."""
    if not uploader.member:
        return []
    found = jobs.uploaders(collection, sorted(set(paths)))
    return sorted(path for path, by in found.items() if by != uploader.identity)


def refusal(theirs: list[str], collection: str, shown: str | None = None) -> str:
    """What a member is told about ``theirs`` (non-empty): the first named (``shown``: as the door
    says a client's name back), how many more."""
    first = shown if shown is not None else repr(theirs[0])
    more = f" (and {len(theirs) - 1} more)" if len(theirs) > 1 else ""
    return (
        f"{first}{more} in collection {collection!r} was uploaded by another user: a member replaces only "
        "the documents she uploaded; an admin can replace it, or upload yours under another name"
    )


ADMIN_NOW_KEY = "kassist_uploader_admin_now"
"""The configurable key a runs API worker sets on a run it carries out: whether the run's creator holds
an admin key now (server/runs/worker.py, as for re-chunking) - the rule's role at write time."""


def uploader_of(runs: RunStore, tenant: str, run_id: str, admin_now: object = None) -> Uploader | None:
    """Who sent the runs API upload ``run_id``, as its create recorded it (never a client's state),
    held to the rule of their rights now (``admin_now``: the worker's :data:`ADMIN_NOW_KEY`; an admin
    lowered to member after her upload was accepted replaced another member's document: h20 s37
    H20-3), else of the role the create recorded (a worker that checks no keys); None for a run no
    runs API create recorded (the command line's, langgraph dev's)."""
    job = JobStore(runs).for_tenant(tenant).get(run_id)
    if job is None or job.created_by is None:
        return None
    admin = admin_now if isinstance(admin_now, bool) else job.created_role == "admin"
    return Uploader(job.created_by, not admin)


def check_batch(
    runs: RunStore, tenant: str, run_id: str, uploader: Uploader, collection: str, paths: list[str]
) -> None:
    """Raise :class:`UploadedByAnother` when the run's batch would replace another user's document:
    the run fails saying so, before this batch writes anything."""
    theirs = others(JobStore(runs).for_tenant(tenant), uploader, collection, paths)
    if theirs:
        # Said once the run has failed (last_error): why, and that the other user's document stands.
        raise UploadedByAnother(
            f"{refusal(theirs, collection)} (since upload {run_id!r} was accepted: it stops here and "
            "replaces none of them)"
        )
