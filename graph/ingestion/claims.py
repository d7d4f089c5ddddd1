"""One ingestion batch at a time writes a tenant's collection: the claim a batch holds from reading
the index (its plan) to writing it, and the heartbeat that keeps a claim or a run's lease alive.

Two runs of one folder into one collection at once (a cron and a person, two servers' workers:
different run ids, so the run lease does not keep them apart) each planned their batches against
the index before the other wrote them: both embedded every document (an API's cost, twice) and both
counted it "indexed", so the runs' counters, reports, notifications and memories added up to more
documents than exist (session 30 probes, h5 #3). With the claim, a batch plans, records its intent,
embeds and writes while no other batch of the collection does: the second run's batch of the same
documents, planned after the first wrote them, finds them unchanged and embeds nothing. A batch
that finds the collection claimed waits for it, and its turn is next (the holder's next batch waits
for it): the runs take turns batch by batch, so a second run waits a batch's time, is never refused
and loses nothing; the wait is one line on the command line, and ``runs cancel`` ends it. A killed holder's claim is
void at once on its host (its process is gone) and, on another host, when its time runs out
(:func:`graph.ingestion.store_ops.holder_gone`, the run lease's rule).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from graph.ingestion.errors import CancelledWhileWaiting
from graph.ingestion.store_ops import new_holder

if TYPE_CHECKING:
    from graph.ingestion.store import TenantRunStore

logger = logging.getLogger(__name__)
CLAIM_S = 120.0
"""How long a claim lasts unless renewed (renewed every third of it while its batch works)."""
WAIT_MAX_S = 0.5
"""The longest pause between two looks at a claimed collection (a waiter's turn is kept for it
``store_ops.NEXT_S`` after each look)."""


@contextmanager
def kept_alive(
    renew: Callable[[], bool], every: float, name: str, lost: Callable[[], None]
) -> Iterator[None]:
    """Call ``renew`` every ``every`` seconds on a thread while the block runs (a lease or a claim
    renewed inside a long node too, not only between nodes). ``renew`` returning False means it was
    not renewed: ``lost`` is called (unless the block has just ended) and the beat stops; a failure
    of the database is logged and tried again at the next beat."""
    done = threading.Event()

    def beat() -> None:
        while not done.wait(every):
            try:
                if renew():
                    continue
                if not done.is_set():
                    lost()
                return
            except Exception as exc:
                if not done.is_set():  # after the block, the holder released it: nothing to say
                    logger.warning("%s: renewal failed: %s", name, exc)

    thread = threading.Thread(target=beat, name=f"kassist-{name}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        # Joined whole: a beat in the middle of a write (bounded by the driver's own timeout) ends
        # before the caller releases what it held or closes the database (review s30 B7).
        thread.join()


@contextmanager
def collection_claimed(runs: TenantRunStore, collection: str, run_id: str) -> Iterator[bool]:
    """Hold the tenant's ``collection`` for a batch of ``run_id`` while the block runs, waiting
    while another live batch holds it; yields whether the collection is contended (this batch
    waited, or another run waited for it within ``CLAIM_S``): the caller then embeds nothing ahead
    of its next claim, since the other run may index those documents first (both runs met that
    way once: the look-ahead of the run that was alone until then is the one batch embedded twice)."""
    holder = new_holder()
    waited, pause = False, 0.02
    while True:
        busy, contended = runs.take_claim(collection, run_id, holder, CLAIM_S)
        if busy is None:
            break
        if not waited:  # a warning, so the command line shows it: the run is not stuck
            logger.warning(
                "run %s waits for run %s's batch writing collection %s (one batch at a time)",
                run_id, busy, collection,
            )  # fmt: skip
        waited = True
        record = runs.get(run_id)
        if record is not None and record.cancel_requested:  # honoured at the node's retry
            raise CancelledWhileWaiting(f"run {run_id!r} was cancelled while waiting for run {busy!r}")
        time.sleep(pause)
        pause = min(pause * 2, WAIT_MAX_S)

    def lost() -> None:
        logger.warning("run %s/%s: its claim on collection %s lapsed", runs.tenant_id, run_id, collection)

    try:
        with kept_alive(lambda: runs.renew_claim(collection, holder, CLAIM_S), CLAIM_S / 3, "claim", lost):
            yield waited or contended
    finally:
        runs.release_claim(collection, holder)
