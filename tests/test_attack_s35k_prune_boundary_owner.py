"""A thread ``kassist checkpoints prune --strategy delete`` deletes is one whose owner it read (h15 s35
H15-3, after 2f67661).

2f67661 keeps a pruned langgraph dev thread's owner (its MADE row: langgraph dev's registry keeps the
thread, its owner's) by reading, first, the owner of each thread "a dry run of the same retention
would delete" (``_owners_of_deleted``: ``retain_plan``), then deleting (``saver.retain``). Each of
the two computes its own cutoff from the clock (``datetime.now() - older_than``), the second later
by the plan's whole duration (it reads every thread's rows of the tenant, or of every tenant) plus
one head read per thread. A thread whose last write falls between the two cutoffs is not in the
plan, yet deleted: no owner read, no MADE row, and the thread is nobody's on kassist serve (another
member's turn writes into it, which its owner's next langgraph dev turn continues: h14 s35 H5).
Every nightly prune on a large database has such a band (``--older-than 30d``: the threads last
written 30 days ago during the seconds its plan took); no kill needed.

Here the band is made wide on PostgreSQL: the test holds an ACCESS EXCLUSIVE lock on the checkpoint
table while the prune (a real child process) starts its plan, and releases it at the instant the
thread turns 30 days old (its last write's time set in the locking transaction, seen from the
release on). With /tmp/s35/h15/patches/02 (one cutoff for both) this passes. One child, one thread."""

from __future__ import annotations

import asyncio
import time
from contextlib import closing
from datetime import timedelta
from pathlib import Path
from typing import Any

import psycopg
from ingest_harness import spawn
from langgraph.checkpoint.base import empty_checkpoint

from checkpointer import TenantCheckpointer
from kassist.db.handle import open_set_up
from server.accepted_runs import AcceptedRuns
from server.thread_owner import read_thread

THREAD = "01a24e83-a732-72b1-9942-e98bf1a21296"  # alice's langgraph dev conversation
AGE = timedelta(days=30)


def test_a_thread_the_prune_deletes_keeps_its_owner_at_the_age_boundary(pg_url: str, tmp_path: Path) -> None:
    with TenantCheckpointer.from_url(pg_url) as saver:
        saver.setup()
        metadata: Any = {"source": "loop", "step": 3, "parents": {}, "owner": "alice"}
        config: Any = {"configurable": {"thread_id": THREAD, "checkpoint_ns": "", "tenant_id": "acme"}}
        saver.put(config, empty_checkpoint(), metadata, {})
    open_set_up(pg_url, AcceptedRuns).close()  # the server's table, as kassist serve made it

    prune = ["checkpoints", "prune", "--tenant", "acme", "--older-than", "30d", "--strategy", "delete"]
    with psycopg.connect(pg_url) as lock:
        lock.execute("LOCK TABLE kassist_cp_checkpoints IN ACCESS EXCLUSIVE MODE")
        child = spawn(*prune, "--database-url", pg_url, cwd=tmp_path)
        try:
            with psycopg.connect(pg_url, autocommit=True) as look:
                deadline = time.monotonic() + 90
                while time.monotonic() < deadline:  # its plan (cutoff taken) waits on the table
                    waiting = look.execute(
                        "SELECT count(*) FROM pg_locks WHERE NOT granted "
                        "AND relation = 'kassist_cp_checkpoints'::regclass"
                    ).fetchone()
                    if waiting and waiting[0]:
                        break
                    assert child.poll() is None, child.communicate()
                    time.sleep(0.05)
            # The thread's last write: 30 days before the instant the lock goes, seen from then on.
            released_at = time.time() + 0.3
            edge = released_at - AGE.total_seconds()
            lock.execute("UPDATE kassist_cp_checkpoints SET ts = %s WHERE thread_id = %s", (edge, THREAD))
            time.sleep(max(0.0, released_at - time.time()))
        except BaseException:
            child.kill()
            raise
        finally:
            lock.commit()  # the lock released: the plan (its cutoff from before) runs, then the delete
        out, err = child.communicate(timeout=120)
    assert child.returncode == 0, out + err

    with TenantCheckpointer.from_url(pg_url) as saver, closing(open_set_up(pg_url, AcceptedRuns)) as table:
        saver.setup()
        owner = asyncio.run(read_thread(saver, "acme", THREAD, table)).owner
    # Deleted or kept, the thread is alice's on every door, as in langgraph dev's registry.
    assert owner == "alice", f"the pruned thread is {owner!r}'s on kassist serve ({out.strip()})"
