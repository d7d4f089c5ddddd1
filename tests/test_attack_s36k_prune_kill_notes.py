"""``kassist checkpoints prune --strategy delete`` killed after it deleted a conversation's checkpoints
still forgets that conversation's session note (h17 s36).

The prune forgets the session notes of the threads it deletes (session 28, h3's G2; the note is the
assistant's "earlier session" of a conversation, its last question and running summary, which the
user's later turns on other threads read): ``cli/checkpoints.prune`` deletes the checkpoints
(``saver.retain``, one transaction), sweeps the ingestion records, writes the accepted-runs rows, and
only then deletes the notes (``cli.checkpoint_retention.forget_notes``), of the threads *this* prune deleted. A prune killed
before that last step (SIGKILL, OOM, a cron's timeout; or failing on the way: the database busy past its
timeout) committed the delete, not the notes' delete - and running it again cannot help: the thread
holds no checkpoint any more, so it is in no later prune's plan. The conversation retention deleted
keeps entering the user's answers, for good.

The child is held in the window by the database: a trigger stalls the prune's last write, the
accepted-runs rows (the thread was made on langgraph dev: its made row goes with its checkpoints), once
the thread holds no checkpoint (a long cross join, as tests/test_ingest_start_kill.py does), and the
child is killed there. (h17 stalled the note's own delete, then the last write; the fix deletes the
notes before the checkpoints, so the window is held at what now comes last.) SQLite, one child, ~3 s
of CPU."""

from __future__ import annotations

import signal
import sqlite3
from contextlib import closing
from datetime import timedelta
from pathlib import Path

from ingest_harness import spawn
from sqlite_stall import counted, kill_in_window, stalled
from test_cp_cli_prune import put_steps

from checkpointer import TenantCheckpointer
from kassist.db.handle import open_set_up
from memory import MemoryStore
from server.accepted_runs import AcceptedRuns

SESSIONS = ("assistant", "alice", "sessions")
STALL = "kassist_test_stall_notes"


def test_a_prune_killed_after_deleting_a_thread_still_forgets_its_session_note(tmp_path: Path) -> None:
    path = tmp_path / "kassist.db"
    url = f"sqlite:///{path}"
    with TenantCheckpointer.from_url(url) as saver:
        saver.setup()
        put_steps(saver.for_tenant("acme"), "old", 2, timedelta(days=40))
    store = MemoryStore.from_url(url, tenant_from_namespace=True)
    store.setup()
    store.for_tenant("acme").put(SESSIONS, "old", {"summary": "Last question: my salary review with Bob"})
    store.close()
    accepted = open_set_up(url, AcceptedRuns)  # made on langgraph dev by alice: its made row
    made = {("acme", "old"): "alice", ("acme", "empty"): "bob"}
    accepted.retain([], 0.0, frozenset(made), made)
    accepted.close()
    with closing(sqlite3.connect(path)) as conn:  # bob's empty thread, made long ago: retention drops it
        conn.execute("UPDATE kassist_accepted_runs SET accepted_at = 0 WHERE thread_id = 'empty'")
        conn.commit()
    prune = ["checkpoints", "prune", "--tenant", "acme", "--older-than", "30d", "--strategy", "delete"]
    deleted = "NOT EXISTS (SELECT 1 FROM kassist_cp_checkpoints WHERE thread_id = 'old')"
    # The prune's first write to the accepted runs after the thread's checkpoints went (since H19-4
    # the thread's own row goes before them: the old made row of another thread, dropped after).
    heads = (f"BEFORE {event} ON kassist_accepted_runs WHEN {deleted}" for event in ("DELETE", "UPDATE"))
    with stalled(path, STALL, *heads):
        child = spawn(*prune, "--database-url", url, cwd=tmp_path)
        gone = counted(
            "SELECT count(*) FROM kassist_cp_checkpoints WHERE thread_id = 'old'", want=lambda n: n == 0
        )
        out, err, left_none = kill_in_window(child, path, gone)
    assert child.returncode == -signal.SIGKILL, out + err  # killed before its end, not finished
    assert left_none  # the thread's checkpoints are gone

    again = spawn(*prune, "--database-url", url, cwd=tmp_path)  # the operator runs it again
    out, err = again.communicate(timeout=120)
    assert again.returncode == 0, out + err

    store = MemoryStore.from_url(url, tenant_from_namespace=True)
    try:
        note = store.for_tenant("acme").get(SESSIONS, "old")
    finally:
        store.close()
    # The conversation is deleted: its note, which alice's other conversations read, goes with it.
    assert note is None, note.value
