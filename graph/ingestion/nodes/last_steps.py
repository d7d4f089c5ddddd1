"""The run's last steps (``notify``, ``remember``) and ``pause``, which ends an invocation that used its
step budget."""

from __future__ import annotations

from langchain_core.runnables import RunnableConfig

from graph.ingestion import registration, work
from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import RunResources, for_run
from graph.ingestion.served_lease import carried_by_server, release
from graph.ingestion.state import AgentRunState
from graph.ingestion.work import Update, work_node


@work_node("notify")
def notify_step(state: AgentRunState, run: RunResources) -> Update:
    url = state.settings.notify_url
    if not url:
        return work.advance(state, "notify", "no --notify-url", status="skipped")
    from graph.ingestion import notify

    result = notify.send(run.runs, run.tenant, state, url)
    return work.advance(state, "notify", result)


@work_node("remember")
def remember_step(state: AgentRunState, run: RunResources) -> Update:
    from graph.ingestion import remember

    final = state.model_copy(update={"status": "completed"})
    memory_id = remember.write(run.memory(), final, registration.owner(run.shared, run.tenant, state.run_id))

    # Noted for the runs API too: a langgraph dev run without a thread keeps no checkpoint to say so
    # (it read "pending", resumable: h12 s34 #7); the runner notes it again after the run.
    JobStore(run.shared.runs).for_tenant(run.tenant).note_status(state.run_id, "completed")
    return {"status": "completed", **work.advance(state, "remember", f"episode {memory_id}")}


def pause(state: AgentRunState, config: RunnableConfig) -> Update:
    if state.run_id and carried_by_server(config.get("configurable") or {}):
        release(for_run(config).runs, state.run_id)  # the invocation stops here (served_lease.py)
    return {"status": "paused"}
