"""A run of uploaded files (``POST /v1/runs/uploads``): its checks before any file is kept, its files
written to a staging folder, the run stored not wanted, its folder moved into place, then wanted
(server/runs/uploads.py says how each step survives a kill). The runs API's service's other half:
:meth:`server.runs.service.RunsService.create_upload` is this, on the service's records."""

from __future__ import annotations

import asyncio
import logging
import shutil
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs import upload_ends, upload_placing, uploads
from server.runs.admission import check_replaces, check_source, run_settings
from server.runs.models import Accepted, RunOptions, collection_refusal
from server.runs.names import ApiError, check_new_run_id, new_id, taken

if TYPE_CHECKING:
    from server.runs.service import RunsService

logger = logging.getLogger(__name__)


async def create_upload(
    service: RunsService, who: Principal, files: Sequence[uploads.Readable], collection: str,
    run_id: str | None, options: RunOptions, key: str | None,
) -> Accepted:  # fmt: skip
    # The database calls run in a worker thread: this one is the event loop's.
    refused = collection_refusal(collection)
    if refused is not None:
        raise ApiError(422, refused, ("body", "collection"))
    run = check_new_run_id(run_id, ("body", "run_id")) if run_id else new_id()
    if options.audit_rules is not None:
        # An upload's root is the upload: its own rules file would set the bar of the review an
        # admin decides, and a member's lowered it to none (h9 s32 #4). The server's rules audit it.
        raise ApiError(
            422, "an upload is audited with the server's rules: a rules file sent with it would decide "
            "whether its own run needs an admin's review; leave options.audit_rules out",
            ("body", "options", "audit_rules"),
        )  # fmt: skip
    if await asyncio.to_thread(service.taken_already, who, run):
        raise taken(run)
    # Before any file is kept: a collection of another source takes no upload.
    asked = Settings(
        collection=collection, uploaded=True, chunk_tokens=options.chunk_tokens,
        overlap_tokens=options.overlap_tokens,
    )  # fmt: skip
    await asyncio.to_thread(check_source, service.res, service.config.env, who, asked, None)
    await asyncio.to_thread(check_replaces, service.tenant_jobs(who), who, collection, files)
    target = uploads.run_folder(service.config.uploads_dir, who.tenant_id, run)
    # Before this upload's write sweeps the staging folders of writers gone: one of them may hold
    # the files of a run a killed server stored and never started (review s40 R5-1). Looked for only
    # when there is such a folder: the look reads every tenant's stored runs.
    if await asyncio.to_thread(_places_orphans, service, target.parent):
        service.worker.wake()
    try:
        _, staging = await asyncio.to_thread(
            uploads.write, list(files), target, service.config.upload_max_bytes
        )
    except uploads.UploadRefused as exc:
        raise ApiError(exc.status, str(exc), ("body", exc.field) if exc.status == 422 else None) from None
    goal = f"Ingest {len(files)} uploaded files into {collection}"
    stored = False
    try:
        # This database's uploads folder from its first upload on, or refused before the run is
        # stored: another database's sweep would take it for a pruned run's (h20 s37 H20-5, R2-4).
        await asyncio.to_thread(upload_ends.claim, service.config.uploads_dir, service.res)
        settings, _ = run_settings(service.config.env, target, target, collection, options, uploaded=True)
        accepted = await asyncio.to_thread(service.record_run, who, key, run, settings, goal, options, False)
        stored = True
        # Into place once the run is stored (uploads.place): a kill before leaves a staging folder
        # the next upload sweeps, never files no run names (h17 s36 H17-7). The run is stored not
        # wanted (placing): no worker - another server's, or this one's poll woken by another run -
        # takes it before its folder is in place, where it failed at discover (h19 s37 H19-2).
        await asyncio.to_thread(uploads.place, staging, target)
    except upload_ends.UploadsOfAnother as exc:
        shutil.rmtree(staging, ignore_errors=True)
        logger.warning("runs API: an upload refused: %s", exc)
        raise ApiError(503, upload_ends.CLIENTS_REFUSAL) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        shutil.rmtree(target, ignore_errors=True)
        if stored:  # wanted after all: it fails at discover, saying its folder is not there
            await asyncio.to_thread(service.tenant_jobs(who).placed, run)
        raise
    try:  # its last write: tried again through a busy or restarting database (H22-10)
        await asyncio.to_thread(uploads.mark_placed, partial(service.tenant_jobs(who).placed, run), run)
    except uploads.NotQueued as exc:
        raise ApiError(503, str(exc)) from None
    service.worker.wake()
    # The run id is this upload's now: what an earlier attempt of it left (a kill) is no run's.
    await asyncio.to_thread(uploads.remove_others, target, run)
    return accepted


def _places_orphans(service: RunsService, tenant: Path) -> bool:
    """:func:`upload_placing.place_orphans` when ``tenant``'s folder holds a staging folder whose writer
    is gone (the sweep before this upload's write would remove it); whether it started any."""
    try:
        gone = uploads.gone_staging(tenant)
    except OSError:
        return False  # the sweep logs it
    return bool(gone) and bool(upload_placing.place_orphans(service.res, service.config.uploads_dir))
