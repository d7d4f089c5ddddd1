"""The node every invocation starts at, and the one that ends a refused invocation."""

from __future__ import annotations

from langchain_core.runnables import RunnableConfig

from graph.ingestion import registration
from graph.ingestion.errors import describe
from graph.ingestion.jobs import JobStore
from graph.ingestion.served import ServedRunRefused, check_client_settings, check_served
from graph.ingestion.served_lease import refuse_if_busy
from graph.ingestion.state import AgentRunState, Settings, validate_run_id
from graph.ingestion.work import Update, open_run
from kassist.tenancy import AUTH_USER_KEY, auth_user_field


def begin(state: AgentRunState, config: RunnableConfig) -> Update:
    """Every invocation starts here: bind the run (its id is the thread's, a validated name; its
    tenant the authenticated one) and make its settings the REGISTERED ones. The first invocation
    registers them; whatever a later input held, the registered settings, goal and conversation are
    written back, and other settings are refused by the ``refuse`` node (an error naming them),
    after this node committed the registered ones, so a refused input never lingers in the state.
    A new invocation is the request to go on: a paused or failed run runs again; a completed,
    cancelled or rejected run stays as it is (``route`` ends it), a run waiting for review waits."""
    run = open_run(state, config)
    conf = config.get("configurable") or {}
    run_id = validate_run_id(str(conf.get("thread_id") or ""))
    given: Settings | None = None if state.settings == Settings() else state.settings  # {}: go on
    current = run.runs.registration(run_id)
    jobs = JobStore(run.shared.runs).for_tenant(run.tenant)
    # No checkpoint of an earlier invocation, yet it ran: retention or a thread delete took its
    # checkpoints; not run again from nothing at langgraph dev's door either (review s36 r1 F2; the
    # runner's H17-2 rule).
    if not state.run_id and current is not None and registration.ran_before(run.runs, jobs, run_id):
        raise registration.checkpoints_gone(run_id)
    refused: str | None = None
    if current is not None and current.settings is not None:
        reg = current
        if given is not None and given != current.settings:
            refused = str(registration.mismatch(run_id, current.settings, given))
    else:
        if given is not None and AUTH_USER_KEY in conf:  # settings came from a client
            try:
                check_client_settings(given)  # the server's own marks (settings.uploaded) are not a client's
                check_served(given, run.shared.env, run.tenant)
            except ServedRunRefused as exc:  # stops before anything is registered, read or sent
                return {"run_id": run_id, "tenant_id": run.tenant, "status": "failed",
                        "last_error": f"begin: {describe(exc)}"}  # fmt: skip
        user = conf.get(AUTH_USER_KEY)
        by = auth_user_field(user, "identity") if user is not None else None  # langgraph dev's caller
        reg = registration.settle(
            run.runs, run.tenant, run_id, given, state.goal, state.conversation_id,
            started_by=by if isinstance(by, str) and by else None,
        )  # fmt: skip
    assert reg.settings is not None
    if AUTH_USER_KEY in conf:  # langgraph dev's invocation: nothing written beside another executor
        refuse_if_busy(run.runs, run_id)
    update: Update = {
        "run_id": run_id, "tenant_id": run.tenant, "settings": reg.settings.model_dump(),
        "goal": reg.goal, "conversation_id": reg.conversation_id, "refused": refused,
    }  # fmt: skip
    if refused is None and state.status in ("pending", "paused", "failed"):
        update |= {"status": "running", "last_error": None}
    return update


def refuse(state: AgentRunState) -> Update:
    """End a refused invocation with its reason (the state already holds the registered settings)."""
    raise registration.SettingsMismatch(state.refused or "refused")
