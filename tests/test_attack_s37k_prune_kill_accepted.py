"""``kassist checkpoints prune --strategy delete`` killed after it deleted a conversation's checkpoints
does not leave that thread's first run to be asked again (h19 s37; the window next to h17's H17-3).

What langgraph dev accepted a run on a named thread with (``kassist_accepted_runs``: owner, graph,
input, the configurable keys) is "the accepted run" while the thread holds no checkpoint: a run there
with no input runs it (server/accepted_runs.py). Retention deletes a thread's row with its checkpoints
(``cli.checkpoint_retention.retain_accepted``: "left there, a run with no input on a pruned thread id ran the thread's
months-old first question again", session 26). ``cli/checkpoints.prune`` deletes the checkpoints
first (``saver.retain``), sweeps the ingestion records, and only then deletes the rows; H17-3 moved the
session notes before the delete for this very reason, the accepted rows stayed after it. A prune
killed in between (SIGKILL, OOM, a cron's timeout) leaves the thread with no checkpoint and its
months-old row: the owner's next run there with no input (a client continuing its conversation, as
docs/serving.md says a stopped turn is continued) answers the question the conversation began with,
months ago, as if just asked, with the settings it was sent with - until some later prune's cutoff
drops the row.

The child is held in the window by the database (a trigger stalls the prune's write of the accepted
rows once the thread holds no checkpoint: tests/sqlite_stall.py, as h17's prune_kill_notes does), then
killed; the server's own run handler (server/auth.thread_run) is asked in process, as in
tests/test_probe_s26_accepted_record.py. SQLite, one child: a few seconds."""

from __future__ import annotations

import signal
import sqlite3
from contextlib import closing
from datetime import timedelta
from pathlib import Path

import pytest
from ingest_harness import spawn
from langgraph_sdk import Auth
from sqlite_stall import counted, kill_in_window, stalled
from test_cp_cli_prune import put_steps
from test_probe_first_instant_kill import QUESTION, RUN, served
from test_probe_s26_accepted_record import _send

from checkpointer import TenantCheckpointer

__all__ = ["served"]  # the fixture: this process serves a saver on a fresh database
STALL = "h19_stall_accepted"


async def test_a_prune_killed_after_deleting_a_thread_leaves_no_accepted_run_behind(
    served: tuple[str, Path], tmp_path: Path
) -> None:
    db_url, _ = served
    path = Path(db_url.removeprefix("sqlite:///"))
    await _send("assistant", QUESTION, context_budget=600)  # alice's first turn, accepted
    with TenantCheckpointer.from_url(db_url) as saver:  # it ran, then sat idle past the retention age
        put_steps(saver.for_tenant("acme"), RUN, 2, timedelta(days=40))
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("UPDATE kassist_accepted_runs SET accepted_at = accepted_at - 40 * 86400")
        conn.commit()

    prune = ["checkpoints", "prune", "--tenant", "acme", "--older-than", "30d", "--strategy", "delete"]
    deleted = f"NOT EXISTS (SELECT 1 FROM kassist_cp_checkpoints WHERE thread_id = '{RUN}')"
    heads = (f"BEFORE {event} ON kassist_accepted_runs WHEN {deleted}" for event in ("DELETE", "UPDATE"))
    with stalled(path, STALL, *heads):
        child = spawn(*prune, "--database-url", db_url, cwd=tmp_path)
        gone = counted(
            "SELECT count(*) FROM kassist_cp_checkpoints WHERE thread_id = ?", RUN, want=lambda n: n == 0
        )
        out, err, left_none = kill_in_window(child, path, gone)
    # Killed in the window (now: the accepted rows are written after the delete); a prune that writes
    # nothing of the thread after its delete (a fix) finishes, and what it left is looked at the same.
    assert child.returncode in (-signal.SIGKILL, 0), out + err
    assert left_none  # the thread's checkpoints are gone

    # The conversation is deleted: a run there with no input has nothing to continue (as after a
    # prune that finished: test_probe_s26_accepted_record), not the question it began with.
    try:
        again = await _send("assistant", None, "run-2")
    except Auth.exceptions.HTTPException as refused:
        assert refused.status_code == 422 and "no conversation yet" in str(refused.detail), refused.detail
    else:
        pytest.fail(f"a run with no input runs the deleted thread's first turn again: {again['kwargs']}")
