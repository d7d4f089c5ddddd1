"""Starting, resuming and steering a run: what ``kassist ingest`` and ``kassist runs`` call.

One worker per run: a lease in the run registry (owner ``host:pid:token``, renewed by a heartbeat)
lets a second ``runs resume R`` say the run is busy instead of racing the first; a lease whose
process is gone (same host, pid not alive) or whose time ran out is taken over, so a run killed
with SIGKILL resumes at once. The checkpointer's version check stays the last line of defence: a
:class:`CheckpointConflict` reloads the newer state and continues, or stops if it is finished.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from checkpointer import CheckpointConflict
from graph.ingestion import upload_owner
from graph.ingestion.claims import kept_alive
from graph.ingestion.folders import registered_folder
from graph.ingestion.head import has_checkpoint, read_head, recorded_owner
from graph.ingestion.jobs import JobStore
from graph.ingestion.registration import (
    RunNotFound as RunNotFound,  # its doors' name for it (cli, the runs API's worker)
)
from graph.ingestion.registration import (
    checkpointed,
    checkpoints_gone,
    ran_before,
    registered,
    served,
)
from graph.ingestion.resources import Resources, bind
from graph.ingestion.served import RECHUNK_KEY, SERVED_FOLDER_KEY, SERVED_RUN_KEY, ServedRunRefused
from graph.ingestion.state import (
    TERMINAL,
    AgentRunState,
    IngestionInput,
    Settings,
    stored_state,
    validate_run_id,
)
from graph.ingestion.store_ops import LEASE_S, Registration, RunRecord, holder_gone, new_holder
from kassist.tenancy import OWNER_KEY

if TYPE_CHECKING:
    from langchain_core.runnables import RunnableConfig
    from langgraph.graph.state import CompiledStateGraph

    from graph.ingestion.store import TenantRunStore

# The graph (LangGraph's runtime, langsmith's run trees, every node's modules: ~2 s of imports) is
# imported only where a run executes: a finished run is told from its head checkpoint (issue 29).
logger = logging.getLogger(__name__)
MAX_CONFLICTS = 3
Event = Callable[[str, AgentRunState], None]


class RunBusy(RuntimeError):
    """Another live worker holds the run."""


@dataclass
class RunOutcome:
    """What :func:`execute` did with a run: its state at the end and how it started (not a
    document's, store_ops.DocumentOutcome, nor a memory decision's, memory.manager.policy.Outcome)."""

    state: AgentRunState
    started: str  # "fresh" | "resumed" | "restarted" | "finished" | "needs_review"
    resumed_from: str | None = None


new_owner = new_holder  # server/runs/worker.py's name for it (store_ops.new_holder is the one)


def lease_free(record: RunRecord) -> bool:
    """Whether the run's lease may be taken: expired, or held by a process of this host that is gone."""
    return holder_gone(record.owner, record.lease_until)


def config_for(tenant: str, run_id: str, max_steps: int | None = None) -> RunnableConfig:
    conf: dict[str, Any] = {"thread_id": run_id, "tenant_id": tenant, "session": uuid.uuid4().hex}
    if max_steps:
        conf["max_steps"] = max_steps
    return {"configurable": conf, "recursion_limit": 1_000_000}


def _keeping_owner(config: RunnableConfig, head: Mapping[str, Any] | None) -> RunnableConfig:
    """``config`` whose new checkpoints record the owner the head checkpoint records, if any.

    A ``langgraph dev`` ingestion thread records its owner in every checkpoint's metadata, and the
    runs API and the console let only that owner and the tenant's admins reach it
    (server/thread_owner.reaches_run reads the head). Continued here without it, the next head
    recorded no owner and the run became the whole tenant's (session 26 probes)."""
    owner = recorded_owner(head)
    if owner is None:
        return config
    return {**config, "metadata": {**(config.get("metadata") or {}), OWNER_KEY: owner}}


def _compiled(res: Resources, tenant: str) -> CompiledStateGraph[AgentRunState, Any, Any, AgentRunState]:
    from graph.ingestion.graph import build_graph

    return build_graph().compile(checkpointer=res.saver.for_tenant(tenant))


def read_state(
    res: Resources,
    tenant: str,
    run_id: str,
    graph: CompiledStateGraph[AgentRunState, Any, Any, AgentRunState] | None = None,
) -> tuple[AgentRunState | None, Any]:
    """The run's state and LangGraph's snapshot of it (next tasks, interrupts); ``graph``: the
    compiled graph to ask (default: one built for the call). Without the next tasks,
    :func:`graph.ingestion.head.read_head` answers the same values without building the graph."""
    snapshot = (graph or _compiled(res, tenant)).get_state(config_for(tenant, run_id))
    if not snapshot.values:
        return None, snapshot
    return stored_state(snapshot.values), snapshot


def execute(
    res: Resources,
    tenant: str,
    run_id: str,
    *,
    settings: Settings | None = None,
    goal: str = "",
    conversation_id: str | None = None,
    max_steps: int | None = None,
    resume: Any = None,
    on_event: Event | None = None,
    on_start: Callable[[RunOutcome], None] | None = None,
    lease_s: float = LEASE_S,
    owner: str | None = None,
    stop: threading.Event | None = None,
    on_finish: Callable[[RunOutcome], None] | None = None,
    within: Path | None = None,
    rechunk: bool = False,
    creator_admin: bool | None = None,
) -> RunOutcome:
    """Run ``run_id`` (new when ``settings`` is given and nothing is stored) until it stops.

    The settings are registered before the graph starts (the first registration wins; other
    ``settings`` for the same run id raise :class:`SettingsMismatch`), and every start, restart
    and resume runs from the registered ones, whatever moment an earlier process was killed at.

    ``lease_s``: how long the lease lasts unless renewed (a server with a heartbeat keeps it
    short, so a dead server's runs move on quickly); ``owner``: the worker name to hold it under
    (default: a new one); ``stop``: once set, the run stops after the node in progress and keeps
    its status (a server shutting down leaves the run to the next worker); ``on_finish``: called
    with the outcome while the lease is still held (a server marks its request done there, so no
    other worker can take the run in between and carry the same request out again); ``within``: the
    folder a server's accepted run may read (its tenant's or its upload's), checked at every node and
    every file read (graph/ingestion/folders.served_folder); ``rechunk``: a server's accepted run
    whose requester may give its collection other chunk settings (an admin: work.may_rechunk);
    ``creator_admin``: whether a served run's creator holds an admin key now (None: not checked), the
    role its upload is held to (graph/ingestion/upload_owner.py)."""
    validate_run_id(run_id)  # before any statement: PostgreSQL cannot even look up a NUL
    runs = res.runs.for_tenant(tenant)
    record = runs.get(run_id)
    if record is None and settings is None and checkpointed(res, tenant, run_id) is None:
        raise RunNotFound(
            f"no ingestion run {run_id!r} for tenant {tenant!r}; `kassist runs list --tenant {tenant}`"
        )
    reg = registered(res, tenant, run_id, settings, goal, conversation_id)
    rootless = False  # a served run's decision carried without its folder: SERVED_RUN_KEY
    if within is None and settings is None and reg.settings is not None and served(res, tenant, run_id):
        # The command line (or the console) carrying on a run a server accepted: its reads stay in the
        # folder that server gave it, as the server's own worker keeps them (registered_folder).
        within = registered_folder(reg.settings, res.env, tenant)
        if within is None and resume is None:  # a decision reads no file; a carrying-on reads the folder
            raise ServedRunRefused(
                f"run {run_id!r} was accepted by a server and reads only the folder that server gave it, "
                "which this process cannot tell: resume it through the server (the runs API or the "
                "console), or set KASSIST_INGEST_ROOT and KASSIST_UPLOADS_DIR as the server has them"
            )
        rootless = within is None
    owner = owner or new_holder()
    holder = runs.take_lease(run_id, owner, lease_s, lease_free)
    if holder is not None:
        raise RunBusy(f"run {run_id!r} is busy: worker {holder.owner} is running it; try again when it stops")
    try:
        with _lease_kept(runs, tenant, run_id, owner, lease_s, stop) as taken:
            outcome = _execute(
                res, tenant, run_id, owner, reg, max_steps, resume, on_event, on_start, stop, taken, within,
                rechunk, rootless, creator_admin,
            )  # fmt: skip
            # The last known status, for listing runs without reading every checkpoint (the runs API).
            status = "needs_review" if outcome.started == "needs_review" else outcome.state.status
            JobStore(res.runs).for_tenant(tenant).note_status(run_id, status)
            if on_finish is not None:
                on_finish(outcome)
            return outcome
    finally:
        runs.release_lease(run_id, owner)


@contextmanager
def _lease_kept(
    runs: TenantRunStore, tenant: str, run_id: str, owner: str, lease_s: float, stop: threading.Event | None
) -> Iterator[threading.Event]:
    """The run's lease renewed every third of its time while the run executes, inside a node too.
    Renewed only between nodes, a node longer than the lease (a batch of large PDFs on the local
    model, a slow notification receiver) left it expired under a live worker, and a second
    ``kassist runs resume`` took the run over mid-node: both carried the node's side effects out
    (session 30 probes, h5 #6). Every caller gets it: the command line, kassist serve's workers,
    the console. It is the run's one renewer (review s31 r1 #8: a second, between nodes, cost an
    fsync a node and reacted to a takeover its own way). A renewal that finds the lease another's,
    or released under it (a decision's carrier judged gone: jobs.review_again), sets the yielded
    event and ``stop``: the run stops after the node in progress, as taken over (RunBusy); the
    database away for a moment is logged and tried again at the next beat."""
    taken = threading.Event()

    def lost() -> None:  # not renewed while the run executes: the lease is no longer ours
        record = runs.get(run_id)
        holder = record.owner if record is not None else None
        logger.warning("run %s/%s was taken over by %s; stopping", tenant, run_id, holder or "nobody")
        taken.set()
        if stop is not None:
            stop.set()

    with kept_alive(
        lambda: runs.renew_lease(run_id, owner, lease_s), lease_s / 3, f"lease {tenant}/{run_id}", lost
    ):
        yield taken


def _execute(
    res: Resources,
    tenant: str,
    run_id: str,
    owner: str,
    reg: Registration,
    max_steps: int | None,
    resume: Any,
    on_event: Event | None,
    on_start: Callable[[RunOutcome], None] | None,
    stop: threading.Event | None = None,
    taken: threading.Event | None = None,
    within: Path | None = None,
    rechunk: bool = False,
    rootless: bool = False,
    creator_admin: bool | None = None,
) -> RunOutcome:
    if resume is None and (head := read_head(res.saver, tenant, run_id)).finished:
        assert head.state is not None
        return RunOutcome(head.state, "finished")  # what the graph would say, without building it
    res.check_versions()  # before any node writes (a run registered by an older kassist, resumed)
    from langgraph.types import Command

    graph = _compiled(res, tenant)
    settings = reg.settings
    assert settings is not None  # `registered` returns a registration with settings
    for attempt in range(MAX_CONFLICTS + 1):
        # The run's resources go with its invocation: its nodes use ``res``, never the process's
        # (a server whose workers serve one database, a test's database, a second server in-process).
        config = bind(config_for(tenant, run_id, max_steps), res)
        if within is not None:
            # A Path, not its text: LangGraph and our codec copy a run's scalar configurable values
            # into every checkpoint's metadata, and the server's folder is no reader's business
            # (review s33 r1 F10).
            config["configurable"][SERVED_FOLDER_KEY] = within
            if rechunk:
                config["configurable"][RECHUNK_KEY] = True
            if creator_admin is not None:
                config["configurable"][upload_owner.ADMIN_NOW_KEY] = creator_admin
        elif rootless:  # a decision of a served run, its folder unnamed: what it sends is still checked
            config["configurable"][SERVED_RUN_KEY] = True
        snapshot = graph.get_state(config)
        config = _keeping_owner(config, snapshot.metadata)
        state = stored_state(snapshot.values) if snapshot.values else None
        # Every start goes through the graph's `begin` with the registered settings (the input can
        # never change them); only a node killed mid-way is re-run as it was (input None).
        inputs: Any = IngestionInput(
            settings=settings, goal=reg.goal, conversation_id=reg.conversation_id
        ).model_dump(exclude_none=True)
        jobs = JobStore(res.runs).for_tenant(tenant)
        if state is None and ran_before(res.runs.for_tenant(tenant), jobs, run_id):
            # Its checkpoints went after it ran: not started from nothing (h17 s36 H17-2), as a
            # delete while it ran is not (h5 #2 below).
            raise checkpoints_gone(run_id)
        if state is None:  # nothing committed yet, or only the input (a kill before the first node)
            outcome = RunOutcome(_initial(run_id, tenant, reg), "fresh")
        elif snapshot.interrupts:
            if resume is None:
                return RunOutcome(state, "needs_review")
            inputs = Command(resume=resume)
            outcome = RunOutcome(state, "resumed", _where(state))
        elif state.status in TERMINAL and not snapshot.next:
            return RunOutcome(state, "finished")
        elif snapshot.next and not set(snapshot.next) <= {"begin", "refuse"}:  # killed mid-node: re-run it
            inputs = None
            outcome = RunOutcome(state, "resumed", _where(state))
        else:  # paused, failed, or killed before `begin` committed: `begin` restarts it
            # From the head checkpoint itself: get_state also applies the writes a node made before
            # a kill landed ahead of its checkpoint, which the restart through `begin` does not
            # keep (that batch runs again), so "from batch N" must not count it.
            at_head = next(iter(graph.get_state_history(config, limit=1)), None)
            restart = stored_state(at_head.values) if at_head and at_head.values else state
            outcome = RunOutcome(state, "restarted", _where(restart))
        if attempt == 0:
            if on_start is not None:
                on_start(outcome)
            if resume is None:
                jobs.note_status(run_id, "running")
            else:  # the first decision only, by one atomic statement at every door (DecisionTaken)
                jobs.start_decision(run_id, resume)
        try:
            for update in graph.stream(inputs, config, durability="sync", stream_mode="updates"):
                if taken is not None and taken.is_set():  # _lease_kept's beat found the lease not ours
                    raise RunBusy(f"run {run_id!r} was taken over by another worker (this one: {owner})")
                if stop is not None and stop.is_set():
                    break  # the node that just committed is kept; the next worker starts after it
                for node in update:
                    if on_event is not None and node != "__interrupt__":
                        current = read_head(res.saver, tenant, run_id).state
                        if current is not None:
                            on_event(node, current)
        except CheckpointConflict as exc:
            # Another worker moved the run on: reload its state and go on from there, stop if it
            # finished the run, and leave it the run if it keeps winning (it is alive and working).
            latest, snap = read_state(res, tenant, run_id, graph)
            if latest is None and not has_checkpoint(res.saver, tenant, run_id):
                # Nothing moved the run on: its thread is gone (deleted, or pruned, while it ran).
                # Starting again from nothing re-created the deleted thread and rewrote the run's
                # report and memory with a re-run's counts (session 30 probes, h5 #2). A checkpoint
                # without values is another writer's input, just put (a graph run starting the same
                # fresh run id): go round again (review s30 B3).
                raise RunNotFound(
                    f"run {run_id!r} stopped: its thread was deleted while it ran; start a new run "
                    "id to ingest again"
                ) from exc
            if latest is not None and latest.status in TERMINAL and not snap.next:
                return RunOutcome(latest, "finished")
            if attempt == MAX_CONFLICTS:
                raise RunBusy(
                    f"run {run_id!r} is being advanced by another worker; leaving it the run"
                ) from exc
            continue
        final, snap = read_state(res, tenant, run_id, graph)
        assert final is not None
        if (
            snap.interrupts
            and resume is not None
            and not isinstance(inputs, Command)
            and attempt < MAX_CONFLICTS
        ):
            continue  # the review's interrupt was re-established (an input had replaced it): decide now
        # A stop after a batch says how far the run got; a cancel (or reject) after one says so too,
        # or the summary of an earlier pause kept telling every user "resume run R" (h22 s38 H22-7).
        if final.status in ("paused", "failed", "cancelled") and final.batch_cursor:
            from graph.ingestion import remember  # here: a run that stops before a batch loads no memory

            remember.write_progress(res, tenant, final)
        return RunOutcome(final, "needs_review" if snap.interrupts else outcome.started, outcome.resumed_from)
    raise AssertionError("unreachable")


def _initial(run_id: str, tenant: str, reg: Registration) -> AgentRunState:
    """What a run that has committed nothing looks like (what `on_start` is shown)."""
    assert reg.settings is not None
    return AgentRunState(
        run_id=run_id, tenant_id=tenant, settings=reg.settings, goal=reg.goal,
        conversation_id=reg.conversation_id, status="running",
    )  # fmt: skip


def _where(state: AgentRunState) -> str:
    step = state.step.kind if state.step else "end"
    if step == "ingest" or (step == "discover" and state.batch_cursor):
        after = f", after {state.last_document}" if state.last_document else ""
        return f"batch {state.batch_cursor + 1} of {state.batches_total} (document {state.batch_cursor * state.settings.batch_size + 1}{after})"
    return f"the {step} step"
