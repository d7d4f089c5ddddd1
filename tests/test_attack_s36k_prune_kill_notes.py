"""``kassist checkpoints prune --strategy delete`` killed after it deleted a conversation's checkpoints
still forgets that conversation's session note (h17 s36).

The prune forgets the session notes of the threads it deletes (session 28, h3's G2; the note is the
assistant's "earlier session" of a conversation, its last question and running summary, which the
user's later turns on other threads read): ``cli/checkpoints.prune`` deletes the checkpoints
(``saver.retain``, one transaction), sweeps the ingestion records, writes the accepted-runs rows, and
only then deletes the notes (``_forget_notes``), of the threads *this* prune deleted. A prune killed
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
import time
from contextlib import closing, suppress
from datetime import timedelta
from pathlib import Path

from ingest_harness import spawn
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
    accepted.retain([], 0.0, frozenset({("acme", "old")}), {("acme", "old"): "alice"})
    accepted.close()
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"CREATE TABLE {STALL}_rows (x INTEGER)")
        conn.executemany(f"INSERT INTO {STALL}_rows VALUES (?)", [(i,) for i in range(3000)])
        for event in ("DELETE", "UPDATE"):  # however the prune rewrites the row
            conn.execute(
                f"CREATE TRIGGER {STALL}_{event.lower()} BEFORE {event} ON kassist_accepted_runs WHEN NOT EXISTS "
                "(SELECT 1 FROM kassist_cp_checkpoints WHERE thread_id = 'old') BEGIN "
                f"SELECT count(*) FROM {STALL}_rows a, {STALL}_rows b, {STALL}_rows c; END"
            )
        conn.commit()

    prune = ["checkpoints", "prune", "--tenant", "acme", "--older-than", "30d", "--strategy", "delete"]
    child = spawn(*prune, "--database-url", url, cwd=tmp_path)
    left, locked_since = 1, None
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and child.poll() is None:
            with closing(sqlite3.connect(path, timeout=0)) as conn:
                with suppress(sqlite3.OperationalError):
                    [[left]] = conn.execute(
                        "SELECT count(*) FROM kassist_cp_checkpoints WHERE thread_id = 'old'"
                    ).fetchall()
                try:  # the child holds the write lock: stalled in its last write
                    conn.execute("BEGIN IMMEDIATE")
                    conn.rollback()
                    locked_since = None
                except sqlite3.OperationalError:
                    locked_since = locked_since or time.monotonic()
            if left == 0 and locked_since is not None and time.monotonic() - locked_since > 1.0:
                break
            time.sleep(0.02)
    finally:
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
    assert child.returncode == -signal.SIGKILL, out + err  # killed before its end, not finished
    assert left == 0  # the thread's checkpoints are gone

    with closing(sqlite3.connect(path)) as conn:
        for event in ("delete", "update"):
            conn.execute(f"DROP TRIGGER {STALL}_{event}")
        conn.commit()
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
