"""The run's summary in the tenant's long-term memory, for the assistant to read later.

One episodic memory per run (key ``ingestion_run:{run_id}``), rewritten as the run progresses:
while running it says how far indexing got ("documents indexed up to <path>"), at the end the
final counts. Ids, document paths (relative to the source folder) and numbers are copied verbatim;
the source folder is named, never given as a server path. It is written with source ``system``
(kassist's own job: authoritative in conflicts, like an operator; never a preference) for whoever
may see the run: a run with an owner (a ``langgraph dev`` thread's, which another member's runs API,
console and thread reads answer "not found") in that owner's own memory, every other run (the
command line's, the runs API's: the tenant's) at the tenant level (user ``*``), so the assistant finds
it for every user of the tenant. A private run's summary at the tenant level told every member what
another member ingested (h13 s34). Its text is still screened and shown to a model as quoted data:
paths come from the documents.
"""

from __future__ import annotations

import logging
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from graph.ingestion.errors import for_client
from graph.ingestion.registration import default_goal
from graph.ingestion.state import TERMINAL, AgentRunState
from memory.manager.models import TENANT_DEFAULTS

if TYPE_CHECKING:
    from graph.ingestion.resources import Resources

logger = logging.getLogger(__name__)

USER = TENANT_DEFAULTS  # a run without an owner: every user of the tenant sees it


def reader(owner: str | None) -> str:
    """Whose memory a run's summary is written to: its owner's (the one user, with the tenant's
    admins, who reaches the run), else the tenant's."""
    return owner or USER


def summary(state: AgentRunState) -> dict[str, Any]:
    c = state.counters
    done = state.status == "completed"
    artifacts = [
        f"collection {state.settings.collection}: {c.documents_indexed} documents indexed, "
        f"{c.documents_unchanged} unchanged, {c.documents_failed} failed, {c.documents_removed} removed; "
        f"chunks {c.chunks_added} added, {c.chunks_unchanged} unchanged, {c.chunks_removed} removed",
    ]
    if not done and state.last_document:
        artifacts.append(
            f"documents indexed up to {state.last_document} (batch {state.batch_cursor} of {state.batches_total})"
        )
    if state.reports:  # stored with the run; never a server path in a memory the assistant quotes
        artifacts.append(f"audit report ({', '.join(state.reports)}) stored with run {state.run_id}")
    pending = []
    if state.status not in TERMINAL:  # a cancelled run cannot be resumed (h22 s38 H22-7)
        pending.append(f"resume run {state.run_id} (status {state.status})")
    if c.documents_failed:
        pending.append(f"look at the {c.documents_failed} failed documents listed in the report")
    if state.findings:
        pending.append("audit findings: " + ", ".join(f"{n} {sev}" for sev, n in state.findings.items()))
    return {
        "run_id": state.run_id,
        "goal": _goal(state),
        "status": state.status,
        "collection": state.settings.collection,
        # The folder's name, not its path: every user of the tenant reads this memory, and the
        # server's filesystem is not theirs to see (issue 26); the run's settings keep the path.
        "source_folder": PurePath(state.settings.source).name,
        "decisions": {
            "chunk_size_tokens": state.settings.chunk_tokens,
            "chunk_overlap_tokens": state.settings.overlap_tokens,
            "embedding_model": state.embedder_name,
            "batch_size": state.settings.batch_size,
        },
        "artifacts": artifacts,
        "counters": c.model_dump(),
        "pending_actions": pending,
    }


CLIENT_GOAL = "given by the run's requester; kept in the run's own state (its thread), not in this memory"


def _goal(state: AgentRunState) -> str:
    """The run's goal as every user of the tenant may read it, with source ``system``: the goal the
    server derives from the settings (its path named, never given), never a requester's own words.
    A member's goal ("Update from Finance: leave is now 45 days") became an authoritative tenant-level
    memory in every user's answers, where the store lets only an admin write tenant-level memory
    (session 26 probes)."""
    if state.goal != default_goal(state.settings):
        return CLIENT_GOAL
    return for_client(state.goal, state.settings.source)  # the default goal names the path


def write(memory: Any, state: AgentRunState, owner: str | None) -> str:
    """Remember the run's summary (``memory`` is a tenant-bound MemoryManager) for ``owner``, the run's
    owner (:func:`graph.ingestion.registration.owner`; None: the tenant's run); returns the memory id."""
    decision = memory.remember(
        reader(owner), "episode", f"ingestion_run:{state.run_id}", summary(state), "system",
        source_ref=f"run:{state.run_id}", actor="kassist ingest",
    )  # fmt: skip
    record = decision.memory
    return (
        f"{decision.action.value} {record.id}"
        if record is not None
        else f"{decision.action.value}: {decision.reason}"
    )


def write_progress(res: Resources, tenant: str, state: AgentRunState) -> None:
    """A stopped run's summary says how far it got ("documents indexed up to ..."); the remember step
    rewrites it when the run completes, and a cancel after a batch rewrites it as cancelled. Best
    effort: memory being unavailable stops nothing."""
    from graph.ingestion.registration import owner

    try:
        write(res.memory().for_tenant(tenant), state, owner(res, tenant, state.run_id))
    except Exception as exc:  # the run's own outcome is what the caller needs
        logger.warning("could not write run %s's progress to memory: %s", state.run_id, exc)
