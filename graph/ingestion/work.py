"""What every work node of the ingestion graph shares (the steps of graph/ingestion/nodes/).

:func:`work_node` wraps a step with the rules every step obeys: the run's resources bound to its
tenant (:func:`open_run`), ``runs cancel`` honoured at the node boundary, a served run's settings
checked against the server's rules again (its folder, as it is now), retries counted, the error
taxonomy applied (a transient error is raised again for the RetryPolicy until its last attempt;
anything else stops the run as ``failed`` with last_error, resumable), and the per-invocation step
budget (``max_steps``) counted.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from langchain_core.runnables import RunnableConfig
from langgraph.errors import GraphBubbleUp
from langgraph.runtime import get_runtime

from graph.ingestion.effects import step_done_outside
from graph.ingestion.errors import describe, for_client, is_transient
from graph.ingestion.folders import served_folder
from graph.ingestion.resources import RunResources, for_run
from graph.ingestion.served import (
    INGEST_ROOT_ENV,
    RECHUNK_KEY,
    SERVED_FOLDER_KEY,
    SERVED_RUN_KEY,
    check_notify,
    check_served,
)
from graph.ingestion.served_lease import after_node, carried_by_server, lease_held, release
from graph.ingestion.state import AgentRunState, StepKind
from kassist.tenancy import AUTH_USER_KEY, TenantMismatch, auth_user_field

MAX_ATTEMPTS = 4  # the RetryPolicy's bound (graph.py)
Update = dict[str, Any]


class Node(Protocol):
    """A node LangGraph calls with the state and the run's config (its parameter names matter)."""

    def __call__(self, state: AgentRunState, config: RunnableConfig) -> Update: ...


def open_run(state: AgentRunState, config: RunnableConfig) -> RunResources:
    """The run's resources (those bound to the invocation, else the process's), bound to the tenant
    it acts for (the authenticated one), which the state must agree with."""
    run = for_run(config)
    if state.tenant_id and state.tenant_id != run.tenant:
        raise TenantMismatch(
            f"run {state.run_id!r} belongs to tenant {state.tenant_id!r}, not {run.tenant!r}"
        )
    return run


def session_update(state: AgentRunState, config: RunnableConfig) -> Update:
    session = str((config.get("configurable") or {}).get("session") or "")
    steps = state.session_steps + 1 if session == state.session else 1
    return {"session": session, "session_steps": steps}


def advance(state: AgentRunState, kind: StepKind, text: str, status: str = "done") -> Update:
    return {
        "next_step_index": state.next_step_index + 1,
        "step_statuses": {**state.step_statuses, kind: status},
        "step_outputs": output(state, kind, text),
    }


def output(state: AgentRunState, kind: StepKind, text: str) -> dict[str, str]:
    # Every client of the run reads its step outputs: paths as last_error shows them (an embedder's
    # reason may quote the server's model file), never the server's filesystem.
    return {**state.step_outputs, kind: for_client(text, state.settings.source)}


def work_node(kind: StepKind) -> Callable[[Callable[[AgentRunState, RunResources], Update]], Node]:
    def wrap(fn: Callable[[AgentRunState, RunResources], Update]) -> Node:
        def node(state: AgentRunState, config: RunnableConfig) -> Update:
            run = open_run(state, config)
            update = session_update(state, config)
            info = get_runtime().execution_info
            attempt = info.node_attempt if info else 1
            if attempt > 1:
                update["retry_counts"] = {
                    **state.retry_counts,
                    kind: state.retry_counts.get(kind, 0) + attempt - 1,
                }
            conf = config.get("configurable") or {}
            if not (state.run_id and carried_by_server(conf)):
                return step(state, config, run, update, attempt)
            # langgraph dev carries the run out: it holds the run's lease, as every other executor
            # does (graph/ingestion/served_lease.py), until the node after which the invocation stops.
            out: Update | None = None
            try:
                with lease_held(run.runs, state.run_id):
                    out = step(state, config, run, update, attempt)
            finally:
                if out is not None and out.get("status") != "running":
                    release(run.runs, state.run_id)
                else:  # going on, or raised (a retry's attempt, a cancelled invocation's node): kept
                    # for a short grace only - the next node or attempt takes it back, a stopped one's runs out
                    after_node(run.runs, state.run_id, run.shared.env)
            assert out is not None  # the block returned
            return out

        def step(
            state: AgentRunState, config: RunnableConfig, run: RunResources, update: Update, attempt: int
        ) -> Update:
            record = run.runs.get(state.run_id) if state.run_id else None
            # Once the notify step has told the receiver the run completed, the steps after it only
            # record that: cancelled there, the run contradicted what the receiver was told, for good.
            # A step whose effect is out already (a kill before its checkpoint) is carried out again,
            # and the cancel applies at the next node (graph/ingestion/effects.py).
            if (
                record is not None
                and record.cancel_requested
                and not step_done_outside(kind, state, run, record)
            ):
                if state.batch_cursor:  # a summary says how far it got: now that it is cancelled
                    # Written before this node's checkpoint, as the remember step's: killed in
                    # between, the redo sees the same flag and writes the same (h22 s38 H22-13).
                    from graph.ingestion import remember  # here: building the graph loads no memory

                    remember.write_progress(
                        run.shared, run.tenant, state.model_copy(update={"status": "cancelled"})
                    )
                return {**update, "status": "cancelled", "last_error": f"cancelled before the {kind} step"}
            try:
                conf = config.get("configurable") or {}
                if carried_by_server(conf):  # settings came from a client
                    check_served(state.settings, run.shared.env, run.tenant)
                elif conf.get(SERVED_FOLDER_KEY):  # a run the runs API accepted: its folder, as it is now
                    check_served(
                        state.settings, {**run.shared.env, INGEST_ROOT_ENV: str(conf[SERVED_FOLDER_KEY])}
                    )
                elif conf.get(SERVED_RUN_KEY):  # its decision, carried without the folder: reads none, sends
                    check_notify(state.settings, run.shared.env)
                result = fn(state, run)
            except GraphBubbleUp:
                raise
            except Exception as exc:
                if is_transient(exc) and attempt < MAX_ATTEMPTS:
                    raise  # the node's RetryPolicy tries again, with backoff and jitter
                return {
                    **update,
                    "status": "failed",
                    "last_error": f"{kind}: {for_client(describe(exc), state.settings.source)}",
                    "step_statuses": {**state.step_statuses, kind: "failed"},
                }
            return {**update, "status": "running", "last_error": None, **result}

        # Not functools.wraps: LangGraph reads the signature to pass config and runtime.
        node.__name__ = node.__qualname__ = fn.__name__
        node.__doc__ = fn.__doc__
        return node

    return wrap


def may_rechunk() -> bool:
    """Whether this run may give its collection other chunk settings than it keeps
    (knowledge/index/chunk_settings.py): the command line's operator, an admin of langgraph dev, a
    runs API run whose requester holds an admin key (its worker says so: RECHUNK_KEY); a member's
    run may not (its door refused other settings already: server/runs/service.py)."""
    from langgraph.config import get_config

    conf = get_config().get("configurable") or {}
    if AUTH_USER_KEY in conf:
        return bool(auth_user_field(conf[AUTH_USER_KEY], "role") == "admin")
    if conf.get(SERVED_FOLDER_KEY):
        return bool(conf.get(RECHUNK_KEY))
    return True


def within(run: RunResources) -> Path | None:
    """The folder this served run's reads are confined to (None: a run of the command line)."""
    from langgraph.config import get_config

    return served_folder(get_config().get("configurable") or {}, run.tenant, run.shared.env)
