"""A run's settings are part of its registration: fixed by its first start, compared on every later one.

Whatever moment a kill hit (before the first checkpoint, between the input's checkpoint and the
first node's), a run resumes from the settings stored in its registry row, never from defaults and
never from a later caller's input. The same run id asked to do something else is refused with the
settings that differ, so nobody resumes a run believing it ingests a folder it does not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from graph.ingestion.head import read_head
from graph.ingestion.jobs import JobRecord, JobStore, TenantJobStore
from graph.ingestion.state import AgentRunState, Settings, stored_settings, validate_run_id
from graph.ingestion.store import BindsRuns, TenantRunStore
from graph.ingestion.store_ops import Registration

if TYPE_CHECKING:
    from graph.ingestion.resources import Resources

# Values a message may not repeat: server paths and URLs (which may carry a token) are named only.
_NAMED_ONLY = frozenset({"source", "audit_rules", "notify_url"})


class SettingsMismatch(ValueError):
    """The run id is registered with other settings (a usage error: start a new run id)."""


class NoSettings(LookupError):
    """The run is registered without settings and has no checkpoint to take them from."""


class RunNotFound(LookupError):
    """No run of that id for this tenant (another tenant's run is "not found" too)."""


class CheckpointsGone(RunNotFound, RuntimeError):
    """A run that ran and has no checkpoint left. Also a RuntimeError: langgraph-api shows the
    message of the built-in errors it lists (langgraph_api.serde) and hides any other behind "An
    internal error occurred" in a 200, where langgraph dev's door must say this line (h18 s37 H18-4)."""


def checkpoints_gone(run_id: str) -> RunNotFound:
    """What a run that ran and has no checkpoint left answers, at every door (:func:`ran_before`)."""
    return CheckpointsGone(
        f"run {run_id!r} has no checkpoint left (retention or a thread delete removed it after the "
        "run began); its records go at the next `kassist checkpoints prune`; start a new run id to "
        "ingest again"
    )


def ran_before(runs: TenantRunStore, jobs: TenantJobStore, run_id: str) -> bool:
    """Whether a run with no checkpoint wrote what only a run past its first checkpoint writes: its
    manifest (the discover step, after ``begin`` committed), a stored report, or the status
    "completed" (its last step). Then its checkpoints went after it ran (retention killed before its
    sweep, or a thread delete) and starting it from nothing rewrote its report and memory with a
    re-run's counts (h17 s36 H17-2; langgraph dev's door, review s36 r1 F2). A run with none of them
    was killed before its first node: it starts."""
    job = jobs.get(run_id)
    if job is not None and job.status == "completed":
        return True
    return bool(runs.report_formats(run_id)) or next(iter(runs.manifest(run_id, page=1)), None) is not None


def require_source(settings: Settings) -> Settings:
    """``settings`` if they name a folder; an empty source is never the working directory."""
    if not settings.source.strip():
        raise ValueError(
            "settings.source is empty: give the folder to ingest (an empty source never means the "
            "working directory)"
        )
    return settings


def differences(registered: Settings, given: Settings) -> list[str]:
    """The settings ``given`` changes, as ``name 'registered value'`` (names only for paths and URLs)."""
    out = []
    for name in Settings.model_fields:
        before = getattr(registered, name)
        if before != getattr(given, name):
            out.append(f"a different {name}" if name in _NAMED_ONLY else f"{name} {before!r}")
    return out


def mismatch(run_id: str, registered: Settings, given: Settings) -> SettingsMismatch | None:
    """The refusal of ``given`` for a run registered with ``registered``, naming what differs."""
    changed = differences(registered, given)
    if not changed:
        return None
    return SettingsMismatch(
        f"run {run_id!r} was started with {', '.join(changed)}; start a new run id to change "
        f"{'it' if len(changed) == 1 else 'them'} ({RESUME_AS_IT_IS})"
    )


RESUME_AS_IT_IS = "or resume it as it is"
"""The refusal's last words, the same on every door. The command line adds its own resume command
(tenant and database named, :func:`cli.job_stop.run_command`); a bare ``kassist runs resume R`` here named
neither, and pasted it failed (h22 s38 H22-5) - and an HTTP client has no command line to paste into."""


def check_same(run_id: str, registered: Settings, given: Settings) -> None:
    """Raise :class:`SettingsMismatch` naming what differs, if anything does."""
    refused = mismatch(run_id, registered, given)
    if refused is not None:
        raise refused


def default_goal(settings: Settings) -> str:
    return f"Ingest {settings.source} into {settings.collection}"


def settle(
    store: BindsRuns,
    tenant: str,
    run_id: str,
    given: Settings | None,
    goal: str = "",
    conversation_id: str | None = None,
    fallback: Settings | None = None,
    started_by: str | None = None,
    reports_dir: str | None = None,
) -> Registration:
    """The run's registration with settings, registering ``given`` (or, for a row registered
    without settings, ``fallback``: what its checkpoint or its queued request holds) if it has none;
    ``started_by``: the langgraph dev user starting it (registered with it).

    ``given`` different from settings registered before raises :class:`SettingsMismatch`; no
    settings anywhere raises :class:`NoSettings`."""
    runs = store.for_tenant(tenant)
    current = runs.registration(run_id)
    if current is not None and current.settings is not None:
        if given is not None:
            check_same(run_id, current.settings, given)
        return current
    first = fallback or given
    if first is None:
        raise NoSettings(
            f"run {run_id!r} was registered without its settings and never started; start it again "
            f"with `kassist ingest FOLDER --run-id {run_id}` and the settings it was meant to have"
        )
    require_source(first)
    registered = runs.register(
        run_id, first, goal or default_goal(first), conversation_id, started_by, reports_dir
    )
    assert registered.settings is not None  # the statement fills them in or keeps earlier ones
    if given is not None:
        check_same(run_id, registered.settings, given)
    return registered


def registered(
    res: Resources,
    tenant: str,
    run_id: str,
    settings: Settings | None = None,
    goal: str = "",
    conversation_id: str | None = None,
    reports_dir: str | None = None,
) -> Registration:
    """The run's registration with its settings, registering ``settings`` first if it has none
    (``reports_dir``: the command line's folder for its report files, kept with it).

    A row without settings (registered by an older kassist, or queued by the runs API) takes them
    from the run's checkpoint, else from its queued request, else from ``settings``. Raises
    :class:`SettingsMismatch` when ``settings`` differ from the registered ones, :class:`NoSettings`
    when there are none anywhere."""
    validate_run_id(run_id)
    fallback: Settings | None = None
    current = res.runs.for_tenant(tenant).registration(run_id)
    if current is None:  # nothing is registered on a database this kassist cannot finish a run on
        res.check_versions()
    if current is None or current.settings is None:
        # No row at all: a run whose input was checkpointed before `begin` registered it (a kill in
        # that instant on the LangGraph server, a client's interrupt_before begin). Its checkpoint's
        # settings are its first: registered now, so other settings are refused, never run instead.
        first = checkpointed(res, tenant, run_id)
        if first is not None:
            fallback = first.settings
            goal, conversation_id = goal or first.goal, conversation_id or first.conversation_id
        elif current is not None:
            job = JobStore(res.runs).for_tenant(tenant).get(run_id)
            if job is not None and job.settings:
                fallback = stored_settings(job.settings)
    return settle(
        res.runs, tenant, run_id, settings, goal, conversation_id, fallback, reports_dir=reports_dir
    )


def checkpointed(res: Resources, tenant: str, run_id: str) -> AgentRunState | None:
    """The run's head checkpoint's state if it holds settings (its input's, at least, also when only
    its input checkpoint was written: :attr:`graph.ingestion.head.Head.first`), else None."""
    state = read_head(res.saver, tenant, run_id).first
    return state if state is not None and state.settings.source else None


def owner(res: Resources, tenant: str, run_id: str) -> str | None:
    """The user whose run ``run_id`` is, or None (the tenant's: a command line's or the runs API's run):
    what its head checkpoint records (a ``langgraph dev`` thread's owner), else who started it (its
    registry row's ``started_by``: a run without a thread, or whose thread was deleted). The owner the
    runs API and the console let reach the run (server/thread_owner.reaches_run), and whose memory its
    summary goes to (graph/ingestion/remember.py)."""
    from graph.ingestion.head import run_owner

    recorded = run_owner(res.saver, tenant, run_id)
    if recorded is not None:
        return recorded
    job = JobStore(res.runs).for_tenant(tenant).get(run_id)
    return job.started_by if job is not None else None


def served(res: Resources, tenant: str, run_id: str, job: JobRecord | None = None) -> bool:
    """Whether a server accepted the run: a runs API request holding its settings, a ``langgraph
    dev`` run (its head records an owner; its registry row names who started it, for a run whose
    thread is gone), never a command line's own run. The one answer for the command line carrying it
    on (runner.execute) and for the runs API's worker and console before they start it
    (server/runs/served_again.py: the twin of review s34 r1 L1). ``job``: its runs API record, if
    read already."""
    from graph.ingestion.head import run_owner

    job = job if job is not None else JobStore(res.runs).for_tenant(tenant).get(run_id)
    if job is not None and (job.settings is not None or job.started_by is not None):
        return True
    return run_owner(res.saver, tenant, run_id) is not None
