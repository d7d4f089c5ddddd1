"""The run's lease, held by ``langgraph dev`` while it carries the run out (h14 s35 H2).

The lease in the run registry is the one rule that a run is carried out by one executor at a time:
the command line, ``kassist serve``'s workers and the console hold it for a whole invocation
(graph/ingestion/runner.execute). ``langgraph dev`` calls the graph's nodes itself, so nothing held
it there: to the runs API and the console such a run looked like one a kill had interrupted, a
resume of it was accepted (202), and kassist serve's worker carried it out beside langgraph dev,
every batch embedded and written twice, until one of the two lost a commit (the owner's run ended in
an error).

So each work node of a run langgraph dev carries out (an authenticated caller in its config) holds the
lease under this process's holder name (:func:`store_ops.process_holder`), renewed on a beat while the
node runs (a batch may outlast the lease); the node after which the invocation stops (failed,
cancelled, waiting for a review, completed; the ``pause`` node) releases it. After a node that lets
the run go on, the lease is held "after step N" (:func:`after_node`) until the node's checkpoint is
committed: a door that finds the run's head at step N or later takes it as free
(:func:`settled_between`), so a run a client stopped between two nodes (``interrupt_after`` or
``interrupt_before``, a recursion limit) is resumable elsewhere at once (h15 s35 H15-1: it answered
"running right now" for two minutes), while the next node of a run going on takes the lease back at
its start (and ends RunBusy, having done nothing, if another executor took the run in that instant).
A run another live executor holds is not carried out: the node raises :class:`RunBusy` before doing
anything, and langgraph dev's run ends with that error. A langgraph dev that dies frees the lease at
once on its own host (:func:`store_ops.holder_gone`: its pid is gone), else when it runs out; a run
langgraph dev cancels mid-node keeps it until it runs out (at most ``LEASE_S``)."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from graph.ingestion.claims import kept_alive
from graph.ingestion.store_ops import LEASE_S, RunRecord, held_here, holder_gone, process_holder
from kassist.tenancy import AUTH_USER_KEY

if TYPE_CHECKING:
    from checkpointer import TenantCheckpointer
    from graph.ingestion.store import TenantRunStore

logger = logging.getLogger(__name__)


def carried_by_server(configurable: Mapping[str, Any]) -> bool:
    """Whether this invocation is ``langgraph dev``'s (an authenticated caller's): no runner holds
    the lease for it."""
    return AUTH_USER_KEY in configurable


AFTER = ":after:"
"""What a holder name carries while it holds the lease between two nodes: ``<holder>:after:<step>``."""


def _free_here(record: RunRecord) -> bool:
    """Whether this process may take the lease: this process holds it (a node, or "after" one), or
    its holder is gone."""
    return held_here(record.owner) or holder_gone(record.owner, record.lease_until)


def _busy(runs: TenantRunStore, run_id: str) -> str | None:
    """Another live holder of ``run_id``'s lease, or None."""
    record = runs.get(run_id)
    if record is None or record.owner is None or _free_here(record):
        return None
    return record.owner


def settled_between(saver: TenantCheckpointer, tenant: str, record: RunRecord) -> bool:
    """Whether ``record``'s lease is a langgraph dev's held after a node (:func:`after_node`) whose
    checkpoint is committed: the run's head is at that step or later, so nothing runs the run unless
    its next node takes the lease back. One head read, only for such a holder."""
    owner = record.owner or ""
    if AFTER not in owner:
        return False
    try:
        step = int(owner.rsplit(AFTER, 1)[1])
    except ValueError:
        return False
    from graph.ingestion.head import head_step

    reached = head_step(saver, tenant, record.run_id)
    return reached is not None and reached >= step


def after_node(runs: TenantRunStore, run_id: str, config: Mapping[str, Any]) -> None:
    """Hold the lease "after" the node that just ran (its step, from LangGraph's metadata) until its
    checkpoint is committed (:func:`settled_between`); without a step, as the node held it."""
    step = (config.get("metadata") or {}).get("langgraph_step")
    if not isinstance(step, int):
        return
    runs.take_lease(run_id, f"{process_holder()}{AFTER}{step}", LEASE_S, _free_here)


def refuse_if_busy(runs: TenantRunStore, run_id: str) -> None:
    """Raise :class:`RunBusy` when another live executor holds the run (``begin``: an invocation
    that would write beside it, before anything is written)."""
    if _busy(runs, run_id) is not None:
        _raise_busy(run_id)


@contextmanager
def lease_held(runs: TenantRunStore, run_id: str) -> Iterator[None]:
    """Hold ``run_id``'s lease for this process while the block runs (renewed every third of its
    time) and after it, until :func:`release`; :class:`RunBusy` when another live executor holds it."""
    holder = process_holder()
    taken = runs.take_lease(run_id, holder, LEASE_S, _free_here)
    if taken is not None:
        _raise_busy(run_id)

    def lost() -> None:  # the next node's take says busy, before doing anything
        logger.warning("run %s's lease was taken by another executor while langgraph dev ran a node", run_id)

    with kept_alive(lambda: runs.renew_lease(run_id, holder, LEASE_S), LEASE_S / 3, f"lease {run_id}", lost):
        yield


def release(runs: TenantRunStore, run_id: str) -> None:
    """Give the lease up (the invocation stops after this node), as held by a node or after one;
    another holder's is left alone."""
    record = runs.get(run_id)
    if record is not None and record.owner is not None and held_here(record.owner):
        runs.release_lease(run_id, record.owner)


def _raise_busy(run_id: str) -> None:
    from graph.ingestion.runner import RunBusy

    # The holder is not named: its host and pid are the server's, not a client's to read.
    raise RunBusy(
        f"run {run_id!r} is busy: another worker (the runs API's, the console's or a command line's) is "
        "running it; try again when it stops"
    )
