"""``kassist checkpoints prune --strategy delete`` killed after it deleted an idle langgraph dev
thread's checkpoints keeps that thread its owner's (h15 s35 H15-2, after 2f67661).

2f67661 keeps a pruned thread's owner (langgraph dev's registry keeps the thread, its owner's; with no
checkpoint and no row, kassist serve took it for a new thread and let another member's turn write
into it, h14 s35 H5): the prune reads each deleted thread's owner from its head checkpoint and
writes it as the thread's MADE row. But the checkpoints go in one transaction (``saver.retain``) and
the MADE row in a later one (``cli.checkpoint_retention.retain_accepted``, after the ingestion sweep), and the owner lives in
the command's memory in between. A prune killed there (SIGKILL, OOM, a cron's timeout; or failing in
the sweep: the database busy past its timeout) committed the delete, not the owner: the thread is
nobody's on kassist serve (its accepted-run row, if it ever had one, went at an earlier prune's cutoff
while the thread was still in use), and running the prune again cannot help (the thread holds no
checkpoint any more, so it is not in the plan whose owners it reads).

The child is held in the window by the database itself: a trigger stalls a row's insert into the
accepted-runs table once the thread holds no checkpoint (a long cross join, as
tests/test_ingest_start_kill.py does), and the child is killed once its checkpoints' delete is
committed or it sits in a write transaction (the stall). With /tmp/s35/h15/patches/01 (the owners
written before the delete) this passes. SQLite, one child process: ~3 s of CPU, most of it the
child's start."""

from __future__ import annotations

import asyncio
import signal
from contextlib import closing
from pathlib import Path
from typing import Any

from ingest_harness import spawn
from langgraph.checkpoint.base import empty_checkpoint
from sqlite_stall import counted, kill_in_window, stall_inserts, stalled

from checkpointer import TenantCheckpointer
from kassist.db.handle import open_set_up
from server.accepted_runs import AcceptedRuns
from server.thread_owner import read_thread

THREAD = "01a24e83-a732-72b1-9942-e98bf1a21297"  # alice's langgraph dev conversation
STALL = "kassist_test_stall_made"


def test_a_prune_killed_after_deleting_a_threads_checkpoints_keeps_its_owner(tmp_path: Path) -> None:
    path = tmp_path / "kassist.db"
    url = f"sqlite:///{path}"
    with TenantCheckpointer.from_url(url) as saver:
        saver.setup()
        checkpoint = empty_checkpoint()
        checkpoint["ts"] = "2026-01-05T09:00:00+00:00"  # idle for months
        metadata: Any = {"source": "loop", "step": 3, "parents": {}, "owner": "alice"}
        config: Any = {"configurable": {"thread_id": THREAD, "checkpoint_ns": "", "tenant_id": "acme"}}
        saver.put(config, checkpoint, metadata, {})
    open_set_up(url, AcceptedRuns).close()  # the server's table, as kassist serve made it
    deleted = f"NOT EXISTS (SELECT 1 FROM kassist_cp_checkpoints WHERE thread_id = '{THREAD}')"
    prune = ["checkpoints", "prune", "--tenant", "acme", "--older-than", "1d", "--strategy", "delete"]
    with stalled(path, STALL, stall_inserts("kassist_accepted_runs", deleted)):
        child = spawn(*prune, "--database-url", url, cwd=tmp_path)
        gone = counted(
            "SELECT count(*) FROM kassist_cp_checkpoints WHERE thread_id = ?", THREAD, want=lambda n: n == 0
        )
        # Its delete committed (the window), or it is held in a write transaction (the stall):
        out, err, _ = kill_in_window(child, path, gone, or_held=True)
    assert child.returncode == -signal.SIGKILL, out + err  # killed before its end, not finished

    with TenantCheckpointer.from_url(url) as saver, closing(open_set_up(url, AcceptedRuns)) as table:
        saver.setup()
        owner = asyncio.run(read_thread(saver, "acme", THREAD, table)).owner
    # langgraph dev's registry still lists the thread as alice's: every other door must too.
    assert owner == "alice", f"the pruned thread is {owner!r}'s on kassist serve"
