"""An upload whose server was killed while it started the upload's run (h25 s39 H25-4).

``POST /v1/runs/uploads`` stores the run not wanted (its folder is not in place yet: no worker may
take it), renames the folder into place, then makes the run wanted (server/runs/upload_run.py). A
kill between the first write and the last left the run ``pending`` and never taken, for good: the
client got no answer, and the same upload sent again was 409 "a run 'u1' exists already", its files
kept under a run nobody starts. The run stores the process that placed it (as its request's
``worker`` until a worker's claim names itself); a server's worker, when it starts and every
:data:`CHECK_S` after, finishes what a placer that is gone left: the folder put in place from the
placer's staging folder if the kill came before the rename, then the run made wanted. The client's
files are ingested as if its answer had come; a run whose files are nowhere is made wanted too and
fails at discover saying its folder is not there (what upload_run does when the rename fails)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from graph.ingestion.jobs import JobRecord, JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.store_ops import holder_gone
from server.runs import uploads
from server.runs.upload_ends import is_run_folder

logger = logging.getLogger(__name__)

PLACING_S = uploads.PLACED_RETRY_S + 60.0
"""The longest a live server takes between storing an upload's run and making it wanted (its last
write is tried again for :data:`uploads.PLACED_RETRY_S`): a placer another host's (its pid says
nothing here) is judged gone after this long."""
CHECK_S = 30.0
"""How often a server's worker looks for uploads' runs a placer left (a server of the same database
killed, and not started again)."""


def place_orphans(res: Resources, root: Path) -> list[tuple[str, str]]:
    """Make wanted every upload's run under ``root`` whose placer is gone, its folder put in place
    first when only the placer's staging folder holds the files; the (tenant, run) made wanted.
    Housekeeping: an error is logged, never raised (the next look tries again)."""
    placed: list[tuple[str, str]] = []
    try:
        orphans = [
            job
            for job in JobStore(res.runs).placing_in_every_tenant()
            if holder_gone(job.worker, job.created_at + PLACING_S)
        ]
    except Exception as exc:  # the database away: the next look tries again
        logger.warning("uploads: cannot look for uploads' runs left unstarted: %s", exc)
        return placed
    for job in orphans:
        try:
            _place(root, job)
            JobStore(res.runs).for_tenant(job.tenant_id).placed(job.run_id)
        except Exception as exc:
            logger.warning("uploads: cannot start %s's upload run %r: %s", job.tenant_id, job.run_id, exc)
            continue
        logger.info(
            "uploads: %s's upload run %r was left unstarted by a server gone; started",
            job.tenant_id,
            job.run_id,
        )
        placed.append((job.tenant_id, job.run_id))
    return placed


def _place(root: Path, job: JobRecord) -> None:
    """Put ``job``'s folder in place from its placer's staging folder if the rename never came."""
    source = (job.settings or {}).get("source")
    if not isinstance(source, str):
        return
    folder = Path(source)
    if not is_run_folder(root, job.tenant_id, folder) or folder.exists():
        return
    # The staging folder of this very attempt (its token is the folder's): written whole before the
    # run was stored, by the placer judged gone.
    prefix = f"{uploads.STAGING}{folder.name.rpartition('.')[2]}@"
    for entry in os.scandir(folder.parent):
        if entry.name.startswith(prefix) and entry.is_dir(follow_symlinks=False):
            uploads.place(Path(entry.path), folder)
            return
