"""A run killed after its batch removed a gone document's chunks, before it recorded that, counts
them on resume (h19 s37).

graph/ingestion/pipeline.run_batch promises "a redone batch counts exactly what an uninterrupted one
would have": what each document does is recorded in the manifest before the index is written, first
write wins. A document whose file is gone is the exception: its chunks are deleted
(``kb.delete_document``, its own commit) and only then is "removed, N chunks" recorded. ``kassist
ingest`` killed in between (SIGKILL, OOM, a restart) leaves the chunks deleted and the row
unrecorded; the resumed batch deletes again, finds nothing, and records 0. The run's counters (runs
show, the report, the notification's payload, the summary in memory) say "chunks 0 removed" for a
run that removed 2: the same run uninterrupted says 2.

The child is held in the window by the database (a trigger stalls the manifest's "removed" update,
as tests/test_ingest_start_kill.py stalls a checkpoint insert), then killed. SQLite, six one-line
documents, hashing embedder: a few seconds."""

from __future__ import annotations

import signal
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest
from ingest_harness import kassist, show, spawn
from test_ingest_start_kill import _stalled as stalled

TENANT = "acme"
STALL = "h19_stall_removed"


def _corpus(root: Path) -> Path:
    root.mkdir()
    for i in range(1, 7):
        (root / f"p{i}.md").write_text(f"# Page {i}\n\nPage {i} of the office handbook, on leave rule {i}.\n")
    return root


def _stall_removed(path: Path) -> None:
    """Stall the manifest's update that records a removed document (its chunks are deleted by then)."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"CREATE TABLE {STALL}_rows (x INTEGER)")
        conn.executemany(f"INSERT INTO {STALL}_rows VALUES (?)", [(i,) for i in range(3000)])
        conn.execute(
            f"CREATE TRIGGER {STALL} BEFORE UPDATE ON kassist_ingest_manifest WHEN NEW.outcome = 'removed' "
            f"BEGIN SELECT count(*) FROM {STALL}_rows a, {STALL}_rows b, {STALL}_rows c; END"
        )
        conn.commit()


@pytest.mark.xfail(
    strict=True,
    reason="H19-1: a batch killed between deleting a gone document's chunks and recording it counts 0 "
    "chunks removed on resume (pipeline.run_batch records 'removed' after kb.delete_document)",
)
def test_a_run_killed_after_removing_a_gone_documents_chunks_counts_them_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "kb.db"
    db_url = f"sqlite:///{path}"
    root = _corpus(tmp_path / "docs")
    args = ["--tenant", TENANT, "--collection", "c", "--embedder", "hashing", "--database-url", db_url]
    first = kassist("ingest", str(root), "--run-id", "r1", *args, cwd=tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    (root / "p5.md").unlink()
    (root / "p6.md").unlink()  # two one-chunk documents gone: the next run removes 2 chunks

    _stall_removed(path)
    child = spawn("ingest", str(root), "--run-id", "r2", *args, cwd=tmp_path)
    deadline = time.monotonic() + 90
    while not stalled(db_url):
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "the child never reached the stalled update"
        time.sleep(0.1)
    child.send_signal(signal.SIGKILL)
    assert child.wait() == -signal.SIGKILL
    child.communicate()
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"DROP TRIGGER {STALL}")
        conn.commit()
        [[left]] = conn.execute(
            "SELECT count(*) FROM kassist_kb_documents WHERE tenant_id = ? AND collection = 'c'", (TENANT,)
        ).fetchall()
    assert left == 4  # the kill landed after the deletes committed

    again = kassist("runs", "resume", "r2", "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    got = show(db_url, TENANT, "r2", tmp_path)
    assert got["status"] == "completed"
    counters = got["counters"]
    assert (counters["documents_removed"], counters["chunks_removed"]) == (2, 2), counters
