"""The served-run rules met again before every start of a run a server accepted (h9 s32 #3): its
folder may have become a link out of the tenant's folder since it was accepted, its notify host may
have left KASSIST_NOTIFY_HOSTS. One function for every door that starts such a run on kassist serve:
the runs API's worker (before it carries a request out) and the console's Approve (review s32 r1 #1:
it carried the run out in its own thread, unchecked)."""

from __future__ import annotations

from pathlib import Path

from graph.ingestion.folders import served_run_folder
from graph.ingestion.jobs import JobRecord
from graph.ingestion.registration import served
from graph.ingestion.resources import Resources
from graph.ingestion.served import INGEST_ROOT_ENV, ServedRunRefused, check_served
from graph.ingestion.state import Settings, stored_settings
from server.roles import approves
from server.runs.config import RunsConfig


def reads_or_sends(job: JobRecord) -> bool:
    """Whether carrying out ``job``'s request starts work that reads the run's files or sends its
    notification, and so meets the served-run rules again (:func:`served_refusal`): not a cancel,
    and no review decision but approve (the review reads any other value as a rejection: the run
    ends at record_decision, reading and sending nothing; refused, it waited for good: h9 s32 #8),
    read as the review node reads it (:func:`server.roles.approves`).
    The one reading for the worker (the request it carries out) and the console's Approve (the
    request it is about to claim)."""
    if job.cancel_requested:
        return False
    return job.decision is None or approves(job.decision)


def served_folder(res: Resources, config: RunsConfig, job: JobRecord) -> Path | None:
    """The folder ``job``'s run may read while it runs (graph/ingestion/folders.served_run_folder): its
    upload, or its tenant's folder of the ingestion root; None for a command line's run. Every node
    checks the run's settings against it and every file is opened from it without following a link
    (h11 s33 #1: a folder swapped for a link after the start was read)."""
    settings = _settings(res, job)
    if settings is None:
        return None
    try:
        return served_run_folder(settings, config.env, job.tenant_id)
    except ServedRunRefused:
        return None  # served_refusal refuses its start


def served_refusal(res: Resources, config: RunsConfig, job: JobRecord) -> str | None:
    """Why ``job``'s run may not start now, or None: its registered settings against the rules of its
    creation (a run of the command line is the operator's, as it was: :func:`_settings`)."""
    settings = _settings(res, job)
    if settings is None:
        return None
    try:
        root = served_run_folder(settings, config.env, job.tenant_id)
        if root is None:
            raise ServedRunRefused(f"this server ingests no server-side folders ({INGEST_ROOT_ENV})")
        check_served(settings, {**config.env, INGEST_ROOT_ENV: str(root)})
    except ServedRunRefused as exc:
        return str(exc)
    return None


def _settings(res: Resources, job: JobRecord) -> Settings | None:
    """The settings of ``job``'s run if it is a served run, else None. A served run is one the runs
    API accepted (settings in its request row) or a ``langgraph dev`` thread's (its head records an
    owner; resumed through the runs API its request holds no settings, and its nodes check only
    under an authenticated user). Registered at the run's first start; before it, the request's (what
    the first start registers); registered without settings (never begun): None, its own first
    start's nodes check the rules."""
    reg = res.runs.for_tenant(job.tenant_id).registration(job.run_id)
    if (job.settings is None and reg is None) or not served(res, job.tenant_id, job.run_id, job):
        return None
    if reg is not None and reg.settings:
        return reg.settings
    return stored_settings(job.settings) if job.settings is not None else None
