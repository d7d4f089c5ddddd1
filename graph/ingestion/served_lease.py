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
the run go on, the lease is kept for a short grace only (:func:`after_node`, ``KASSIST_LEASE_GRACE_MS``,
default 5000): the next node of an invocation that goes on takes it back within milliseconds, far
inside the grace, while a run a client stopped between two nodes (``interrupt_after`` or
``interrupt_before``, a recursion limit) is free to every other door once the grace has passed (h15
s35 H15-1: it answered "running right now" for LEASE_S, two minutes; review s35 r1 F6: freed at once,
a worker took a run going on in the instant between two of its nodes). One rule judges it at every
door, :func:`store_ops.holder_gone` (the lease's time ran out). Beyond the grace two executors are still
kept apart by the checkpointer's version check (the loser's commit is a CheckpointConflict): the lease
only saves the duplicated work. A run another live executor holds is not carried out: the node raises
:class:`RunBusy` before doing anything, and langgraph dev's run ends with that error. A langgraph dev
that dies frees the lease at once on its own host (its pid is gone), else when it runs out. A node
that raises (a transient error its RetryPolicy tries again) keeps it for the grace too, as does a run
langgraph dev cancels mid-node: the cancel stops the invocation, not the node's thread, which carries
its step to the end (its writes go on under the lease) and leaves the grace behind (x11 s36: the
lease was kept until it ran out, ``LEASE_S``, when the node raised or the run was cancelled in a
retry's wait)."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from graph.ingestion.claims import kept_alive
from graph.ingestion.store_ops import LEASE_S, RunRecord, held_here, holder_gone, process_holder
from kassist.tenancy import AUTH_USER_KEY

if TYPE_CHECKING:
    from graph.ingestion.store import TenantRunStore

logger = logging.getLogger(__name__)


def carried_by_server(configurable: Mapping[str, Any]) -> bool:
    """Whether this invocation is ``langgraph dev``'s (an authenticated caller's): no runner holds
    the lease for it."""
    return AUTH_USER_KEY in configurable


GRACE_ENV = "KASSIST_LEASE_GRACE_MS"
DEFAULT_GRACE_MS = 5000


def grace_seconds(env: Mapping[str, str]) -> float:
    """How long a langgraph dev run's lease is kept after a node that lets the run go on
    (``KASSIST_LEASE_GRACE_MS``, whole milliseconds from 0 to LEASE_S's; default 5000): a value that is
    not one raises ValueError naming the variable (langgraph dev's start reads it: server/auth_start.py)."""
    text = env.get(GRACE_ENV, "").strip()
    if not text:
        return DEFAULT_GRACE_MS / 1000
    most = int(LEASE_S * 1000)
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        value = -1
    if not 0 <= value <= most:
        raise ValueError(
            f"{GRACE_ENV} must be a whole number of milliseconds from 0 to {most} (default "
            f"{DEFAULT_GRACE_MS}), got {text[:40]!r}"
        )
    return value / 1000


def _free_here(record: RunRecord) -> bool:
    """Whether this process may take the lease: this process holds it, or its holder is gone."""
    return held_here(record.owner) or holder_gone(record.owner, record.lease_until)


def _busy(runs: TenantRunStore, run_id: str) -> str | None:
    """Another live holder of ``run_id``'s lease, or None."""
    record = runs.get(run_id)
    if record is None or record.owner is None or _free_here(record):
        return None
    return record.owner


def after_node(runs: TenantRunStore, run_id: str, env: Mapping[str, str]) -> None:
    """Keep the lease for the grace only (:func:`grace_seconds`) after a node that lets the run go on:
    the next node takes it back at its start; a stopped invocation's lease runs out."""
    runs.renew_lease(run_id, process_holder(), grace_seconds(env))


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
