"""A run's head checkpoint, read without building the graph.

What ``graph.get_state`` answers about a run's values and its pending review is in the head
checkpoint itself: the values are its channel values, the review's interrupt is one of its
pending writes. Reading them directly costs a checkpoint read, where building and compiling the
graph imports LangGraph's runtime, langsmith's run trees and every node's modules (~2 s of a
command's start, issue 29): ``runs list|show`` and a finished ``runs resume``/``ingest`` read this.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from graph.ingestion.state import INPUT_KEYS, AgentRunState, stored_state
from kassist.tenancy import OWNER_KEY

if TYPE_CHECKING:
    from langgraph.checkpoint.base import CheckpointTuple

    from checkpointer import TenantCheckpointer


@dataclass(frozen=True)
class Head:
    state: AgentRunState | None  # None: nothing but (at most) the input committed yet
    interrupted: bool  # waiting on the review's interrupt
    version: Any  # the checkpoint's version (what `runs show` prints)
    settled: bool  # written by a node (not an input, an update or a fork) and no write pending
    waiting: AgentRunState | None = None  # the input of a run checkpointed but never started

    @property
    def first(self) -> AgentRunState | None:
        """The run's state, else what the input it is waiting on starts it with: a kill in the first
        instant of a run (langgraph dev writes the input's checkpoint, the input still in
        ``__start__``, then the graph's first step) leaves its settings there and nowhere else."""
        return self.state if self.state is not None else self.waiting

    @property
    def finished(self) -> bool:
        """Whether the graph would do nothing more with this run: ``route`` sends a completed or
        cancelled state that was not refused, and whose review decision is in its report, to END,
        so ``get_state`` has no next task for it (a rejection killed before ``record_decision``
        still has that node to run)."""
        return self.settled and self.state is not None and self.state.ended and not self.state.refused


def read_head(saver: TenantCheckpointer, tenant: str, run_id: str) -> Head:
    """The head checkpoint of ``run_id`` in ``tenant``'s checkpoints (an empty head when none)."""
    return head_of(_head_tuple(saver, tenant, run_id))


def has_checkpoint(saver: TenantCheckpointer, tenant: str, run_id: str) -> bool:
    """Whether ``run_id``'s thread has any checkpoint (an input's without values too)."""
    return _head_tuple(saver, tenant, run_id) is not None


def recorded_owner(metadata: Any) -> str | None:
    """The owner a run's checkpoint metadata records (``metadata.owner``), or None: a ``langgraph
    dev`` ingestion thread records its owner in every checkpoint; a run of the runs API or of the
    command line records none and is its tenant's. The one reading of it: the runner keeps it on the
    checkpoints it writes, and tells a served run by it; the runs API and the console let only that
    owner and the tenant's admins reach the run (server/thread_owner.reaches_run)."""
    owner = metadata.get(OWNER_KEY) if isinstance(metadata, Mapping) else None
    return owner if isinstance(owner, str) and owner else None


def run_owner(saver: TenantCheckpointer, tenant: str, run_id: str) -> str | None:
    """The owner ``run_id``'s head checkpoint records (:func:`recorded_owner`), or None."""
    head = _head_tuple(saver, tenant, run_id)
    return recorded_owner(head.metadata) if head is not None else None


def _head_tuple(saver: TenantCheckpointer, tenant: str, run_id: str) -> CheckpointTuple | None:
    return saver.for_tenant(tenant).get_tuple({"configurable": {"thread_id": run_id, "checkpoint_ns": ""}})


def head_of(head: CheckpointTuple | None) -> Head:
    """What a run's head checkpoint (read already, or None) says (an empty head when none)."""
    from langgraph._internal._constants import INTERRUPT

    from checkpointer import VERSION_KEY

    if head is None:
        return Head(None, False, None, False)
    channels = head.checkpoint["channel_values"]
    values = {k: v for k, v in channels.items() if k in AgentRunState.model_fields}
    pending = head.pending_writes or ()
    return Head(
        state=stored_state(values) if values else None,
        interrupted=any(channel == INTERRUPT for _, channel, _ in pending),
        version=head.config["configurable"].get(VERSION_KEY),
        settled=(head.metadata or {}).get("source") == "loop" and not pending,
        waiting=_waiting(head) if not values else None,
    )


def _waiting(head: CheckpointTuple) -> AgentRunState | None:
    """The state a run's input (in the ``__start__`` channel of its ``input`` checkpoint) starts it
    with, or None (another checkpoint, or an input the graph would refuse: ``begin`` says why)."""
    from pydantic import ValidationError

    from graph.waiting import waiting_input

    start = waiting_input(head)
    if not isinstance(start, dict):
        return None
    try:
        return stored_state({k: v for k, v in start.items() if k in INPUT_KEYS})
    except ValidationError:
        return None
