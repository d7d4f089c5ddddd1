"""Retention's delete on PostgreSQL does not delete a checkpoint written while it runs (h15 s35 H15-5).

``kassist checkpoints prune --strategy delete`` deletes whole threads whose newest checkpoint is older
than the cutoff: in one transaction it reads the stale threads' rows (checkpointer/ops_admin._load:
heads, rows, blob keys), decides which are dead from what it read, then ``DELETE ... WHERE thread_id
IN (...)`` (sql_postgres.delete_threads). PostgreSQL runs it at READ COMMITTED and nothing locks the
threads it read (``_load``'s "locks the heads on PostgreSQL" dates from the heads table, dropped by
the checkpointer's migration 4): a checkpoint committed between the read and the delete - the owner
coming back to a 30-day-old conversation while the nightly prune runs, for as long as the prune reads
every stale thread of the tenant - is deleted with the thread, silently, and the run that wrote it
goes on from a parent that is gone. SQLite's retain holds the write lock from its BEGIN IMMEDIATE: a
put waits.

The interleaving is held by a lock: the test takes ACCESS EXCLUSIVE on kassist_cp_blobs, which the
retain reads last before its delete; alice's checkpoint is written (no new channel values: it writes
no blob) while the retain waits there; then the lock goes. Fresh PostgreSQL database, retain in a
thread of this process."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import psycopg
from langgraph.checkpoint.base import empty_checkpoint

from checkpointer import TenantCheckpointer

THREAD = "01a24e83-a732-72b1-9942-e98bf1a21294"
CONFIG: Any = {"configurable": {"thread_id": THREAD, "checkpoint_ns": "", "tenant_id": "acme"}}


def test_a_checkpoint_written_during_the_prune_is_not_deleted(pg_url: str) -> None:
    with TenantCheckpointer.from_url(pg_url) as saver:
        saver.setup()
        old = empty_checkpoint()
        old["ts"] = "2026-01-05T09:00:00+00:00"  # the conversation idle for months
        meta: Any = {"source": "loop", "step": 3, "parents": {}, "owner": "alice"}
        first = saver.put(CONFIG, old, meta, {})
        with psycopg.connect(pg_url) as lock, TenantCheckpointer.from_url(pg_url) as pruner:
            lock.execute("LOCK TABLE kassist_cp_blobs IN ACCESS EXCLUSIVE MODE")
            done: list[Any] = []
            prune = threading.Thread(
                target=lambda: done.append(
                    pruner.retain(older_than=timedelta(days=30), tenant_id="acme", strategy="delete")
                )
            )
            prune.start()
            with psycopg.connect(pg_url, autocommit=True) as look:
                for _ in range(600):  # the retain read the thread's rows and waits on the blobs
                    row = look.execute(
                        "SELECT count(*) FROM pg_locks WHERE NOT granted "
                        "AND relation = 'kassist_cp_blobs'::regclass"
                    ).fetchone()
                    if row and row[0]:
                        break
                    prune.join(0.05)
            # alice comes back: her turn's checkpoint, written while the prune runs (in a thread: a
            # fixed retain may make it wait for the prune's end, or refuse it, which is fine)
            meta = {"source": "loop", "step": 4, "parents": {}, "owner": "alice"}
            wrote: list[object] = []

            def put() -> None:
                try:
                    wrote.append(saver.put(first, empty_checkpoint(), meta, {}))
                except Exception as exc:  # a conflict the turn is told of (retried): not a silent loss
                    wrote.append(exc)

            turn = threading.Thread(target=put)
            turn.start()
            turn.join(2.0)
            lock.rollback()
            prune.join(60)
            turn.join(60)
        assert done and wrote, "the prune or the turn did not finish"
        head = saver.get_tuple(CONFIG)
    if isinstance(wrote[0], Exception):
        return  # the turn was told its write did not land
    # Her write was accepted: it is there, whatever the prune decided from what it read before.
    assert head is not None, f"alice's new checkpoint was deleted by the prune: {done[0].threads}"
