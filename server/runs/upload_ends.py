"""An upload lives as long as a run that may still read it (h16 s36 H16-1, the lead's decision 1).

``POST /v1/runs/uploads`` keeps the files under ``KASSIST_UPLOADS_DIR/<tenant>/<run>.<token>/``, the
run's source folder, and nothing removed it: a member who uploaded the wrong files and cancelled had
them on the server for good, and an upload-and-cancel loop filled the disk (a cancelled run no longer
waits, so the waiting-runs bound never bit). A run that has ended (completed, cancelled, rejected:
:attr:`AgentRunState.ended`) reads its folder no more - its text is in the index; a run of it again
is a new upload - so its folder goes when a worker of the runs API finishes it (:func:`remove`, under
the run's lease), and a server's worker sweeps, when it starts, the folders of runs that ended
elsewhere (the command line, the console) or whose server was killed before removing them
(:func:`sweep`). Only a run folder of the run's own tenant's uploads folder is ever removed: the path
is the server's (:func:`graph.ingestion.folders.tenant_folder`), the run's settings only name which."""

from __future__ import annotations

import logging
import os
import re
import shutil
from pathlib import Path
from urllib.parse import unquote

from graph.ingestion.folders import tenant_folder
from graph.ingestion.head import read_head
from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from server.runs.uploads import TOKEN_BYTES

logger = logging.getLogger(__name__)
RUN_FOLDER = re.compile(rf"(?P<label>[^.][^/]*)\.[0-9a-f]{{{2 * TOKEN_BYTES}}}")
"""An upload's folder name (server/runs/uploads.run_folder): the run id's label and a token."""


def remove(root: Path, tenant: str, source: str) -> bool:
    """Remove the upload folder ``source`` of an ended run of ``tenant`` if it is one of the tenant's
    run folders under the uploads folder ``root`` (anything else is left alone); whether it did."""
    folder = Path(source)
    if folder.parent != tenant_folder(root, tenant) or not RUN_FOLDER.fullmatch(folder.name):
        return False
    if folder.is_symlink() or not folder.is_dir():
        return False
    shutil.rmtree(folder, ignore_errors=True)
    logger.info("uploads: removed the files of %s's ended run (%s)", tenant, folder.name)
    return True


def sweep(res: Resources, root: Path) -> list[str]:
    """Remove the upload folders under ``root`` whose run has ended (its head says so, or it was
    cancelled before it started); their names. A folder whose tenant or run id is spelt by a digest
    (ids too long for a name) or whose run is not found is left as it is. Housekeeping: an error is
    logged, never raised."""
    removed: list[str] = []
    try:
        tenants = [e for e in os.scandir(root) if e.name.startswith("t-") and e.is_dir(follow_symlinks=False)]
    except FileNotFoundError:
        return removed  # no upload yet
    except OSError as exc:
        logger.warning("uploads: cannot look for ended runs' files in %s: %s", root, exc)
        return removed
    for entry in tenants:
        tenant = unquote(entry.name[2:])
        if tenant_folder(root, tenant).name != entry.name:
            continue  # not a tenant folder this server spells
        try:
            folders = list(os.scandir(entry.path))
        except OSError as exc:
            logger.warning("uploads: cannot look for ended runs' files in %s: %s", entry.path, exc)
            continue
        for folder in folders:
            named = RUN_FOLDER.fullmatch(folder.name)
            if named is None or named["label"].startswith("%h-"):
                continue
            try:
                ended = _ended_here(res, tenant, unquote(named["label"]), Path(folder.path))
                if ended and remove(root, tenant, folder.path):
                    removed.append(folder.name)
            except Exception as exc:  # the database away: the next start sweeps again
                logger.warning("uploads: cannot tell whether %s's run has ended: %s", folder.path, exc)
    return removed


def _ended_here(res: Resources, tenant: str, run_id: str, folder: Path) -> bool:
    """Whether ``run_id`` of ``tenant`` has ended and ``folder`` is its source."""
    state = read_head(res.saver, tenant, run_id).state
    if state is not None:
        return state.ended and Path(state.settings.source) == folder
    job = JobStore(res.runs).for_tenant(tenant).get(run_id)  # cancelled before it started: no checkpoint
    source = (job.settings or {}).get("source") if job is not None else None
    return job is not None and job.status == "cancelled" and source is not None and Path(source) == folder
