"""``kassist ingest`` killed with SIGKILL in the start-writes window (its registration committed, the
first node's checkpoint not yet), on both backends: the resumed run ingests what it was ORIGINALLY
asked to (source, collection, embedder, batch size, notify URL), never defaults.

The child is held in the window by the database itself: a trigger on the checkpoint table stalls the
Nth checkpoint insert of the run (``pg_sleep`` on PostgreSQL; on SQLite, a long cross join, since a
trigger there cannot sleep), so the kill lands at a known point: N=0 before any checkpoint, N=1
after the input's checkpoint, N=2 after the input was mapped into the state, before ``begin``.
"""

from __future__ import annotations

import signal
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest
from ingest_harness import kassist, opened, receiver, run_notify_key, show, spawn, write_corpus
from raw_sql import kill_other_connections, raw

TENANT = "acme"
RUN = "startkill"
STALL = "kassist_test_stall_start"


def _install_stall(db_url: str, nth: int) -> None:
    """Stall the run's checkpoint insert once ``nth`` of its checkpoints are committed."""
    when = f"(SELECT count(*) FROM kassist_cp_checkpoints WHERE thread_id = '{RUN}') >= {nth}"
    if db_url.startswith("sqlite"):
        with closing(sqlite3.connect(db_url.removeprefix("sqlite:///"))) as conn:
            conn.execute(f"CREATE TABLE {STALL}_rows (x INTEGER)")
            conn.executemany(f"INSERT INTO {STALL}_rows VALUES (?)", [(i,) for i in range(3000)])
            conn.execute(
                f"CREATE TRIGGER {STALL} BEFORE INSERT ON kassist_cp_checkpoints WHEN {when} BEGIN "
                f"SELECT count(*) FROM {STALL}_rows a, {STALL}_rows b, {STALL}_rows c; END"
            )
            conn.commit()
        return
    raw(
        db_url,
        f"CREATE FUNCTION {STALL}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        f"IF {when} THEN PERFORM pg_sleep(600); END IF; RETURN NEW; END $$",
    )
    raw(
        db_url,
        f"CREATE TRIGGER {STALL} BEFORE INSERT ON kassist_cp_checkpoints "
        f"FOR EACH ROW EXECUTE FUNCTION {STALL}()",
    )


def _stalled(db_url: str) -> bool:
    """Whether the child is inside the stalled insert."""
    if db_url.startswith("sqlite"):
        # The stalled transaction holds the write lock for minutes; registering holds it for
        # milliseconds: busy throughout a whole second means the stall.
        path = db_url.removeprefix("sqlite:///")
        for _ in range(20):
            with closing(sqlite3.connect(path, timeout=0)) as conn:
                try:
                    conn.execute("BEGIN IMMEDIATE")
                    conn.rollback()
                    return False
                except sqlite3.OperationalError:
                    pass
            time.sleep(0.05)
        return True
    rows = raw(
        db_url,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'",
    )
    return bool(rows[0][0])


def _remove_stall(db_url: str) -> None:
    if db_url.startswith("sqlite"):
        raw(db_url, f"DROP TRIGGER {STALL}")
        return
    kill_other_connections(db_url)  # the killed child's backend still sleeps in its transaction
    raw(db_url, f"DROP TRIGGER {STALL} ON kassist_cp_checkpoints")


def _registered(db_url: str) -> bool:
    try:
        rows = raw(
            db_url,
            "SELECT count(*) FROM kassist_ingest_runs WHERE tenant_id = %s AND run_id = %s",
            (TENANT, RUN),
        )
    except Exception:
        return False
    return bool(rows[0][0])


@pytest.mark.parametrize(("nth", "how"), [(0, "resume"), (1, "ingest"), (2, "resume")])
def test_a_kill_between_registration_and_the_first_node_resumes_the_original_settings(
    db_url: str, tmp_path: Path, nth: int, how: str
) -> None:
    root = write_corpus(tmp_path / "docs", extra=4)  # 28 documents: 10 batches of 3
    elsewhere = tmp_path / "elsewhere"  # the resuming process's working directory: never ingested
    (elsewhere / "notes").mkdir(parents=True)
    (elsewhere / "notes" / "stray.md").write_text("# Stray\n\nNot part of the run.\n")
    with opened(db_url, tmp_path / "reports"):
        pass  # the tables exist, so the trigger can be installed before the child starts
    _install_stall(db_url, nth)
    with receiver() as hook:
        args = [
            "ingest", str(root), "--tenant", TENANT, "--run-id", RUN, "--collection", "original",
            "--embedder", "hashing", "--batch-size", "3", "--notify-url", hook.url,
            "--database-url", db_url, "--json",
        ]  # fmt: skip
        child = spawn(*args, cwd=tmp_path)
        deadline = time.monotonic() + 90
        while not (_registered(db_url) and _stalled(db_url)):
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "the child never reached the stalled checkpoint"
            time.sleep(0.05)
        child.send_signal(signal.SIGKILL)
        assert child.wait() == -signal.SIGKILL
        _remove_stall(db_url)
        [[committed]] = raw(
            db_url, "SELECT count(*) FROM kassist_cp_checkpoints WHERE thread_id = %s", (RUN,)
        )
        assert committed == nth  # the kill landed in the window this case is about

        if how == "ingest":  # the same command again, from another working directory
            again = kassist(*args, cwd=elsewhere)
        else:
            again = kassist(
                "runs", "resume", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=elsewhere
            )
        assert again.returncode == 0, again.stdout + again.stderr

        got = show(db_url, TENANT, RUN, elsewhere)
        assert got["status"] == "completed"
        assert (got["source"], got["collection"], got["embedder"]) == (str(root), "original", "hashing-384")
        assert (got["batches"], got["counters"]["documents_indexed"]) == (10, 28)
        assert [key for key, _ in hook.received] == [run_notify_key(db_url, TENANT, RUN, hook.url)]
        assert hook.received[0][1]["collection"] == "original"
    [[docs]] = raw(
        db_url,
        "SELECT count(*) FROM kassist_kb_documents WHERE tenant_id = %s AND collection = %s",
        (TENANT, "original"),
    )
    [[stray]] = raw(
        db_url,
        "SELECT count(*) FROM kassist_kb_documents WHERE tenant_id = %s AND collection <> %s",
        (TENANT, "original"),
    )
    assert (docs, stray) == (28, 0)
